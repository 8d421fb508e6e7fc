import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './process';

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

export type WebResult = {
  /** Bytes of the files' bodies as sent with `Accept-Encoding: br` (their brotli twins). */
  loginJsBr: number;
  loginCssBr: number;
  /** The page itself (login.html's twin): with the JS and CSS, every body a cold /login fetches but the icon. */
  loginHtmlBr: number;
  shellJsBr: number;
  biggestChunk: { file: string; br: number };
  pageChunks: { source: string; br: number }[];
  /** Built text files above 1 KB without both twins (.br and .gz). */
  twinsMissing: string[];
};

const DIST = path.join(ROOT, 'apps/web/dist');
/**
 * Bytes the server sends for a built file to a browser asking for `br`: its brotli twin written at build time
 * (apps/web/scripts/precompress.ts). Without a twin the file goes out as it is, so that is its size.
 */
const sent = (file: string) => {
  const twin = path.join(DIST, `${file}.br`);
  return readFileSync(existsSync(twin) ? twin : path.join(DIST, file)).length;
};

function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(manifest, imported, seen);
  return seen;
}

/** The plain login page's entry (docs/wire.md#the-login-page) and the app's. */
const LOGIN_ENTRY = 'login.html';
const APP_ENTRY = 'index.html';

/**
 * Bytes as sent (brotli twins) of what /login loads, of the shell, and of each page chunk (from Vite's build manifest), of a build
 * of the current sources.
 */
export function measureWebBuild(): WebResult {
  const build = spawnSync('npm', ['run', '--silent', 'build', '-w', '@ilson/web'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the web build failed');
  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
  if (!manifest[LOGIN_ENTRY]?.isEntry || !manifest[APP_ENTRY]?.isEntry)
    throw new Error('an entry is missing');
  const entry = APP_ENTRY;
  const loginKeys = closure(manifest, LOGIN_ENTRY);
  const sum = (keys: Iterable<string>, pick: (chunk: ManifestChunk) => string[]) =>
    [...new Set([...keys].flatMap((key) => pick(manifest[key]!)))].reduce(
      (total, file) => total + sent(file),
      0,
    );
  const shellKeys = closure(manifest, 'src/app/signed-in-app.tsx', closure(manifest, entry));
  const chunks = [...new Set(Object.values(manifest).map((chunk) => chunk.file))]
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, br: sent(file) }))
    .sort((a, b) => b.br - a.br);
  const pageChunks = Object.keys(manifest)
    .filter((key) => /-page\.tsx$/.test(key))
    .map((source) => ({ source, br: sent(manifest[source]!.file) }))
    .sort((a, b) => b.br - a.br);
  return {
    loginJsBr: sum(loginKeys, (chunk) => [chunk.file]),
    loginCssBr: sum(loginKeys, (chunk) => chunk.css ?? []),
    loginHtmlBr: sent(LOGIN_ENTRY),
    shellJsBr: sum(shellKeys, (chunk) => [chunk.file]),
    twinsMissing: missingTwins(),
    biggestChunk: chunks[0]!,
    pageChunks,
  };
}

function missingTwins(): string[] {
  const files = readdirSync(DIST, { recursive: true, encoding: 'utf8' }).filter((file) =>
    /\.(js|css|html|svg|json)$/.test(file),
  );
  return files.filter(
    (file) =>
      !file.startsWith('.vite') &&
      statSync(path.join(DIST, file)).size > 1024 &&
      (!existsSync(path.join(DIST, `${file}.br`)) || !existsSync(path.join(DIST, `${file}.gz`))),
  );
}
