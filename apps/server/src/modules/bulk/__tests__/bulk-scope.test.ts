import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  insertBranch,
  insertEmployer,
  insertMatching,
  insertReview,
  insertWorker,
  signedIn,
} from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';

/**
 * A branch manager's bulk job over ids of other branches: what comes back about a record they may not reach reads
 * exactly like what comes back about an id nobody has (docs/bulk-actions.md#refused-records).
 */
let ctx: TestContext;
let manager: Api;
let branchA: number;
let branchB: number;

beforeAll(async () => {
  ctx = await createTestContext();
  branchA = (await insertBranch(ctx, { name: '범위안산지점', code: 'SA' })).id;
  branchB = (await insertBranch(ctx, { name: '범위부산지점', code: 'SB' })).id;
  manager = (await signedIn(ctx, 'branch_manager', branchA)).api;
});
afterAll(async () => {
  await ctx?.close();
});

type Failure = { record_id: number; label: string; code: string; message: string };

/** The failure list of a job over [another branch's record, a missing id], with each id written as `{id}`. */
async function refusals(resource: string, body: Record<string, unknown>, otherId: number) {
  const missing = otherId + 1_000_000;
  const started = await manager.post(`/${resource}/bulk-jobs`, { ...body, ids: [otherId, missing] });
  expect(started.statusCode, started.body).toBe(201);
  const job = started.json() as { id: number };
  await ctx.app.bulk.idle();
  const read = await manager.get(`/${resource}/bulk-jobs/${job.id}/failures?page_size=100`);
  expect(read.statusCode).toBe(200);
  const failures = (read.json() as { data: Failure[] }).data;
  expect(failures).toHaveLength(2);
  const shape = (f: Failure) => ({
    ...f,
    record_id: '{id}',
    label: f.label.replaceAll(String(f.record_id), '{id}'),
    message: f.message.replaceAll(String(f.record_id), '{id}'),
  });
  return {
    other: shape(failures.find((f) => f.record_id === otherId)!),
    missing: shape(failures.find((f) => f.record_id === missing)!),
    raw: JSON.stringify(failures),
  };
}

describe("a branch manager's bulk job over other branches' ids", () => {
  it('names no worker of another branch, and refuses one as it refuses an id nobody has', async () => {
    const other = await insertWorker(ctx, branchB, { nameKo: '타지점근로자' });
    const {
      other: o,
      missing,
      raw,
    } = await refusals('workers', { action: 'change-branch', branch_id: branchA }, other.id);
    expect(raw).not.toContain('타지점근로자');
    expect(raw).not.toContain('Nguyen');
    expect(o).toEqual(missing);
    expect(o).toEqual({ record_id: '{id}', label: '#{id}', code: 'NOT_FOUND', message: missing.message });
  });

  it('names no employer of another branch', async () => {
    const other = await insertEmployer(ctx, branchB, { status: 'pending', companyName: '(주)타지점회사' });
    const { other: o, missing, raw } = await refusals('employers', { action: 'approve' }, other.id);
    expect(raw).not.toContain('타지점회사');
    expect(o).toEqual(missing);
  });

  it('names no review or job post of another branch', async () => {
    const employer = await insertEmployer(ctx, branchB);
    const worker = await insertWorker(ctx, branchB);
    const matching = await insertMatching(ctx, {
      employerId: employer.id,
      workerId: worker.id,
      branchId: branchB,
    });
    const review = await insertReview(ctx, matching);
    const reviews = await refusals('reviews', { action: 'hide', reason: '부적절' }, review.id);
    expect(reviews.other).toEqual(reviews.missing);
    const posts = await refusals('job-posts', { action: 'close', reason: '마감' }, matching.jobPostId);
    expect(posts.raw).not.toContain('생산직');
    expect(posts.other).toEqual(posts.missing);
  });
});
