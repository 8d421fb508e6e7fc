import { recordMessages } from '@ilson/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  activeJobPost,
  grantPermit,
  insertBranch,
  insertEmployer,
  insertWorker,
  jobPostBody,
  signedIn,
} from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { auditLogs, jobPosts, matchings, settings } from '../../../db/schema';
import { runChecks } from '../../../integrity/checks';
import { addDays, seoulDayStart, seoulToday } from '../../../lib/dates';

let ctx: TestContext;
let admin: Api;
let manager: Api;
let viewer: Api;
let branchId: number;
let otherBranchId: number;
let employerId: number;
let otherEmployerId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  branchId = (await insertBranch(ctx)).id;
  otherBranchId = (await insertBranch(ctx)).id;
  employerId = (await insertEmployer(ctx, branchId, { companyName: '(주)한빛정밀' })).id;
  // The 고용허가서 the E-9 contracts written below need (docs/DOMAIN.md#invariants, I-30).
  await grantPermit(ctx, employerId);
  otherEmployerId = (await insertEmployer(ctx, otherBranchId, { companyName: '바다수산' })).id;
  admin = (await signedIn(ctx, 'admin')).api;
  manager = (await signedIn(ctx, 'branch_manager', branchId)).api;
  viewer = (await signedIn(ctx, 'viewer')).api;
});
afterAll(async () => {
  await ctx?.close();
});

const nextYear = () => new Date().getFullYear() + 1;

async function create(overrides: Record<string, unknown> = {}, api = admin) {
  return api.post('/job-posts', jobPostBody(employerId, overrides));
}

describe('POST /job-posts', () => {
  it('creates a post for review, taking the branch from the employer, and logs it', async () => {
    const response = await create({ title: '용접공 모집' });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      employer_id: employerId,
      employer_name: '(주)한빛정밀',
      employer_status: 'approved',
      branch_id: branchId,
      title: '용접공 모집',
      status: 'pending',
      work_days: ['mon', 'tue', 'wed', 'thu', 'fri'],
      allowed_visa_types: ['E-9', 'H-2', 'F-2', 'F-5', 'F-6'],
      filled_count: 0,
      view_count: 0,
      hourly_equivalent: Math.round(2_500_000 / 209),
      version: 1,
    });
    const [log] = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'job_post'), eq(auditLogs.targetId, String(body.id))));
    expect(log).toMatchObject({ action: 'CREATE', summary: '채용공고 등록: 용접공 모집 (승인 대기)' });
  });

  it('saves a draft when submit is false', async () => {
    const response = await create({ submit: false });
    expect(response.json().status).toBe('draft');
  });

  it('replays a create with the same Idempotency-Key instead of making a second post', async () => {
    const headers = { 'idempotency-key': 'job-post-create-1' };
    const body = jobPostBody(employerId, { title: '멱등 공고' });
    const first = await admin.post('/job-posts', body, headers);
    const second = await admin.post('/job-posts', body, headers);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().id).toBe(first.json().id);
    const rows = await ctx.db.select().from(jobPosts).where(eq(jobPosts.title, '멱등 공고'));
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['hourly below', { salary_type: 'hourly', salary_amount: 10_000 }],
    ['daily below (8 hours at 10,000원)', { salary_type: 'daily', salary_amount: 80_000 }],
    [
      'monthly 2,000,000원 for 40 hours a week (< 10,320 × 209)',
      { salary_type: 'monthly', salary_amount: 2_000_000 },
    ],
    ['annual 25,000,000원', { salary_type: 'annual', salary_amount: 25_000_000 }],
  ])('refuses pay under the minimum wage: %s', async (_, pay) => {
    const response = await create(pay);
    expect(response.statusCode).toBe(422);
    const [detail] = response.json().error.details;
    expect(detail.field).toBe('salary_amount');
    expect(detail.message).toContain('최저임금(시급 10,320원)');
  });

  it.each([
    ['hourly 10,320원', { salary_type: 'hourly', salary_amount: 10_320 }],
    ['daily 82,560원', { salary_type: 'daily', salary_amount: 82_560 }],
    ['monthly 2,156,880원', { salary_type: 'monthly', salary_amount: 2_156_880 }],
    ['annual 25,882,560원', { salary_type: 'annual', salary_amount: 25_882_560 }],
  ])('accepts pay at the minimum wage: %s', async (_, pay) => {
    const response = await create(pay);
    expect(response.statusCode, response.body).toBe(201);
  });

  describe('a 6-day 48-hour week at 2,510,000원 a month (근로기준법 제56조, docs/law-as-data.md#wages)', () => {
    const sixDays = {
      work_days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
      work_start_time: '09:00',
      work_end_time: '18:00',
      break_minutes: 60,
      salary_type: 'monthly',
      salary_amount: 2_510_000,
      allowed_visa_types: ['E-9'],
      deadline: null,
    };
    const withEmployees = async (employeeCount: number, overrides: Record<string, unknown> = {}) => {
      const employer = await insertEmployer(ctx, branchId, { employeeCount });
      return admin.post('/job-posts', jobPostBody(employer.id, { ...sixDays, ...overrides }));
    };

    it('is refused at 5+ employees with the floor and its breakdown, and allowed at the floor', async () => {
      const refused = await withEmployees(5);
      expect(refused.statusCode).toBe(422);
      const [detail] = refused.json().error.details;
      expect(detail.field).toBe('salary_amount');
      expect(detail.message).toContain('월 최저 2,693,520원');
      expect(detail.message).toContain('기본 40시간 + 주휴 8시간 + 연장 8시간 × 1.5');
      expect((await withEmployees(5, { salary_amount: 2_693_520 })).statusCode).toBe(201);
    });

    it('is allowed under 5 employees and in livestock farming (제63조), without the premium', async () => {
      const small = await withEmployees(4);
      expect(small.statusCode, small.body).toBe(201);
      const farm = await withEmployees(50, { industry: 'livestock' });
      expect(farm.statusCode, farm.body).toBe(201);
    });
  });

  it('compares with the minimum wage of the deadline year from the settings', async () => {
    const year = nextYear() + 3;
    await ctx.db
      .insert(settings)
      .values({ key: 'minimumWageByYear', value: { '2025': 10_030, '2026': 10_320, [year]: 11_000 } });
    const late = await create({ salary_type: 'hourly', salary_amount: 10_500, deadline: `${year}-03-31` });
    expect(late.statusCode).toBe(422);
    expect(late.json().error.details[0].message).toContain(`${year}년 최저임금(시급 11,000원)`);
    const early = await create({
      salary_type: 'hourly',
      salary_amount: 10_500,
      deadline: `${nextYear()}-03-31`,
    });
    expect(early.statusCode, early.body).toBe(201);
    await ctx.db.delete(settings).where(eq(settings.key, 'minimumWageByYear'));
  });

  it('refuses a deadline already past and a schedule without hours', async () => {
    const past = await create({ deadline: '2020-01-01' });
    expect(past.statusCode).toBe(422);
    expect(past.json().error.details[0]).toEqual({ field: 'deadline', message: recordMessages.deadlinePast });
    const noHours = await create({ work_start_time: '09:00', work_end_time: '10:00', break_minutes: 60 });
    expect(noHours.statusCode).toBe(422);
    expect(noHours.json().error.details[0].field).toBe('break_minutes');
  });

  it('refuses a post for a withdrawn employer, and a move to one, on employer_id; other statuses take drafts', async () => {
    const withdrawn = await insertEmployer(ctx, branchId, { status: 'withdrawn', companyName: '탈퇴상사' });
    const refused = await admin.post('/job-posts', jobPostBody(withdrawn.id, { submit: false }));
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().error.details).toEqual([
      expect.objectContaining({ field: 'employer_id', message: recordMessages.employerWithdrawn }),
    ]);
    const draft = (await create({ submit: false })).json();
    const move = await admin.patch(`/job-posts/${draft.id}`, { employer_id: withdrawn.id, version: 1 });
    expect(move.statusCode, move.body).toBe(422);
    expect(move.json().error.details).toEqual([
      expect.objectContaining({ field: 'employer_id', message: recordMessages.employerWithdrawn }),
    ]);
    const [row] = await ctx.db.select().from(jobPosts).where(eq(jobPosts.id, draft.id));
    expect(row).toMatchObject({ employerId, version: 1 });
    for (const status of ['pending', 'rejected', 'suspended'] as const) {
      const employer = await insertEmployer(ctx, branchId, { status });
      const made = await admin.post('/job-posts', jobPostBody(employer.id, { submit: false }));
      expect(made.statusCode, `${status}: ${made.body}`).toBe(201);
    }
  });

  it('refuses an employer outside the branch manager’s branch, and viewers altogether', async () => {
    const outside = await manager.post('/job-posts', jobPostBody(otherEmployerId));
    expect(outside.statusCode).toBe(422);
    expect(outside.json().error.details[0]).toEqual({
      field: 'employer_id',
      message: recordMessages.employerNotFound,
    });
    const own = await manager.post('/job-posts', jobPostBody(employerId));
    expect(own.statusCode).toBe(201);
    expect((await viewer.post('/job-posts', jobPostBody(employerId))).statusCode).toBe(403);
  });
});

describe('GET /job-posts', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    const make = async (key: string, employer: number, overrides: Record<string, unknown>) => {
      const response = await admin.post('/job-posts', jobPostBody(employer, overrides));
      expect(response.statusCode, response.body).toBe(201);
      return [key, response.json().id as number] as const;
    };
    ids = Object.fromEntries([
      await make('farm', employerId, {
        title: '딸기 농장 수확',
        industry: 'agriculture',
        salary_type: 'hourly',
        salary_amount: 11_000,
        allowed_visa_types: ['E-8', 'E-9'],
        deadline: `${nextYear()}-05-31`,
      }),
      await make('fish', otherEmployerId, {
        title: '양식장 관리',
        industry: 'fishery',
        // 선원취업(E-10) is crew work only (law/visas.ts).
        duty: 'crew',
        allowed_visa_types: ['E-10'],
        deadline: `${nextYear()}-08-31`,
        submit: false,
      }),
    ]);
  });

  const list = async (query: string, api = admin) => {
    const response = await api.get(`/job-posts?page_size=100&${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: { id: number }[]; meta: { total: number } };
  };
  const idsOf = (body: { data: { id: number }[] }) => body.data.map((row) => row.id);

  it('filters by visa type (allowed_visa_types contains it), industry, salary type, status, employer', async () => {
    expect(idsOf(await list('visa_type=E-8'))).toEqual([ids.farm]);
    expect(idsOf(await list('visa_type=E-10'))).toEqual([ids.fish]);
    expect(idsOf(await list('industry=agriculture'))).toEqual([ids.farm]);
    expect(idsOf(await list('industry=fishery&status=draft'))).toEqual([ids.fish]);
    expect(idsOf(await list('salary_type=hourly&industry=agriculture'))).toEqual([ids.farm]);
    expect(idsOf(await list(`employer_id=${otherEmployerId}`))).toEqual([ids.fish]);
    expect(idsOf(await list(`branch_id=${otherBranchId}`))).toEqual([ids.fish]);
  });

  it('filters by deadline range and searches the title and the employer name', async () => {
    const y = nextYear();
    expect(idsOf(await list(`deadline_from=${y}-05-01&deadline_to=${y}-06-30`))).toEqual([ids.farm]);
    expect(idsOf(await list(`q=${encodeURIComponent('딸기')}`))).toEqual([ids.farm]);
    expect(idsOf(await list(`q=${encodeURIComponent('바다수산')}`))).toEqual([ids.fish]);
    const inverted = await admin.get(`/job-posts?deadline_from=${y}-06-30&deadline_to=${y}-05-01`);
    expect(inverted.statusCode).toBe(422);
  });

  it('sorts by deadline and pages', async () => {
    const first = (await admin.get('/job-posts?sort=deadline&order=asc&visa_type=E-8&page_size=1')).json();
    expect(first).toMatchObject({ data: [{ id: ids.farm }], meta: { page: 1, page_size: 1, total: 1 } });
    const all = await list('sort=deadline&order=desc');
    const deadlines = all.data.map((row) => (row as unknown as { deadline: string | null }).deadline);
    // DESC puts posts without a deadline first (NULLS FIRST), then the latest deadline.
    expect(deadlines.slice(0, deadlines.indexOf(`${nextYear()}-08-31`)).every((d) => d === null)).toBe(true);
    expect(deadlines.indexOf(`${nextYear()}-08-31`)).toBeLessThan(deadlines.indexOf(`${nextYear()}-05-31`));
  });

  it('shows a branch manager only their branch', async () => {
    const body = await list('', manager);
    expect(idsOf(body)).toContain(ids.farm);
    expect(idsOf(body)).not.toContain(ids.fish);
    expect((await manager.get(`/job-posts/${ids.fish}`)).statusCode).toBe(404);
  });
});

describe('GET /job-posts/:id', () => {
  it('does not count an operator’s views (views count the app’s), nor change the version', async () => {
    const { id } = (await create()).json();
    await admin.get(`/job-posts/${id}`);
    const second = await viewer.get(`/job-posts/${id}`);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ view_count: 0, version: 1 });
    expect((await admin.get('/job-posts/999999')).statusCode).toBe(404);
  });
});

describe('PATCH /job-posts/:id', () => {
  it('sends a published post edited by a branch manager back to review; headcount and deadline need none', async () => {
    const post = await activeJobPost(admin, employerId);
    const more = await manager.patch(`/job-posts/${post.id}`, { headcount: 4, version: post.version });
    expect(more.json()).toMatchObject({ status: 'active', headcount: 4 });
    // The attack: title, text and visas rewritten on a live post without review.
    const rewritten = await manager.patch(`/job-posts/${post.id}`, {
      title: '고수익 보장 단기 알바',
      job_description: '연락처로 문의',
      allowed_visa_types: ['F-2'],
      version: more.json().version,
    });
    expect(rewritten.statusCode, rewritten.body).toBe(200);
    expect(rewritten.json()).toMatchObject({
      status: 'pending',
      status_reason: recordMessages.jobPostBackToReview,
    });
    const history = (await admin.get(`/job-posts/${post.id}/history`)).json().data;
    expect(history[0]).toMatchObject({ reason: recordMessages.jobPostBackToReview });
    // An approver's own edit stays published.
    const approved = await admin.post(`/job-posts/${post.id}/status`, {
      status: 'active',
      version: rewritten.json().version,
    });
    const byAdmin = await admin.patch(`/job-posts/${post.id}`, {
      title: '생산직 사원 모집 (주간)',
      version: approved.json().version,
    });
    expect(byAdmin.json().status).toBe('active');
  });

  it("refuses a branch manager's reviewed edit while matchings are held on the post, naming them (I-10)", async () => {
    for (const [status, held] of [
      ['active', 'accepted'],
      ['active', 'contracted'],
      ['suspended', 'working'],
    ] as const) {
      let post = await activeJobPost(admin, employerId);
      const worker = await insertWorker(ctx, branchId);
      const [matching] = await ctx.db
        .insert(matchings)
        .values({
          jobPostId: post.id,
          employerId,
          workerId: worker.id,
          branchId,
          workerNationality: 'VN',
          workerVisaType: 'E-9',
          industry: 'manufacturing',
          status: held,
          startDate: held === 'accepted' ? null : '2026-01-05',
        })
        .returning();
      await ctx.db
        .update(jobPosts)
        .set({ filledCount: held === 'accepted' ? 0 : 1 })
        .where(eq(jobPosts.id, post.id));
      if (status === 'suspended') {
        post = (
          await admin.post(`/job-posts/${post.id}/status`, {
            status: 'suspended',
            reason: '점검',
            version: post.version,
          })
        ).json();
      }
      const edit = await manager.patch(`/job-posts/${post.id}`, {
        title: '제목 변경',
        version: post.version,
      });
      expect(edit.statusCode, `${status}/${held}: ${edit.body}`).toBe(409);
      expect(edit.json().error).toMatchObject({
        code: 'MATCHINGS_AFFECTED',
        details: [{ resource: 'matchings', id: matching!.id }],
      });
      expect(edit.json().error.message).toContain('승인 권한이 있는 관리자');
      const [row] = await ctx.db.select().from(jobPosts).where(eq(jobPosts.id, post.id));
      expect(row).toMatchObject({ status, title: '생산직 사원 모집' });
      if (status === 'active') {
        // The other door back to review, an undo of the approval, refuses it too (bulk and import have none).
        const undo = await admin.post('/undo', {
          target_type: 'job_post',
          target_id: post.id,
          version: post.version,
        });
        expect(undo.statusCode, undo.body).toBe(409);
        expect(undo.json().error.details).toEqual([expect.objectContaining({ id: matching!.id })]);
      }
      // How many are hired and until when need no review; an approver's edit stays published.
      const more = await manager.patch(`/job-posts/${post.id}`, { headcount: 5, version: post.version });
      expect(more.statusCode, more.body).toBe(200);
      const byAdmin = await admin.patch(`/job-posts/${post.id}`, {
        title: '제목 변경',
        version: more.json().version,
      });
      expect(byAdmin.json()).toMatchObject({ status, title: '제목 변경' });
    }
    const checks = await runChecks(ctx.db, { branchIds: [branchId] });
    expect(checks.filter((c) => c.violations.length > 0)).toEqual([]);
  });

  it('changes the fields sent, logs the diff, and refuses a stale version with 409', async () => {
    const { id } = (await create()).json();
    const response = await admin.patch(`/job-posts/${id}`, { headcount: 5, work_days: ['mon'], version: 1 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ headcount: 5, work_days: ['mon'], version: 2 });
    const stale = await admin.patch(`/job-posts/${id}`, { headcount: 6, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'CONFLICT', message: recordMessages.versionConflict });
    const history = (await admin.get(`/job-posts/${id}/history`)).json().data;
    expect(history[0]).toMatchObject({ action: 'UPDATE', diff: { headcount: { before: 2, after: 5 } } });
  });

  it('refuses a pay change under the minimum wage, and a viewer', async () => {
    const { id } = (await create()).json();
    const low = await admin.patch(`/job-posts/${id}`, { salary_amount: 2_000_000, version: 1 });
    expect(low.statusCode).toBe(422);
    expect(low.json().error.details[0].field).toBe('salary_amount');
    // Four days a week (167 paid hours a month) make the same monthly pay enough.
    const fewer = await admin.patch(`/job-posts/${id}`, {
      salary_amount: 2_000_000,
      work_days: ['mon', 'tue', 'wed', 'thu'],
      version: 1,
    });
    expect(fewer.statusCode).toBe(200);
    expect((await viewer.patch(`/job-posts/${id}`, { headcount: 3, version: 2 })).statusCode).toBe(403);
  });

  it('moves the post to the new employer’s branch while it has never been live', async () => {
    const { id } = (await create()).json();
    const moved = await admin.patch(`/job-posts/${id}`, { employer_id: otherEmployerId, version: 1 });
    expect(moved.json()).toMatchObject({ employer_id: otherEmployerId, branch_id: otherBranchId });
  });
});

describe('DELETE /job-posts/:id', () => {
  it('soft-deletes a pending post and refuses an active one', async () => {
    const { id } = (await create()).json();
    expect((await admin.delete(`/job-posts/${id}`)).statusCode).toBe(200);
    expect((await admin.get(`/job-posts/${id}`)).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(jobPosts).where(eq(jobPosts.id, id));
    expect(row?.deletedAt).toBeInstanceOf(Date);

    const active = (await create()).json();
    await admin.post(`/job-posts/${active.id}/status`, { status: 'active', version: 1 });
    const refused = await admin.delete(`/job-posts/${active.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(recordMessages.jobPostNotDeletable);
  });

  it('deletes a closed or suspended post once no matching on it is under way', async () => {
    const worker = await insertWorker(ctx, branchId);
    for (const status of ['closed', 'suspended'] as const) {
      const { id } = (await create({ title: `${status} 공고` })).json();
      await ctx.db
        .update(jobPosts)
        .set({ status, closedAt: status === 'closed' ? new Date() : null })
        .where(eq(jobPosts.id, id));
      const [matching] = await ctx.db
        .insert(matchings)
        .values({
          jobPostId: id,
          employerId,
          workerId: worker.id,
          branchId,
          workerNationality: 'VN',
          workerVisaType: 'E-9',
          industry: 'manufacturing',
          status: 'interview',
        })
        .returning();
      const held = await admin.delete(`/job-posts/${id}`);
      expect(held.statusCode, held.body).toBe(409);
      expect(held.json().error.code).toBe('LIVE_MATCHINGS');
      await ctx.db.update(matchings).set({ status: 'cancelled' }).where(eq(matchings.id, matching!.id));
      const removed = await admin.delete(`/job-posts/${id}`);
      expect(removed.statusCode, `${status}: ${removed.body}`).toBe(200);
    }
  });

  it('deletes a post that reads closed past its deadline, storing the close the job would have', async () => {
    const { id } = (await create({ title: '기한 지난 공고' })).json();
    const deadline = addDays(seoulToday(), -3);
    await ctx.db.update(jobPosts).set({ status: 'active', deadline }).where(eq(jobPosts.id, id));
    const removed = await admin.delete(`/job-posts/${id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const [row] = await ctx.db.select().from(jobPosts).where(eq(jobPosts.id, id));
    expect(row).toMatchObject({ status: 'closed', closedAt: seoulDayStart(addDays(deadline, 1)) });
    expect(row!.deletedAt).toBeInstanceOf(Date);
  });
});
