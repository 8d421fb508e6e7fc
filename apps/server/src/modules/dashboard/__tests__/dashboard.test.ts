import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  employerBody,
  insertBranch,
  insertEmployer,
  insertMatching,
  insertWorker,
  jobPostBody,
  patchSettings,
  signedIn,
} from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { matchingStatusHistory, payouts, reviews } from '../../../db/schema';
import { addDays, seoulDayStart, seoulToday } from '../../../lib/dates';

/**
 * A dataset whose dashboard is worked out by hand, laid out around today's Asia/Seoul date (so it holds
 * whenever it runs). Branch 안산 is the manager's; 부산 is another branch. Every widget has records that must
 * not count: another branch (for the manager), deleted, departed, expired, other statuses, earlier months.
 */
let ctx: TestContext;
let admin: Api;
let manager: Api;
let viewer: Api;
let ansan: number;
let busan: number;

const today = seoulToday();
const MINUTE = 60_000;
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

/** The first day of the month `months` from this one (Seoul), `YYYY-MM-DD` and `YYYY-MM`. */
function monthOf(months: number) {
  const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  const first = d.toISOString().slice(0, 10);
  return { first, key: first.slice(0, 7), start: seoulDayStart(first) };
}
const thisMonth = monthOf(0);

const ids: Record<string, number> = {};

async function seedEmployers() {
  // Pending, oldest first overall: 부산-1 (20 days), 안산-1 (10), 부산-2 (5), 안산-2 (3), 안산-3 (API, now), 안산-4.
  const pending = [
    ['busan1', busan, 20],
    ['ansan1', ansan, 10],
    ['busan2', busan, 5],
    ['ansan2', ansan, 3],
  ] as const;
  for (const [key, branchId, days] of pending) {
    ids[key] = (
      await insertEmployer(ctx, branchId, {
        companyName: `대기 ${key}`,
        status: 'pending',
        createdAt: daysAgo(days),
      })
    ).id;
  }
  const created = await admin.post(
    '/employers',
    employerBody(ansan, { company_name: '대기 ansan3', business_reg_no: '124-81-00998' }),
  );
  expect(created.statusCode, created.body).toBe(201);
  expect(created.json()).toMatchObject({ status: 'pending' });
  ids.ansan3 = created.json().id;
  ids.ansan4 = (await insertEmployer(ctx, ansan, { companyName: '대기 ansan4', status: 'pending' })).id;
  // Not pending, or deleted: never counted.
  await insertEmployer(ctx, ansan, { status: 'rejected', createdAt: daysAgo(30) });
  await insertEmployer(ctx, ansan, { status: 'pending', createdAt: daysAgo(40), deletedAt: new Date() });
  ids.factoryA = (await insertEmployer(ctx, ansan, { companyName: '(주)안산정밀' })).id;
  ids.factoryB = (await insertEmployer(ctx, busan, { companyName: '(주)부산해운' })).id;
}

async function seedJobPosts() {
  // Pending: 안산 2, 부산 1; a draft is not.
  for (const [employerId, submit] of [
    [ids.factoryA, true],
    [ids.factoryA, true],
    [ids.factoryB, true],
    [ids.factoryA, false],
  ] as const) {
    const response = await admin.post('/job-posts', jobPostBody(employerId!, { submit }));
    expect(response.statusCode, response.body).toBe(201);
  }
}

async function seedWorkers() {
  type Row = [key: string, branch: number, nationality: string, days: number | null, extra?: object];
  const rows: Row[] = [
    ['w1', ansan, 'VN', -1],
    ['w2', ansan, 'VN', -40],
    ['w3', ansan, 'PH', 0],
    ['w4', ansan, 'KH', 30],
    ['w5', ansan, 'VN', 31],
    ['w6', ansan, 'NP', 10, { status: 'departed' }],
    ['w7', ansan, 'NP', 5, { deletedAt: new Date() }],
    ['w8', ansan, 'VN', null],
    ['w9', ansan, 'PH', 1500],
    ['w10', ansan, 'VN', 100],
    ['w11', ansan, 'TH', 119],
    ['w12', ansan, 'PH', 30],
    ['x1', busan, 'VN', 2],
    ['x2', busan, 'ID', -3],
    ['x3', busan, 'ID', 200],
  ];
  for (const [key, branchId, nationality, days, extra] of rows) {
    ids[key] = (
      await insertWorker(ctx, branchId, {
        nameKo: `근로자 ${key}`,
        nationality,
        visaExpiryDate: days === null ? null : addDays(today, days),
        ...extra,
      })
    ).id;
  }
}

async function seedMatchings() {
  const inA = { employerId: ids.factoryA!, workerId: ids.w8!, branchId: ansan };
  const inB = { employerId: ids.factoryB!, workerId: ids.x3!, branchId: busan };
  const lastMonth = new Date(thisMonth.start.getTime() - MINUTE);
  const rows = [
    ['m1', inA, 'proposed', new Date()],
    ['m2', inA, 'proposed', new Date()],
    ['m3', inA, 'interview', new Date()],
    ['m4', inA, 'cancelled', new Date()],
    ['m5', inA, 'working', lastMonth],
    ['m6', inB, 'contracted', new Date()],
    ['m7', inB, 'proposed', thisMonth.start],
    ['m8', inB, 'completed', new Date(monthOf(-2).start.getTime() + DAY)],
    ['m9', inA, 'completed', new Date(monthOf(-11).start.getTime() + MINUTE)],
    ['m10', inA, 'completed', new Date(monthOf(-11).start.getTime() - MINUTE)],
  ] as const;
  for (const [key, refs, status, createdAt] of rows) {
    ids[key] = (await insertMatching(ctx, refs, { status, createdAt })).id;
  }
  await ctx.db.insert(matchingStatusHistory).values([
    { matchingId: ids.m6!, fromStatus: 'accepted', toStatus: 'contracted', changedAt: new Date() },
    { matchingId: ids.m5!, fromStatus: 'accepted', toStatus: 'contracted', changedAt: lastMonth },
  ]);
}

async function seedReviews() {
  type Row = [
    key: string,
    branch: 'A' | 'B',
    status: 'pending' | 'published' | 'hidden',
    reports: number,
    days: number,
  ];
  const rows: Row[] = [
    ['r1', 'A', 'pending', 0, 5],
    ['r2', 'A', 'pending', 2, 4],
    ['r3', 'A', 'published', 5, 10],
    ['r4', 'A', 'published', 0, 6],
    ['r5', 'A', 'hidden', 9, 6],
    ['r6', 'A', 'published', 2, 8],
    ['r7', 'A', 'pending', 3, 7],
    ['s1', 'B', 'pending', 1, 1],
    ['s2', 'B', 'published', 7, 2],
    ['s3', 'B', 'published', 1, 3],
  ];
  for (const [key, branch, status, reportCount, days] of rows) {
    const refs =
      branch === 'A'
        ? { employerId: ids.factoryA!, workerId: ids.w8!, branchId: ansan }
        : { employerId: ids.factoryB!, workerId: ids.x3!, branchId: busan };
    // Matchings of long ago (completed: a worker works in one matching at a time), outside this month and the trend.
    const matching = await insertMatching(ctx, refs, {
      status: 'completed',
      createdAt: new Date('2020-01-01'),
    });
    const [row] = await ctx.db
      .insert(reviews)
      .values({
        matchingId: matching.id,
        reviewerType: 'worker',
        ...refs,
        rating: 3,
        content: `리뷰 ${key}: 근무 환경에 대한 의견입니다.`,
        status,
        reportCount,
        createdAt: daysAgo(days),
        deletedAt: key === 'r7' ? new Date() : null,
      })
      .returning({ id: reviews.id });
    ids[key] = row!.id;
  }
}

async function seedPayouts() {
  await ctx.db.insert(payouts).values([
    { employerId: ids.factoryA!, type: 'matching_fee', amount: 300_000, vat: 30_000, status: 'pending' },
    { employerId: ids.factoryA!, type: 'wage', amount: 1_000_000, vat: 0, status: 'pending' },
    { employerId: ids.factoryA!, type: 'wage', amount: 500_000, vat: 0, status: 'approved' },
    { employerId: ids.factoryA!, type: 'wage', amount: 200_000, vat: 0, status: 'paid' },
    { employerId: ids.factoryB!, type: 'matching_fee', amount: 250_000, vat: 25_000, status: 'pending' },
  ]);
}

beforeAll(async () => {
  ctx = await createTestContext();
  ansan = (await insertBranch(ctx, { name: '안산지점' })).id;
  busan = (await insertBranch(ctx, { name: '부산지점' })).id;
  admin = (await signedIn(ctx, 'admin')).api;
  manager = (await signedIn(ctx, 'branch_manager', ansan)).api;
  viewer = (await signedIn(ctx, 'viewer')).api;
  await seedEmployers();
  await seedJobPosts();
  await seedWorkers();
  await seedMatchings();
  await seedReviews();
  await seedPayouts();
});

afterAll(async () => {
  await ctx?.close();
});

/** A queue item on the wire. */
type Item = { id: number } & Record<string, unknown>;

async function dashboardOf(api: Api) {
  const response = await api.get('/dashboard');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The 12 months of the trend, oldest first, with the months that have data. */
function trend(months: Record<number, [created: number, contracted: number]>) {
  return Array.from({ length: 12 }, (_, i) => {
    const offset = i - 11;
    const [created, contracted] = months[offset] ?? [0, 0];
    return { month: monthOf(offset).key, created, contracted };
  });
}

const byStatus = (counts: Record<string, number>) =>
  ['proposed', 'interview', 'accepted', 'contracted', 'working', 'completed', 'cancelled', 'terminated'].map(
    (status) => ({ status, count: counts[status] ?? 0 }),
  );

describe('GET /dashboard', () => {
  it('counts every widget over all branches for an admin', async () => {
    const body = await dashboardOf(admin);
    const lastDay = addDays(monthOf(1).first, -1);
    expect(body).toMatchObject({
      today,
      employers: { pending: 6 },
      job_posts: { pending: 3 },
      visas: { window_days: 30, bucket: 'd30', expiring: 4, overdue: 3 },
      matchings: {
        month: { from: thisMonth.first, to: lastDay },
        total: 6,
        by_status: byStatus({ proposed: 3, interview: 1, contracted: 1, cancelled: 1 }),
      },
      payouts: { pending: 3, amount: 1_550_000, vat: 55_000, total: 1_605_000 },
      reviews: { awaiting: 7, reported: 6 },
    });
    expect(body.monthly).toEqual(trend({ 0: [6, 1], [-1]: [1, 1], [-2]: [1, 0], [-11]: [1, 0] }));
    expect(body.by_nationality).toEqual([
      { nationality: 'VN', count: 6 },
      { nationality: 'PH', count: 3 },
      { nationality: 'ID', count: 2 },
      { nationality: 'KH', count: 1 },
      { nationality: 'TH', count: 1 },
    ]);
  });

  it('lists the to-do queues in order, with what the screen links to', async () => {
    const { queues } = await dashboardOf(admin);
    expect(queues.pending_employers.map((row: Item) => row.id)).toEqual(
      ['busan1', 'ansan1', 'busan2', 'ansan2', 'ansan3'].map((key) => ids[key]),
    );
    expect(queues.pending_employers[0]).toEqual({
      id: ids.busan1,
      company_name: '대기 busan1',
      branch_name: '부산지점',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    expect(queues.expiring_visas.map((row: Item) => [row.id, row.days_left])).toEqual([
      [ids.w3, 0],
      [ids.x1, 2],
      [ids.w4, 30],
      [ids.w12, 30],
      [ids.w5, 31],
    ]);
    expect(queues.expiring_visas[1]).toEqual({
      id: ids.x1,
      name: '근로자 x1',
      nationality: 'VN',
      visa_type: 'E-9',
      visa_expiry_date: addDays(today, 2),
      days_left: 2,
      branch_name: '부산지점',
    });

    expect(queues.reported_reviews.map((row: Item) => [row.id, row.report_count])).toEqual([
      [ids.s2, 7],
      [ids.r3, 5],
      [ids.r6, 2],
      [ids.r2, 2],
      [ids.s3, 1],
    ]);
    expect(queues.reported_reviews[0]).toMatchObject({
      employer_name: '(주)부산해운',
      worker_name: '근로자 x3',
      reviewer_type: 'worker',
      rating: 3,
      status: 'published',
      excerpt: '리뷰 s2: 근무 환경에 대한 의견입니다.',
    });
  });

  it('shows a branch manager only their own branch', async () => {
    const body = await dashboardOf(manager);
    expect(body).toMatchObject({
      employers: { pending: 4 },
      job_posts: { pending: 2 },
      visas: { expiring: 3, overdue: 2 },
      matchings: { total: 4, by_status: byStatus({ proposed: 2, interview: 1, cancelled: 1 }) },
      payouts: { pending: 2, amount: 1_300_000, vat: 30_000, total: 1_330_000 },
      reviews: { awaiting: 4, reported: 3 },
    });
    expect(body.monthly).toEqual(trend({ 0: [4, 0], [-1]: [1, 1], [-11]: [1, 0] }));
    expect(body.by_nationality).toEqual([
      { nationality: 'VN', count: 5 },
      { nationality: 'PH', count: 3 },
      { nationality: 'KH', count: 1 },
      { nationality: 'TH', count: 1 },
    ]);
    expect(body.queues.pending_employers.map((row: Item) => row.id)).toEqual(
      ['ansan1', 'ansan2', 'ansan3', 'ansan4'].map((key) => ids[key]),
    );
    expect(body.queues.expiring_visas.map((row: Item) => row.id)).toEqual(
      ['w3', 'w4', 'w12', 'w5', 'w10'].map((key) => ids[key]),
    );
    expect(body.queues.reported_reviews.map((row: Item) => row.id)).toEqual(
      ['r3', 'r6', 'r2'].map((key) => ids[key]),
    );
  });

  it('gives a branch manager without a branch nothing', async () => {
    const unassigned = (await signedIn(ctx, 'branch_manager', null)).api;
    const body = await dashboardOf(unassigned);
    expect(body).toMatchObject({
      employers: { pending: 0 },
      job_posts: { pending: 0 },
      visas: { expiring: 0, overdue: 0 },
      matchings: { total: 0 },
      payouts: { pending: 0, amount: 0, vat: 0, total: 0 },
      reviews: { awaiting: 0, reported: 0 },
      by_nationality: [],
      queues: { pending_employers: [], expiring_visas: [], reported_reviews: [] },
    });
    expect(body.monthly).toEqual(trend({}));
  });

  it('lets a viewer read it, the same as an admin but for the data-subject requests it does not handle', async () => {
    const [seen, full] = await Promise.all([dashboardOf(viewer), dashboardOf(admin)]);
    expect(full.privacy_requests).toEqual({ open: 0, overdue: 0 });
    expect(seen.privacy_requests).toBeUndefined();
    expect({ ...seen, as_of: undefined }).toEqual({ ...full, as_of: undefined, privacy_requests: undefined });
  });

  it('takes the visa window from the settings', async () => {
    const superAdmin = (await signedIn(ctx, 'super_admin')).api;
    const changed = await patchSettings(superAdmin, { visa_alert_days: [1, 60] });
    expect(changed.statusCode, changed.body).toBe(200);
    const body = await dashboardOf(admin);
    expect(body.visas).toEqual({ window_days: 1, bucket: 'd1', expiring: 1, overdue: 3 });
    // The queue reaches to the largest window: 60 days.
    expect(body.queues.expiring_visas.map((row: Item) => row.id)).toEqual(
      ['w3', 'x1', 'w4', 'w12', 'w5'].map((key) => ids[key]),
    );
    await patchSettings(superAdmin, { visa_alert_days: [30, 60, 90, 120] });
  });

  it('needs a signed-in admin', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
  });
});
