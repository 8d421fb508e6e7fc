import {
  MATCHING_STATUSES,
  type MatchingStatus,
  PAYOUT_STATUSES,
  type PayoutStatus,
  RETENTION_DEFAULTS,
} from '@ilson/contracts';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  insertAppUser,
  insertBranch,
  insertEmployer,
  insertMatching,
  insertWorker,
  signedIn,
} from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { employers, jobPosts, payouts, workers } from '../../../db/schema';
import { createPrivacyService, SYSTEM_ACTOR } from '../privacy.service';

/**
 * Model-based: workers with any mix of departure, deletion, matchings, payouts and app accounts, each instant well
 * inside or well past its kind's period, and contracts that run on past their status change
 * (docs/privacy-lifecycle.md#what-holds-a-record). The dry run must name
 * exactly the workers the model says are due, the real run must destroy exactly those, and every other worker
 * must keep its personal data.
 */

let ctx: TestContext;
let branchId: number;
let employerId: number;
let privacy: ReturnType<typeof createPrivacyService>;

const DAY = 86_400_000;
/** An instant past (`old`) or within (`recent`) a period of `months`, ten days clear of its end either way. */
const instant = (old: boolean, months: number) =>
  new Date(Date.now() - (old ? months * 31 + 10 : Math.max(0, months * 30 - 10)) * DAY);

const ENDED: readonly MatchingStatus[] = ['completed', 'cancelled', 'terminated'];
const SETTLED: readonly PayoutStatus[] = ['paid', 'cancelled'];
/** Matchings that have a start date (a check constraint). */
const STARTED: readonly MatchingStatus[] = ['contracted', 'working', 'completed', 'terminated'];

const workerArb = fc.record({
  departed: fc.option(fc.boolean(), { nil: null }),
  deleted: fc.option(fc.boolean(), { nil: null }),
  matchings: fc
    .array(
      fc.record({
        status: fc.constantFrom(...MATCHING_STATUSES),
        old: fc.boolean(),
        // Ended (completed, terminated) long ago, but its contract runs on a month: the clock counts from then.
        runsOn: fc.boolean(),
      }),
      { maxLength: 2 },
    )
    // A worker is contracted or working in one matching at a time (a unique index).
    .filter((ms) => ms.filter((m) => m.status === 'contracted' || m.status === 'working').length <= 1),
  payouts: fc.array(fc.record({ status: fc.constantFrom(...PAYOUT_STATUSES), old: fc.boolean() }), {
    maxLength: 2,
  }),
  account: fc.option(
    fc.record({ status: fc.constantFrom('active', 'suspended', 'withdrawn' as const), old: fc.boolean() }),
    { nil: null },
  ),
});
type WorkerCase = typeof workerArb extends fc.Arbitrary<infer T> ? T : never;

/** The rule, said plainly. */
function modelDue(w: WorkerCase): boolean {
  const ended = [w.departed, w.deleted].filter((v): v is boolean => v !== null);
  // The earliest end counts: it is past the period when any end is.
  if (ended.length === 0 || !ended.some(Boolean)) return false;
  if (w.matchings.some((m) => !ENDED.includes(m.status) || !m.old)) return false;
  if (w.matchings.some((m) => m.runsOn && (m.status === 'completed' || m.status === 'terminated')))
    return false;
  if (w.payouts.some((p) => !SETTLED.includes(p.status) || !p.old)) return false;
  if (w.account && !(w.account.status === 'withdrawn' && w.account.old)) return false;
  return true;
}

let serial = 0;

/** A matching in a status, ended long ago (`old`) or within the matchings' period. */
function matchingCase(
  m: { status: MatchingStatus; old: boolean; runsOn?: boolean },
  refs: { employerId: number; workerId: number },
) {
  return insertMatching(
    ctx,
    { ...refs, branchId },
    {
      status: m.status,
      statusChangedAt: instant(m.old, RETENTION_DEFAULTS.matchings.months),
      startDate: STARTED.includes(m.status) ? '2018-01-01' : null,
      endDate:
        m.status === 'completed' || m.status === 'terminated'
          ? m.runsOn
            ? new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10)
            : '2019-01-01'
          : null,
    },
  );
}

/** A payout in a status, settled long ago (`old`) or within the payouts' period. */
function payoutCase(
  p: { status: PayoutStatus; old: boolean },
  refs: { employerId: number; workerId: number | null },
) {
  const at = instant(p.old, RETENTION_DEFAULTS.payouts.months);
  return ctx.db.insert(payouts).values({
    ...refs,
    type: 'matching_fee',
    amount: 100_000,
    vat: 10_000,
    status: p.status,
    statusChangedAt: at,
    paidAt: p.status === 'paid' ? at : null,
  });
}

async function insertCase(w: WorkerCase): Promise<number> {
  const rules = RETENTION_DEFAULTS;
  serial++;
  const [row] = await ctx.db
    .insert(workers)
    .values({
      nameKo: `모델${serial}`,
      firstName: 'Model',
      lastName: `Case${serial}`,
      gender: 'female',
      dateOfBirth: '1993-07-15',
      nationality: 'KH',
      phoneNumber: `010${String(30_000_000 + serial)}`,
      alienRegNoHash: `hash-${serial}`,
      alienRegNoMasked: '930715-6******',
      alienRegNoEnc: 'enc',
      visaType: 'E-9',
      branchId,
      status: w.departed === null ? 'seeking' : 'departed',
      statusChangedAt: w.departed === null ? null : instant(w.departed, rules.workers.months),
      deletedAt: w.deleted === null ? null : instant(w.deleted, rules.workers.months),
    })
    .returning({ id: workers.id });
  const workerId = row!.id;
  for (const m of w.matchings) await matchingCase(m, { employerId, workerId });
  for (const p of w.payouts) await payoutCase(p, { employerId, workerId });
  if (w.account) {
    await insertAppUser(
      ctx,
      { workerId },
      { status: w.account.status, statusChangedAt: instant(w.account.old, rules.appUsers.months) },
    );
  }
  return workerId;
}

beforeAll(async () => {
  ctx = await createTestContext();
  await signedIn(ctx, 'super_admin');
  branchId = (await insertBranch(ctx)).id;
  employerId = (await insertEmployer(ctx, branchId)).id;
  privacy = createPrivacyService({ db: ctx.db, settings: ctx.app.settings, pii: ctx.app.pii });
});
afterAll(async () => {
  await ctx?.close();
});

it('destroys exactly the workers past every retention that holds them, and no one else', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(workerArb, { minLength: 1, maxLength: 8 }), async (cases) => {
      const ids: number[] = [];
      for (const w of cases) ids.push(await insertCase(w));
      const expected = ids.filter((_, i) => modelDue(cases[i]!)).sort((a, b) => a - b);
      const run = (dryRun: boolean) =>
        privacy.run({ dryRun, reason: '', trigger: 'manual', actor: SYSTEM_ACTOR });
      // This round's workers only: a shrinking replay runs on what earlier rounds left behind.
      const workersOf = (result: Awaited<ReturnType<typeof run>>) =>
        result.kinds
          .find((k) => k.kind === 'workers')!
          .ids.filter((id) => ids.includes(id))
          .sort((a, b) => a - b);
      expect(workersOf(await run(true))).toEqual(expected);
      expect(workersOf(await run(false))).toEqual(expected);
      const rows = await ctx.db.select().from(workers).where(inArray(workers.id, ids));
      for (const row of rows) {
        const destroyed = expected.includes(row.id);
        expect(row.destroyedAt !== null).toBe(destroyed);
        expect(row.alienRegNoHash === null).toBe(destroyed);
        expect(row.phoneNumber === '').toBe(destroyed);
      }
    }),
    { numRuns: 60 },
  );
});

const employerArb = fc.record({
  /** Rejected or withdrawn (when), or still pending or approved (null). */
  ended: fc.option(
    fc.record({ status: fc.constantFrom('rejected', 'withdrawn' as const), old: fc.boolean() }),
    {
      nil: null,
    },
  ),
  deleted: fc.option(fc.boolean(), { nil: null }),
  matchings: fc.array(fc.record({ status: fc.constantFrom(...MATCHING_STATUSES), old: fc.boolean() }), {
    maxLength: 2,
  }),
  payouts: fc.array(fc.record({ status: fc.constantFrom(...PAYOUT_STATUSES), old: fc.boolean() }), {
    maxLength: 2,
  }),
  openPost: fc.boolean(),
  account: fc.option(
    fc.record({ status: fc.constantFrom('active', 'suspended', 'withdrawn' as const), old: fc.boolean() }),
    { nil: null },
  ),
});
type EmployerCase = typeof employerArb extends fc.Arbitrary<infer T> ? T : never;

/** The employers' rule, said plainly: past its end, with nothing of it open or within its own period. */
function employerDue(e: EmployerCase): boolean {
  const ended = [e.ended?.old ?? null, e.deleted].filter((v): v is boolean => v !== null);
  if (!ended.some(Boolean)) return false;
  if (e.matchings.some((m) => !ENDED.includes(m.status) || !m.old)) return false;
  if (e.payouts.some((p) => !SETTLED.includes(p.status) || !p.old)) return false;
  if (e.openPost) return false;
  if (e.account && !(e.account.status === 'withdrawn' && e.account.old)) return false;
  return true;
}

async function insertEmployerCase(e: EmployerCase): Promise<number> {
  const rules = RETENTION_DEFAULTS;
  const employer = await insertEmployer(ctx, branchId, {
    status: e.ended?.status ?? 'approved',
    statusChangedAt: e.ended ? instant(e.ended.old, rules.employers.months) : null,
    managerName: '모델담당',
    deletedAt: e.deleted === null ? null : instant(e.deleted, rules.employers.months),
  });
  for (const m of e.matchings) {
    await matchingCase(m, { employerId: employer.id, workerId: (await insertWorker(ctx, branchId)).id });
  }
  // insertMatching opens a post for each matching: closed here, and one left open when the case says so.
  await ctx.db.update(jobPosts).set({ status: 'closed' }).where(eq(jobPosts.employerId, employer.id));
  if (e.openPost) {
    const worker = await insertWorker(ctx, branchId);
    await insertMatching(
      ctx,
      { employerId: employer.id, workerId: worker.id, branchId },
      { status: 'cancelled', statusChangedAt: instant(true, rules.matchings.months), startDate: null },
    );
  }
  for (const p of e.payouts) await payoutCase(p, { employerId: employer.id, workerId: null });
  if (e.account) {
    await insertAppUser(
      ctx,
      { employerId: employer.id },
      { status: e.account.status, statusChangedAt: instant(e.account.old, rules.appUsers.months) },
    );
  }
  return employer.id;
}

it('destroys exactly the employers past every retention that holds them, and no one else', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(employerArb, { minLength: 1, maxLength: 6 }), async (cases) => {
      const ids: number[] = [];
      for (const e of cases) ids.push(await insertEmployerCase(e));
      const expected = ids.filter((_, i) => employerDue(cases[i]!)).sort((a, b) => a - b);
      const run = (dryRun: boolean) =>
        privacy.run({ dryRun, reason: '', trigger: 'manual', actor: SYSTEM_ACTOR });
      const employersOf = (result: Awaited<ReturnType<typeof run>>) =>
        result.kinds
          .find((k) => k.kind === 'employers')!
          .ids.filter((id) => ids.includes(id))
          .sort((a, b) => a - b);
      expect(employersOf(await run(true))).toEqual(expected);
      expect(employersOf(await run(false))).toEqual(expected);
      const rows = await ctx.db.select().from(employers).where(inArray(employers.id, ids));
      for (const row of rows) {
        const destroyed = expected.includes(row.id);
        expect(row.destroyedAt !== null).toBe(destroyed);
        expect(row.managerName === '').toBe(destroyed);
      }
    }),
    { numRuns: 30 },
  );
});
