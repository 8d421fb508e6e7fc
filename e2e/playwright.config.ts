import { defineConfig, devices } from '@playwright/test';
import { ADMIN_PASSWORD, BASE_URL, E2E_PORT, JWT_SECRET, PII_KEY, SERVER_LOG } from './env';

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  // On CI a failed test runs once more and is reported as flaky, so a timing fluke does not hold back a change;
  // locally every failure stops the run.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL: BASE_URL,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'setup', testMatch: /global\.setup\.ts/ },
    {
      name: 'chromium',
      dependencies: ['setup'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: 'node server.mjs',
    url: `${BASE_URL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD,
      JWT_SECRET,
      PII_KEY,
      // Every request is logged (to SERVER_LOG, not the console): the last spec checks it holds no personal data.
      LOG_LEVEL: 'info',
      E2E_SERVER_LOG: SERVER_LOG,
      NODE_ENV: 'test',
      // The specs check figures right after changing records; the cache itself is tested in the API suite.
      SUMMARY_CACHE_SECONDS: '0',
    },
  },
});
