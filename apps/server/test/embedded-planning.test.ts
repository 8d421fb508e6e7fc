/**
 * docs/performance.md#embedded-planning: the access log filtered by a common action, newest first, is read from
 * its (action, id) index even when the newest rows are all of another action — on the embedded engine by its own
 * start parameter (random_page_cost 1.1), on PostgreSQL at the same price set by its operator.
 */

import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client';
import { queryRows } from '../src/db/client';
import { admins, auditLogs } from '../src/db/schema';
import type { Executor } from '../src/db/types';
import { inlineQuery } from '../src/export/sql';
import { auditLogConditions } from '../src/modules/audit-logs/audit-logs.repository';
import { engine, openTestDatabase, planInRollback } from './helpers';

let handle: DbHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
  // A mixed log (a login every third or so row), then a burst of 30,000 views on top: the newest logins are
  // 30,000 rows back along the primary key.
  await handle.db.execute(sql`
    INSERT INTO audit_logs (created_at, action, summary, prev_hash, hash)
    SELECT now() - make_interval(secs => 300000 - g),
           CASE WHEN g % 10 < 3 THEN 'LOGIN' WHEN g % 10 < 5 THEN 'LOGOUT' WHEN g % 10 < 8 THEN 'VIEW_PII'
                ELSE 'EXPORT' END,
           '', 'p', 'h'
    FROM generate_series(1, 200000) AS g`);
  await handle.db.execute(sql`
    INSERT INTO audit_logs (created_at, action, summary, prev_hash, hash)
    SELECT now(), 'VIEW_PII', '', 'p', 'h' FROM generate_series(1, 30000)`);
  await handle.db.execute(sql`ANALYZE audit_logs`);
}, 60_000);

afterAll(async () => {
  await handle?.close();
});

/** The list's first page in the repository's shape (its WHERE, the admin's name joined, newest first, 20 rows). */
function firstPage(executor: Executor) {
  return executor
    .select({
      id: auditLogs.id,
      action: auditLogs.action,
      summary: auditLogs.summary,
      actorName: admins.name,
    })
    .from(auditLogs)
    .leftJoin(admins, eq(admins.id, auditLogs.actorAdminId))
    .where(auditLogConditions(executor, { actions: ['LOGIN'] }))
    .orderBy(desc(auditLogs.id))
    .limit(20);
}

/** The statement as one text (EXPLAIN of a statement with $1 needs its types; the export's inlining has none). */
const textOf = (executor: Executor) => inlineQuery(firstPage(executor).getSQL());

/** The plan of the first page, read in one transaction with `settings` (SET LOCAL) and, if asked, without the index. */
const planOf = (settings: Record<string, string>, dropIndex = false) =>
  planInRollback(handle, async (tx) => {
    for (const [name, value] of Object.entries(settings))
      await tx.execute(sql.raw(`SET LOCAL ${name} = ${value}`));
    if (dropIndex) await tx.execute(sql`DROP INDEX audit_logs_action_id_idx`);
    return textOf(tx);
  });

describe('the access log filtered by action, newest first', () => {
  it('is read from the (action, id) index, not by walking the primary key', async () => {
    // The embedded engine with its own start parameters; PostgreSQL at the SSD-like price the docs name.
    const plan = await planOf(engine === 'pglite' ? {} : { random_page_cost: '1.1' });
    expect(plan).toMatch(/Index Scan Backward using audit_logs_action_id_idx/);
    expect(plan).not.toMatch(/audit_logs_pkey/);
  });

  it.runIf(engine === 'pglite')('is so because of the embedded engine’s start parameter', async () => {
    const [setting] = await queryRows<{ random_page_cost: string }>(handle.db, sql`SHOW random_page_cost`);
    expect(setting?.random_page_cost).toBe('1.1');
  });

  // What the test would see on a build without either half: it tells the two apart.
  it('walks the primary key at a spinning disk’s price, or without the index', async () => {
    expect(await planOf({ random_page_cost: '4' })).toMatch(/Index Scan Backward using audit_logs_pkey/);
    expect(await planOf(engine === 'pglite' ? {} : { random_page_cost: '1.1' }, true)).not.toMatch(
      /audit_logs_action_id_idx/,
    );
  });

  it('answers the newest logins, skipping the burst', async () => {
    const rows = await queryRows<{ action: string }>(handle.db, sql.raw(textOf(handle.db)));
    expect(rows).toHaveLength(20);
    expect(rows.every((row) => row.action === 'LOGIN')).toBe(true);
  });
});
