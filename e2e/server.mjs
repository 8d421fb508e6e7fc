// The server the browser suite drives: the product as `npm start` runs it (the web app is built by `npm test`
// beforehand), on a fresh embedded database.
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ilson-e2e-'));
process.env.DATA_DIR = dataDir;
process.env.SKIP_WEB_BUILD = '1';
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
// The process log goes to a file the last spec greps for personal data; warnings and errors still show.
if (process.env.E2E_SERVER_LOG) {
  const file = createWriteStream(process.env.E2E_SERVER_LOG, { flags: 'w' });
  const stderr = process.stderr.write.bind(process.stderr);
  process.stdout.write = (chunk, encoding, callback) => file.write(chunk, encoding, callback);
  process.stderr.write = (chunk, encoding, callback) => {
    file.write(chunk, encoding);
    return stderr(chunk, encoding, callback);
  };
}
await import('../scripts/start.mjs');
