import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER } from '../lib/paths';
import { ADVISORY_LOCKS } from './advisory-locks';
import type { DbHandle, Schema } from './client';

/** Brings the schema up to date; `migrationsFolder` is for tests that stop at an earlier migration. */
export async function runMigrations(handle: DbHandle, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  const config = { migrationsFolder, migrationsSchema: 'public' };
  if (handle.engine === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase<Schema>, config);
    return;
  }
  // On the connection that holds the lock, without the pool's statement timeout: a migration that rewrites a
  // table of a million rows takes longer than any request may.
  const client = await handle.pool!.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCKS.migration]);
    await client.query('SET statement_timeout = 0');
    await migratePg(drizzle({ client }), config);
  } finally {
    await client.query('RESET statement_timeout').catch(() => {});
    await client.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCKS.migration]).catch(() => {});
    client.release();
  }
}
