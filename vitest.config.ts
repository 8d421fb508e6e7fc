import { defineConfig } from 'vitest/config';

const serverProject = (name: string, engine: 'pglite' | 'pg') => ({
  extends: './apps/server/vitest.config.ts',
  test: { name, env: { TEST_ENGINE: engine } },
});

export default defineConfig({
  test: {
    projects: [
      'packages/contracts/vitest.config.ts',
      'apps/web/vitest.config.ts',
      serverProject('server-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-pg', 'pg')] : []),
    ],
  },
});
