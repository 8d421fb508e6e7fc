import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './process';

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

export type WebResult = {
  loginJsGzip: number;
  loginCssGzip: number;
  shellJsGzip: number;
  biggestChunk: { file: string; gzip: number };
  pageChunks: { source: string; gzip: number }[];
};

const DIST = path.join(ROOT, 'apps/web/dist');
const gzip = (file: string) => gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length;

function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(manifest, imported, seen);
  return seen;
}

/**
 * Gzip bytes of what /login loads, of the shell, and of each page chunk (from Vite's build manifest), of a build
 * of the current sources.
 */
export function measureWebBuild(): WebResult {
  const build = spawnSync('npm', ['run', '--silent', 'build', '-w', '@ilson/web'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the web build failed');
  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  const loginKeys = closure(manifest, 'src/app/routes/login-page.tsx', closure(manifest, entry));
  const sum = (keys: Iterable<string>, pick: (chunk: ManifestChunk) => string[]) =>
    [...new Set([...keys].flatMap((key) => pick(manifest[key]!)))].reduce(
      (total, file) => total + gzip(file),
      0,
    );
  const shellKeys = closure(manifest, 'src/app/signed-in-app.tsx', closure(manifest, entry));
  const chunks = [...new Set(Object.values(manifest).map((chunk) => chunk.file))]
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, gzip: gzip(file) }))
    .sort((a, b) => b.gzip - a.gzip);
  const pageChunks = Object.keys(manifest)
    .filter((key) => /-page\.tsx$/.test(key))
    .map((source) => ({ source, gzip: gzip(manifest[source]!.file) }))
    .sort((a, b) => b.gzip - a.gzip);
  return {
    loginJsGzip: sum(loginKeys, (chunk) => [chunk.file]),
    loginCssGzip: sum(loginKeys, (chunk) => chunk.css ?? []),
    shellJsGzip: sum(shellKeys, (chunk) => [chunk.file]),
    biggestChunk: chunks[0]!,
    pageChunks,
  };
}
