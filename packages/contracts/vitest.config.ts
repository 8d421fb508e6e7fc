import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'contracts',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    // The hostile-input sweep over every exported schema: 2-3 s alone, 5-9 s while the API suites share the cores.
    testTimeout: 30_000,
  },
});
