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
  },
});
