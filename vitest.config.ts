import { defineConfig } from 'vitest/config';

const serverProject = (name: string, engine: 'pglite' | 'pg') => ({
  extends: './apps/server/vitest.config.ts',
  test: { name, env: { TEST_ENGINE: engine } },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on CI's 2 cores the whole suite ran file by file, while
    // most API tests wait on their database half the time.
    maxWorkers: 2,
    projects: [
      'packages/contracts/vitest.config.ts',
      'apps/web/vitest.config.ts',
      serverProject('server-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-pg', 'pg')] : []),
    ],
  },
});
