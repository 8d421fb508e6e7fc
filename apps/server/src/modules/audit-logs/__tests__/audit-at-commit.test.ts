import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, engine, type TestContext } from '../../../../test/helpers';
import { verifyAuditChain } from '../../../audit/chain';
import { appendAudit } from '../../../audit/trail';
import { queryRows } from '../../../db/client';
import type { Tx } from '../../../db/types';

/**
 * docs/access-log.md#appends-in-a-change: the entries a change appends are chained just before it commits. They
 * commit with it or not at all, in the order they were appended, and the chain lock is not held while the change
 * goes on after logging.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const actor = { actorAdminId: null, actorLoginId: 'at-commit', ip: '127.0.0.1', userAgent: 'vitest' };

/** A change: its entries, with work between them; it may fail after logging, or log a row PostgreSQL refuses. */
type Change = { entries: number; end: 'commit' | 'fail' | 'refused' };

const failed = new Error('the change failed after logging');

async function runChange(change: Change, label: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    for (let i = 0; i < change.entries; i++) {
      await appendAudit(tx, actor, { action: 'UPDATE', targetType: 'employer', summary: `${label}.${i}` });
      // The change's own work after logging.
      await tx.execute(sql`SELECT count(*) FROM audit_logs`);
    }
    if (change.end === 'refused') {
      await appendAudit(tx, actor, {
        action: 'UPDATE',
        summary: `${label}.refused`,
        recordCount: 3_000_000_000,
      });
    }
    if (change.end === 'fail') throw failed;
  });
}

/** The test's entries whose summary starts with `prefix`, in the chain's order. */
async function summaries(prefix: string): Promise<string[]> {
  const rows = await queryRows<{ summary: string }>(
    ctx.db,
    sql`SELECT summary FROM audit_logs WHERE actor_login_id = ${actor.actorLoginId}
          AND starts_with(summary, ${prefix}) ORDER BY id`,
  );
  return rows.map((r) => r.summary);
}

describe('entries appended in a change', () => {
  it('commit with it, in their order, or not at all; the chain stays whole', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            entries: fc.integer({ min: 0, max: 3 }),
            end: fc.constantFrom('commit', 'commit', 'fail', 'refused'),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        async (changes) => {
          run++;
          // Side by side on PostgreSQL (each its own connection); PGlite takes them in turn.
          const outcomes = await Promise.allSettled(
            changes.map((change, c) => runChange(change, `${run}:${c}`)),
          );
          const expected: string[][] = [];
          changes.forEach((change, c) => {
            const outcome = outcomes[c]!;
            if (change.end === 'commit') {
              expect(outcome.status).toBe('fulfilled');
              expected.push(Array.from({ length: change.entries }, (_, i) => `${run}:${c}.${i}`));
            } else {
              expect(outcome.status).toBe('rejected');
            }
          });
          const written = await summaries(`${run}:`);
          // Each committed change's entries, whole and in order; the changes in whatever order they committed.
          const byChange = new Map<string, string[]>();
          for (const summary of written) {
            const change = summary.slice(0, summary.lastIndexOf('.'));
            byChange.set(change, [...(byChange.get(change) ?? []), summary]);
          }
          expect([...byChange.values()].sort()).toEqual(expected.filter((e) => e.length > 0).sort());
        },
      ),
      { numRuns: 25 },
    );
    expect((await verifyAuditChain(ctx.db)).ok).toBe(true);
  });

  it.runIf(engine === 'pg')('leave the chain lock free while the change goes on after logging', async () => {
    let logged!: () => void;
    const hasLogged = new Promise<void>((resolve) => {
      logged = resolve;
    });
    let goOn!: () => void;
    const mayFinish = new Promise<void>((resolve) => {
      goOn = resolve;
    });
    const change = ctx.db.transaction(async (tx) => {
      await appendAudit(tx, actor, {
        action: 'UPDATE',
        targetType: 'employer',
        summary: 'lock: the long change',
      });
      logged();
      await mayFinish;
    });
    await hasLogged;
    // A view logged meanwhile, in a transaction of its own: it must not wait for the change to end.
    const view = appendAudit(ctx.db, actor, {
      action: 'VIEW_PII',
      targetType: 'worker',
      summary: 'lock: a view',
    });
    const first = await Promise.race([
      view.then(() => 'view'),
      new Promise((resolve) => setTimeout(() => resolve('waited'), 2_000)),
    ]);
    goOn();
    await Promise.all([change, view]);
    expect(first).toBe('view');
    expect(await summaries('lock: ')).toEqual(['lock: a view', 'lock: the long change']);
    expect((await verifyAuditChain(ctx.db)).ok).toBe(true);
  });
});

describe('entries appended in a savepoint', () => {
  /** A savepoint: its entries, one savepoint inside it maybe, released or rolled back. */
  type Savepoint = { entries: number; inner?: Savepoint; keep: boolean };
  const savepoint: fc.Arbitrary<Savepoint> = fc.record(
    {
      entries: fc.integer({ min: 0, max: 3 }),
      inner: fc.record({ entries: fc.integer({ min: 1, max: 2 }), keep: fc.boolean() }),
      keep: fc.boolean(),
    },
    { requiredKeys: ['entries', 'keep'] },
  );
  const rolledBack = new Error('the savepoint is rolled back');

  /** Runs the savepoint in `tx`; the summaries it should leave if the change commits. */
  async function runSavepoint(tx: Tx, step: Savepoint, label: string): Promise<string[]> {
    const kept: string[] = [];
    try {
      await tx.transaction(async (sp) => {
        for (let i = 0; i < step.entries; i++) {
          await appendAudit(sp, actor, { action: 'UPDATE', targetType: 'worker', summary: `${label}.${i}` });
          kept.push(`${label}.${i}`);
        }
        if (step.inner) kept.push(...(await runSavepoint(sp, step.inner, `${label}i`)));
        if (!step.keep) throw rolledBack;
      });
    } catch (error) {
      if (error !== rolledBack) throw error;
      return [];
    }
    return kept;
  }

  it('commit with the change when released, and go when rolled back (theirs and those inside them)', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.constant('entry' as const), savepoint), { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        async (steps, commits) => {
          run++;
          const expected: string[] = [];
          const change = ctx.db.transaction(async (tx) => {
            for (const [s, step] of steps.entries()) {
              const label = `sp${run}:${s}`;
              if (step === 'entry') {
                await appendAudit(tx, actor, { action: 'UPDATE', targetType: 'worker', summary: label });
                expected.push(label);
              } else expected.push(...(await runSavepoint(tx, step, label)));
            }
            if (!commits) throw failed;
          });
          if (commits) await change;
          else await expect(change).rejects.toBe(failed);
          expect(await summaries(`sp${run}:`)).toEqual(commits ? expected : []);
        },
      ),
      { numRuns: 30 },
    );
    expect((await verifyAuditChain(ctx.db)).ok).toBe(true);
  });

  it.runIf(engine === 'pg')('wait for the change, leaving the chain lock free until then', async () => {
    let logged!: () => void;
    const hasLogged = new Promise<void>((resolve) => {
      logged = resolve;
    });
    let goOn!: () => void;
    const mayFinish = new Promise<void>((resolve) => {
      goOn = resolve;
    });
    const change = ctx.db.transaction(async (tx) => {
      await tx.transaction((sp) =>
        appendAudit(sp, actor, { action: 'CREATE', targetType: 'worker', summary: 'sp-lock: a row' }),
      );
      logged();
      await mayFinish;
    });
    await hasLogged;
    const view = appendAudit(ctx.db, actor, {
      action: 'VIEW_PII',
      targetType: 'worker',
      summary: 'sp-lock: a view',
    });
    const first = await Promise.race([
      view.then(() => 'view'),
      new Promise((resolve) => setTimeout(() => resolve('waited'), 2_000)),
    ]);
    goOn();
    await Promise.all([change, view]);
    expect(first).toBe('view');
    expect(await summaries('sp-lock: ')).toEqual(['sp-lock: a view', 'sp-lock: a row']);
  });
});
