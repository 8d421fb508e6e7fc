import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The apps/server folder, found from this module whether it runs from src/ (tsx) or from the dist/ bundle. */
function findServerRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'drizzle.config.ts'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`apps/server not found above ${start}`);
  }
}

export const SERVER_ROOT = findServerRoot(path.dirname(fileURLToPath(import.meta.url)));
export const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, 'drizzle');
export const DEFAULT_WEB_DIST = path.resolve(SERVER_ROOT, '../web/dist');
