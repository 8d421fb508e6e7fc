import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // Two files at a time on CI's two cores: on a slow machine the heaviest tests (a server process started twice,
    // a thousand fuzzed writes with logins) take 30-40 s there, two to three times what they take alone.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker runs its files one after another in one module graph: importing the app afresh for each of ~80 files
    // cost a quarter of the suite's time on CI's two cores. Each file still opens its own database and app
    // (test/helpers.ts); what a process keeps across them is reset per file (docs/TESTING.md).
    isolate: false,
    setupFiles: ['./test/setup-file.ts'],
  },
});
