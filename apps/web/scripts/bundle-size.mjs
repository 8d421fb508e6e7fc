// Sizes of the build, as the server sends them to a browser asking for br (the .br twins the build writes): what a
// cold /login fetches (the plain login page, docs/wire.md#the-login-page: login.html, its script and the modules it
// imports, its CSS), which must stay within LOGIN_BUDGET, and every JS chunk. Run after `npx vite build`.
// The bench's web section (`npm run bench -- web`) measures the same page in Chromium, headers included.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dist = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
/** A cold /login moves at most 60 KB as sent (docs/wire.md#the-login-page). */
const LOGIN_BUDGET = 61_440;

/** The body the server sends for `br`: the twin when there is one, else the file as it is. */
const sentBytes = (file) => {
  const twin = join(dist, `${file}.br`);
  return readFileSync(existsSync(twin) ? twin : join(dist, file)).length;
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** A chunk and everything it imports statically (what the browser must fetch before running it). */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
  return seen;
}

if (!manifest['login.html']?.isEntry || !manifest['index.html']?.isEntry) {
  throw new Error('login.html or index.html missing from the manifest');
}
const loginKeys = closure('login.html');
const loginFiles = [
  'login.html',
  ...new Set([...loginKeys].flatMap((key) => [manifest[key].file, ...(manifest[key].css ?? [])])),
];
const loginTotal = loginFiles.reduce((sum, file) => sum + sentBytes(file), 0);

console.log('A cold /login (br, as sent; bodies only, the bench adds headers):');
for (const file of loginFiles) console.log(`  ${String(sentBytes(file)).padStart(8)} B  ${file}`);
const within = loginTotal <= LOGIN_BUDGET;
console.log(
  `  ${String(loginTotal).padStart(8)} B  total (${kb(loginTotal)}; budget ${LOGIN_BUDGET} B ${within ? '✓' : '✘'})\n`,
);

// For comparison: the signed-in landing page (app entry, shell and dashboard), loaded after the login.
const shellKeys = ['src/app/signed-in-app.tsx', 'src/app/routes/dashboard-page.tsx']
  .filter((key) => manifest[key])
  .reduce((seen, key) => closure(key, seen), closure('index.html'));
const shellTotal = [...new Set([...shellKeys].map((key) => manifest[key].file))].reduce(
  (sum, file) => sum + sentBytes(file),
  0,
);
console.log(`JS loaded by /dashboard from a cold start: ${shellTotal} B (${kb(shellTotal)} br)\n`);

const chunks = [...new Set(Object.values(manifest).map((chunk) => chunk.file))]
  .filter((file) => file.endsWith('.js'))
  .map((file) => ({ file, bytes: sentBytes(file) }))
  .sort((a, b) => b.bytes - a.bytes);
console.log('Every JS chunk (br):');
for (const { file, bytes } of chunks) console.log(`  ${String(bytes).padStart(8)} B  ${file}`);
console.log(`\nbiggest chunk: ${chunks[0]?.file} ${chunks[0]?.bytes} B (${kb(chunks[0]?.bytes ?? 0)})`);

if (!within) {
  console.error(`\n/login sends ${loginTotal} B as br, over its budget of ${LOGIN_BUDGET} B.`);
  process.exitCode = 1;
}
