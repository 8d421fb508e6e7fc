// `npm test`: unit and API tests (PGlite; PostgreSQL too when TEST_DATABASE_URL is set), then the browser
// suite against the built app. Without Chromium the browser suite is skipped with instructions, unless
// REQUIRE_BROWSER=1 (CI), where a missing browser is a failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const requireBrowser = process.env.REQUIRE_BROWSER === '1' || process.env.CI === 'true';

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `◀ ${label}: ${result.status === 0 ? 'ok' : 'FAILED'} (${Math.round((Date.now() - started) / 1000)} s)`,
  );
  return result.status === 0;
}

/** The failed tests of a vitest JSON report, one line each, so the end of a long log names them. */
function failedTests(reportFile) {
  if (!existsSync(reportFile)) return [];
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  return report.testResults.flatMap((file) => {
    const where = path.relative(root, file.name);
    const tests = file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `  ✘ ${where} › ${test.fullName}: ${(test.failureMessages[0] ?? '').split('\n')[0]}`);
    return tests.length || file.status !== 'failed' ? tests : [`  ✘ ${where}: ${file.message ?? 'failed'}`];
  });
}

const failures = [];
const vitestReport = path.join(mkdtempSync(path.join(tmpdir(), 'ilson-vitest-')), 'report.json');
const vitestArgs = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
];
if (!run('unit and API tests (vitest)', 'npx', vitestArgs)) {
  failures.push(['vitest', ...failedTests(vitestReport)].join('\n'));
}
if (!process.env.TEST_DATABASE_URL) {
  console.log(
    '\nTEST_DATABASE_URL is not set: API tests ran on PGlite only (set it to run them on PostgreSQL too).',
  );
}

if (existsSync(chromium)) {
  const built = run('web build', 'npm', ['run', 'build', '--silent', '-w', '@ilson/web']);
  if (!built) failures.push('web build');
  else if (!run('browser tests (Playwright + Chromium)', 'npm', ['test', '--silent', '-w', '@ilson/e2e']))
    failures.push('e2e');
} else if (requireBrowser) {
  console.error(`\nChromium not found at ${chromium}, and the browser suite is required here.`);
  failures.push('e2e (no browser)');
} else {
  console.warn(
    `\nChromium not found at ${chromium}: the browser suite is SKIPPED.\n` +
      'Install it with: sudo apt-get install -y chromium fonts-noto-cjk   (or set CHROMIUM_PATH)',
  );
}

if (failures.length) {
  console.error(`\nFailed: ${failures.join('\n')}`);
  process.exit(1);
}
console.log('\nAll tests passed.');
