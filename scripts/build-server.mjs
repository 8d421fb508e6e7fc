// Bundles the server (and the first-start script) into apps/server/dist with esbuild, so production runs plain
// JavaScript: no TypeScript transpiler in the process (it halves the idle memory) and a faster start.
// Dependencies stay external (resolved from node_modules); @ilson/contracts is TypeScript source, so it is bundled.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function buildServer() {
  await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'apps/server/src/main.ts',
      'init-embedded': 'apps/server/src/startup/init-embedded.ts',
    },
    outdir: 'apps/server/dist',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    alias: { '@ilson/contracts': './packages/contracts/src/index.ts' },
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
