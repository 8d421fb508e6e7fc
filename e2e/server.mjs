// The server the browser suite drives: the product as `npm start` runs it (the web app is built by `npm test`
// beforehand), on a fresh embedded database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ilson-e2e-'));
process.env.DATA_DIR = dataDir;
process.env.SKIP_WEB_BUILD = '1';
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
await import('../scripts/start.mjs');
