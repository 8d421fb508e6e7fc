/**
 * A filter a list's query schema declares is a filter the list applies (RELIABILITY.md#attacks-on-the-running-product: `GET /users?branch_id=2` answered every
 * branch). Walks every GET route of ROUTE_ACCESS whose published query has `branch_id` — lists, their exports and the
 * matching statistics — with records in two branches, and checks that the filtered answer holds only the one asked.
 */
import { API_BASE_PATH, ROUTE_ACCESS } from '@ilson/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts, reviews } from '../src/db/schema';
import {
  type Api,
  insertAppUser,
  insertBranch,
  insertEmployer,
  insertMatching,
  insertWorker,
  resumeBody,
  signedIn,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';

const PREFIX = API_BASE_PATH.replace(/\/$/, '');

type OpenApi = { paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>> };

let ctx: TestContext;
let api: Api;
const branches: number[] = [];

/** Records of every kind in one branch, visa expiring within the alert windows so the visa board lists it. */
async function recordsIn(branchId: number) {
  const soon = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const employer = await insertEmployer(ctx, branchId);
  const worker = await insertWorker(ctx, branchId, { visaExpiryDate: soon });
  const matching = await insertMatching(ctx, { employerId: employer.id, workerId: worker.id, branchId });
  await ctx.db.insert(payouts).values({
    employerId: employer.id,
    matchingId: matching.id,
    type: 'matching_fee',
    amount: 300_000,
    vat: 30_000,
    status: 'pending',
  });
  await ctx.db.insert(reviews).values({
    matchingId: matching.id,
    reviewerType: 'worker',
    employerId: employer.id,
    workerId: worker.id,
    branchId,
    rating: 4,
    content: '근무 환경이 좋았습니다. 다시 일하고 싶습니다.',
    status: 'pending',
  });
  const resume = await api.post('/resumes', resumeBody(worker.id));
  expect(resume.statusCode, resume.body).toBe(201);
  await insertAppUser(ctx, { workerId: worker.id });
  await insertAppUser(ctx, { employerId: employer.id });
  await signedIn(ctx, 'branch_manager', branchId);
}

function branchFilteredRoutes(openApi: OpenApi): string[] {
  return Object.keys(ROUTE_ACCESS)
    .filter((key) => key.startsWith('GET '))
    .map((key) => key.slice(4))
    .filter((path) =>
      openApi.paths[`${PREFIX}${path}`]?.get?.parameters?.some(
        (p) => p.in === 'query' && p.name === 'branch_id',
      ),
    );
}

/** Extra query a route needs to answer at all. */
function requiredQuery(path: string): string {
  if (path === '/matchings/stats') return '&from=2024-01-01&to=2030-12-31';
  if (path.startsWith('/exports/')) return '&format=csv&reason=branch-filter-test';
  return '';
}

/** The list each export follows: its rows tell the branch of each exported record number. */
const EXPORTED_LIST: Record<string, string> = {
  '/exports/employers': '/employers',
  '/exports/workers': '/workers',
  '/exports/matchings': '/matchings',
  '/exports/payments': '/payouts',
};

/** The branches a route's answer covers: row `branch_id`s, `by_branch` keys, or the exported records' branches. */
async function branchesIn(path: string, body: string): Promise<Set<number>> {
  if (path.startsWith('/exports/')) {
    const list = await api.get(`${EXPORTED_LIST[path]}?page_size=100`);
    const branchOf = new Map(
      (list.json().data as { id: number; branch_id: number }[]).map((row) => [row.id, row.branch_id]),
    );
    const lines = body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const column = lines[0]!.split(',').indexOf('번호');
    expect(column, `${path} has a 번호 column`).toBeGreaterThanOrEqual(0);
    return new Set(lines.slice(1).map((line) => branchOf.get(Number(line.split(',')[column])) ?? -1));
  }
  const json = JSON.parse(body);
  if (path === '/matchings/stats') {
    return new Set(
      (json.by_branch as { key: string; count: number }[])
        .filter((r) => r.count > 0)
        .map((r) => Number(r.key)),
    );
  }
  return new Set((json.data as { branch_id: number | null }[]).map((row) => row.branch_id ?? -1));
}

beforeAll(async () => {
  ctx = await createTestContext();
  const signed = await signedIn(ctx, 'super_admin');
  api = signed.api;
  for (const name of ['필터가지점', '필터나지점']) {
    const branch = await insertBranch(ctx, { name });
    branches.push(branch.id);
    await recordsIn(branch.id);
  }
});
afterAll(async () => {
  await ctx?.close();
});

describe('branch_id filters', () => {
  it('every route whose query declares branch_id answers only that branch', async () => {
    const routes = branchFilteredRoutes(ctx.app.swagger() as OpenApi);
    expect(routes).toEqual(expect.arrayContaining(['/users', '/workers', '/employers', '/admins']));
    for (const path of routes) {
      const unfiltered = await api.get(`${path}?page_size=100${requiredQuery(path)}`);
      expect.soft(unfiltered.statusCode, `${path}: ${unfiltered.body}`).toBe(200);
      if (unfiltered.statusCode !== 200) continue;
      // Both branches are there without the filter, so the filter has something to remove.
      const all = await branchesIn(path, unfiltered.body);
      for (const branch of branches) expect.soft(all, path).toContain(branch);
      for (const branch of branches) {
        const filtered = await api.get(`${path}?page_size=100&branch_id=${branch}${requiredQuery(path)}`);
        expect.soft(filtered.statusCode, `${path}: ${filtered.body}`).toBe(200);
        if (filtered.statusCode !== 200) continue;
        expect
          .soft([...(await branchesIn(path, filtered.body))], `${path}?branch_id=${branch}`)
          .toEqual([branch]);
      }
    }
  });
});
