import { JOB_POST_TRANSITIONS, recordMessages } from '@ilson/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, insertBranch, insertEmployer, jobPostBody, signedIn } from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { verifyAuditChain } from '../../../audit/chain';
import { auditLogs, employers, jobPosts } from '../../../db/schema';
import { addDays, seoulToday } from '../../../lib/dates';
import { closeExpiredPosts } from '../job-posts.closing';

let ctx: TestContext;
let admin: Api;
let manager: Api;
let branchId: number;
let employerId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  branchId = (await insertBranch(ctx)).id;
  employerId = (await insertEmployer(ctx, branchId)).id;
  admin = (await signedIn(ctx, 'admin')).api;
  manager = (await signedIn(ctx, 'branch_manager', branchId)).api;
});
afterAll(async () => {
  await ctx?.close();
});

type Status = 'draft' | 'pending' | 'active' | 'rejected' | 'closed' | 'suspended';
const PATHS: Record<Status, { status: string; reason?: string }[]> = {
  draft: [],
  pending: [{ status: 'pending' }],
  active: [{ status: 'pending' }, { status: 'active' }],
  rejected: [{ status: 'pending' }, { status: 'rejected', reason: '급여 정보 불명확' }],
  closed: [{ status: 'pending' }, { status: 'active' }, { status: 'closed' }],
  suspended: [{ status: 'pending' }, { status: 'active' }, { status: 'suspended', reason: '민원 접수' }],
};

/** A post brought to `status` through the allowed path, as an admin. */
async function inStatus(status: Status, employer = employerId) {
  const created = await admin.post('/job-posts', jobPostBody(employer, { submit: false }));
  expect(created.statusCode, created.body).toBe(201);
  const { id } = created.json();
  let version = 1;
  for (const step of PATHS[status]) {
    const response = await admin.post(`/job-posts/${id}/status`, { ...step, version });
    expect(response.statusCode, response.body).toBe(200);
    version = response.json().version;
  }
  return { id: id as number, version };
}

describe('POST /job-posts/:id/status', () => {
  it.each(JOB_POST_TRANSITIONS.map((t) => ({ from: t.from as Status, to: t.to, reason: t.reasonRequired })))(
    'allows $from → $to',
    async ({ from, to, reason }) => {
      const { id, version } = await inStatus(from);
      if (reason) {
        const missing = await admin.post(`/job-posts/${id}/status`, { status: to, version });
        expect(missing.statusCode).toBe(422);
        expect(missing.json().error.details[0].field).toBe('reason');
      }
      const response = await admin.post(`/job-posts/${id}/status`, { status: to, reason: '사유', version });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().status).toBe(to);
    },
  );

  it.each([
    ['draft', 'active'],
    ['pending', 'closed'],
    ['rejected', 'active'],
    ['closed', 'active'],
    ['closed', 'pending'],
    ['active', 'pending'],
    ['suspended', 'closed'],
  ] as const)('refuses %s → %s with 409 INVALID_TRANSITION', async (from, to) => {
    const { id, version } = await inStatus(from);
    const response = await admin.post(`/job-posts/${id}/status`, { status: to, reason: '사유', version });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('INVALID_TRANSITION');
  });

  it('publishes with publishedAt, keeps the rejection reason, and stamps closedAt', async () => {
    const rejected = await inStatus('rejected');
    const row = (await admin.get(`/job-posts/${rejected.id}`)).json();
    expect(row).toMatchObject({ status: 'rejected', reject_reason: '급여 정보 불명확', published_at: null });
    const resubmitted = await admin.post(`/job-posts/${rejected.id}/status`, {
      status: 'pending',
      version: rejected.version,
    });
    expect(resubmitted.json()).toMatchObject({ status: 'pending', reject_reason: '급여 정보 불명확' });
    const approved = await admin.post(`/job-posts/${rejected.id}/status`, {
      status: 'active',
      version: resubmitted.json().version,
    });
    expect(approved.json()).toMatchObject({ status: 'active', reject_reason: null });
    expect(Date.parse(approved.json().published_at)).toBeGreaterThan(Date.now() - 60_000);
    const closed = await admin.post(`/job-posts/${rejected.id}/status`, {
      status: 'closed',
      version: approved.json().version,
    });
    expect(Date.parse(closed.json().closed_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(closed.json().published_at).toBe(approved.json().published_at);
  });

  it('publishes only an approved employer’s post (409 with the reason)', async () => {
    const pendingEmployer = (await insertEmployer(ctx, branchId, { status: 'pending' })).id;
    const { id, version } = await inStatus('pending', pendingEmployer);
    const refused = await admin.post(`/job-posts/${id}/status`, { status: 'active', version });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: recordMessages.employerNotApproved,
    });
    expect((await admin.get(`/job-posts/${id}`)).json().employer_status).toBe('pending');
    await ctx.db.update(employers).set({ status: 'approved' }).where(eq(employers.id, pendingEmployer));
    const approved = await admin.post(`/job-posts/${id}/status`, { status: 'active', version });
    expect(approved.statusCode).toBe(200);
  });

  it('refuses to resume a suspended post whose employer was suspended meanwhile', async () => {
    const employer = (await insertEmployer(ctx, branchId)).id;
    const { id, version } = await inStatus('suspended', employer);
    await ctx.db.update(employers).set({ status: 'suspended' }).where(eq(employers.id, employer));
    const refused = await admin.post(`/job-posts/${id}/status`, { status: 'active', version });
    expect(refused.statusCode).toBe(409);
  });

  it('leaves review to job_posts:approve: a branch manager may submit and close, not approve', async () => {
    const { id } = await inStatus('draft');
    const submitted = await manager.post(`/job-posts/${id}/status`, { status: 'pending', version: 1 });
    expect(submitted.statusCode).toBe(200);
    const approve = await manager.post(`/job-posts/${id}/status`, { status: 'active', version: 2 });
    expect(approve.statusCode).toBe(403);
    const active = await inStatus('active');
    const close = await manager.post(`/job-posts/${active.id}/status`, {
      status: 'closed',
      version: active.version,
    });
    expect(close.statusCode).toBe(200);
  });

  it('refuses a stale version with 409 CONFLICT', async () => {
    const { id } = await inStatus('draft');
    await admin.patch(`/job-posts/${id}`, { title: '제목 변경', version: 1 });
    const response = await admin.post(`/job-posts/${id}/status`, { status: 'pending', version: 1 });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('CONFLICT');
  });
});

describe('a post past its deadline', () => {
  it('reads as closed at once, is never listed as active, and is stored closed by the job', async () => {
    const { id, version } = await inStatus('active');
    const yesterday = addDays(seoulToday(), -1);
    await ctx.db.update(jobPosts).set({ deadline: yesterday }).where(eq(jobPosts.id, id));

    const active = (await admin.get('/job-posts?status=active&page_size=100')).json();
    expect(active.data.map((row: { id: number }) => row.id)).not.toContain(id);
    const closed = (await admin.get('/job-posts?status=closed&page_size=100')).json();
    expect(closed.data.map((row: { id: number }) => row.id)).toContain(id);
    const detail = (await admin.get(`/job-posts/${id}`)).json();
    const closingInstant = new Date(`${seoulToday()}T00:00:00+09:00`).toISOString();
    expect(detail).toMatchObject({ status: 'closed', closed_at: closingInstant });
    const transition = await admin.post(`/job-posts/${id}/status`, {
      status: 'suspended',
      reason: '-',
      version,
    });
    expect(transition.statusCode).toBe(409);
    expect((await admin.patch(`/job-posts/${id}`, { title: '수정', version })).statusCode).toBe(409);

    expect(await closeExpiredPosts(ctx.db)).toBeGreaterThanOrEqual(1);
    const [row] = await ctx.db.select().from(jobPosts).where(eq(jobPosts.id, id));
    expect(row).toMatchObject({ status: 'closed', statusReason: recordMessages.jobPostAutoClosed });
    expect(row?.closedAt?.toISOString()).toBe(closingInstant);
    const [log] = await ctx.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.targetType, 'job_post'),
          eq(auditLogs.targetId, String(id)),
          eq(auditLogs.actorLoginId, 'system'),
        ),
      );
    expect(log).toMatchObject({
      action: 'UPDATE',
      actorAdminId: null,
      diff: { status: { before: 'active', after: 'closed' } },
    });
    expect(await closeExpiredPosts(ctx.db)).toBe(0);
    expect(await verifyAuditChain(ctx.db)).toMatchObject({ ok: true });
    const after = (await admin.get(`/job-posts/${id}`)).json();
    expect(after).toMatchObject({ status: 'closed', closed_at: closingInstant, version: version + 1 });
  });

  it('keeps a post whose deadline is today open', async () => {
    const { id } = await inStatus('active');
    await ctx.db.update(jobPosts).set({ deadline: seoulToday() }).where(eq(jobPosts.id, id));
    await closeExpiredPosts(ctx.db);
    expect((await admin.get(`/job-posts/${id}`)).json().status).toBe('active');
    const active = (await admin.get('/job-posts?status=active&page_size=100')).json();
    expect(active.data.map((row: { id: number }) => row.id)).toContain(id);
  });
});
