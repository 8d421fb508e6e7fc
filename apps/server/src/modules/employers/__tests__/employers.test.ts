import { recordMessages, trashMessages } from '@ilson/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  activeJobPost,
  businessRegNo,
  employerBody,
  insertBranch,
  insertEmployer,
  insertMatching,
  insertWorker,
  jobPostBody,
  signedIn,
} from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { queryRows } from '../../../db/client';
import { auditLogs, employers, jobPosts, matchings } from '../../../db/schema';
import { runChecks } from '../../../integrity/checks';

let ctx: TestContext;
let admin: Api;
let viewer: Api;
let managerA: Api;
let branchA: number;
let branchB: number;
let seed = 100_000_000;

beforeAll(async () => {
  ctx = await createTestContext();
  branchA = (await insertBranch(ctx, { name: '안산지점', code: 'A' })).id;
  branchB = (await insertBranch(ctx, { name: '부산지점', code: 'B' })).id;
  admin = (await signedIn(ctx, 'admin')).api;
  viewer = (await signedIn(ctx, 'viewer')).api;
  managerA = (await signedIn(ctx, 'branch_manager', branchA)).api;
});
afterAll(async () => {
  await ctx?.close();
});

async function createEmployer(overrides: Record<string, unknown> = {}, api = admin) {
  const response = await api.post(
    '/employers',
    employerBody(branchA, { business_reg_no: businessRegNo(seed++), ...overrides }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const ids = (response: { json(): { data: { id: number }[] } }) => response.json().data.map((e) => e.id);

describe('POST /employers', () => {
  it('creates a pending employer, stores digits, answers the contract shape, logs CREATE', async () => {
    const response = await admin.post('/employers', employerBody(branchA));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      company_name: '(주)한빛정밀',
      business_reg_no: '1248100998',
      phone: '0311234567',
      manager_phone: '01022223333',
      opening_date: '2015-03-02',
      status: 'pending',
      status_reason: null,
      approved_at: null,
      branch_id: branchA,
      branch_name: '안산지점',
      version: 1,
    });
    expect(body.created_at).toMatch(/Z$/);
    expect(body).not.toHaveProperty('deleted_at');
    const logs = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'employer'), eq(auditLogs.targetId, String(body.id))));
    expect(logs).toMatchObject([{ action: 'CREATE', actorLoginId: expect.any(String) }]);
  });

  it('refuses a duplicate business number, dashes or not, with 409 on business_reg_no', async () => {
    const response = await admin.post('/employers', employerBody(branchA, { business_reg_no: '1248100998' }));
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: 'CONFLICT',
      message: recordMessages.duplicateBusinessRegNo,
      details: [{ field: 'business_reg_no', message: recordMessages.duplicateBusinessRegNo }],
    });
  });

  it('refuses a wrong check digit, a bad phone and a bad postal code with field messages', async () => {
    const response = await admin.post(
      '/employers',
      employerBody(branchA, { business_reg_no: '124-81-00999', phone: '123', zip_code: '1234' }),
    );
    expect(response.statusCode).toBe(400);
    const fields = response.json().error.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['business_reg_no', 'phone', 'zip_code']));
  });

  it('refuses an unknown branch with 422 on branch_id', async () => {
    const response = await admin.post(
      '/employers',
      employerBody(999_999, { business_reg_no: businessRegNo(7) }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details).toEqual([
      { field: 'branch_id', message: recordMessages.branchNotFound },
    ]);
  });

  it('creates once for a repeated Idempotency-Key and replays the first answer', async () => {
    const body = employerBody(branchA, { business_reg_no: businessRegNo(42), company_name: '멱등상사' });
    const headers = { 'idempotency-key': 'emp-create-1' };
    const first = await admin.post('/employers', body, headers);
    const second = await admin.post('/employers', body, headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().id).toBe(first.json().id);
    const rows = await ctx.db.select().from(employers).where(eq(employers.companyName, '멱등상사'));
    expect(rows).toHaveLength(1);
  });
});

describe('GET /employers', () => {
  let listed: { id: number }[];
  beforeAll(async () => {
    listed = [
      await createEmployer({
        company_name: '가나식품',
        ceo_name: '박사장',
        industry: 'food_service',
        phone: '02-555-1234',
      }),
      await createEmployer({
        company_name: '다라건설',
        region: '부산광역시',
        industry: 'construction',
        branch_id: branchB,
      }),
      await createEmployer({ company_name: '100%_특수', ceo_name: '최대표' }),
    ];
  });

  it('answers data and pagination meta, newest first by default', async () => {
    const response = await admin.get('/employers?page_size=2');
    expect(response.statusCode).toBe(200);
    expect(response.json().meta).toEqual({ page: 1, page_size: 2, total: 5, total_estimated: false });
    expect(ids(response)).toEqual([listed[2]!.id, listed[1]!.id]);
    const page3 = await admin.get('/employers?page_size=2&page=3');
    expect(page3.json().data).toHaveLength(1);
  });

  it('filters by status, industry, branch and region', async () => {
    expect(ids(await admin.get('/employers?industry=food_service'))).toEqual([listed[0]!.id]);
    expect(ids(await admin.get(`/employers?branch_id=${branchB}`))).toEqual([listed[1]!.id]);
    expect(ids(await admin.get(`/employers?region=${encodeURIComponent('부산광역시')}`))).toEqual([
      listed[1]!.id,
    ]);
    expect((await admin.get('/employers?status=approved')).json().meta.total).toBe(0);
    expect((await admin.get('/employers?status=pending')).json().meta.total).toBe(5);
    expect((await admin.get('/employers?status=bogus')).statusCode).toBe(400);
  });

  it('searches company name, CEO name, business number with or without dashes, and phone digits', async () => {
    const search = async (q: string) => ids(await admin.get(`/employers?q=${encodeURIComponent(q)}`));
    expect(await search('가나')).toEqual([listed[0]!.id]);
    expect(await search('박사장')).toEqual([listed[0]!.id]);
    const first = (await admin.get(`/employers/${listed[0]!.id}`)).json();
    const regNo: string = first.business_reg_no;
    const dashed = `${regNo.slice(0, 3)}-${regNo.slice(3, 5)}-${regNo.slice(5)}`;
    expect(await search(dashed)).toEqual([listed[0]!.id]);
    expect(await search(regNo)).toEqual([listed[0]!.id]);
    expect(await search('555-1234')).toEqual([listed[0]!.id]);
    // LIKE wildcards in the search box are literal characters.
    expect(await search('100%_')).toEqual([listed[2]!.id]);
    expect(await search('%')).toEqual([listed[2]!.id]);
  });

  it('filters by registration date in Asia/Seoul', async () => {
    const [target] = listed;
    // 2025-03-01 00:30 in Seoul is still 2025-02-28 in UTC.
    await queryRows(
      ctx.db,
      sql`UPDATE employers SET created_at = '2025-02-28T15:30:00Z' WHERE id = ${target!.id}`,
    );
    expect(ids(await admin.get('/employers?registered_from=2025-03-01&registered_to=2025-03-01'))).toEqual([
      target!.id,
    ]);
    expect(ids(await admin.get('/employers?registered_to=2025-02-28'))).toEqual([]);
    const inverted = await admin.get('/employers?registered_from=2025-03-02&registered_to=2025-03-01');
    expect(inverted.statusCode).toBe(422);
    expect(inverted.json().error.details[0].field).toBe('registered_to');
  });

  it('sorts by company name both ways with a stable order', async () => {
    const asc = (await admin.get('/employers?sort=company_name&order=asc')).json().data;
    const names = asc.map((e: { company_name: string }) => e.company_name);
    expect(names).toEqual([...names].sort());
    const desc = (await admin.get('/employers?sort=company_name&order=desc')).json().data;
    expect(desc.map((e: { id: number }) => e.id)).toEqual(asc.map((e: { id: number }) => e.id).reverse());
  });
});

describe('PATCH /employers/:id', () => {
  it('refuses an employee count of 5+ that puts a held 48-hour week below the 제56조 floor (docs/law-as-data.md#wages)', async () => {
    const { id, version } = await insertEmployer(ctx, branchA, { employeeCount: 4 });
    const worker = await insertWorker(ctx, branchA);
    const held = await insertMatching(
      ctx,
      { employerId: id, workerId: worker.id, branchId: branchA },
      { agreedSalaryType: 'monthly', agreedSalaryAmount: 2_510_000 },
    );
    await ctx.db
      .update(jobPosts)
      .set({ workDays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'] })
      .where(eq(jobPosts.id, held.jobPostId));
    const refused = await admin.patch(`/employers/${id}`, { employee_count: 5, version });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('MATCHINGS_AFFECTED');
    expect(refused.json().error.details[0].message).toContain('연장 8시간 × 1.5');
    const fine = await admin.patch(`/employers/${id}`, { employee_count: 3, version });
    expect(fine.statusCode, fine.body).toBe(200);
    // Gone again, so the later cases start from data that keeps every rule.
    await ctx.db.delete(matchings).where(eq(matchings.id, held.id));
    await ctx.db.delete(jobPosts).where(eq(jobPosts.id, held.jobPostId));
  });

  it('changes only the fields sent, bumps the version and logs the diff', async () => {
    const created = await createEmployer({ address_detail: '1층', employee_count: 5 });
    const response = await admin.patch(`/employers/${created.id}`, { company_name: '새이름', version: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      company_name: '새이름',
      address_detail: '1층',
      employee_count: 5,
      version: 2,
    });
    const [history] = (await admin.get(`/employers/${created.id}/history`)).json().data;
    expect(history).toMatchObject({
      action: 'UPDATE',
      diff: { company_name: { before: '(주)한빛정밀', after: '새이름' } },
    });
  });

  it("takes the employer's posts, live or in the trash, to its new branch, each logged; its matchings stay (I-23)", async () => {
    const from = (await insertBranch(ctx, { name: '수원지점', code: 'SW' })).id;
    const to = (await insertBranch(ctx, { name: '대구지점', code: 'DG' })).id;
    const managerFrom = (await signedIn(ctx, 'branch_manager', from)).api;
    const managerTo = (await signedIn(ctx, 'branch_manager', to)).api;
    const created = await createEmployer({ branch_id: from, company_name: '이사가는상사' });
    expect(
      (await admin.post(`/employers/${created.id}/status`, { status: 'approved', version: 1 })).statusCode,
    ).toBe(200);
    const live = await activeJobPost(admin, created.id, { title: '게시 중 공고' });
    const draft = (await admin.post('/job-posts', jobPostBody(created.id, { submit: false }))).json();
    const trashed = (await admin.post('/job-posts', jobPostBody(created.id, { title: '지운 공고' }))).json();
    expect((await admin.delete(`/job-posts/${trashed.id}`)).statusCode).toBe(200);
    const worker = await insertWorker(ctx, from);
    const made = await insertMatching(
      ctx,
      { employerId: created.id, workerId: worker.id, branchId: from },
      { status: 'completed' },
    );
    const posts = [live.id, draft.id, trashed.id, made.jobPostId];

    const moved = await admin.patch(`/employers/${created.id}`, { branch_id: to, version: 2 });
    expect(moved.statusCode, moved.body).toBe(200);
    const rows = await ctx.db.select().from(jobPosts).where(eq(jobPosts.employerId, created.id));
    expect(rows.map((row) => [row.id, row.branchId]).sort()).toEqual(posts.map((id) => [id, to]).sort());
    for (const id of posts) {
      const [log] = await ctx.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.targetType, 'job_post'), eq(auditLogs.targetId, String(id))))
        .orderBy(sql`${auditLogs.id} DESC`)
        .limit(1);
      expect(log, `post ${id}`).toMatchObject({
        action: 'UPDATE',
        diff: { branchId: { before: from, after: to } },
        reason: recordMessages.postsFollowEmployerBranch,
      });
    }
    const seen = async (api: Api) => ids(await api.get(`/job-posts?employer_id=${created.id}`)).sort();
    expect(await seen(managerTo)).toEqual([live.id, draft.id, made.jobPostId].sort());
    expect(await seen(managerFrom)).toEqual([]);
    // A matching is the work of the branch that made it (docs/domain-integrity.md#a-posts-branch).
    const [matching] = await ctx.db.select().from(matchings).where(eq(matchings.id, made.id));
    expect(matching!.branchId).toBe(from);
    const checks = await runChecks(ctx.db, { branchIds: [from, to] });
    expect(checks.filter((c) => c.violations.length > 0)).toEqual([]);
  });

  it('refuses a stale version with 409 and a duplicate number with 409 on the field', async () => {
    const created = await createEmployer();
    expect((await admin.patch(`/employers/${created.id}`, { ceo_name: '가', version: 1 })).statusCode).toBe(
      200,
    );
    const stale = await admin.patch(`/employers/${created.id}`, { ceo_name: '나', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(recordMessages.versionConflict);
    const dup = await admin.patch(`/employers/${created.id}`, {
      business_reg_no: '124-81-00998',
      version: 2,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.details).toEqual([
      { field: 'business_reg_no', message: recordMessages.duplicateBusinessRegNo },
    ]);
  });
});

describe('DELETE /employers/:id', () => {
  it('soft-deletes a pending employer, frees its number, and keeps the row', async () => {
    const created = await createEmployer();
    const response = await admin.delete(`/employers/${created.id}`);
    expect(response.statusCode).toBe(200);
    expect((await admin.get(`/employers/${created.id}`)).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(employers).where(eq(employers.id, created.id));
    expect(row!.deletedAt).toBeInstanceOf(Date);
    const again = await admin.post(
      '/employers',
      employerBody(branchA, { business_reg_no: created.business_reg_no }),
    );
    expect(again.statusCode).toBe(201);
  });

  it('refuses while the employer has live job posts, naming how many and the first titles', async () => {
    const created = await createEmployer({ company_name: '공고남은상사' });
    const titles = ['용접공 모집', '포장 사원 모집', '야간 검사원 모집', '지게차 기사 모집'];
    const posts: { id: number; version: number }[] = [];
    for (const [i, title] of titles.entries()) {
      const made = await admin.post('/job-posts', jobPostBody(created.id, { title, submit: i % 2 === 0 }));
      expect(made.statusCode, made.body).toBe(201);
      posts.push(made.json());
    }
    const refused = await admin.delete(`/employers/${created.id}`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toBe(recordMessages.employerHasLivePosts(4, titles.slice(0, 3)));
    expect(refused.json().error.details).toEqual(
      posts.map((post, i) =>
        expect.objectContaining({ resource: 'job-posts', id: post.id, label: `#${post.id} ${titles[i]}` }),
      ),
    );
    expect((await admin.get(`/employers/${created.id}`)).statusCode).toBe(200);
    const orphans = await runChecks(ctx.db, { branchIds: [branchA] });
    expect(orphans.filter((c) => c.violations.length > 0)).toEqual([]);

    // A deleted post is in the trash, not in the way: with all four gone the employer goes too.
    for (const post of posts) expect((await admin.delete(`/job-posts/${post.id}`)).statusCode).toBe(200);
    expect((await admin.delete(`/employers/${created.id}`)).statusCode).toBe(200);
    // …and a post of it comes back from the trash only after the employer does.
    const early = await admin.post(`/trash/job_post/${posts[0]!.id}/restore`, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(trashMessages.employerDeleted);
    expect((await admin.post(`/trash/employer/${created.id}/restore`, {})).statusCode).toBe(200);
    expect((await admin.post(`/trash/job_post/${posts[0]!.id}/restore`, {})).statusCode).toBe(200);
  });

  it('goes once its posts are deleted, closed and suspended ones included, while none has a matching under way', async () => {
    const created = await createEmployer({ company_name: '마감만남은상사' });
    const [closed, suspended] = await ctx.db
      .insert(jobPosts)
      .values(
        (['closed', 'suspended'] as const).map((status) => ({
          employerId: created.id,
          branchId: branchA,
          title: `${status} 공고`,
          industry: 'manufacturing' as const,
          jobDescription: '조립',
          headcount: 1,
          region: '경기도',
          workAddress: '경기도 안산시',
          employmentType: 'full_time' as const,
          workDays: ['mon' as const],
          workStartTime: '09:00',
          workEndTime: '18:00',
          salaryType: 'monthly' as const,
          salaryAmount: 2_500_000,
          allowedVisaTypes: ['E-9' as const],
          status,
          closedAt: status === 'closed' ? new Date() : null,
        })),
      )
      .returning();
    expect((await admin.delete(`/employers/${created.id}`)).statusCode).toBe(409);
    for (const post of [closed!, suspended!]) {
      const removed = await admin.delete(`/job-posts/${post.id}`);
      expect(removed.statusCode, removed.body).toBe(200);
    }
    expect((await admin.delete(`/employers/${created.id}`)).statusCode).toBe(200);
  });

  it('refuses to delete an approved employer', async () => {
    const created = await createEmployer();
    await admin.post(`/employers/${created.id}/status`, { status: 'approved', version: 1 });
    const response = await admin.delete(`/employers/${created.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(recordMessages.employerNotDeletable);
  });
});

describe('access', () => {
  it('lets a viewer read but refuses every write with 403', async () => {
    const created = await createEmployer();
    expect((await viewer.get('/employers')).statusCode).toBe(200);
    expect((await viewer.get(`/employers/${created.id}`)).statusCode).toBe(200);
    expect(
      (await viewer.post('/employers', employerBody(branchA, { business_reg_no: businessRegNo(9) })))
        .statusCode,
    ).toBe(403);
    expect((await viewer.patch(`/employers/${created.id}`, { ceo_name: 'x', version: 1 })).statusCode).toBe(
      403,
    );
    expect(
      (await viewer.post(`/employers/${created.id}/status`, { status: 'approved', version: 1 })).statusCode,
    ).toBe(403);
    expect(
      (await viewer.post('/employers/bulk-status', { ids: [created.id], status: 'approved' })).statusCode,
    ).toBe(403);
    expect((await viewer.delete(`/employers/${created.id}`)).statusCode).toBe(403);
  });

  it("keeps a branch manager to their own branch: B's records are absent, 404, and out of reach", async () => {
    const own = await createEmployer({ company_name: 'A지점 사업주' });
    const other = await createEmployer({ company_name: 'B지점 사업주', branch_id: branchB });
    const list = await managerA.get('/employers?page_size=100');
    expect(ids(list)).toContain(own.id);
    expect(ids(list)).not.toContain(other.id);
    expect(list.json().data.every((e: { branch_id: number }) => e.branch_id === branchA)).toBe(true);
    expect((await managerA.get(`/employers?branch_id=${branchB}`)).json().meta.total).toBe(0);

    expect((await managerA.get(`/employers/${other.id}`)).statusCode).toBe(404);
    expect((await managerA.get(`/employers/${other.id}/history`)).statusCode).toBe(404);
    expect((await managerA.patch(`/employers/${other.id}`, { ceo_name: 'x', version: 1 })).statusCode).toBe(
      404,
    );
    expect(
      (await managerA.post(`/employers/${other.id}/status`, { status: 'approved', version: 1 })).statusCode,
    ).toBe(404);
    expect((await managerA.delete(`/employers/${other.id}`)).statusCode).toBe(404);
    const bulk = (
      await managerA.post('/employers/bulk-status', { ids: [own.id, other.id], status: 'approved' })
    ).json();
    expect(bulk.data).toEqual([
      { id: own.id, ok: true },
      { id: other.id, ok: false, code: 'NOT_FOUND', message: expect.any(String) },
    ]);

    const create = await managerA.post(
      '/employers',
      employerBody(branchB, { business_reg_no: businessRegNo(11) }),
    );
    expect(create.statusCode).toBe(422);
    expect(create.json().error.details).toEqual([
      { field: 'branch_id', message: recordMessages.branchOutOfScope },
    ]);
    const move = await managerA.patch(`/employers/${own.id}`, { branch_id: branchB, version: 2 });
    expect(move.statusCode).toBe(422);
    expect(move.json().error.details[0].field).toBe('branch_id');
    expect(
      (await managerA.post('/employers', employerBody(branchA, { business_reg_no: businessRegNo(12) })))
        .statusCode,
    ).toBe(201);
  });
});
