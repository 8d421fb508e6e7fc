import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, openTestDatabase } from '../../../test/helpers';
import type { DbHandle } from '../client';
import { queryRows } from '../client';
import { vacuumEmbedded } from '../maintenance';

describe('embedded database maintenance', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => handle.close());

  it('gives the planner statistics on PGlite (no autovacuum there) and leaves PostgreSQL to its own', async () => {
    await handle.db.execute(sql`CREATE TABLE maintenance_probe (n integer)`);
    await handle.db.execute(sql`INSERT INTO maintenance_probe SELECT generate_series(1, 5000)`);
    const ran = await vacuumEmbedded(handle);
    expect(ran).toBe(engine === 'pglite');
    if (!ran) return;
    const [row] = await queryRows<{ reltuples: number }>(
      handle.db,
      sql`SELECT reltuples::integer AS reltuples FROM pg_class WHERE relname = 'maintenance_probe'`,
    );
    expect(row?.reltuples).toBe(5000);
  });
});
