// The server the browser suite drives: the product as `npm start` runs it (the web app is built by `npm test`
// beforehand), on a fresh embedded database.
//
// It runs in a process of its own: `npm start` is a primary that forks the API process (docs/ARCHITECTURE.md#processes),
// and a forked process writes to the file descriptors it inherits, not through this process's streams. So the
// process log goes to a file by descriptor — every process of the tree appends to it — for the last spec to grep
// for personal data; warnings and errors still show on the console.
import { spawn } from 'node:child_process';
import { closeSync, createWriteStream, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'ilson-e2e-'));
const logFile = process.env.E2E_SERVER_LOG;
if (logFile) closeSync(openSync(logFile, 'w'));
const out = logFile ? openSync(logFile, 'a') : 'inherit';

const server = spawn(process.execPath, ['--max-semi-space-size=16', path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, SKIP_WEB_BUILD: '1' },
  stdio: ['inherit', out, logFile ? 'pipe' : 'inherit'],
});
if (logFile) {
  const copy = createWriteStream(logFile, { flags: 'a' });
  server.stderr.on('data', (chunk) => {
    copy.write(chunk);
    process.stderr.write(chunk);
  });
}

const stop = (signal) => server.kill(signal);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
server.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
