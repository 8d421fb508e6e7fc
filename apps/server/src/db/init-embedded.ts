import { openPglite } from './client';
import { runMigrations } from './migrate';

/** Run as a child process on first start: initdb and migrations, then exit and give the memory back. */
const dir = process.argv[2];
if (!dir) throw new Error('usage: init-embedded <pgdata dir>');
const handle = await openPglite(dir);
await runMigrations(handle);
await handle.close();
