// `npm start`: builds the web app when its build is missing or older than its sources, then runs the
// server in this same process (one process serves the web app and the API).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/contracts/src',
];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

function webBuildIsStale() {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
}

if (process.env.SKIP_WEB_BUILD !== '1' && webBuildIsStale()) {
  console.log('웹 앱을 빌드합니다 (apps/web/dist)…');
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', '@ilson/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { register } = await import('tsx/esm/api');
register();
process.chdir(root);
await import(path.join(root, 'apps/server/src/main.ts'));
