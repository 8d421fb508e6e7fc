import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Screens render through the real providers and lazy chunks: slower than unit tests, and up to 20 s on a slow
    // machine while the API suites share its cores.
    testTimeout: 60_000,
  },
});
