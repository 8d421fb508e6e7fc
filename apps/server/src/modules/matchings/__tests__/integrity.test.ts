import { recordMessages } from '@ilson/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  activeJobPost,
  grantPermits,
  insertBranch,
  insertEmployer,
  insertWorker,
  jobPostBody,
  resumeBody,
  setFutureMinimumWages,
  signedIn,
  workerBody,
} from '../../../../test/fixtures';
import { createTestContext, engine, type TestContext } from '../../../../test/helpers';
import { employers, jobPosts, matchings, workers } from '../../../db/schema';
import { runChecks } from '../../../integrity/checks';
import { addDays, seoulToday } from '../../../lib/dates';

/**
 * Each defect found by trying docs/DOMAIN.md's invariants through every door (docs/domain-integrity.md), as it was
 * reported: every one of these writes used to succeed. The model-based test (test/integrity-model.test.ts)
 * then tries random sequences of them.
 */

let ctx: TestContext;
let admin: Api;
let superAdmin: Api;
let branchId: number;

const TODAY = seoulToday();
const START = addDays(TODAY, 30);

beforeAll(async () => {
  ctx = await createTestContext();
  // Contracts start in 2027: its minimum wage set, as an operator sets it before contracting in a new year.
  await setFutureMinimumWages(ctx);
  branchId = (await insertBranch(ctx)).id;
  admin = (await signedIn(ctx, 'admin')).api;
  superAdmin = (await signedIn(ctx, 'super_admin')).api;
});
afterAll(async () => {
  if (ctx) {
    // Nothing the refusals below left behind breaks a rule.
    const broken = (await runChecks(ctx.db)).filter((check) => check.violations.length > 0);
    expect(broken).toEqual([]);
    await ctx.close();
  }
});

async function post(overrides: Record<string, unknown> = {}, employerId?: number) {
  const employer = employerId ?? (await insertEmployer(ctx, branchId)).id;
  if (!employerId) await grantPermits(ctx, employer);
  return activeJobPost(admin, employer, overrides);
}

async function propose(jobPostId: number, workerId: number, extra: Record<string, unknown> = {}) {
  return admin.post('/matchings', { job_post_id: jobPostId, worker_id: workerId, ...extra });
}

async function step(id: number, version: number, body: Record<string, unknown>) {
  const response = await admin.post(`/matchings/${id}/status`, { ...body, version });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number; version: number; status: string; status_history: unknown[] };
}

/** A matching walked to `status` the proper way (interview held; start date 30 days ahead). */
async function matchingIn(
  status: 'accepted' | 'contracted' | 'working',
  workerId: number,
  jobPostId?: number,
) {
  const created = await propose(jobPostId ?? (await post()).id, workerId);
  expect(created.statusCode, created.body).toBe(201);
  let m = created.json() as { id: number; version: number };
  m = await step(m.id, m.version, { status: 'interview' });
  m = await step(m.id, m.version, { status: 'accepted' });
  if (status === 'accepted') return m;
  m = await step(m.id, m.version, { status: 'contracted', start_date: START });
  if (status === 'contracted') return m;
  return step(m.id, m.version, { status: 'working' });
}

describe('a worker contracted or working works for one employer', () => {
  it('warns with a link when proposed elsewhere, refuses the contract, and the index refuses a race', async () => {
    const worker = await insertWorker(ctx, branchId);
    const working = await matchingIn('working', worker.id);

    const preview = await admin.get(
      `/matchings/eligibility?job_post_id=${(await post()).id}&worker_id=${worker.id}`,
    );
    expect(preview.json().issues).toContainEqual(
      expect.objectContaining({
        code: 'WORKER_ENGAGED',
        severity: 'warning',
        related: [expect.objectContaining({ resource: 'matchings', id: working.id })],
      }),
    );
    const second = await propose((await post()).id, worker.id, { override_reason: '이직 상담' });
    expect(second.statusCode, second.body).toBe(201);
    let m = second.json();
    m = await step(m.id, m.version, { status: 'interview' });
    m = await step(m.id, m.version, { status: 'accepted' });
    const refused = await admin.post(`/matchings/${m.id}/status`, {
      status: 'contracted',
      start_date: START,
      override_reason: '사업장 변경',
      version: m.version,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('VISA_NOT_ELIGIBLE');
    expect(refused.json().error.details).toContainEqual(
      expect.objectContaining({ resource: 'matchings', id: working.id }),
    );
  });

  it('lets exactly one of two simultaneous contracts of one worker win', async () => {
    const worker = await insertWorker(ctx, branchId);
    const [a, b] = [await matchingIn('accepted', worker.id), await matchingIn('accepted', worker.id)];
    const contract = (m: { id: number; version: number }) =>
      superAdmin.post(`/matchings/${m.id}/status`, {
        status: 'contracted',
        start_date: START,
        override_reason: '동시 계약 시험',
        version: m.version,
      });
    const results = await Promise.all([contract(a!), contract(b!)]);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    // The loser either saw the winner (422, the rule) or lost the race at the unique index (409).
    const loser = results.find((r) => r.statusCode !== 200)!;
    expect([409, 422], `${engine}: ${loser.body}`).toContain(loser.statusCode);
  });
});

describe('one job per worker only for the one-employer visas (docs/law-as-data.md#visas, migration 0042)', () => {
  const contract = (m: { id: number; version: number }) =>
    superAdmin.post(`/matchings/${m.id}/status`, {
      status: 'contracted',
      start_date: START,
      override_reason: '동시 계약 시험',
      version: m.version,
    });

  it('lets an F-5 worker take two jobs at once: both simultaneous contracts succeed', async () => {
    const worker = await insertWorker(ctx, branchId, { visaType: 'F-5', visaExpiryDate: null });
    const [a, b] = [await matchingIn('accepted', worker.id), await matchingIn('accepted', worker.id)];
    const results = await Promise.all([contract(a!), contract(b!)]);
    expect(
      results.map((r) => r.statusCode),
      `${engine}: ${results.map((r) => r.body).join(' / ')}`,
    ).toEqual([200, 200]);
  });

  it('refuses a visa edit to E-9 while the worker holds two jobs (409, listing them); F-2 is no bar', async () => {
    const worker = await insertWorker(ctx, branchId, { visaType: 'F-5', visaExpiryDate: null });
    const first = await matchingIn('contracted', worker.id);
    const second = await matchingIn('contracted', worker.id);
    const versionOf = async () =>
      (await ctx.db.select().from(workers).where(eq(workers.id, worker.id)))[0]!.version;
    const refused = await admin.patch(`/workers/${worker.id}`, {
      visa_type: 'E-9',
      visa_expiry_date: '2030-01-01',
      version: await versionOf(),
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'MATCHINGS_AFFECTED' });
    expect(refused.json().error.message).toContain('E-9 체류자격은 한 사업장에서만 일할 수 있습니다');
    expect(
      refused
        .json()
        .error.details.map((d: { id: number }) => d.id)
        .sort(),
    ).toEqual([first.id, second.id].sort());
    const [stored] = await ctx.db.select().from(workers).where(eq(workers.id, worker.id));
    expect(stored?.visaType).toBe('F-5');
    const f2 = await admin.patch(`/workers/${worker.id}`, {
      visa_type: 'F-2',
      visa_expiry_date: '2030-01-01',
      version: await versionOf(),
    });
    expect(f2.statusCode, f2.body).toBe(200);
  });
});

describe('a visa is judged by its dates and its cancellation', () => {
  it('refuses a worker whose visa is cancelled, or expired last year but stored as 유효', async () => {
    const cancelled = await insertWorker(ctx, branchId, { visaStatus: 'cancelled' });
    const stale = await insertWorker(ctx, branchId, {
      visaStatus: 'valid',
      visaExpiryDate: addDays(TODAY, -300),
    });
    const jobPostId = (await post()).id;
    for (const [worker, code] of [
      [cancelled, 'VISA_CANCELLED'],
      [stale, 'VISA_EXPIRED'],
    ] as const) {
      const response = await propose(jobPostId, worker.id, { override_reason: '예외' });
      expect(response.statusCode).toBe(422);
      expect(response.json().error.code).toBe('VISA_NOT_ELIGIBLE');
      const preview = await admin.get(
        `/matchings/eligibility?job_post_id=${jobPostId}&worker_id=${worker.id}`,
      );
      expect(preview.json().issues[0]).toMatchObject({ code, severity: 'hard' });
    }
    const detail = (await admin.get(`/workers/${stale.id}`)).json();
    expect(detail).toMatchObject({ visa_status: 'valid', visa_validity: 'expired' });
  });

  it('refuses an edit that would leave a contract without a visa, listing the matching, by every route', async () => {
    const worker = await insertWorker(ctx, branchId, { visaExpiryDate: addDays(TODAY, 400) });
    const m = await matchingIn('contracted', worker.id);
    const current = (await admin.get(`/workers/${worker.id}`)).json();

    const shortened = await admin.patch(`/workers/${worker.id}`, {
      visa_expiry_date: addDays(START, -1),
      version: current.version,
    });
    expect(shortened.statusCode).toBe(409);
    expect(shortened.json().error).toMatchObject({
      code: 'MATCHINGS_AFFECTED',
      details: [{ field: 'visa_expiry_date', resource: 'matchings', id: m.id }],
    });
    expect(shortened.json().error.details[0].label).toContain(`#${m.id}`);
    const cancelledVisa = await admin.patch(`/workers/${worker.id}`, {
      visa_status: 'cancelled',
      version: current.version,
    });
    expect(cancelledVisa.statusCode).toBe(409);
    const otherVisa = await admin.patch(`/workers/${worker.id}`, {
      visa_type: 'D-10',
      version: current.version,
    });
    expect(otherVisa.statusCode).toBe(409);
    // An unrelated edit passes.
    const phone = await admin.patch(`/workers/${worker.id}`, {
      phone_number: '010-9999-8888',
      version: current.version,
    });
    expect(phone.statusCode, phone.body).toBe(200);

    const moved = await admin.patch(`/matchings/${m.id}`, {
      start_date: addDays(TODAY, 500),
      version: m.version,
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.details[0]).toMatchObject({
      field: 'start_date',
      resource: 'matchings',
      id: m.id,
    });
    const within = await admin.patch(`/matchings/${m.id}`, {
      start_date: addDays(TODAY, 60),
      version: m.version,
    });
    expect(within.statusCode, within.body).toBe(200);
  });

  it('refuses to depart or delete a worker whose matching is under way', async () => {
    const worker = await insertWorker(ctx, branchId);
    const m = await matchingIn('working', worker.id);
    const deleted = await admin.delete(`/workers/${worker.id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error).toMatchObject({
      code: 'LIVE_MATCHINGS',
      message: recordMessages.workerHasLiveMatchings,
      details: [{ resource: 'matchings', id: m.id }],
    });
    expect((await admin.get(`/workers/${worker.id}`)).statusCode).toBe(200);
  });

  it('refuses a post edit that would break a held matching (visas, industry, kind of work)', async () => {
    const worker = await insertWorker(ctx, branchId);
    const jobPost = await post();
    const m = await matchingIn('contracted', worker.id, jobPost.id);
    const current = (await admin.get(`/job-posts/${jobPost.id}`)).json();
    const visas = await admin.patch(`/job-posts/${jobPost.id}`, {
      allowed_visa_types: ['H-2'],
      version: current.version,
    });
    expect(visas.statusCode).toBe(409);
    expect(visas.json().error.details[0]).toMatchObject({ resource: 'matchings', id: m.id });
    const industry = await admin.patch(`/job-posts/${jobPost.id}`, {
      industry: 'cleaning',
      allowed_visa_types: ['E-9', 'H-2'],
      version: current.version,
    });
    expect(industry.statusCode).toBe(422);
    const partTime = await admin.patch(`/job-posts/${jobPost.id}`, {
      employment_type: 'part_time',
      version: current.version,
    });
    expect(partTime.statusCode, partTime.body).toBe(200);
  });
});

describe('심사 중 comes from a filed extension, never from a plain edit', () => {
  it('refuses it on a create and on an edit, past expiry and under a working contract; filing sets it', async () => {
    const created = await admin.post(
      '/workers',
      workerBody(branchId, { visa_status: 'pending', alien_reg_no: null, passport_no: null }),
    );
    // Refused by the create contract itself (the one imports check rows with too).
    expect(created.statusCode, created.body).toBe(400);
    expect(created.json().error.details).toEqual([
      { field: 'visa_status', message: recordMessages.visaPendingFromExtension },
    ]);

    const worker = await insertWorker(ctx, branchId, { visaExpiryDate: addDays(TODAY, 400) });
    const m = await matchingIn('working', worker.id);
    // Time passes: work began 60 days ago, the visa ran out 30 days ago, no extension filed.
    await ctx.db
      .update(matchings)
      .set({ startDate: addDays(TODAY, -60), contractDate: addDays(TODAY, -61) })
      .where(eq(matchings.id, m.id));
    await ctx.db
      .update(workers)
      .set({ visaExpiryDate: addDays(TODAY, -30) })
      .where(eq(workers.id, worker.id));
    const current = (await admin.get(`/workers/${worker.id}`)).json();
    expect(current.visa_validity).toBe('expired');
    const edit = await admin.patch(`/workers/${worker.id}`, {
      visa_status: 'pending',
      version: current.version,
    });
    expect(edit.statusCode, edit.body).toBe(422);
    expect(edit.json().error.details).toEqual([
      { field: 'visa_status', message: recordMessages.visaPendingFromExtension },
    ]);
    const unchanged = (await admin.get(`/workers/${worker.id}`)).json();
    expect(unchanged).toMatchObject({
      visa_status: 'valid',
      visa_validity: 'expired',
      version: current.version,
    });

    // Filing the extension is the door: the visa is under review, the working contract stands. It was filed
    // before the expiry (출입국관리법 제25조, docs/DOMAIN.md#identity) and is recorded now.
    const filed = await admin.patch(`/workers/${worker.id}/extension`, {
      extension_status: 'applied',
      extension_applied_at: addDays(TODAY, -35),
      version: current.version,
    });
    expect(filed.statusCode, filed.body).toBe(200);
    expect(filed.json()).toMatchObject({
      extension_status: 'applied',
      visa_status: 'pending',
      visa_validity: 'pending',
    });
    // The form sends the status back as it stands: an edit of something else goes through.
    const resent = await admin.patch(`/workers/${worker.id}`, {
      visa_status: 'pending',
      phone_number: '010-7777-6666',
      version: filed.json().version,
    });
    expect(resent.statusCode, resent.body).toBe(200);
    // Withdrawing the extension would leave the working contract on an expired visa.
    const withdrawn = await admin.patch(`/workers/${worker.id}/extension`, {
      extension_status: 'none',
      version: resent.json().version,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(409);
    expect(withdrawn.json().error).toMatchObject({ code: 'MATCHINGS_AFFECTED', details: [{ id: m.id }] });
  });

  it('a withdrawn extension takes the visa back to what its dates say', async () => {
    const worker = await insertWorker(ctx, branchId, { visaExpiryDate: addDays(TODAY, 20) });
    const filed = await admin.patch(`/workers/${worker.id}/extension`, {
      extension_status: 'applied',
      version: worker.version,
    });
    expect(filed.json()).toMatchObject({ visa_status: 'pending' });
    const withdrawn = await admin.patch(`/workers/${worker.id}/extension`, {
      extension_status: 'none',
      version: filed.json().version,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({
      extension_status: 'none',
      visa_status: 'valid',
      visa_validity: 'valid',
    });
  });
});

describe('a post is matchable only while open and its employer approved', () => {
  it('suspends or closes the posts with their employer, and refuses new matchings to them', async () => {
    const employer = await insertEmployer(ctx, branchId);
    await grantPermits(ctx, employer.id);
    const open = await post({}, employer.id);
    const employerNow = (await admin.get(`/employers/${employer.id}`)).json();
    const suspended = await admin.post(`/employers/${employer.id}/status`, {
      status: 'suspended',
      reason: '서류 미비',
      version: employerNow.version,
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect((await admin.get(`/job-posts/${open.id}`)).json().status).toBe('suspended');
    const refused = await propose(open.id, (await insertWorker(ctx, branchId)).id, {
      override_reason: '예외',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.details[0]).toMatchObject({ field: 'job_post_id' });

    const reapproved = await admin.post(`/employers/${employer.id}/status`, {
      status: 'approved',
      version: suspended.json().version,
    });
    expect(reapproved.statusCode, reapproved.body).toBe(200);
    expect((await admin.get(`/job-posts/${open.id}`)).json().status).toBe('suspended');

    const withdrawn = await admin.post(`/employers/${employer.id}/status`, {
      status: 'withdrawn',
      reason: '폐업',
      version: reapproved.json().version,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await admin.get(`/job-posts/${open.id}`)).json().status).toBe('closed');
    const history = (await admin.get(`/job-posts/${open.id}/history`)).json().data;
    expect(history[0].reason).toBe(recordMessages.postsFollowEmployer('탈퇴'));
  });
});

describe('the later steps need an approved employer and an active or closed post', () => {
  const STEPS = [
    { from: 'interview', to: 'accepted' },
    { from: 'accepted', to: 'contracted' },
    { from: 'contracted', to: 'working' },
  ] as const;

  /** A matching just before the step, its post and its employer. */
  async function before(from: (typeof STEPS)[number]['from']) {
    const employer = await insertEmployer(ctx, branchId);
    await grantPermits(ctx, employer.id);
    const open = await post({}, employer.id);
    const worker = await insertWorker(ctx, branchId);
    let m = (await propose(open.id, worker.id)).json() as { id: number; version: number };
    m = await step(m.id, m.version, { status: 'interview' });
    if (from !== 'interview') m = await step(m.id, m.version, { status: 'accepted' });
    if (from === 'contracted') m = await step(m.id, m.version, { status: 'contracted', start_date: START });
    return { m, postId: open.id, employerId: employer.id };
  }

  const bodyOf = (to: string) => (to === 'contracted' ? { status: to, start_date: START } : { status: to });

  it.each(STEPS)(
    '$from → $to is refused at a suspended, withdrawn or pending employer',
    async ({ from, to }) => {
      for (const status of ['suspended', 'withdrawn', 'pending'] as const) {
        const { m, employerId } = await before(from);
        await ctx.db.update(employers).set({ status }).where(eq(employers.id, employerId));
        const refused = await superAdmin.post(`/matchings/${m.id}/status`, {
          ...bodyOf(to),
          override_reason: '예외 진행',
          version: m.version,
        });
        expect(refused.statusCode, `${status}: ${refused.body}`).toBe(422);
        expect(refused.json().error.code).toBe('VISA_NOT_ELIGIBLE');
        expect(refused.json().error.message).toMatch(/^승인된 사업주의 매칭만/);
        expect(refused.json().error.details[0].field).toBe('job_post_id');
        expect((await admin.get(`/matchings/${m.id}`)).json().status).toBe(from);
        await ctx.db.update(employers).set({ status: 'approved' }).where(eq(employers.id, employerId));
      }
    },
  );

  it.each(STEPS)(
    '$from → $to is refused on a draft, pending, rejected or suspended post',
    async ({ from, to }) => {
      for (const status of ['draft', 'pending', 'rejected', 'suspended'] as const) {
        const { m, postId } = await before(from);
        await ctx.db.update(jobPosts).set({ status }).where(eq(jobPosts.id, postId));
        const refused = await superAdmin.post(`/matchings/${m.id}/status`, {
          ...bodyOf(to),
          override_reason: '예외 진행',
          version: m.version,
        });
        expect(refused.statusCode, `${status}: ${refused.body}`).toBe(422);
        expect(refused.json().error.code).toBe('VISA_NOT_ELIGIBLE');
        expect(refused.json().error.message).toMatch(/^게시 중이거나 마감된 채용공고의 매칭만/);
        expect((await admin.get(`/matchings/${m.id}`)).json().status).toBe(from);
        await ctx.db.update(jobPosts).set({ status: 'active' }).where(eq(jobPosts.id, postId));
      }
    },
  );

  it.each(STEPS)('$from → $to goes ahead on a closed post of an approved employer', async ({ from, to }) => {
    const { m, postId } = await before(from);
    await ctx.db
      .update(jobPosts)
      .set({ status: 'closed', closedAt: new Date() })
      .where(eq(jobPosts.id, postId));
    await step(m.id, m.version, bodyOf(to));
  });
});

describe('steps and dates', () => {
  it('records a skipped interview with its reason, refuses it without one', async () => {
    const created = (await propose((await post()).id, (await insertWorker(ctx, branchId)).id)).json();
    const bare = await admin.post(`/matchings/${created.id}/status`, {
      status: 'accepted',
      version: created.version,
    });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().error.details[0].field).toBe('reason');
    const skipped = await step(created.id, created.version, { status: 'accepted', reason: '재입사 근로자' });
    expect(skipped.status_history.at(-1)).toMatchObject({
      from_status: 'proposed',
      to_status: 'accepted',
      reason: recordMessages.interviewSkipped('재입사 근로자'),
    });
  });

  it('refuses work starting in the future and a completion ending in the future', async () => {
    const m = await matchingIn('contracted', (await insertWorker(ctx, branchId)).id);
    const future = await admin.post(`/matchings/${m.id}/status`, {
      status: 'working',
      start_date: addDays(TODAY, 3),
      version: m.version,
    });
    expect(future.statusCode).toBe(422);
    expect(future.json().error.details[0]).toEqual({
      field: 'start_date',
      message: recordMessages.startDateInFuture,
    });
    const working = await step(m.id, m.version, { status: 'working' });
    const later = await admin.post(`/matchings/${m.id}/status`, {
      status: 'completed',
      end_date: addDays(TODAY, 10),
      version: working.version,
    });
    expect(later.statusCode).toBe(422);
    expect(later.json().error.details[0]).toEqual({
      field: 'end_date',
      message: recordMessages.endDateInFuture,
    });
    const movedStart = await admin.patch(`/matchings/${m.id}`, {
      start_date: addDays(TODAY, 5),
      version: working.version,
    });
    expect(movedStart.statusCode).toBe(422);
    const done = await step(m.id, working.version, { status: 'completed' });
    const movedEnd = await admin.patch(`/matchings/${m.id}`, {
      end_date: addDays(TODAY, 5),
      version: done.version,
    });
    expect(movedEnd.statusCode).toBe(422);
  });
});

describe('posts, payouts, branches and counts', () => {
  it('refuses visas the industry does not permit, on create and on edit', async () => {
    const employer = await insertEmployer(ctx, branchId);
    await grantPermits(ctx, employer.id);
    const created = await admin.post(
      '/job-posts',
      jobPostBody(employer.id, { allowed_visa_types: ['E-9', 'E-8', 'D-10', 'E-10'] }),
    );
    // The service decides, with the operator's pilot sectors (docs/law-as-data.md#operator-kept-rows): 422 as an edit.
    expect(created.statusCode).toBe(422);
    expect(created.json().error.details[0]).toMatchObject({ field: 'allowed_visa_types' });
    expect(created.json().error.details[0].message).toContain('제조업은');
    const fine = (await admin.post('/job-posts', jobPostBody(employer.id))).json();
    const edited = await admin.patch(`/job-posts/${fine.id}`, {
      industry: 'cleaning',
      version: fine.version,
    });
    expect(edited.statusCode).toBe(422);
    expect(edited.json().error.details[0].field).toBe('allowed_visa_types');
  });

  it('puts nothing new in an inactive branch', async () => {
    // What the branch held when it closed stays there (docs/domain-integrity.md#an-inactive-branch).
    const closed = await insertBranch(ctx);
    const employerThere = await insertEmployer(ctx, closed.id);
    await grantPermits(ctx, employerThere.id);
    // A post of the branch's employer, published before the branch closed (its branch is its employer's, docs/DOMAIN.md#invariants, I-23).
    const openPost = await post({}, employerThere.id);
    await ctx.db.execute(
      sql`UPDATE branches SET status = 'inactive', updated_at = now() WHERE id = ${closed.id}`,
    );
    const worker = await admin.post('/workers', workerBody(closed.id, { alien_reg_no: '900101-5777777' }));
    expect(worker.statusCode).toBe(422);
    expect(worker.json().error.details[0]).toEqual({
      field: 'branch_id',
      message: recordMessages.branchInactive,
    });
    const existing = await insertWorker(ctx, branchId);
    const moved = await admin.patch(`/workers/${existing.id}`, {
      branch_id: closed.id,
      version: existing.version,
    });
    expect(moved.statusCode).toBe(422);
    expect((await admin.post('/job-posts', jobPostBody(employerThere.id))).statusCode).toBe(422);
    const matching = await propose(openPost.id, existing.id, { override_reason: '예외' });
    expect(matching.statusCode).toBe(422);
  });

  it('refuses to delete a resume a live matching uses', async () => {
    const worker = await insertWorker(ctx, branchId);
    const resume = (await admin.post('/resumes', resumeBody(worker.id, { status: 'active' }))).json();
    const created = await propose((await post()).id, worker.id, { resume_id: resume.id });
    expect(created.statusCode, created.body).toBe(201);
    const deleted = await admin.delete(`/resumes/${resume.id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error.details[0]).toMatchObject({ resource: 'matchings', id: created.json().id });
  });

  it('writes visa names with the right particle', async () => {
    const worker = await insertWorker(ctx, branchId, { visaType: 'D-2' });
    const jobPostId = (await post({ allowed_visa_types: ['D-2', 'E-9'] })).id;
    const preview = (
      await admin.get(`/matchings/eligibility?job_post_id=${jobPostId}&worker_id=${worker.id}`)
    ).json();
    expect(preview.issues[0].message).toBe('D-2 유학은 시간제(아르바이트) 일자리만 가능합니다.');
  });
});
