import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { verifyAuditChain } from '../../../audit/chain';
import { appendAudit } from '../../../audit/trail';
import { queryRows } from '../../../db/client';

/**
 * The access log's group commit (docs/access-log.md#group-commit): appends made outside a transaction share one,
 * appends inside a caller's transaction stay in it, and neither may break the chain, lose a row, or let one bad row
 * fail the rows grouped with it.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const actor = { actorAdminId: null, actorLoginId: 'grouped', ip: '127.0.0.1', userAgent: 'vitest' };

/** How one append is made: alone, in a caller's transaction, or one PostgreSQL refuses (integer out of range). */
type Append = { via: 'handle' | 'transaction' | 'refused'; waitTicks: number };

async function appendOne(append: Append, label: string): Promise<void> {
  await new Promise<void>((resolve) => {
    let ticks = append.waitTicks;
    const next = () => (ticks-- <= 0 ? resolve() : setImmediate(next));
    next();
  });
  const entry = { action: 'VIEW_PII' as const, targetType: 'worker', summary: label };
  if (append.via === 'transaction') {
    await ctx.db.transaction(async (tx) => {
      await appendAudit(tx, actor, entry);
    });
  } else {
    await appendAudit(ctx.db, actor, {
      ...entry,
      recordCount: append.via === 'refused' ? 3_000_000_000 : 1,
    });
  }
}

async function summaries(): Promise<string[]> {
  const rows = await queryRows<{ summary: string }>(
    ctx.db,
    sql`SELECT summary FROM audit_logs WHERE actor_login_id = ${actor.actorLoginId} ORDER BY id`,
  );
  return rows.map((r) => r.summary);
}

describe('access log group commit', () => {
  it('writes every accepted append once, refuses only the bad ones, and keeps the chain whole', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            via: fc.constantFrom<Append['via']>('handle', 'handle', 'handle', 'transaction', 'refused'),
            waitTicks: fc.nat({ max: 6 }),
          }),
          { minLength: 1, maxLength: 30 },
        ),
        async (appends) => {
          run++;
          const before = new Set(await summaries());
          const labels = appends.map((_, i) => `run ${run} append ${i}`);
          const outcomes = await Promise.allSettled(appends.map((a, i) => appendOne(a, labels[i]!)));
          outcomes.forEach((outcome, i) => {
            expect(outcome.status).toBe(appends[i]!.via === 'refused' ? 'rejected' : 'fulfilled');
          });
          const written = (await summaries()).filter((s) => !before.has(s));
          const accepted = labels.filter((_, i) => appends[i]!.via !== 'refused');
          expect([...written].sort()).toEqual([...accepted].sort());
          const check = await verifyAuditChain(ctx.db);
          expect(check.ok).toBe(true);
          expect(check.problemCount).toBe(0);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('writes a burst of appends in fewer transactions than appends, and a lone append at once', async () => {
    const lone = Promise.race([
      appendAudit(ctx.db, actor, { action: 'VIEW_PII', summary: 'lone' }).then(() => 'written'),
      new Promise((resolve) => setTimeout(() => resolve('late'), 5_000)),
    ]);
    expect(await lone).toBe('written');
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        appendAudit(ctx.db, actor, { action: 'VIEW_PII', summary: `burst ${i}` }),
      ),
    );
    // Rows written by one transaction share its id (xmin).
    const [burst] = await queryRows<{ rows: number; transactions: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS rows, count(DISTINCT xmin::text)::int AS transactions
            FROM audit_logs WHERE summary LIKE 'burst %'`,
    );
    expect(burst?.rows).toBe(40);
    // The first goes alone; the 39 that arrive while it is written share the next transaction.
    expect(burst?.transactions).toBe(2);
    expect((await verifyAuditChain(ctx.db)).ok).toBe(true);
  });
});
