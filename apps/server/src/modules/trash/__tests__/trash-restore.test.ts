import { resumeCode, TRASH_RESTORE_DAYS, trashMessages } from '@ilson/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  insertBranch,
  insertEmployer,
  insertWorker,
  jobPostBody,
  resumeBody,
  signedIn,
} from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { auditLogs, jobPosts, resumes, workers } from '../../../db/schema';
import { runChecks } from '../../../integrity/checks';

/**
 * A restore is each kind's own operation, with the rules of its create (docs/undo-and-trash.md#휴지통): whichever door
 * asks — the trash, or a resume's own 복원 button — the record comes back only where its create would have put it.
 */
let ctx: TestContext;
let admin: Api;
let branch: number;

beforeAll(async () => {
  ctx = await createTestContext();
  branch = (await insertBranch(ctx, { name: '복원규칙지점', code: 'RR' })).id;
  admin = (await signedIn(ctx, 'admin')).api;
});
afterAll(async () => {
  await ctx?.close();
});

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
const broken = async () =>
  (await runChecks(ctx.db, { branchIds: [branch] }))
    .filter((c) => c.violations.length > 0)
    .map((c) => c.code);

async function deletedResume(workerId: number) {
  const made = await admin.post('/resumes', resumeBody(workerId));
  expect(made.statusCode, made.body).toBe(201);
  const id = made.json().id as number;
  expect((await admin.delete(`/resumes/${id}`)).statusCode).toBe(200);
  return id;
}

describe('a resume, from either door', () => {
  it('waits for its worker: both the trash and /resumes/:id/restore refuse while the worker is deleted', async () => {
    const worker = await insertWorker(ctx, branch);
    const id = await deletedResume(worker.id);
    expect((await admin.delete(`/workers/${worker.id}`)).statusCode).toBe(200);
    for (const url of [`/resumes/${id}/restore`, `/trash/resume/${id}/restore`]) {
      const reply = await admin.post(url, {});
      expect(reply.statusCode, `${url}: ${reply.body}`).toBe(409);
      expect(reply.json().error.message).toBe(trashMessages.workerDeleted);
      expect(reply.json().error.details).toEqual([
        {
          message: trashMessages.parentInTrash('근로자', `${worker.firstName} ${worker.lastName}`),
          label: `${worker.firstName} ${worker.lastName}`,
        },
      ]);
    }
    const [row] = await ctx.db.select().from(resumes).where(eq(resumes.id, id));
    expect(row?.deletedAt).not.toBeNull();
  });

  it(`refuses at its own door too what was deleted more than ${TRASH_RESTORE_DAYS} days ago`, async () => {
    const worker = await insertWorker(ctx, branch);
    const id = await deletedResume(worker.id);
    await ctx.db
      .update(resumes)
      .set({ deletedAt: daysAgo(TRASH_RESTORE_DAYS + 1) })
      .where(eq(resumes.id, id));
    const reply = await admin.post(`/resumes/${id}/restore`, {});
    expect(reply.statusCode, reply.body).toBe(409);
    expect(reply.json().error.message).toBe(trashMessages.tooOld);
  });

  it('writes one access-log entry whichever door restores it', async () => {
    const worker = await insertWorker(ctx, branch, {
      nameKo: '팜 티 란',
      firstName: 'Thi Lan',
      lastName: 'Pham',
    });
    const summaries: string[] = [];
    for (const door of ['resumes', 'trash'] as const) {
      const id = await deletedResume(worker.id);
      const reply = await admin.post(
        door === 'resumes' ? `/resumes/${id}/restore` : `/trash/resume/${id}/restore`,
      );
      expect(reply.statusCode, reply.body).toBe(200);
      const [log] = await ctx.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.targetType, 'resume'), eq(auditLogs.targetId, String(id))))
        .orderBy(desc(auditLogs.id))
        .limit(1);
      expect(log).toMatchObject({ action: 'UPDATE', diff: { isDeleted: { before: true, after: false } } });
      summaries.push(log!.summary.replace(resumeCode(id), 'R'));
    }
    expect(summaries).toEqual(['이력서 복원: R Thi Lan Pham', '이력서 복원: R Thi Lan Pham']);
  });
});

describe('a job post', () => {
  it('that reads 게시 중 comes back only under an approved employer (I-13), naming its status', async () => {
    const employer = await insertEmployer(ctx, branch, { companyName: '정지된상사' });
    const [post] = await ctx.db
      .insert(jobPosts)
      .values({
        employerId: employer.id,
        branchId: branch,
        title: '게시 중에 지운 공고',
        industry: 'manufacturing',
        jobDescription: '조립',
        headcount: 1,
        region: '경기도',
        workAddress: '경기도 안산시',
        employmentType: 'full_time',
        workDays: ['mon', 'tue', 'wed', 'thu', 'fri'],
        workStartTime: '09:00',
        workEndTime: '18:00',
        salaryType: 'monthly',
        salaryAmount: 2_500_000,
        allowedVisaTypes: ['E-9'],
        status: 'active',
        deletedAt: daysAgo(1),
      })
      .returning();
    const suspended = await admin.post(`/employers/${employer.id}/status`, {
      status: 'suspended',
      reason: '민원',
      version: employer.version,
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    const reply = await admin.post(`/trash/job_post/${post!.id}/restore`, {});
    expect(reply.statusCode, reply.body).toBe(409);
    expect(reply.json().error.message).toBe(trashMessages.postEmployerNotApproved('정지된상사', '이용 정지'));
    expect(reply.json().error.details).toEqual([
      { message: '정지된상사', resource: 'employers', id: employer.id, label: '정지된상사' },
    ]);
    expect(await broken()).toEqual([]);
  });

  it('that is a draft comes back under an employer of any status, as its create would', async () => {
    const employer = await insertEmployer(ctx, branch, { status: 'pending' });
    const made = await admin.post('/job-posts', {
      ...jobPostBody(employer.id),
      submit: false,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect((await admin.delete(`/job-posts/${made.json().id}`)).statusCode).toBe(200);
    const reply = await admin.post(`/trash/job_post/${made.json().id}/restore`, {});
    expect(reply.statusCode, reply.body).toBe(200);
  });

  it('that is closed comes back closed, under an employer of any status; one that is not, never under a withdrawn one', async () => {
    const employer = await insertEmployer(ctx, branch, { companyName: '문닫은상사' });
    const posts: Record<string, number> = {};
    for (const kind of ['closed', 'draft'] as const) {
      const made = await admin.post('/job-posts', { ...jobPostBody(employer.id), submit: kind === 'closed' });
      expect(made.statusCode, made.body).toBe(201);
      posts[kind] = made.json().id;
    }
    const approved = await admin.post(`/job-posts/${posts.closed}/status`, { status: 'active', version: 1 });
    expect(approved.statusCode, approved.body).toBe(200);
    const closed = await admin.post(`/job-posts/${posts.closed}/status`, { status: 'closed', version: 2 });
    expect(closed.statusCode, closed.body).toBe(200);
    for (const id of Object.values(posts))
      expect((await admin.delete(`/job-posts/${id}`)).statusCode).toBe(200);
    const [before] = await ctx.db.select().from(jobPosts).where(eq(jobPosts.id, posts.closed!));
    const withdrawn = await admin.post(`/employers/${employer.id}/status`, {
      status: 'withdrawn',
      reason: '폐업',
      version: employer.version,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);

    const draft = await admin.post(`/trash/job_post/${posts.draft}/restore`, {});
    expect(draft.statusCode, draft.body).toBe(409);
    expect(draft.json().error.message).toBe(trashMessages.postEmployerWithdrawn('문닫은상사'));
    const back = await admin.post(`/trash/job_post/${posts.closed}/restore`, {});
    expect(back.statusCode, back.body).toBe(200);
    const [after] = await ctx.db.select().from(jobPosts).where(eq(jobPosts.id, posts.closed!));
    expect(after).toMatchObject({ status: 'closed', closedAt: before!.closedAt, deletedAt: null });
    expect(await broken()).toEqual([]);
  });
});

describe('a worker', () => {
  it('whose visa reads 심사 중 without a filed extension is not put back (I-19), as its create refuses it', async () => {
    const worker = await insertWorker(ctx, branch, { visaStatus: 'pending', deletedAt: daysAgo(1) });
    const reply = await admin.post(`/trash/worker/${worker.id}/restore`, {});
    expect(reply.statusCode, reply.body).toBe(409);
    expect(reply.json().error.message).toBe(trashMessages.visaPendingWithoutExtension);
    const [row] = await ctx.db.select().from(workers).where(eq(workers.id, worker.id));
    expect(row?.deletedAt).not.toBeNull();
    expect(await broken()).toEqual([]);

    // Under review because an extension was filed: that is what 심사 중 means, and it comes back.
    const filed = await insertWorker(ctx, branch, {
      visaStatus: 'pending',
      extensionStatus: 'applied',
      extensionAppliedAt: '2026-01-02',
      deletedAt: daysAgo(1),
    });
    expect((await admin.post(`/trash/worker/${filed.id}/restore`, {})).statusCode).toBe(200);
  });
});
