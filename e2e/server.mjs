// The server the browser suite drives: the real server and the built web app on a fresh embedded database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ilson-e2e-'));
process.env.DATA_DIR = dataDir;
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const { register } = await import('tsx/esm/api');
register();
await import(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/src/main.ts'));
