// `npm start`: builds the web app and the server bundle when they are missing or older than their sources,
// then runs the server in this process: the primary, which forks the API process(es) serving the web app and
// the API and replaces one that dies (docs/ARCHITECTURE.md#processes).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const contracts = 'packages/contracts/src';
const webSources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  contracts,
];
const serverSources = ['apps/server/src', 'apps/server/package.json', contracts];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

function isStale(output, sources) {
  const file = path.join(root, output);
  if (!existsSync(file)) return true;
  const built = statSync(file).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
}

if (process.env.SKIP_WEB_BUILD !== '1' && isStale('apps/web/dist/index.html', webSources)) {
  console.log('웹 앱을 빌드합니다 (apps/web/dist)…');
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', '@ilson/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
if (isStale('apps/server/dist/main.mjs', serverSources)) await buildServer();

process.chdir(root);
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.mjs')).href);
