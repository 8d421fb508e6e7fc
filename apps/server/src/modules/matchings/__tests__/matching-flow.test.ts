import { MATCHING_TRANSITIONS, recordMessages } from '@ilson/contracts';
import { and, asc, eq } from 'drizzle-orm';
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
import { verifyAuditChain } from '../../../audit/chain';
import { auditLogs, jobPosts, workers } from '../../../db/schema';
import { seoulToday } from '../../../lib/dates';

let ctx: TestContext;
let admin: Api;
let manager: Api;
let viewer: Api;
let branchId: number;
let employerId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  // START is in 2027: its minimum wage set, as an operator sets it before contracting in a new year.
  await setFutureMinimumWages(ctx);
  branchId = (await insertBranch(ctx)).id;
  employerId = (await insertEmployer(ctx, branchId)).id;
  await grantPermits(ctx, employerId);
  admin = (await signedIn(ctx, 'admin')).api;
  manager = (await signedIn(ctx, 'branch_manager', branchId)).api;
  viewer = (await signedIn(ctx, 'viewer')).api;
});
afterAll(async () => {
  await ctx?.close();
});

type Step = { status: string; reason?: string; start_date?: string; override_reason?: string };
const START = '2027-01-04';
const ACCEPT: Step[] = [{ status: 'interview' }, { status: 'accepted' }];
const PATHS: Record<string, Step[]> = {
  proposed: [],
  interview: [{ status: 'interview' }],
  accepted: ACCEPT,
  contracted: [...ACCEPT, { status: 'contracted', start_date: START }],
  working: [...ACCEPT, { status: 'contracted', start_date: START }, { status: 'working' }],
  completed: [
    ...ACCEPT,
    { status: 'contracted', start_date: START },
    { status: 'working' },
    { status: 'completed' },
  ],
  cancelled: [{ status: 'cancelled', reason: '근로자 연락 두절' }],
};

async function post(overrides: Record<string, unknown> = {}) {
  return (await activeJobPost(admin, employerId, overrides)).id;
}

async function matching(jobPostId: number, workerId: number, extra: Record<string, unknown> = {}) {
  const response = await admin.post('/matchings', { job_post_id: jobPostId, worker_id: workerId, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; version: number };
}

async function step(id: number, version: number, body: Step, api = admin) {
  const response = await api.post(`/matchings/${id}/status`, { ...body, version });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** proposed → interview → accepted. */
async function accept(id: number, version: number) {
  const interviewed = await step(id, version, { status: 'interview' });
  return step(id, interviewed.version, { status: 'accepted' });
}

async function inStatus(status: string) {
  const w = await insertWorker(ctx, branchId);
  const m = await matching(await post(), w.id);
  let version = m.version;
  for (const s of PATHS[status]!) version = (await step(m.id, version, s)).version;
  return { id: m.id, version, workerId: w.id };
}

const workerStatus = async (id: number) =>
  (await ctx.db.select({ status: workers.status }).from(workers).where(eq(workers.id, id)))[0]?.status;
const filled = async (id: number) =>
  (await ctx.db.select({ n: jobPosts.filledCount }).from(jobPosts).where(eq(jobPosts.id, id)))[0]?.n;

describe('the minimum wage of the year work starts (docs/law-as-data.md#wages)', () => {
  it('refuses the contract step when that year has no minimum wage set, naming the year and the setting', async () => {
    const w = await insertWorker(ctx, branchId, { visaExpiryDate: '2100-12-31' });
    const m = await matching(await post(), w.id, {
      agreed_salary_type: 'monthly',
      agreed_salary_amount: 3_000_000,
    });
    const accepted = await accept(m.id, m.version);
    const refused = await admin.post(`/matchings/${m.id}/status`, {
      status: 'contracted',
      start_date: '2099-03-02',
      version: accepted.version,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(
      '2099년 최저임금이 설정되어 있지 않습니다. 설정 > 연도별 최저시급에 2099년 금액을 입력해 주세요.',
    );
    const lawful = await step(m.id, accepted.version, { status: 'contracted', start_date: '2026-12-28' });
    expect(lawful.status).toBe('contracted');
  });
});

describe('the matching flow', () => {
  it('walks proposed → interview → accepted → contracted → working → completed; worker and headcount follow', async () => {
    const jobPostId = await post({ headcount: 2 });
    const w = await insertWorker(ctx, branchId);
    const m = await matching(jobPostId, w.id);
    expect(await workerStatus(w.id)).toBe('matched');

    let body = await step(m.id, m.version, {
      status: 'interview',
      interview_at: '2026-12-10T14:00:00+09:00',
    } as Step);
    expect(body.interview_at).toBe('2026-12-10T05:00:00.000Z');
    body = await step(m.id, body.version, { status: 'accepted' }, manager);
    body = await step(m.id, body.version, { status: 'contracted', start_date: START });
    expect(body).toMatchObject({ status: 'contracted', start_date: START, contract_date: seoulToday() });
    expect(await filled(jobPostId)).toBe(1);
    expect(await workerStatus(w.id)).toBe('matched');
    expect((await admin.get(`/job-posts/${jobPostId}`)).json().filled_count).toBe(1);

    body = await step(m.id, body.version, { status: 'working' });
    expect(await workerStatus(w.id)).toBe('working');
    expect(await filled(jobPostId)).toBe(1);
    expect((await admin.get(`/workers/${w.id}`)).json().status).toBe('working');

    body = await step(m.id, body.version, { status: 'completed' });
    expect(body).toMatchObject({ status: 'completed', end_date: seoulToday() });
    expect(await workerStatus(w.id)).toBe('seeking');
    expect(await filled(jobPostId)).toBe(0);

    expect(
      body.status_history.map((h: { from_status: string | null; to_status: string }) => [
        h.from_status,
        h.to_status,
      ]),
    ).toEqual([
      [null, 'proposed'],
      ['proposed', 'interview'],
      ['interview', 'accepted'],
      ['accepted', 'contracted'],
      ['contracted', 'working'],
      ['working', 'completed'],
    ]);
    expect(body.status_history.every((h: { changed_by_name: string }) => h.changed_by_name)).toBe(true);

    const workerLog = await ctx.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.targetType, 'worker'),
          eq(auditLogs.targetId, String(w.id)),
          eq(auditLogs.action, 'UPDATE'),
        ),
      )
      .orderBy(asc(auditLogs.id));
    expect(workerLog.map((row) => row.diff)).toEqual([
      { status: { before: 'seeking', after: 'matched' } },
      { status: { before: 'matched', after: 'working' } },
      { status: { before: 'working', after: 'seeking' } },
    ]);
    expect(workerLog[0]?.reason).toBe(recordMessages.workerFollowsMatching(m.id));
    const postLog = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'job_post'), eq(auditLogs.targetId, String(jobPostId))))
      .orderBy(asc(auditLogs.id));
    expect(postLog.filter((row) => row.summary.startsWith('충원')).map((row) => row.diff)).toEqual([
      { filledCount: { before: 0, after: 1 } },
      { filledCount: { before: 1, after: 0 } },
    ]);
    const matchingLog = (await admin.get(`/matchings/${m.id}/history`)).json().data;
    expect(matchingLog.map((h: { summary: string }) => h.summary)).toContain('상태 변경: 합격 → 계약 완료');
  });

  it.each(MATCHING_TRANSITIONS.map((t) => ({ from: t.from, to: t.to, reason: t.reasonRequired })))(
    'allows $from → $to',
    async ({ from, to, reason }) => {
      const { id, version } = await inStatus(from);
      if (reason) {
        const missing = await admin.post(`/matchings/${id}/status`, { status: to, version });
        expect(missing.statusCode).toBe(422);
        expect(missing.json().error.details[0].field).toBe('reason');
      }
      const response = await admin.post(`/matchings/${id}/status`, {
        status: to,
        reason: '사유',
        ...(to === 'contracted' ? { start_date: START } : {}),
        version,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().status).toBe(to);
    },
  );

  it.each([
    ['proposed', 'contracted'],
    ['proposed', 'working'],
    ['accepted', 'interview'],
    ['contracted', 'completed'],
    ['working', 'cancelled'],
    ['completed', 'working'],
    ['cancelled', 'proposed'],
  ])('refuses %s → %s with 409 INVALID_TRANSITION', async (from, to) => {
    const { id, version } = await inStatus(from);
    const response = await admin.post(`/matchings/${id}/status`, { status: to, reason: '사유', version });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('INVALID_TRANSITION');
  });

  it('cancels with a reason: kept as cancelReason, the worker seeks again, the headcount frees up', async () => {
    const { id, version, workerId } = await inStatus('contracted');
    const jobPostId = (await admin.get(`/matchings/${id}`)).json().job_post_id;
    expect(await filled(jobPostId)).toBe(1);
    const body = await step(id, version, { status: 'cancelled', reason: '입국 지연' });
    expect(body).toMatchObject({ status: 'cancelled', cancel_reason: '입국 지연' });
    expect(body.status_history.at(-1)).toMatchObject({ to_status: 'cancelled', reason: '입국 지연' });
    expect(await filled(jobPostId)).toBe(0);
    expect(await workerStatus(workerId)).toBe('seeking');
  });

  it('terminates from working with a reason and an end date', async () => {
    const { id, version, workerId } = await inStatus('working');
    const body = await step(id, version, {
      status: 'terminated',
      reason: '사업장 변경',
      end_date: '2027-03-31',
    } as Step);
    expect(body).toMatchObject({
      status: 'terminated',
      cancel_reason: '사업장 변경',
      end_date: '2027-03-31',
    });
    expect(await workerStatus(workerId)).toBe('seeking');
  });

  it('keeps the worker working while another matching works, and matched while one is open', async () => {
    const w = await insertWorker(ctx, branchId);
    const first = await matching(await post(), w.id);
    const second = await matching(await post(), w.id);
    let version = second.version;
    for (const s of PATHS.working!) version = (await step(second.id, version, s)).version;
    expect(await workerStatus(w.id)).toBe('working');
    await step(first.id, first.version, { status: 'cancelled', reason: '중복' });
    expect(await workerStatus(w.id)).toBe('working');
    await step(second.id, version, { status: 'completed' });
    expect(await workerStatus(w.id)).toBe('seeking');
  });

  it('leaves an inactive worker’s manual state unless the matching puts them to work', async () => {
    const w = await insertWorker(ctx, branchId, { status: 'inactive' });
    const m = await matching(await post(), w.id, { override_reason: '복귀 예정' });
    expect(await workerStatus(w.id)).toBe('inactive');
    let body = await accept(m.id, m.version);
    body = await step(m.id, body.version, { status: 'contracted', start_date: START });
    expect(await workerStatus(w.id)).toBe('inactive');
    body = await step(m.id, body.version, { status: 'working' });
    expect(await workerStatus(w.id)).toBe('working');
  });

  it('needs a start date to contract', async () => {
    const { id, version } = await inStatus('accepted');
    const response = await admin.post(`/matchings/${id}/status`, { status: 'contracted', version });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details[0]).toEqual({
      field: 'start_date',
      message: recordMessages.startDateRequired,
    });
  });

  it('lets a viewer do nothing and refuses a stale version', async () => {
    const { id, version } = await inStatus('proposed');
    expect((await viewer.post(`/matchings/${id}/status`, { status: 'interview', version })).statusCode).toBe(
      403,
    );
    await step(id, version, { status: 'interview' });
    const stale = await admin.post(`/matchings/${id}/status`, { status: 'accepted', version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('CONFLICT');
  });
});

describe('the visa check at contract', () => {
  it('blocks a contract when the visa expires before the start date, override or not', async () => {
    const superAdmin = (await signedIn(ctx, 'super_admin')).api;
    const w = await insertWorker(ctx, branchId, { visaExpiryDate: '2027-02-01' });
    const m = await matching(await post(), w.id);
    const accepted = await accept(m.id, m.version);
    const refused = await superAdmin.post(`/matchings/${m.id}/status`, {
      status: 'contracted',
      start_date: '2027-03-01',
      override_reason: '연장 신청 중',
      version: accepted.version,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'VISA_NOT_ELIGIBLE',
      details: [
        { field: 'start_date', message: '체류 만료일(2027-02-01)이 근무 시작일(2027-03-01)보다 앞섭니다.' },
      ],
    });
    expect((await admin.get(`/matchings/${m.id}`)).json().status).toBe('accepted');

    // Starting before the expiry leaves a warning (the visa ends during the contract): an admin may override it.
    const warned = await admin.post(`/matchings/${m.id}/status`, {
      status: 'contracted',
      start_date: '2027-01-15',
      version: accepted.version,
    });
    expect(warned.statusCode).toBe(422);
    expect(warned.json().error.code).toBe('ELIGIBILITY_WARNING');
    const contracted = await step(m.id, accepted.version, {
      status: 'contracted',
      start_date: '2027-01-15',
      override_reason: '연장 승인 예정',
    });
    expect(contracted).toMatchObject({ status: 'contracted', override_reason: '연장 승인 예정' });
    expect(contracted.status_history.at(-1).reason).toBe('예외 진행 사유: 연장 승인 예정');
  });

  it('asks for an override when the headcount filled up meanwhile, not for one already given', async () => {
    const jobPostId = await post({ headcount: 1 });
    const first = await matching(jobPostId, (await insertWorker(ctx, branchId)).id);
    const second = await matching(jobPostId, (await insertWorker(ctx, branchId, { koreanLevel: 'none' })).id);
    let version = first.version;
    for (const s of PATHS.contracted!) version = (await step(first.id, version, s)).version;
    const accepted = await accept(second.id, second.version);
    const refused = await manager.post(`/matchings/${second.id}/status`, {
      status: 'contracted',
      start_date: START,
      version: accepted.version,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.details).toEqual([
      { field: 'override_reason', message: '채용공고의 모집 인원이 이미 찼습니다.' },
    ]);
    const overridden = await step(second.id, accepted.version, {
      status: 'contracted',
      start_date: START,
      override_reason: '추가 채용 합의',
    });
    expect(overridden.status).toBe('contracted');
    expect(await filled(jobPostId)).toBe(2);
  });
});

describe('the access log', () => {
  it('stays one unbroken chain through every change above', async () => {
    expect(await verifyAuditChain(ctx.db)).toMatchObject({ ok: true });
  });
});
