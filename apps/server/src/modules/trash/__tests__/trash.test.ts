import { TRASH_RESTORE_DAYS, trashMessages } from '@ilson/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  insertBranch,
  insertEmployer,
  insertMatching,
  insertWorker,
  signedIn,
} from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { auditLogs, employers, jobPosts } from '../../../db/schema';

let ctx: TestContext;
let admin: Api;
let manager: Api;
let viewer: Api;
let branchA: number;
let branchB: number;

beforeAll(async () => {
  ctx = await createTestContext();
  branchA = (await insertBranch(ctx, { name: '휴지통A지점', code: 'TA' })).id;
  branchB = (await insertBranch(ctx, { name: '휴지통B지점', code: 'TB' })).id;
  admin = (await signedIn(ctx, 'admin')).api;
  manager = (await signedIn(ctx, 'branch_manager', branchA)).api;
  viewer = (await signedIn(ctx, 'viewer')).api;
});
afterAll(async () => {
  await ctx?.close();
});

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

describe('휴지통', () => {
  it('lists a deleted employer with who deleted it, and restores it: live again, versioned and logged', async () => {
    const employer = await insertEmployer(ctx, branchA, { status: 'pending', companyName: '복원상사' });
    const removed = await admin.delete(`/employers/${employer.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await admin.get(`/employers/${employer.id}`)).statusCode).toBe(404);

    const list = await admin.get('/trash?type=employer&page_size=100');
    expect(list.statusCode, list.body).toBe(200);
    const item = list.json().data.find((row: { id: number }) => row.id === employer.id);
    expect(item).toMatchObject({
      type: 'employer',
      label: '복원상사',
      branch_name: '휴지통A지점',
      restorable: true,
    });
    expect(item.deleted_by_name).toBeTruthy();
    expect(new Date(item.restorable_until).getTime() - new Date(item.deleted_at).getTime()).toBe(
      TRASH_RESTORE_DAYS * 86_400_000,
    );

    const restored = await admin.post(`/trash/employer/${employer.id}/restore`, {});
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual({ type: 'employer', id: employer.id, label: '복원상사' });
    const live = await admin.get(`/employers/${employer.id}`);
    expect(live.statusCode).toBe(200);
    expect(live.json().version).toBe(employer.version + 2);
    const [log] = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'employer'), eq(auditLogs.targetId, String(employer.id))))
      .orderBy(sql`${auditLogs.id} DESC`)
      .limit(1);
    expect(log?.summary).toBe('사업주 복원: 복원상사');

    const again = await admin.post(`/trash/employer/${employer.id}/restore`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(trashMessages.notDeleted);
  });

  it('refuses a restore that would make a second live employer with the same 사업자등록번호', async () => {
    const old = await insertEmployer(ctx, branchA, { status: 'pending', deletedAt: daysAgo(1) });
    await insertEmployer(ctx, branchA, { businessRegNo: old.businessRegNo });
    const reply = await admin.post(`/trash/employer/${old.id}/restore`, {});
    expect(reply.statusCode).toBe(409);
    expect(reply.json().error.message).toBe(trashMessages.duplicateEmployer);
    const [row] = await ctx.db.select().from(employers).where(eq(employers.id, old.id));
    expect(row?.deletedAt).not.toBeNull();
  });

  it('refuses a worker whose 외국인등록번호 is live again, and a job post whose employer is deleted', async () => {
    // The unique index holds the keyed hash of the identifier; the same value registered again since.
    const hash = `trash-test-hash-${Date.now()}`;
    const gone = await insertWorker(ctx, branchA, { alienRegNoHash: hash, deletedAt: daysAgo(2) });
    await insertWorker(ctx, branchA, { alienRegNoHash: hash });
    // Deleted workers' names are personal data: listing them is a logged view.
    expect((await admin.get('/trash?type=worker')).statusCode).toBe(200);
    const [view] = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'VIEW_PII'), eq(auditLogs.targetType, 'worker')))
      .orderBy(sql`${auditLogs.id} DESC`)
      .limit(1);
    expect(view?.summary).toMatch(/^휴지통 근로자 조회: \d+건 표시/);
    const reply = await admin.post(`/trash/worker/${gone.id}/restore`, {});
    expect(reply.statusCode).toBe(409);
    expect(reply.json().error.message).toBe(trashMessages.duplicateWorkerAlienRegNo);

    const employer = await insertEmployer(ctx, branchA);
    const worker = await insertWorker(ctx, branchA);
    const matching = await insertMatching(
      ctx,
      { employerId: employer.id, workerId: worker.id, branchId: branchA },
      { status: 'completed' },
    );
    await ctx.db
      .update(jobPosts)
      .set({ deletedAt: daysAgo(1) })
      .where(eq(jobPosts.id, matching.jobPostId));
    await ctx.db
      .update(employers)
      .set({ deletedAt: daysAgo(1) })
      .where(eq(employers.id, employer.id));
    const post = await admin.post(`/trash/job_post/${matching.jobPostId}/restore`, {});
    expect(post.statusCode).toBe(409);
    expect(post.json().error.message).toBe(trashMessages.employerDeleted);
    // The employer in the way is named; it is in the trash, so no page is linked.
    expect(post.json().error.details).toEqual([
      { message: trashMessages.parentInTrash('사업주', employer.companyName), label: employer.companyName },
    ]);
    // The employer first, then the post.
    expect((await admin.post(`/trash/employer/${employer.id}/restore`, {})).statusCode).toBe(200);
    expect((await admin.post(`/trash/job_post/${matching.jobPostId}/restore`, {})).statusCode).toBe(200);
  });

  it('puts nothing back into a branch closed since the delete, naming the branch; it does once the branch reopens', async () => {
    const closing = await insertBranch(ctx, { name: '휴지통폐쇄지점', code: 'TC' });
    const worker = await insertWorker(ctx, closing.id, { deletedAt: daysAgo(1) });
    const employer = await insertEmployer(ctx, closing.id, { status: 'pending', deletedAt: daysAgo(1) });
    const live = await insertEmployer(ctx, closing.id);
    const matching = await insertMatching(
      ctx,
      { employerId: live.id, workerId: (await insertWorker(ctx, closing.id)).id, branchId: closing.id },
      { status: 'completed' },
    );
    await ctx.db
      .update(jobPosts)
      .set({ deletedAt: daysAgo(1) })
      .where(eq(jobPosts.id, matching.jobPostId));
    const closed = await admin.post(`/branches/${closing.id}/status`, {
      status: 'inactive',
      version: closing.version,
    });
    expect(closed.statusCode, closed.body).toBe(200);

    const targets = [
      ['worker', worker.id],
      ['employer', employer.id],
      ['job_post', matching.jobPostId],
    ] as const;
    for (const [type, id] of targets) {
      const reply = await admin.post(`/trash/${type}/${id}/restore`, {});
      expect(reply.statusCode, `${type}: ${reply.body}`).toBe(409);
      expect(reply.json().error.message).toBe(trashMessages.branchInactive('휴지통폐쇄지점'));
      // The branch in the way, linked.
      expect(reply.json().error.details).toEqual([
        { message: '휴지통폐쇄지점', resource: 'branches', id: closing.id, label: '휴지통폐쇄지점' },
      ]);
      expect(reply.json().error.message).toBe(
        '휴지통폐쇄지점은 운영 중지된 지점이어서 복원할 수 없습니다. 지점을 다시 운영한 뒤 복원해 주세요.',
      );
    }
    expect((await admin.get(`/workers/${worker.id}`)).statusCode).toBe(404);

    const reopened = await admin.post(`/branches/${closing.id}/status`, {
      status: 'active',
      version: closed.json().version,
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    for (const [type, id] of targets) {
      const reply = await admin.post(`/trash/${type}/${id}/restore`, {});
      expect(reply.statusCode, `${type}: ${reply.body}`).toBe(200);
    }
  });

  it(`offers nothing deleted more than ${TRASH_RESTORE_DAYS} days ago`, async () => {
    const old = await insertEmployer(ctx, branchA, {
      status: 'pending',
      deletedAt: daysAgo(TRASH_RESTORE_DAYS + 1),
    });
    const list = (await admin.get('/trash?type=employer&page_size=100')).json();
    expect(list.data.find((row: { id: number }) => row.id === old.id)?.restorable).toBe(false);
    const reply = await admin.post(`/trash/employer/${old.id}/restore`, {});
    expect(reply.statusCode).toBe(409);
    expect(reply.json().error.message).toBe(trashMessages.tooOld);
  });

  it('keeps a branch manager to the branch and to the kinds they edit; a viewer has no trash', async () => {
    const mine = await insertEmployer(ctx, branchA, { status: 'pending', deletedAt: daysAgo(1) });
    const theirs = await insertEmployer(ctx, branchB, { status: 'pending', deletedAt: daysAgo(1) });
    const ids = (await manager.get('/trash?type=employer&page_size=100'))
      .json()
      .data.map((r: { id: number }) => r.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect((await manager.post(`/trash/employer/${theirs.id}/restore`, {})).statusCode).toBe(404);
    expect((await manager.get('/trash?type=notice')).statusCode).toBe(403);
    expect((await viewer.get('/trash?type=employer')).statusCode).toBe(403);
    const bad = await admin.get('/trash?type=admins');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/[가-힣]/);
  });
});
