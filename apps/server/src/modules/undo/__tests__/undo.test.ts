import { UNDO_WINDOW_SECONDS, undoMessages } from '@ilson/contracts';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  insertAppUser,
  insertBranch,
  insertEmployer,
  insertMatching,
  insertReview,
  insertWorker,
  jobPostBody,
  signedIn,
} from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { queryRows } from '../../../db/client';
import { auditLogs, employers, jobPosts, matchings, undoEntries } from '../../../db/schema';
import { seoulToday } from '../../../lib/dates';

let ctx: TestContext;
let admin: Api;
let other: Api;
let viewer: Api;
let branchId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  branchId = (await insertBranch(ctx, { name: '되돌리기지점', code: 'UD' })).id;
  admin = (await signedIn(ctx, 'admin')).api;
  other = (await signedIn(ctx, 'admin')).api;
  viewer = (await signedIn(ctx, 'viewer')).api;
});
afterAll(async () => {
  await ctx?.close();
});

/** A pending review of a matching of its own. */
async function pendingReview() {
  const employer = await insertEmployer(ctx, branchId);
  const worker = await insertWorker(ctx, branchId);
  return insertReview(
    ctx,
    await insertMatching(ctx, { employerId: employer.id, workerId: worker.id, branchId }),
  );
}

/** Every column but the bookkeeping ones: what an undo must give back exactly. */
async function stateOf(
  table: 'reviews' | 'employers' | 'job_posts' | 'payouts' | 'app_users' | 'notices',
  id: number,
) {
  const [row] = await queryRows<{ row: Record<string, unknown> }>(
    ctx.db,
    sql`SELECT to_jsonb(t) - 'version' - 'updated_at' AS row FROM ${sql.identifier(table)} t WHERE id = ${id}`,
  );
  return row!.row;
}

const moderate = (api: Api, id: number, version: number, status: 'published' | 'hidden') =>
  api.post(`/reviews/${id}/status`, {
    status,
    version,
    ...(status === 'hidden' ? { reason: '욕설이 포함되어 있습니다.' } : {}),
  });

describe('undo of a status change', () => {
  it('puts a moderation decision back exactly, logs it, and is used once', async () => {
    const review = await pendingReview();
    const before = await stateOf('reviews', review.id);
    const changed = await moderate(admin, review.id, review.version, 'hidden');
    expect(changed.statusCode, changed.body).toBe(200);
    const version = changed.json().version;

    const undone = await admin.post('/undo', { target_type: 'review', target_id: review.id, version });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toEqual({
      target_type: 'review',
      target_id: review.id,
      version: version + 1,
      restored: 1,
    });
    expect(await stateOf('reviews', review.id)).toEqual(before);

    const [log] = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'review'), eq(auditLogs.targetId, String(review.id))))
      .orderBy(sql`${auditLogs.id} DESC`)
      .limit(1);
    expect(log?.summary).toBe('되돌리기: 리뷰 검수: 상태 변경: 검수 대기 → 숨김');
    expect(log?.diff).toMatchObject({ status: { before: 'hidden', after: 'pending' } });

    const again = await admin.post('/undo', { target_type: 'review', target_id: review.id, version });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(undoMessages.unavailable);
  });

  it("is the changing admin's own: another admin and a viewer cannot undo it", async () => {
    const review = await pendingReview();
    const { version } = (await moderate(admin, review.id, review.version, 'published')).json();
    const byOther = await other.post('/undo', { target_type: 'review', target_id: review.id, version });
    expect(byOther.statusCode).toBe(409);
    expect(byOther.json().error.message).toBe(undoMessages.unavailable);
    expect(
      (await viewer.post('/undo', { target_type: 'review', target_id: review.id, version })).statusCode,
    ).toBe(403);
    expect((await stateOf('reviews', review.id)).status).toBe('published');
  });

  it('is refused once the record changed again, and after the window', async () => {
    const review = await pendingReview();
    const first = (await moderate(admin, review.id, review.version, 'published')).json();
    await moderate(other, review.id, first.version, 'hidden');
    const late = await admin.post('/undo', {
      target_type: 'review',
      target_id: review.id,
      version: first.version,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(undoMessages.changed);
    expect((await stateOf('reviews', review.id)).status).toBe('hidden');

    const second = await pendingReview();
    const changed = (await moderate(admin, second.id, second.version, 'published')).json();
    await ctx.db
      .update(undoEntries)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(undoEntries.targetId, second.id));
    const expired = await admin.post('/undo', {
      target_type: 'review',
      target_id: second.id,
      version: changed.version,
    });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().error.message).toBe(undoMessages.expired);
    expect(UNDO_WINDOW_SECONDS).toBeGreaterThanOrEqual(10);
  });

  it("puts an employer's job posts back with it: suspend, then undo, and the active post is active again", async () => {
    const employer = await insertEmployer(ctx, branchId);
    const worker = await insertWorker(ctx, branchId);
    const matching = await insertMatching(
      ctx,
      { employerId: employer.id, workerId: worker.id, branchId },
      { status: 'completed' },
    );
    const [post] = await ctx.db.select().from(jobPosts).where(eq(jobPosts.id, matching.jobPostId));
    expect(post?.status).toBe('active');
    const employerBefore = await stateOf('employers', employer.id);
    const postBefore = await stateOf('job_posts', post!.id);

    const suspended = await admin.post(`/employers/${employer.id}/status`, {
      status: 'suspended',
      reason: '서류 미비',
      version: employer.version,
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect((await stateOf('job_posts', post!.id)).status).toBe('suspended');

    const undone = await admin.post('/undo', {
      target_type: 'employer',
      target_id: employer.id,
      version: suspended.json().version,
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().restored).toBe(2);
    expect(await stateOf('employers', employer.id)).toEqual(employerBefore);
    expect(await stateOf('job_posts', post!.id)).toEqual(postBefore);
    const [postNow] = await ctx.db.select().from(jobPosts).where(eq(jobPosts.id, post!.id));
    expect(postNow!.version).toBe(post!.version + 2);
  });

  it('refuses the whole undo when a row that changed with the record has changed since', async () => {
    const employer = await insertEmployer(ctx, branchId);
    const worker = await insertWorker(ctx, branchId);
    const matching = await insertMatching(
      ctx,
      { employerId: employer.id, workerId: worker.id, branchId },
      { status: 'completed' },
    );
    const suspended = await admin.post(`/employers/${employer.id}/status`, {
      status: 'suspended',
      reason: '서류 미비',
      version: employer.version,
    });
    // The post is edited in the meantime (its version moves on).
    await ctx.db
      .update(jobPosts)
      .set({ version: sql`${jobPosts.version} + 1` })
      .where(eq(jobPosts.id, matching.jobPostId));
    const undone = await admin.post('/undo', {
      target_type: 'employer',
      target_id: employer.id,
      version: suspended.json().version,
    });
    expect(undone.statusCode).toBe(409);
    expect(undone.json().error.message).toBe(undoMessages.changed);
    const [row] = await ctx.db.select().from(employers).where(eq(employers.id, employer.id));
    expect(row?.status).toBe('suspended');
  });

  it('puts a payout, an app user and a notice back exactly, each through its own status change', async () => {
    const undoOf = async (
      api: Api,
      type: string,
      id: number,
      reply: { statusCode: number; body: string },
    ) => {
      expect(reply.statusCode, reply.body).toBe(200);
      const undone = await api.post('/undo', {
        target_type: type,
        target_id: id,
        version: (JSON.parse(reply.body) as { version: number }).version,
      });
      expect(undone.statusCode, undone.body).toBe(200);
    };
    // A payout paid by the checker who approved it: undone, it is approved again with no paid date.
    const employer = await insertEmployer(ctx, branchId);
    const created = await admin.post('/payouts', {
      employer_id: employer.id,
      matching_id: null,
      type: 'matching_fee',
      amount: 300_000,
    });
    expect(created.statusCode, created.body).toBe(201);
    const approved = await other.post(`/payouts/${created.json().id}/status`, {
      status: 'approved',
      version: created.json().version,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const payoutBefore = await stateOf('payouts', created.json().id);
    const paid = await other.post(`/payouts/${created.json().id}/status`, {
      status: 'paid',
      version: approved.json().version,
    });
    await undoOf(other, 'payout', created.json().id, paid);
    expect(await stateOf('payouts', created.json().id)).toEqual(payoutBefore);

    // A dormant account suspended, then undone: stored as the active (dormant) account it was.
    const user = await insertAppUser(
      ctx,
      { employerId: employer.id },
      { lastLoginAt: new Date(Date.now() - 800 * 86_400_000), joinedAt: new Date('2020-01-01') },
    );
    const userBefore = await stateOf('app_users', user.id);
    const suspended = await admin.post(`/users/${user.id}/status`, {
      status: 'suspended',
      reason: '부정 이용',
      version: user.version,
    });
    await undoOf(admin, 'app_user', user.id, suspended);
    expect(await stateOf('app_users', user.id)).toEqual(userBefore);

    // A notice published, then undone: a draft again, never published.
    const notice = await admin.post('/notices', { title: '설 연휴 안내', content: '<p>안내</p>' });
    expect(notice.statusCode, notice.body).toBe(201);
    const noticeBefore = await stateOf('notices', notice.json().id);
    const published = await admin.post(`/notices/${notice.json().id}/status`, {
      status: 'published',
      version: notice.json().version,
    });
    await undoOf(admin, 'notice', notice.json().id, published);
    expect(await stateOf('notices', notice.json().id)).toEqual(noticeBefore);
    const [log] = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'notice'), eq(auditLogs.targetId, String(notice.json().id))))
      .orderBy(sql`${auditLogs.id} DESC`)
      .limit(1);
    expect(log?.summary).toBe('되돌리기: 상태 변경: 임시저장 → 게시 (설 연휴 안내)');
  });

  it('refuses hostile bodies in Korean', async () => {
    for (const body of [
      {},
      { target_type: 'admins', target_id: 1, version: 1 },
      { target_type: 'review', target_id: -1, version: 1 },
      { target_type: 'review', target_id: 1, version: 0 },
      { target_type: 'review', target_id: '1; DROP TABLE reviews', version: 1 },
    ]) {
      const reply = await admin.post('/undo', body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json().error.message).toMatch(/[가-힣]/);
    }
  });

  /**
   * Model: two admins moderate one review and undo their own last change in any order. An undo succeeds exactly
   * when it is the admin's latest change, not yet undone, and nobody changed the review since; it then gives back
   * the review as it was before that change. Anything else is refused and changes nothing.
   */
  it('model: undo succeeds only for the latest untouched change of the same admin, and restores it exactly', async () => {
    const admins = [admin, other];
    const command = fc.oneof(
      fc.record({
        kind: fc.constant('change' as const),
        who: fc.integer({ min: 0, max: 1 }),
        hide: fc.boolean(),
      }),
      fc.record({ kind: fc.constant('undo' as const), who: fc.integer({ min: 0, max: 1 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 8 }), async (commands) => {
        const review = await pendingReview();
        let version = review.version;
        // Per admin: their last change's reply version and the state before it (undefined once used).
        const last: ({ version: number; before: Record<string, unknown> } | undefined)[] = [
          undefined,
          undefined,
        ];
        for (const c of commands) {
          if (c.kind === 'change') {
            const before = await stateOf('reviews', review.id);
            const reply = await moderate(admins[c.who]!, review.id, version, c.hide ? 'hidden' : 'published');
            if (reply.statusCode !== 200) {
              // An invalid transition (publishing a published review without reports): nothing changed.
              expect(reply.statusCode).toBe(409);
              continue;
            }
            version = reply.json().version;
            last[c.who] = { version, before };
            continue;
          }
          const mine = last[c.who];
          const reply = await admins[c.who]!.post('/undo', {
            target_type: 'review',
            target_id: review.id,
            version: mine?.version ?? version,
          });
          if (mine && mine.version === version) {
            expect(reply.statusCode, reply.body).toBe(200);
            expect(await stateOf('reviews', review.id)).toEqual(mine.before);
            version = reply.json().version;
          } else {
            const state = await stateOf('reviews', review.id);
            expect(reply.statusCode, reply.body).toBe(409);
            expect(await stateOf('reviews', review.id)).toEqual(state);
          }
          last[c.who] = undefined;
        }
      }),
      { numRuns: 15 },
    );
  });

  /**
   * Model: one admin moves an employer, its two posts and the matchings of two workers forward (approval, 반려,
   * 재심사, suspension and its end, publication, close, suspension, proposals and each next step) and undoes any of
   * its changes still on record, in any order. After every step no post is open under an employer that is not
   * approved, and no matching is accepted, contracted or working on a post that is neither open nor closed, or
   * under an employer that is not approved; a refused undo changes nothing, one that succeeds puts the record back
   * in the status the change found it in. A forward suspension leaves matchings under way to their next step, so
   * the model suspends only where none is held, and steps a matching only on an open or closed post of an approved
   * employer (the steps' own rule, docs/domain-integrity.md#one-rule-engine): what breaks a rule here is an undo.
   */
  it('model: undoing in any order keeps open posts and matchings under way with an approved employer', async () => {
    const REASON = { rejected: '서류 미비', suspended: '서류 미비' } as Record<string, string>;
    const NEXT: Record<string, Record<string, unknown>> = {
      proposed: { status: 'interview' },
      interview: { status: 'accepted' },
      accepted: { status: 'contracted', start_date: seoulToday() },
      contracted: { status: 'working' },
    };
    const HELD = ['accepted', 'contracted', 'working'];
    const command = fc.oneof(
      fc.record({
        kind: fc.constant('employer' as const),
        to: fc.constantFrom('approved', 'rejected', 'pending', 'suspended'),
      }),
      {
        weight: 2,
        arbitrary: fc.record({
          kind: fc.constant('post' as const),
          which: fc.integer({ min: 0, max: 1 }),
          to: fc.constantFrom('active', 'active', 'closed', 'suspended'),
        }),
      },
      fc.record({
        kind: fc.constant('propose' as const),
        which: fc.integer({ min: 0, max: 1 }),
        worker: fc.integer({ min: 0, max: 1 }),
      }),
      { weight: 3, arbitrary: fc.record({ kind: fc.constant('step' as const), which: fc.nat() }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('undo' as const), which: fc.nat() }) },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 12 }), async (commands) => {
        const employer = await insertEmployer(ctx, branchId, { status: 'pending' });
        const posts: number[] = [];
        for (const title of ['용접공 모집', '포장 보조']) {
          const created = await admin.post('/job-posts', jobPostBody(employer.id, { title }));
          expect(created.statusCode, created.body).toBe(201);
          posts.push(created.json().id);
        }
        const workers = [(await insertWorker(ctx, branchId)).id, (await insertWorker(ctx, branchId)).id];
        const changes: { type: 'employer' | 'job_post'; id: number; version: number; from: string }[] = [];
        // Each run starts from the employer's approval and its first post's, which the run may undo at any point.
        const approval = await admin.post(`/employers/${employer.id}/status`, {
          status: 'approved',
          version: employer.version,
        });
        expect(approval.statusCode, approval.body).toBe(200);
        changes.push({
          type: 'employer',
          id: employer.id,
          version: approval.json().version,
          from: 'pending',
        });
        const published = await admin.post(`/job-posts/${posts[0]}/status`, { status: 'active', version: 1 });
        expect(published.statusCode, published.body).toBe(200);
        changes.push({ type: 'job_post', id: posts[0]!, version: published.json().version, from: 'pending' });

        const state = async () => ({
          employer: (
            await ctx.db
              .select({ status: employers.status, version: employers.version })
              .from(employers)
              .where(eq(employers.id, employer.id))
          )[0]!,
          posts: await ctx.db
            .select({ id: jobPosts.id, status: jobPosts.status, version: jobPosts.version })
            .from(jobPosts)
            .where(eq(jobPosts.employerId, employer.id))
            .orderBy(jobPosts.id),
          matchings: await ctx.db
            .select({
              id: matchings.id,
              jobPostId: matchings.jobPostId,
              status: matchings.status,
              version: matchings.version,
            })
            .from(matchings)
            .where(eq(matchings.employerId, employer.id))
            .orderBy(matchings.id),
        });
        const heldOn = (s: Awaited<ReturnType<typeof state>>, postId?: number) =>
          s.matchings.some(
            (m) => HELD.includes(m.status) && (postId === undefined || m.jobPostId === postId),
          );
        const expectRules = async () => {
          const s = await state();
          const approved = s.employer.status === 'approved';
          if (!approved)
            expect(
              s.posts.filter((p) => p.status === 'active'),
              'open post',
            ).toEqual([]);
          for (const m of s.matchings.filter((m) => HELD.includes(m.status))) {
            const post = s.posts.find((p) => p.id === m.jobPostId)!;
            expect(approved && ['active', 'closed'].includes(post.status), `matching ${m.id}`).toBe(true);
          }
        };

        for (const c of commands) {
          const s = await state();
          if (c.kind === 'employer') {
            if (c.to === 'suspended' && heldOn(s)) continue;
            const reply = await admin.post(`/employers/${employer.id}/status`, {
              status: c.to,
              version: s.employer.version,
              ...(REASON[c.to] ? { reason: REASON[c.to] } : {}),
            });
            expect(reply.statusCode, reply.body).toBeLessThan(500);
            if (reply.statusCode === 200) {
              changes.push({
                type: 'employer',
                id: employer.id,
                version: reply.json().version,
                from: s.employer.status,
              });
            }
          } else if (c.kind === 'post') {
            const post = s.posts[c.which]!;
            if (c.to === 'suspended' && heldOn(s, post.id)) continue;
            const reply = await admin.post(`/job-posts/${post.id}/status`, {
              status: c.to,
              version: post.version,
              ...(c.to === 'suspended' ? { reason: '내용 확인' } : {}),
            });
            expect(reply.statusCode, reply.body).toBeLessThan(500);
            if (reply.statusCode === 200) {
              changes.push({
                type: 'job_post',
                id: post.id,
                version: reply.json().version,
                from: post.status,
              });
            }
          } else if (c.kind === 'propose') {
            const reply = await admin.post('/matchings', {
              job_post_id: s.posts[c.which]!.id,
              worker_id: workers[c.worker],
            });
            expect(reply.statusCode, reply.body).toBeLessThan(500);
          } else if (c.kind === 'step') {
            const m = s.matchings[c.which % Math.max(1, s.matchings.length)];
            const next = m && NEXT[m.status];
            const post = m && s.posts.find((p) => p.id === m.jobPostId)!;
            if (!next || s.employer.status !== 'approved' || !['active', 'closed'].includes(post!.status))
              continue;
            const reply = await admin.post(`/matchings/${m.id}/status`, { ...next, version: m.version });
            expect(reply.statusCode, reply.body).toBeLessThan(500);
          } else {
            const change = changes[c.which % Math.max(1, changes.length)];
            if (!change) continue;
            const reply = await admin.post('/undo', {
              target_type: change.type,
              target_id: change.id,
              version: change.version,
            });
            const after = await state();
            if (reply.statusCode === 200) {
              const now =
                change.type === 'employer' ? after.employer : after.posts.find((p) => p.id === change.id)!;
              expect(now.status).toBe(change.from);
              changes.splice(changes.indexOf(change), 1);
            } else {
              expect([409, 422], reply.body).toContain(reply.statusCode);
              expect(reply.json().error.message).toMatch(/[가-힣]/);
              expect(after).toEqual(s);
            }
          }
          await expectRules();
        }
      }),
      { numRuns: 15 },
    );
  });
});
