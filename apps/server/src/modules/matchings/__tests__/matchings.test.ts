import { minimumWageUnknownMessage, recordMessages, SETTINGS_DEFAULTS } from '@ilson/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  activeJobPost,
  grantPermits,
  insertBranch,
  insertEmployer,
  insertMatching,
  insertWorker,
  signedIn,
} from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { auditLogs, jobPosts, matchings, settings, workers } from '../../../db/schema';

let ctx: TestContext;
let admin: Api;
let adminId: number;
let manager: Api;
let viewer: Api;
let branchId: number;
let otherBranchId: number;
let employerId: number;
let postId: number;
let koreanPostId: number;
let otherPostId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  branchId = (await insertBranch(ctx, { name: '안산지점' })).id;
  otherBranchId = (await insertBranch(ctx, { name: '부산지점' })).id;
  employerId = (await insertEmployer(ctx, branchId, { companyName: '(주)한빛정밀' })).id;
  await grantPermits(ctx, employerId);
  const otherEmployer = (await insertEmployer(ctx, otherBranchId, { companyName: '바다수산' })).id;
  await grantPermits(ctx, otherEmployer);
  const signed = await signedIn(ctx, 'admin');
  admin = signed.api;
  adminId = signed.admin.id;
  manager = (await signedIn(ctx, 'branch_manager', branchId)).api;
  viewer = (await signedIn(ctx, 'viewer')).api;
  postId = (await activeJobPost(admin, employerId, { title: '조립 생산직', headcount: 5 })).id;
  koreanPostId = (
    await activeJobPost(admin, employerId, { title: '품질 검사', required_korean_level: 'topik3' })
  ).id;
  otherPostId = (
    await activeJobPost(admin, otherEmployer, {
      title: '양식장',
      industry: 'fishery',
      allowed_visa_types: ['E-9', 'H-2'],
    })
  ).id;
});
afterAll(async () => {
  await ctx?.close();
});

const worker = (values: Partial<typeof workers.$inferInsert> = {}, branch = branchId) =>
  insertWorker(ctx, branch, values);

describe('POST /matchings', () => {
  it('makes a proposed matching with the post’s employer, branch and pay, the default fee, and follows the worker', async () => {
    const w = await worker();
    const response = await admin.post('/matchings', {
      job_post_id: postId,
      worker_id: w.id,
      memo: '첫 연결',
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      job_post_id: postId,
      job_post_title: '조립 생산직',
      employer_id: employerId,
      employer_name: '(주)한빛정밀',
      worker_id: w.id,
      worker_name: '응우옌 반 안',
      worker_nationality: 'VN',
      worker_visa_type: 'E-9',
      industry: 'manufacturing',
      branch_id: branchId,
      branch_name: '안산지점',
      source: 'admin',
      manager_admin_id: adminId,
      agreed_salary_type: 'monthly',
      agreed_salary_amount: 2_500_000,
      fee_amount: 300_000,
      memo: '첫 연결',
      override_reason: null,
      status: 'proposed',
      version: 1,
    });
    expect(body.status_history).toEqual([
      expect.objectContaining({
        from_status: null,
        to_status: 'proposed',
        reason: null,
        changed_by_name: expect.any(String),
      }),
    ]);
    const [stored] = await ctx.db.select().from(workers).where(eq(workers.id, w.id));
    expect(stored).toMatchObject({ status: 'matched', version: 2 });
  });

  it('refuses a hard visa issue with 422 VISA_NOT_ELIGIBLE, even with an override reason', async () => {
    const w = await worker({ visaType: 'F-4' });
    const response = await admin.post('/matchings', {
      job_post_id: postId,
      worker_id: w.id,
      override_reason: '사장님 요청',
    });
    expect(response.statusCode).toBe(422);
    const error = response.json().error;
    expect(error.code).toBe('VISA_NOT_ELIGIBLE');
    expect(error.details.map((d: { message: string }) => d.message)).toEqual([
      '이 채용공고는 F-4 재외동포 체류자격을 허용하지 않습니다.',
      'F-4 재외동포는 단순노무 업무에 종사할 수 없습니다.',
    ]);
    expect(await ctx.db.select().from(matchings).where(eq(matchings.workerId, w.id))).toHaveLength(0);
  });

  it('refuses a warning without an override reason, listing it', async () => {
    const w = await worker({ koreanLevel: 'topik1' });
    const response = await admin.post('/matchings', { job_post_id: koreanPostId, worker_id: w.id });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toEqual({
      code: 'ELIGIBILITY_WARNING',
      message: recordMessages.overrideReasonRequired,
      details: [
        { field: 'override_reason', message: '근로자의 한국어 능력이 공고의 요구 수준보다 낮습니다.' },
      ],
    });
  });

  it('refuses the override to a role without matchings:override (branch manager)', async () => {
    const w = await worker({ koreanLevel: 'topik1' });
    const response = await manager.post('/matchings', {
      job_post_id: koreanPostId,
      worker_id: w.id,
      override_reason: '현장 면접 후 판단',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({
      code: 'ELIGIBILITY_WARNING',
      message: recordMessages.overrideNotPermitted,
    });
  });

  it('lets an admin override a warning with a reason, stored on the matching, its timeline and the log', async () => {
    const w = await worker({ koreanLevel: 'topik1' });
    const response = await admin.post('/matchings', {
      job_post_id: koreanPostId,
      worker_id: w.id,
      override_reason: '현장 면접 후 판단',
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.override_reason).toBe('현장 면접 후 판단');
    expect(body.status_history[0].reason).toBe('예외 진행 사유: 현장 면접 후 판단');
    const [log] = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'matching'), eq(auditLogs.targetId, String(body.id))));
    expect(log).toMatchObject({ action: 'CREATE', reason: '현장 면접 후 판단' });
    expect(log?.summary).toContain('예외 진행');
  });

  it('refuses a second open matching of the same worker on the same post with 409', async () => {
    const w = await worker();
    await admin.post('/matchings', { job_post_id: postId, worker_id: w.id });
    const again = await admin.post('/matchings', { job_post_id: postId, worker_id: w.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'CONFLICT',
      details: [{ field: 'worker_id', message: recordMessages.duplicateOpenMatching }],
    });
  });

  it('replays a create with the same Idempotency-Key', async () => {
    const w = await worker();
    const headers = { 'idempotency-key': 'matching-create-1' };
    const body = { job_post_id: postId, worker_id: w.id };
    const first = await admin.post('/matchings', body, headers);
    const second = await admin.post('/matchings', body, headers);
    expect(second.statusCode).toBe(201);
    expect(second.json().id).toBe(first.json().id);
  });

  it('refuses agreed pay under the minimum wage, a resume of another worker, and records out of scope', async () => {
    const w = await worker();
    const low = await admin.post('/matchings', {
      job_post_id: postId,
      worker_id: w.id,
      agreed_salary_type: 'hourly',
      agreed_salary_amount: 9_000,
    });
    expect(low.statusCode).toBe(422);
    expect(low.json().error.details[0].field).toBe('agreed_salary_amount');
    const wrongResume = await admin.post('/matchings', {
      job_post_id: postId,
      worker_id: w.id,
      resume_id: 999,
    });
    expect(wrongResume.json().error.details[0].field).toBe('resume_id');
    const outside = await manager.post('/matchings', { job_post_id: otherPostId, worker_id: w.id });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().error.details[0].field).toBe('job_post_id');
    const otherWorker = await worker({}, otherBranchId);
    const outsideWorker = await manager.post('/matchings', {
      job_post_id: postId,
      worker_id: otherWorker.id,
    });
    expect(outsideWorker.json().error.details[0].field).toBe('worker_id');
    expect((await viewer.post('/matchings', { job_post_id: postId, worker_id: w.id })).statusCode).toBe(403);
  });
});

describe('GET /matchings/eligibility', () => {
  it('answers the issues of a pair without making anything', async () => {
    const w = await worker({ visaType: 'F-4' });
    const hard = await viewer.get(`/matchings/eligibility?job_post_id=${postId}&worker_id=${w.id}`);
    expect(hard.statusCode).toBe(200);
    expect(hard.json()).toMatchObject({
      eligible: false,
      issues: [
        { code: 'VISA_NOT_ALLOWED_BY_POST', severity: 'hard' },
        { code: 'VISA_NO_SIMPLE_LABOUR', severity: 'hard' },
      ],
    });
    const expiring = await worker({ visaExpiryDate: '2027-02-01' });
    const late = await admin.get(
      `/matchings/eligibility?job_post_id=${postId}&worker_id=${expiring.id}&start_date=2027-03-01`,
    );
    expect(late.json().issues).toEqual([
      expect.objectContaining({ code: 'VISA_EXPIRES_BEFORE_START', severity: 'hard' }),
    ]);
    const warned = await admin.get(
      `/matchings/eligibility?job_post_id=${postId}&worker_id=${expiring.id}&start_date=2026-12-01`,
    );
    expect(warned.json()).toMatchObject({
      eligible: true,
      issues: [{ code: 'VISA_EXPIRES_DURING_CONTRACT', severity: 'warning' }],
    });
    const fine = await admin.get(
      `/matchings/eligibility?job_post_id=${postId}&worker_id=${(await worker()).id}`,
    );
    expect(fine.json()).toEqual({ eligible: true, issues: [] });
    expect(
      (await manager.get(`/matchings/eligibility?job_post_id=${otherPostId}&worker_id=${w.id}`)).statusCode,
    ).toBe(404);
  });
});

describe('GET /matchings?below_minimum_wage_year (docs/law-as-data.md#wages)', () => {
  it('lists contracted and working matchings paid below that year’s minimum wage, in the admin’s branches', async () => {
    const employer = await insertEmployer(ctx, otherBranchId, { employeeCount: 10 });
    const worker = await insertWorker(ctx, otherBranchId);
    // 2,500,000원 for 40 hours a week: 11,961원 an hour; a 48-hour week: 9,578원 with the premium.
    const held = await insertMatching(
      ctx,
      { employerId: employer.id, workerId: worker.id, branchId: otherBranchId },
      { agreedSalaryType: 'monthly', agreedSalaryAmount: 2_500_000 },
    );
    const wages = { ...SETTINGS_DEFAULTS.minimumWageByYear, '2027': 12_000 };
    await ctx.db
      .insert(settings)
      .values({ key: 'minimumWageByYear', value: wages })
      .onConflictDoUpdate({ target: settings.key, set: { value: wages } });
    try {
      const ids = async (query: string, api = admin) => {
        const response = await api.get(`/matchings?page_size=100&${query}`);
        expect(response.statusCode, response.body).toBe(200);
        return response.json().data.map((m: { id: number }) => m.id);
      };
      expect(await ids('below_minimum_wage_year=2027')).toContain(held.id);
      expect(await ids('below_minimum_wage_year=2026')).not.toContain(held.id);
      expect(await ids('below_minimum_wage_year=2027', manager)).not.toContain(held.id);
      const unknown = await admin.get('/matchings?below_minimum_wage_year=2099');
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().error.details[0]).toMatchObject({
        field: 'below_minimum_wage_year',
        message: minimumWageUnknownMessage(2099),
      });
    } finally {
      await ctx.db.delete(settings).where(eq(settings.key, 'minimumWageByYear'));
      await ctx.db.delete(matchings).where(eq(matchings.id, held.id));
      await ctx.db.delete(jobPosts).where(eq(jobPosts.id, held.jobPostId));
    }
  });
});

describe('GET /matchings, PATCH /matchings/:id', () => {
  it('filters by status, post, worker, nationality, visa, branch and dates, and searches names', async () => {
    const mongolian = await worker(
      { nameKo: '바트 에르덴', nationality: 'MN', visaType: 'H-2' },
      otherBranchId,
    );
    const made = await admin.post('/matchings', { job_post_id: otherPostId, worker_id: mongolian.id });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id;
    const list = async (query: string, api = admin) => {
      const response = await api.get(`/matchings?page_size=100&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.map((m: { id: number }) => m.id);
    };
    expect(await list('nationality=MN')).toEqual([id]);
    expect(await list('visa_type=H-2')).toEqual([id]);
    expect(await list(`branch_id=${otherBranchId}`)).toEqual([id]);
    expect(await list(`job_post_id=${otherPostId}&worker_id=${mongolian.id}&status=proposed`)).toEqual([id]);
    expect(await list(`q=${encodeURIComponent('바트')}`)).toEqual([id]);
    expect(await list(`q=${encodeURIComponent('양식장')}`)).toEqual([id]);
    expect(await list(`q=${encodeURIComponent('바다수산')}`)).toEqual([id]);
    const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
    expect(await list(`created_from=${today}&created_to=${today}&nationality=MN`)).toEqual([id]);
    expect(await list('created_to=2020-01-01')).toEqual([]);
    expect(await list('', manager)).not.toContain(id);
    expect((await manager.get(`/matchings/${id}`)).statusCode).toBe(404);
  });

  it('changes dates, pay, fee and memo, and refuses a stale version with 409', async () => {
    const w = await worker();
    const { id } = (await admin.post('/matchings', { job_post_id: postId, worker_id: w.id })).json();
    const response = await admin.patch(`/matchings/${id}`, {
      interview_at: '2026-12-01T10:00:00+09:00',
      start_date: '2027-01-04',
      fee_amount: 500_000,
      memo: '면접 일정 확정',
      version: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      interview_at: '2026-12-01T01:00:00.000Z',
      start_date: '2027-01-04',
      fee_amount: 500_000,
      version: 2,
    });
    const stale = await admin.patch(`/matchings/${id}`, { memo: '늦은 수정', version: 1 });
    expect(stale.statusCode).toBe(409);
    const inverted = await admin.patch(`/matchings/${id}`, { end_date: '2026-01-01', version: 2 });
    expect(inverted.statusCode).toBe(422);
    expect(inverted.json().error.details[0].field).toBe('end_date');
    expect((await viewer.patch(`/matchings/${id}`, { memo: 'x', version: 2 })).statusCode).toBe(403);
    const history = (await admin.get(`/matchings/${id}/history`)).json().data;
    expect(history[0]).toMatchObject({
      action: 'UPDATE',
      diff: { fee_amount: { before: 300_000, after: 500_000 } },
    });
  });
});
