import { REVIEW_STATUSES, REVIEW_TRANSITIONS, recordMessages } from '@ilson/contracts';
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
import { walkTransitions } from '../../../../test/transitions';
import { auditLogs, reviews } from '../../../db/schema';

let ctx: TestContext;
let admin: Api;
let adminId: number;
let manager: Api;
let viewer: Api;
let branchA: number;
let branchB: number;
const matchingIn: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  branchA = (await insertBranch(ctx, { name: '안산지점' })).id;
  branchB = (await insertBranch(ctx, { name: '부산지점' })).id;
  const signed = await signedIn(ctx, 'admin');
  admin = signed.api;
  adminId = signed.admin.id;
  manager = (await signedIn(ctx, 'branch_manager', branchA)).api;
  viewer = (await signedIn(ctx, 'viewer')).api;
  const employerA = (await insertEmployer(ctx, branchA, { companyName: '(주)안산정밀' })).id;
  const employerB = (await insertEmployer(ctx, branchB, { companyName: '(주)부산해운' })).id;
  for (const [key, status, branchId, employerId] of [
    ['working', 'working', branchA, employerA],
    ['completed', 'completed', branchA, employerA],
    ['contracted', 'contracted', branchA, employerA],
    ['cancelled', 'cancelled', branchA, employerA],
    ['branchB', 'working', branchB, employerB],
  ] as const) {
    const workerId = (await insertWorker(ctx, branchId, { nameKo: `근로자 ${key}` })).id;
    matchingIn[key] = (await insertMatching(ctx, { employerId, workerId, branchId }, { status })).id;
  }
});
afterAll(async () => {
  await ctx?.close();
});

type ReviewReply = { id: number; version: number; status: string; report_count: number };

async function createReview(matching: string, reviewerType = 'worker', api = admin): Promise<ReviewReply> {
  const response = await api.post('/reviews', {
    matching_id: matchingIn[matching],
    reviewer_type: reviewerType,
    rating: 4,
    content: `${matching} 매칭 리뷰: 성실하게 근무했습니다.`,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function moderate(
  review: { id: number; version: number },
  status: string,
  reason?: string,
  api = admin,
) {
  return api.post(`/reviews/${review.id}/status`, { status, reason, version: review.version });
}

describe('reviews: entry', () => {
  it('takes a review of a working or completed matching, pending, with its names and branch', async () => {
    const review = await createReview('working', 'employer');
    expect(review).toMatchObject({
      status: 'pending',
      report_count: 0,
      reviewer_type: 'employer',
      employer_name: '(주)안산정밀',
      worker_name: '근로자 working',
      branch_id: branchA,
    });
    expect((await createReview('completed', 'employer', manager)).status).toBe('pending');
  });

  it('refuses a matching that is not working or completed (422) and one out of reach', async () => {
    for (const key of ['contracted', 'cancelled']) {
      const response = await admin.post('/reviews', {
        matching_id: matchingIn[key],
        reviewer_type: 'worker',
        rating: 5,
        content: '아직 근무 전입니다.',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().error.details).toEqual([
        { field: 'matching_id', message: recordMessages.reviewMatchingNotEligible },
      ]);
    }
    const outOfBranch = await manager.post('/reviews', {
      matching_id: matchingIn.branchB,
      reviewer_type: 'worker',
      rating: 5,
      content: '다른 지점 매칭입니다.',
    });
    expect(outOfBranch.statusCode).toBe(422);
    expect(outOfBranch.json().error.details[0].field).toBe('matching_id');
  });

  it('takes one review per matching and reviewer type (409 on the field)', async () => {
    await createReview('completed', 'worker');
    const again = await admin.post('/reviews', {
      matching_id: matchingIn.completed,
      reviewer_type: 'worker',
      rating: 1,
      content: '두 번째 리뷰입니다.',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.details).toEqual([
      { field: 'reviewer_type', message: recordMessages.duplicateReview },
    ]);
  });

  it('validates the rating, refuses a viewer and honours Idempotency-Key', async () => {
    const body = {
      matching_id: matchingIn.branchB,
      reviewer_type: 'worker',
      rating: 6,
      content: '평점이 틀렸습니다.',
    };
    expect((await admin.post('/reviews', body)).statusCode).toBe(400);
    expect((await viewer.post('/reviews', { ...body, rating: 5 })).statusCode).toBe(403);
    const headers = { 'idempotency-key': 'review-b-worker' };
    const first = await admin.post('/reviews', { ...body, rating: 5 }, headers);
    const second = await admin.post('/reviews', { ...body, rating: 5 }, headers);
    expect(first.statusCode).toBe(201);
    expect(second.json().id).toBe(first.json().id);
  });
});

describe('reviews: moderation', () => {
  const ids: Record<string, number> = {};

  /** Fresh reviews with known ages: the queue is pending + published-and-reported, oldest first. */
  beforeAll(async () => {
    await ctx.db.delete(reviews);
    const rows = [
      ['old-pending', 'working', 'worker', 'pending', 0, 9],
      ['reported', 'working', 'employer', 'published', 3, 8],
      ['quiet', 'completed', 'worker', 'published', 0, 7],
      ['hidden', 'completed', 'employer', 'hidden', 2, 6],
      ['b-pending', 'branchB', 'worker', 'pending', 0, 5],
      ['new-pending', 'branchB', 'employer', 'pending', 0, 4],
    ] as const;
    for (const [key, matching, reviewerType, status, reportCount, daysAgo] of rows) {
      const created = await createReview(matching, reviewerType);
      ids[key] = created.id;
      await ctx.db.execute(
        sql`UPDATE reviews SET status = ${status}, report_count = ${reportCount},
              created_at = now() - make_interval(days => ${daysAgo}) WHERE id = ${created.id}`,
      );
    }
  });

  const current = async (key: string) => (await admin.get(`/reviews/${ids[key]}`)).json() as ReviewReply;

  it('queues pending and reported reviews oldest first, pages by after_id and counts the whole queue', async () => {
    const first = (await viewer.get('/reviews/moderation?page_size=2')).json();
    expect(first.data.map((r: { id: number }) => r.id)).toEqual([ids['old-pending'], ids.reported]);
    expect(first.meta).toEqual({ page_size: 2, total: 4, next_after_id: ids.reported });
    const second = (
      await viewer.get(`/reviews/moderation?page_size=2&after_id=${first.meta.next_after_id}`)
    ).json();
    expect(second.data.map((r: { id: number }) => r.id)).toEqual([ids['b-pending'], ids['new-pending']]);
    expect(second.meta).toEqual({ page_size: 2, total: 4, next_after_id: null });
    const mine = (await manager.get('/reviews/moderation')).json();
    expect(mine.data.map((r: { id: number }) => r.id)).toEqual([ids['old-pending'], ids.reported]);
    expect(mine.meta.total).toBe(2);
  });

  it('hides only with a reason, and records the moderator on the review and in the access log', async () => {
    const review = await current('old-pending');
    const noReason = await moderate(review, 'hidden');
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().error.details[0].field).toBe('reason');
    const hidden = await moderate(review, 'hidden', '욕설 포함', manager);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({
      status: 'hidden',
      moderation_reason: '욕설 포함',
      moderated_by_name: expect.any(String),
      version: review.version + 1,
    });
    expect(hidden.json().moderated_at).not.toBeNull();
    const [log] = await ctx.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.targetType, 'review'),
          eq(auditLogs.targetId, String(review.id)),
          eq(auditLogs.action, 'UPDATE'),
        ),
      );
    expect(log).toMatchObject({
      reason: '욕설 포함',
      diff: { status: { before: 'pending', after: 'hidden' } },
    });
    expect(log!.actorLoginId).toBeTruthy();
    const queue = (await admin.get('/reviews/moderation')).json();
    expect(queue.data.map((r: { id: number }) => r.id)).not.toContain(review.id);
  });

  it('keeps a reported review published by clearing its reports; refuses that when there are none', async () => {
    const review = await current('reported');
    const kept = await moderate(review, 'published');
    expect(kept.json()).toMatchObject({ status: 'published', report_count: 0, moderated_by: adminId });
    const again = await moderate(kept.json(), 'published');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: recordMessages.reviewNotReported,
    });
    const history = (await admin.get(`/reviews/${review.id}/history`)).json().data;
    expect(history[0]).toMatchObject({ action: 'UPDATE', diff: { report_count: { before: 3, after: 0 } } });
  });

  it('publishes pending and hidden reviews (clearing reports), and refuses the rest', async () => {
    const pending = await current('b-pending');
    expect((await moderate(pending, 'published')).json().status).toBe('published');
    const hidden = await current('hidden');
    expect((await moderate(hidden, 'published')).json()).toMatchObject({
      status: 'published',
      report_count: 0,
    });
    const quiet = await current('quiet');
    const hiddenQuiet = await moderate(quiet, 'hidden', '개인정보 노출');
    const refused = await moderate(hiddenQuiet.json(), 'pending');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('INVALID_TRANSITION');
  });

  it('applies every row of REVIEW_TRANSITIONS for reviews:moderate and refuses every other pair', async () => {
    await walkTransitions({
      statuses: REVIEW_STATUSES,
      table: REVIEW_TRANSITIONS,
      routePermission: 'reviews:moderate',
      callers: [
        { role: 'viewer', api: viewer },
        { role: 'branch_manager', api: manager },
      ],
      prepare: async (from) => {
        const [row] = await ctx.db.select().from(reviews).where(eq(reviews.id, ids.quiet!));
        await ctx.db
          .update(reviews)
          .set({ status: from, reportCount: from === 'published' ? 1 : 0 })
          .where(eq(reviews.id, row!.id));
        return row!;
      },
      url: (id) => `/reviews/${id}/status`,
    });
  });

  it('refuses a viewer (403), another branch (404) and a stale version (409)', async () => {
    const review = await current('new-pending');
    expect((await moderate(review, 'published', undefined, viewer)).statusCode).toBe(403);
    expect((await moderate(review, 'published', undefined, manager)).statusCode).toBe(404);
    expect((await manager.get(`/reviews/${review.id}`)).statusCode).toBe(404);
    expect((await manager.get(`/reviews/${review.id}/history`)).statusCode).toBe(404);
    const published = await moderate(review, 'published');
    expect(published.statusCode).toBe(200);
    const stale = await moderate(review, 'hidden', '늦은 결정');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('CONFLICT');
  });
});

describe('reviews: list', () => {
  const list = async (query: string, api = admin) =>
    (await api.get(`/reviews?page_size=100&${query}`)).json();

  it('filters by status, rating, reviewer type, reports, branch, dates and content', async () => {
    await ctx.db.execute(sql`UPDATE reviews SET rating = 2, report_count = 1 WHERE content LIKE 'branchB%'`);
    const all = await list('');
    expect(all.meta.total).toBeGreaterThan(3);
    expect((await list('status=hidden')).data.every((r: { status: string }) => r.status === 'hidden')).toBe(
      true,
    );
    const low = (await list('rating=2')).data;
    expect(low.length).toBeGreaterThan(0);
    expect(low.every((r: { rating: number }) => r.rating === 2)).toBe(true);
    expect(
      (await list('reviewer_type=employer')).data.every(
        (r: { reviewer_type: string }) => r.reviewer_type === 'employer',
      ),
    ).toBe(true);
    expect((await list('reported_only=true')).data.map((r: { id: number }) => r.id).sort()).toEqual(
      low.map((r: { id: number }) => r.id).sort(),
    );
    expect(
      (await list(`branch_id=${branchB}`)).data.every((r: { branch_id: number }) => r.branch_id === branchB),
    ).toBe(true);
    expect(
      (await list('q=completed 매칭')).data.every((r: { content: string }) =>
        r.content.startsWith('completed'),
      ),
    ).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`created_from=2000-01-01&created_to=2000-01-31`)).meta.total).toBe(0);
    expect((await list(`created_from=${today}&created_to=2000-01-01`)).error.code).toBe('VALIDATION_ERROR');
  });

  it('sorts by rating and report count with a stable order, and scopes a branch manager', async () => {
    const byRating = (await list('sort=rating&order=asc')).data.map((r: { rating: number }) => r.rating);
    expect(byRating).toEqual([...byRating].sort((a, b) => a - b));
    const byReports = (await list('sort=report_count&order=desc')).data.map(
      (r: { report_count: number }) => r.report_count,
    );
    expect(byReports).toEqual([...byReports].sort((a, b) => b - a));
    const mine = (await list('', manager)).data;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r: { branch_id: number }) => r.branch_id === branchA)).toBe(true);
  });
});
