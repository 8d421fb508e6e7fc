import type { MatchingStatus } from '@ilson/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  activeJobPost,
  insertBranch,
  insertEmployer,
  insertWorker,
  signedIn,
} from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { matchingStatusHistory, matchings } from '../../../db/schema';

/**
 * A small dataset whose statistics are worked out by hand (times are Seoul, +09:00). The range is
 * 2026-01-01 … 2026-03-31.
 *
 * | # | branch | nat. | visa | industry      | created (KST)    | contract (KST)   | now        |
 * | 1 | 안산   | VN   | E-9  | manufacturing | 01-05 10:00      | 01-15 10:00 (10 d)| working   |
 * | 2 | 안산   | VN   | E-9  | manufacturing | 02-01 00:30 (UTC: 01-31) | —        | cancelled  |
 * | 3 | 안산   | PH   | H-2  | manufacturing | 02-10 09:00      | 02-14 21:00 (4.5 d)| cancelled |
 * | 4 | 천안   | KH   | E-9  | agriculture   | 03-01 09:00      | —                | interview  |
 * | 5 | 천안   | VN   | E-8  | agriculture   | 03-20 09:00      | 04-02 09:00 (out of range) | contracted |
 * | 6 | 안산   | VN   | E-9  | manufacturing | 2025-12-31 23:00 (before) | 01-03 11:00 (2.5 d) | contracted |
 * | 7 | 안산   | VN   | E-9  | manufacturing | 04-01 00:10 (after; UTC: 03-31) | — | proposed |
 */
let ctx: TestContext;
let admin: Api;
let manager: Api;
let viewer: Api;
let ansan: number;
let cheonan: number;

const kst = (at: string) => new Date(`${at}+09:00`);

beforeAll(async () => {
  ctx = await createTestContext();
  ansan = (await insertBranch(ctx, { name: '안산지점' })).id;
  cheonan = (await insertBranch(ctx, { name: '천안지점' })).id;
  admin = (await signedIn(ctx, 'admin')).api;
  manager = (await signedIn(ctx, 'branch_manager', ansan)).api;
  viewer = (await signedIn(ctx, 'viewer')).api;
  const factory = await insertEmployer(ctx, ansan);
  const farm = await insertEmployer(ctx, cheonan, { industry: 'agriculture' });
  const factoryPost = (await activeJobPost(admin, factory.id)).id;
  const farmPost = (
    await activeJobPost(admin, farm.id, { industry: 'agriculture', allowed_visa_types: ['E-8', 'E-9'] })
  ).id;

  type Row = {
    branch: number;
    nationality: string;
    visa: 'E-9' | 'H-2' | 'E-8';
    created: string;
    status: MatchingStatus;
    steps: [MatchingStatus, string][];
  };
  const rows: Row[] = [
    {
      branch: ansan,
      nationality: 'VN',
      visa: 'E-9',
      created: '2026-01-05T10:00',
      status: 'working',
      steps: [
        ['contracted', '2026-01-15T10:00'],
        ['working', '2026-02-01T09:00'],
      ],
    },
    {
      branch: ansan,
      nationality: 'VN',
      visa: 'E-9',
      created: '2026-02-01T00:30',
      status: 'cancelled',
      steps: [['cancelled', '2026-02-03T09:00']],
    },
    {
      branch: ansan,
      nationality: 'PH',
      visa: 'H-2',
      created: '2026-02-10T09:00',
      status: 'cancelled',
      steps: [
        ['contracted', '2026-02-14T21:00'],
        ['cancelled', '2026-02-20T09:00'],
      ],
    },
    {
      branch: cheonan,
      nationality: 'KH',
      visa: 'E-9',
      created: '2026-03-01T09:00',
      status: 'interview',
      steps: [['interview', '2026-03-02T09:00']],
    },
    {
      branch: cheonan,
      nationality: 'VN',
      visa: 'E-8',
      created: '2026-03-20T09:00',
      status: 'contracted',
      steps: [['contracted', '2026-04-02T09:00']],
    },
    {
      branch: ansan,
      nationality: 'VN',
      visa: 'E-9',
      created: '2025-12-31T23:00',
      status: 'contracted',
      steps: [['contracted', '2026-01-03T11:00']],
    },
    {
      branch: ansan,
      nationality: 'VN',
      visa: 'E-9',
      created: '2026-04-01T00:10',
      status: 'proposed',
      steps: [],
    },
  ];
  for (const row of rows) {
    const worker = await insertWorker(ctx, row.branch, { nationality: row.nationality, visaType: row.visa });
    const onFarm = row.branch === cheonan;
    const [m] = await ctx.db
      .insert(matchings)
      .values({
        jobPostId: onFarm ? farmPost : factoryPost,
        employerId: onFarm ? farm.id : factory.id,
        workerId: worker.id,
        branchId: row.branch,
        workerNationality: row.nationality,
        workerVisaType: row.visa,
        industry: onFarm ? 'agriculture' : 'manufacturing',
        status: row.status,
        // The dates a status needs (a check constraint): any day will do for statistics.
        startDate: ['proposed', 'interview', 'accepted', 'cancelled'].includes(row.status)
          ? null
          : '2026-01-05',
        endDate: ['completed', 'terminated'].includes(row.status) ? '2026-02-05' : null,
        createdAt: kst(row.created),
      })
      .returning();
    let from: MatchingStatus = 'proposed';
    await ctx.db
      .insert(matchingStatusHistory)
      .values({ matchingId: m!.id, toStatus: 'proposed', changedAt: kst(row.created) });
    for (const [to, at] of row.steps) {
      await ctx.db
        .insert(matchingStatusHistory)
        .values({ matchingId: m!.id, fromStatus: from, toStatus: to, changedAt: kst(at) });
      from = to;
    }
  }
});
afterAll(async () => {
  await ctx?.close();
});

const RANGE = 'from=2026-01-01&to=2026-03-31';
const zeroStatuses = {
  proposed: 0,
  interview: 0,
  accepted: 0,
  contracted: 0,
  working: 0,
  completed: 0,
  cancelled: 0,
  terminated: 0,
};
const statusCounts = (byStatus: { status: string; count: number }[]) =>
  Object.fromEntries(byStatus.map((row) => [row.status, row.count]));

describe('GET /matchings/stats', () => {
  it('counts the hand-made dataset for every branch', async () => {
    const response = await viewer.get(`/matchings/stats?${RANGE}`);
    expect(response.statusCode, response.body).toBe(200);
    const stats = response.json();
    expect(stats.by_status.map((row: { status: string }) => row.status)).toEqual(Object.keys(zeroStatuses));
    expect(statusCounts(stats.by_status)).toEqual({
      ...zeroStatuses,
      working: 1,
      cancelled: 2,
      interview: 1,
      contracted: 1,
    });
    expect(stats.monthly).toEqual([
      { month: '2026-01', created: 1, contracted: 2 },
      { month: '2026-02', created: 2, contracted: 1 },
      { month: '2026-03', created: 2, contracted: 0 },
    ]);
    expect(stats.conversion).toEqual({ proposed: 5, contracted: 3, rate: 0.6 });
    // (2.5 + 10 + 4.5) / 3 = 5.67
    expect(stats.avg_days_to_contract).toBe(5.7);
    expect(stats.by_nationality).toEqual([
      { key: 'VN', label: '베트남', count: 3, contracted: 2 },
      { key: 'KH', label: '캄보디아', count: 1, contracted: 0 },
      { key: 'PH', label: '필리핀', count: 1, contracted: 1 },
    ]);
    expect(stats.by_industry).toEqual([
      { key: 'manufacturing', label: '제조업', count: 3, contracted: 2 },
      { key: 'agriculture', label: '농업(작물재배)', count: 2, contracted: 1 },
    ]);
    expect(stats.by_visa_type).toEqual([
      { key: 'E-9', label: 'E-9 비전문취업', count: 3, contracted: 1 },
      { key: 'E-8', label: 'E-8 계절근로', count: 1, contracted: 1 },
      { key: 'H-2', label: 'H-2 방문취업', count: 1, contracted: 1 },
    ]);
    expect(stats.by_branch).toEqual([
      { key: String(ansan), label: '안산지점', count: 3, contracted: 2 },
      { key: String(cheonan), label: '천안지점', count: 2, contracted: 1 },
    ]);
  });

  it('narrows to one branch, keeping every month of the range', async () => {
    const stats = (await admin.get(`/matchings/stats?${RANGE}&branch_id=${cheonan}`)).json();
    expect(statusCounts(stats.by_status)).toEqual({ ...zeroStatuses, interview: 1, contracted: 1 });
    expect(stats.monthly).toEqual([
      { month: '2026-01', created: 0, contracted: 0 },
      { month: '2026-02', created: 0, contracted: 0 },
      { month: '2026-03', created: 2, contracted: 0 },
    ]);
    expect(stats.conversion).toEqual({ proposed: 2, contracted: 1, rate: 0.5 });
    expect(stats.avg_days_to_contract).toBeNull();
  });

  it('keeps a branch manager to their branch', async () => {
    const stats = (await manager.get(`/matchings/stats?${RANGE}`)).json();
    expect(stats.conversion).toEqual({ proposed: 3, contracted: 2, rate: 0.6667 });
    expect(stats.monthly).toEqual([
      { month: '2026-01', created: 1, contracted: 2 },
      { month: '2026-02', created: 2, contracted: 1 },
      { month: '2026-03', created: 0, contracted: 0 },
    ]);
    expect(stats.by_branch).toEqual([{ key: String(ansan), label: '안산지점', count: 3, contracted: 2 }]);
    const other = (await manager.get(`/matchings/stats?${RANGE}&branch_id=${cheonan}`)).json();
    expect(other.conversion).toEqual({ proposed: 0, contracted: 0, rate: 0 });
    expect(other.by_branch).toEqual([]);
  });

  it('takes days in Seoul: one day, and the boundaries of the range', async () => {
    const day = (await admin.get('/matchings/stats?from=2026-02-01&to=2026-02-01')).json();
    expect(day.monthly).toEqual([{ month: '2026-02', created: 1, contracted: 0 }]);
    expect(day.conversion.proposed).toBe(1);
    const april = (await admin.get('/matchings/stats?from=2026-04-01&to=2026-04-30')).json();
    expect(april.monthly).toEqual([{ month: '2026-04', created: 1, contracted: 1 }]);
    expect(april.avg_days_to_contract).toBe(13);
  });

  it('refuses an inverted or too long range', async () => {
    expect((await admin.get('/matchings/stats?from=2026-03-01&to=2026-01-01')).statusCode).toBe(422);
    expect((await admin.get('/matchings/stats?from=2000-01-01&to=2026-01-01')).statusCode).toBe(422);
    expect((await admin.get('/matchings/stats?from=2026-01-01')).statusCode).toBe(400);
  });
});
