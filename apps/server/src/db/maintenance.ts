import { sql } from 'drizzle-orm';
import type { DbHandle } from './client';

/**
 * PGlite runs no autovacuum: without this, the planner works without statistics after every bulk change and
 * index-only scans keep visiting the heap. `VACUUM (ANALYZE)` on the embedded database does both; it takes
 * the single connection for a moment (well under a second at the demo size). PostgreSQL has its own
 * autovacuum, so nothing runs there.
 */
export async function vacuumEmbedded(handle: Pick<DbHandle, 'engine' | 'db'>): Promise<boolean> {
  if (handle.engine !== 'pglite') return false;
  await handle.db.execute(sql`VACUUM (ANALYZE)`);
  return true;
}
