import { undoMessages } from '@ilson/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  activeJobPost,
  grantPermits,
  insertBranch,
  insertEmployer,
  insertWorker,
  jobPostBody,
  patchSettings,
  signedIn,
} from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { auditLogs, employers, jobPosts, type matchings } from '../../../db/schema';
import { seoulToday } from '../../../lib/dates';

/**
 * An undo goes through the rules as the front doors do (docs/undo-and-trash.md#undo-of-a-status-change): each
 * case below is a reversal the old write-back of captured rows made, leaving records that break a rule.
 */

let ctx: TestContext;
let admin: Api;
let other: Api;
let superAdmin: Api;
let branchId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  branchId = (await insertBranch(ctx, { name: '되돌리기규칙지점', code: 'UR' })).id;
  admin = (await signedIn(ctx, 'admin')).api;
  other = (await signedIn(ctx, 'admin')).api;
  superAdmin = (await signedIn(ctx, 'super_admin')).api;
});
afterAll(async () => {
  await ctx?.close();
});

async function ok(reply: { statusCode: number; body: string; json: () => unknown }) {
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as { id: number; version: number; status: string };
}

const changeEmployer = (api: Api, id: number, version: number, status: string, reason?: string) =>
  api.post(`/employers/${id}/status`, { status, version, ...(reason ? { reason } : {}) });
const changePost = (api: Api, id: number, version: number, status: string) =>
  api.post(`/job-posts/${id}/status`, { status, version });
const undo = (api: Api, targetType: string, targetId: number, version: number) =>
  api.post('/undo', { target_type: targetType, target_id: targetId, version });

/** A pending employer approved through the API: the reply and the employer. */
async function approvedEmployer() {
  const employer = await insertEmployer(ctx, branchId, { status: 'pending' });
  await grantPermits(ctx, employer.id);
  const approved = await ok(await changeEmployer(admin, employer.id, employer.version, 'approved'));
  return approved;
}

/** A matching of a fresh worker on the post walked to `status` (contracted and working start today). */
async function matchingOn(jobPostId: number, status: 'proposed' | 'contracted') {
  const worker = await insertWorker(ctx, branchId);
  const created = await admin.post('/matchings', { job_post_id: jobPostId, worker_id: worker.id });
  expect(created.statusCode, created.body).toBe(201);
  let m = created.json() as { id: number; version: number; status: string };
  if (status === 'proposed') return m;
  for (const body of [
    { status: 'interview' },
    { status: 'accepted' },
    { status: 'contracted', start_date: seoulToday() },
  ]) {
    m = await ok(await admin.post(`/matchings/${m.id}/status`, { ...body, version: m.version }));
  }
  return m;
}

/** The label a refusal gives a matching it names: `#id 근로자 · 공고 (상태)`. */
function labelOf(error: { details: { resource?: string; id?: number; label?: string }[] }, id: number) {
  const label = error.details.find((d) => d.resource === 'matchings' && d.id === id)?.label;
  expect(label).toMatch(new RegExp(`^#${id} .+ · .+ \\(.+\\)$`));
  return label!;
}

const statusOf = async (table: typeof employers | typeof jobPosts | typeof matchings, id: number) => {
  const [row] = await ctx.db.select({ status: table.status }).from(table).where(eq(table.id, id));
  return row!.status;
};

describe('an undo is refused where the move back would break a rule now', () => {
  it("refuses to undo an employer's approval while a post approved since is open and its matching contracted", async () => {
    const employer = await approvedEmployer();
    const post = await activeJobPost(admin, employer.id, { title: '도장공 모집' });
    const matching = await matchingOn(post.id, 'contracted');

    const reply = await undo(admin, 'employer', employer.id, employer.version);
    expect(reply.statusCode, reply.body).toBe(409);
    const error = reply.json().error;
    const label = labelOf(error, matching.id);
    expect(error.message).toBe(
      undoMessages.employerHasOpenWork('승인 대기', [`#${post.id} 도장공 모집`], [label]),
    );
    expect(error.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ resource: 'job-posts', id: post.id }),
        expect.objectContaining({ resource: 'matchings', id: matching.id }),
      ]),
    );
    expect(await statusOf(employers, employer.id)).toBe('approved');
    expect(await statusOf(jobPosts, post.id)).toBe('active');

    // The matching goes on at an approved employer.
    const started = await admin.post(`/matchings/${matching.id}/status`, {
      status: 'working',
      version: matching.version,
    });
    expect(started.statusCode, started.body).toBe(200);
  });

  it("refuses to undo an employer's approval while it has an open post (no matching) or a matching under way (post closed)", async () => {
    const withPost = await approvedEmployer();
    const post = await activeJobPost(admin, withPost.id, { title: '포장 보조' });
    const refused = await undo(admin, 'employer', withPost.id, withPost.version);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toBe(
      undoMessages.employerHasOpenWork('승인 대기', [`#${post.id} 포장 보조`], []),
    );

    const withMatching = await approvedEmployer();
    const closing = await activeJobPost(admin, withMatching.id);
    const matching = await matchingOn(closing.id, 'proposed');
    await ok(await changePost(admin, closing.id, closing.version, 'closed'));
    const refusedToo = await undo(admin, 'employer', withMatching.id, withMatching.version);
    expect(refusedToo.statusCode, refusedToo.body).toBe(409);
    const error = refusedToo.json().error;
    expect(error.message).toBe(
      undoMessages.employerHasOpenWork('승인 대기', [], [labelOf(error, matching.id)]),
    );
    expect(await statusOf(employers, withMatching.id)).toBe('approved');

    // With nothing in the way the approval is undone, through the service: logged as a reversal.
    const bare = await approvedEmployer();
    const undone = await undo(admin, 'employer', bare.id, bare.version);
    expect(undone.statusCode, undone.body).toBe(200);
    const [row] = await ctx.db.select().from(employers).where(eq(employers.id, bare.id));
    expect(row).toMatchObject({ status: 'pending', approvedAt: null, approvedBy: null });
    const [log] = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'employer'), eq(auditLogs.targetId, String(bare.id))))
      .orderBy(sql`${auditLogs.id} DESC`)
      .limit(1);
    expect(log?.summary).toBe('되돌리기: 상태 변경: 승인 대기 → 승인 ((주)대한제조)');
    expect(log?.diff).toEqual({ status: { before: 'approved', after: 'pending' } });
  });

  it("refuses to undo a post's close once its employer was suspended", async () => {
    const employer = await approvedEmployer();
    const post = await activeJobPost(admin, employer.id);
    const closed = await ok(await changePost(admin, post.id, post.version, 'closed'));
    await ok(await changeEmployer(other, employer.id, employer.version, 'suspended', '서류 미비'));

    const reply = await undo(admin, 'job_post', post.id, closed.version);
    expect(reply.statusCode, reply.body).toBe(409);
    expect(reply.json().error.message).toBe(
      undoMessages.postEmployerNotApproved('(주)대한제조', '이용 정지'),
    );
    expect(reply.json().error.details).toEqual([
      { message: '(주)대한제조', resource: 'employers', id: employer.id, label: '(주)대한제조' },
    ]);
    expect(await statusOf(jobPosts, post.id)).toBe('closed');
  });

  it("refuses to undo a post's approval once a matching was proposed on it", async () => {
    const employer = await approvedEmployer();
    const created = await admin.post('/job-posts', jobPostBody(employer.id, { title: '검사원 모집' }));
    expect(created.statusCode, created.body).toBe(201);
    const approved = await ok(await changePost(admin, created.json().id, created.json().version, 'active'));
    const matching = await matchingOn(approved.id, 'proposed');

    const reply = await undo(admin, 'job_post', approved.id, approved.version);
    expect(reply.statusCode, reply.body).toBe(409);
    const error = reply.json().error;
    expect(error.message).toBe(undoMessages.postHasMatchings('승인 대기', [labelOf(error, matching.id)]));
    expect(error.details).toEqual([expect.objectContaining({ resource: 'matchings', id: matching.id })]);
    expect(await statusOf(jobPosts, approved.id)).toBe('active');
  });

  it('refuses to undo the end of a suspension, or a post put back on view, once a matching on it is contracted', async () => {
    const employer = await approvedEmployer();
    const post = await activeJobPost(admin, employer.id);
    const suspended = await ok(
      await changeEmployer(admin, employer.id, employer.version, 'suspended', '서류 미비'),
    );
    const reactivated = await ok(await changeEmployer(admin, employer.id, suspended.version, 'approved'));
    const [followed] = await ctx.db.select().from(jobPosts).where(eq(jobPosts.id, post.id));
    const resumed = await ok(await changePost(admin, post.id, followed!.version, 'active'));
    const matching = await matchingOn(post.id, 'contracted');

    const byEmployer = await undo(admin, 'employer', employer.id, reactivated.version);
    expect(byEmployer.statusCode, byEmployer.body).toBe(409);
    const error = byEmployer.json().error;
    expect(error.message).toBe(
      undoMessages.heldMatchings('사업주', '이용 정지', [labelOf(error, matching.id)]),
    );
    expect(await statusOf(employers, employer.id)).toBe('approved');

    const byPost = await undo(admin, 'job_post', post.id, resumed.version);
    expect(byPost.statusCode, byPost.body).toBe(409);
    const postError = byPost.json().error;
    expect(postError.message).toBe(
      undoMessages.heldMatchings('채용공고', '게시 중지', [labelOf(postError, matching.id)]),
    );
    expect(await statusOf(jobPosts, post.id)).toBe('active');
  });

  it('undoes a withdrawal: the employer as it was, its closed posts back to 게시 중 and 게시 중지, each logged', async () => {
    const employer = await approvedEmployer();
    const open = await activeJobPost(admin, employer.id);
    const held = await activeJobPost(admin, employer.id);
    await ok(
      await admin.post(`/job-posts/${held.id}/status`, {
        status: 'suspended',
        reason: '내용 확인',
        version: held.version,
      }),
    );
    const withdrawn = await ok(
      await changeEmployer(admin, employer.id, employer.version, 'withdrawn', '폐업'),
    );
    expect(await statusOf(jobPosts, open.id)).toBe('closed');
    expect(await statusOf(jobPosts, held.id)).toBe('closed');
    const reply = await undo(admin, 'employer', employer.id, withdrawn.version);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().restored).toBe(3);
    expect(await statusOf(employers, employer.id)).toBe('approved');
    expect(await statusOf(jobPosts, open.id)).toBe('active');
    const [post] = await ctx.db.select().from(jobPosts).where(eq(jobPosts.id, held.id));
    expect(post).toMatchObject({ status: 'suspended', statusReason: '내용 확인', closedAt: null });
    const logs = await ctx.db
      .select({ summary: auditLogs.summary })
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'job_post'), eq(auditLogs.targetId, String(held.id))))
      .orderBy(sql`${auditLogs.id} DESC`)
      .limit(1);
    expect(logs[0]?.summary).toBe('되돌리기 (함께 변경된 기록): 상태 변경: 승인 → 탈퇴 ((주)대한제조)');
  });

  it("restores an employer's suspended posts through the post's own rules: one that fails them refuses the whole undo", async () => {
    const employer = await approvedEmployer();
    const post = await activeJobPost(admin, employer.id);
    const suspended = await ok(
      await changeEmployer(admin, employer.id, employer.version, 'suspended', '서류 미비'),
    );
    expect(await statusOf(jobPosts, post.id)).toBe('suspended');
    // The minimum wage went up since: the post's 월급 250만 원 is below it, so it may not be published again.
    const year = seoulToday().slice(0, 4);
    const wages = (await superAdmin.get('/settings')).json().minimum_wage_by_year;
    const raised = await patchSettings(superAdmin, {
      minimum_wage_by_year: { ...wages, [year]: 20_000 },
      wage_change_reason: '시험',
    });
    expect(raised.statusCode, raised.body).toBe(200);
    try {
      const reply = await undo(admin, 'employer', employer.id, suspended.version);
      expect(reply.statusCode, reply.body).toBe(422);
      expect(reply.json().error.details[0].message).toMatch(/최저임금/);
      expect(await statusOf(employers, employer.id)).toBe('suspended');
      expect(await statusOf(jobPosts, post.id)).toBe('suspended');
    } finally {
      await patchSettings(superAdmin, { minimum_wage_by_year: wages, wage_change_reason: '원복' });
    }
  });
});
