import { employmentPeriod } from '@ilson/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  activeJobPost,
  grantPermits,
  insertBranch,
  insertEmployer,
  insertWorker,
  setFutureMinimumWages,
  signedIn,
} from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { addDays, seoulToday } from '../../../lib/dates';

/**
 * The 취업활동 기간 (docs/law-as-data.md#employment-period) through the API: a proposal, a contract and a worker
 * edit under a held matching are each refused when the period does not cover the work.
 */

let ctx: TestContext;
let admin: Api;
let branchId: number;

const TODAY = seoulToday();
const START = addDays(TODAY, 30);
/** The same day `years` earlier (28 February for a 29 February that year lacks). */
const yearsBefore = (date: string, years: number) => {
  const moved = `${Number(date.slice(0, 4)) - years}${date.slice(4)}`;
  return Number.isNaN(Date.parse(moved)) || new Date(moved).toISOString().slice(0, 10) !== moved
    ? `${moved.slice(0, 8)}28`
    : moved;
};
/** An entry date whose three-year period ends on `end` (entry = the day after `end`, three years earlier). */
const entryEndingOn = (end: string) => yearsBefore(addDays(end, 1), 3);

beforeAll(async () => {
  ctx = await createTestContext();
  // Contracts here start next year: its minimum wage must be set (docs/law-as-data.md#wages).
  await setFutureMinimumWages(ctx);
  branchId = (await insertBranch(ctx)).id;
  admin = (await signedIn(ctx, 'admin')).api;
});
afterAll(async () => {
  await ctx?.close();
});

async function post() {
  const employer = (await insertEmployer(ctx, branchId)).id;
  await grantPermits(ctx, employer);
  return activeJobPost(admin, employer); // 12-month contracts
}

async function step(id: number, version: number, body: Record<string, unknown>) {
  return admin.post(`/matchings/${id}/status`, { ...body, version });
}

describe('the 취업활동 기간', () => {
  it('refuses a proposal for a worker whose period ended 5 days ago, naming the date and the basis', async () => {
    const worker = await insertWorker(ctx, branchId, { entryDate: entryEndingOn(addDays(TODAY, -5)) });
    const end = employmentPeriod({ visaType: 'E-9', entryDate: worker.entryDate }, TODAY)!.end;
    // 5 days ago (6 when the entry day is a 29 February the earlier year lacks).
    expect([addDays(TODAY, -5), addDays(TODAY, -6)]).toContain(end);
    const jobPostId = (await post()).id;
    const refused = await admin.post('/matchings', {
      job_post_id: jobPostId,
      worker_id: worker.id,
      override_reason: '예외',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'VISA_NOT_ELIGIBLE' });
    expect(refused.json().error.message).toContain(end);
    const preview = await admin.get(`/matchings/eligibility?job_post_id=${jobPostId}&worker_id=${worker.id}`);
    expect(preview.json()).toMatchObject({ eligible: false });
    expect(preview.json().issues[0]).toMatchObject({
      code: 'EMPLOYMENT_PERIOD_ENDED',
      severity: 'hard',
      basis: { article: '제18조' },
    });
  });

  it('refuses a contract that would run past the period, and allows one that fits', async () => {
    // The period ends 100 days from now: a 12-month contract starting in 30 days does not fit.
    const worker = await insertWorker(ctx, branchId, { entryDate: entryEndingOn(addDays(TODAY, 100)) });
    const created = await admin.post('/matchings', { job_post_id: (await post()).id, worker_id: worker.id });
    expect(created.statusCode, created.body).toBe(201);
    let m = created.json() as { id: number; version: number };
    for (const status of ['interview', 'accepted'] as const) {
      const moved = await step(m.id, m.version, { status });
      expect(moved.statusCode, moved.body).toBe(200);
      m = moved.json();
    }
    const contract = await step(m.id, m.version, { status: 'contracted', start_date: START });
    expect(contract.statusCode).toBe(422);
    expect(contract.json().error.details[0]).toMatchObject({ field: 'start_date' });
    expect(contract.json().error.message).toContain('취업활동 기간 만료일');

    // With 재고용 recorded (a later stored end), the same contract fits.
    const current = (await admin.get(`/workers/${worker.id}`)).json();
    const extended = await admin.patch(`/workers/${worker.id}`, {
      employment_period_end_date: addDays(TODAY, 500),
      version: current.version,
    });
    expect(extended.statusCode, extended.body).toBe(200);
    const allowed = await step(m.id, m.version, { status: 'contracted', start_date: START });
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('refuses a worker edit moving the entry date so a held matching breaks the period', async () => {
    const worker = await insertWorker(ctx, branchId, { entryDate: addDays(TODAY, -200) });
    const created = await admin.post('/matchings', { job_post_id: (await post()).id, worker_id: worker.id });
    let m = created.json() as { id: number; version: number };
    for (const body of [
      { status: 'interview' },
      { status: 'accepted' },
      { status: 'contracted', start_date: START },
    ]) {
      const moved = await step(m.id, m.version, body);
      expect(moved.statusCode, moved.body).toBe(200);
      m = moved.json();
    }
    const current = (await admin.get(`/workers/${worker.id}`)).json();
    const moved = await admin.patch(`/workers/${worker.id}`, {
      entry_date: entryEndingOn(addDays(TODAY, 100)),
      version: current.version,
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error).toMatchObject({
      code: 'MATCHINGS_AFFECTED',
      details: [{ field: 'entry_date', resource: 'matchings', id: m.id }],
    });
    // A move that keeps the contract inside the period passes.
    const fine = await admin.patch(`/workers/${worker.id}`, {
      entry_date: addDays(TODAY, -300),
      version: current.version,
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });
});

describe('재입국 (docs/law-as-data.md#reentry)', () => {
  /** A worker who worked out an old period and was recorded as departed `daysAgo` days ago. */
  async function departed(daysAgo: number, values: Parameters<typeof insertWorker>[2] = {}) {
    return insertWorker(ctx, branchId, {
      entryDate: entryEndingOn(addDays(TODAY, -daysAgo - 1)),
      employmentPeriodEndDate: null,
      status: 'departed',
      statusChangedAt: new Date(`${addDays(TODAY, -daysAgo)}T03:00:00Z`),
      ...values,
    });
  }
  const reenter = (worker: { id: number; version: number }, body: Record<string, unknown> = {}) =>
    admin.post(`/workers/${worker.id}/status`, { status: 'seeking', version: worker.version, ...body });

  it('asks an E-9 worker for the entry date, naming the field; another visa may go without', async () => {
    const worker = await departed(200);
    const refused = await reenter(worker);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.details).toEqual([
      { field: 'entry_date', message: expect.stringContaining('입국일이 필요합니다') },
    ]);
    const f4 = await departed(10, { visaType: 'F-4' });
    expect((await reenter(f4)).statusCode).toBe(200);
  });

  it('refuses an entry inside the waiting period with the first allowed day, a future one, one before the departure', async () => {
    const worker = await departed(40);
    const early = await reenter(worker, { entry_date: addDays(TODAY, -1), reentry_kind: 'general' });
    expect(early.statusCode).toBe(422);
    expect(early.json().error.message).toContain('제18조의3');
    expect(early.json().error.message).toContain('6개월');
    const future = await reenter(worker, { entry_date: addDays(TODAY, 1), reentry_kind: 'faithful' });
    expect(future.json().error.message).toContain('오늘보다 뒤');
    const before = await reenter(worker, { entry_date: addDays(TODAY, -41), reentry_kind: 'faithful' });
    expect(before.json().error.message).toContain('출국 처리일');
    // 성실근로자 특례: one month since 2021-10-14, so 40 days after the departure is enough.
    const faithful = await reenter(worker, { entry_date: addDays(TODAY, -2), reentry_kind: 'faithful' });
    expect(faithful.statusCode, faithful.body).toBe(200);
  });

  it('restarts the period from the new entry: a proposal refused for the ended period goes through, and the log has it', async () => {
    const worker = await departed(200, { employmentPeriodEndDate: addDays(TODAY, -201) });
    const jobPostId = (await post()).id;
    const before = await admin.get(`/matchings/eligibility?job_post_id=${jobPostId}&worker_id=${worker.id}`);
    expect(before.json().issues.map((i: { code: string }) => i.code)).toContain('EMPLOYMENT_PERIOD_ENDED');

    const entry = addDays(TODAY, -3);
    const moved = await reenter(worker, { entry_date: entry, reentry_kind: 'general', reason: '재입국' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      status: 'seeking',
      entry_date: entry,
      employment_period_end_date: null,
    });

    const after = await admin.get(`/matchings/eligibility?job_post_id=${jobPostId}&worker_id=${worker.id}`);
    expect(after.json().issues.map((i: { code: string }) => i.code)).not.toContain('EMPLOYMENT_PERIOD_ENDED');
    const created = await admin.post('/matchings', { job_post_id: jobPostId, worker_id: worker.id });
    expect(created.statusCode, created.body).toBe(201);

    const log = await admin.get(`/audit-logs?target_type=worker&target_id=${worker.id}`);
    const entryLog = log
      .json()
      .data.find((row: { summary: string }) => row.summary.includes('재입국: 입국일'));
    expect(entryLog).toBeDefined();
  });
});
