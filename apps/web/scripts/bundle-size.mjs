// Gzip sizes of the built JS: what /login loads (entry + login chunk + their static imports) and every chunk.
// Run after `npx vite build` (build.manifest must be on).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const LOGIN_SRC = 'src/app/routes/login-page.tsx';

const gzipBytes = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** A chunk and everything it imports statically (what the browser must fetch before running it). */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey || !manifest[LOGIN_SRC]) throw new Error('entry or login chunk missing from the manifest');

const loginFiles = [...closure(LOGIN_SRC, closure(entryKey))].map((key) => manifest[key].file);
const loginTotal = loginFiles.reduce((sum, file) => sum + gzipBytes(file), 0);

console.log('JS loaded by /login (entry + login chunk + static imports):');
for (const file of loginFiles) console.log(`  ${String(gzipBytes(file)).padStart(8)} B  ${file}`);
console.log(`  ${String(loginTotal).padStart(8)} B  total (${kb(loginTotal)} gzip)\n`);

// For comparison: the signed-in landing page (shell + dashboard), loaded after login.
const shellKeys = ['src/layout/shell-layout.tsx', 'src/app/routes/dashboard-page.tsx'].filter(
  (key) => manifest[key],
);
const shellFiles = [...shellKeys.reduce((seen, key) => closure(key, seen), closure(entryKey))].map(
  (key) => manifest[key].file,
);
const shellTotal = shellFiles.reduce((sum, file) => sum + gzipBytes(file), 0);
console.log(`JS loaded by /dashboard from a cold start: ${shellTotal} B (${kb(shellTotal)} gzip)\n`);

const chunks = [...new Set(Object.values(manifest).map((chunk) => chunk.file))]
  .filter((file) => file.endsWith('.js'))
  .map((file) => ({ file, bytes: gzipBytes(file) }))
  .sort((a, b) => b.bytes - a.bytes);
console.log('Every JS chunk (gzip):');
for (const { file, bytes } of chunks) console.log(`  ${String(bytes).padStart(8)} B  ${file}`);
console.log(`\nbiggest chunk: ${chunks[0]?.file} ${chunks[0]?.bytes} B (${kb(chunks[0]?.bytes ?? 0)})`);
