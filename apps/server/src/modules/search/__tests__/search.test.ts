import { formatBusinessRegNo, SEARCH_GROUP_SIZE, type SearchResponse } from '@ilson/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  alienRegNo,
  insertBranch,
  insertEmployer,
  insertMatching,
  insertWorker,
  signedIn,
} from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { auditLogs, employers, jobPosts } from '../../../db/schema';
import { IDENTIFIER_REFUSED } from '../search.service';

let ctx: TestContext;
let superAdmin: Api;
let superAdminId: number;
let viewer: Api;
let managerA: Api;
let branchA: number;
let branchB: number;
let matchingA: number;

beforeAll(async () => {
  ctx = await createTestContext();
  branchA = (await insertBranch(ctx, { name: '한빛안산지점', code: 'SA' })).id;
  branchB = (await insertBranch(ctx, { name: '한빛부산지점', code: 'SB' })).id;
  const signed = await signedIn(ctx, 'super_admin');
  superAdmin = signed.api;
  superAdminId = signed.admin.id;
  viewer = (await signedIn(ctx, 'viewer')).api;
  managerA = (await signedIn(ctx, 'branch_manager', branchA)).api;

  const employerA = await insertEmployer(ctx, branchA, { companyName: '한빛정밀 안산공장' });
  await insertEmployer(ctx, branchB, { companyName: '한빛정밀 부산공장' });
  const workerA = await insertWorker(ctx, branchA, {
    nameKo: '한빛 응우옌',
    firstName: 'Hanbit',
    lastName: 'Nguyen',
    phoneNumber: '01012345678',
  });
  await insertWorker(ctx, branchB, { nameKo: '한빛 바트', firstName: 'Hanbit', lastName: 'Bat' });
  matchingA = (
    await insertMatching(ctx, { employerId: employerA.id, workerId: workerA.id, branchId: branchA })
  ).id;
});
afterAll(async () => {
  await ctx?.close();
});

async function search(api: Api, q: string): Promise<SearchResponse> {
  const response = await api.get(`/search?q=${encodeURIComponent(q)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const kinds = (reply: SearchResponse) => reply.groups.map((group) => group.kind);
const labels = (reply: SearchResponse, kind: string) =>
  reply.groups.find((group) => group.kind === kind)?.items.map((item) => item.label) ?? [];

describe('GET /search', () => {
  it('finds employers, workers, posts and branches by name, grouped by kind, a few of each', async () => {
    const reply = await search(superAdmin, '한빛');
    // Posts by their title (the employer's name finds the employer, in its own group).
    expect(kinds(reply)).toEqual(['employers', 'workers', 'branches']);
    expect(labels(await search(superAdmin, '생산직'), 'jobPosts')).toEqual(['생산직 사원 모집']);
    expect(labels(reply, 'employers').sort()).toEqual(['한빛정밀 부산공장', '한빛정밀 안산공장']);
    expect(labels(reply, 'workers').sort()).toEqual(['한빛 바트', '한빛 응우옌']);
    expect(labels(reply, 'branches').sort()).toEqual(['한빛부산지점', '한빛안산지점']);
    for (const group of reply.groups) expect(group.items.length).toBeLessThanOrEqual(SEARCH_GROUP_SIZE);
    expect(reply.refused).toBeNull();
  });

  it("shows each item's details as its list would: a post past its deadline as 마감, with its employer", async () => {
    const [employer] = await ctx.db
      .select()
      .from(employers)
      .where(eq(employers.companyName, '한빛정밀 안산공장'));
    await ctx.db.insert(jobPosts).values({
      employerId: employer!.id,
      branchId: branchA,
      title: '한빛 야간 포장 모집',
      industry: 'manufacturing',
      jobDescription: '포장',
      headcount: 2,
      region: '경기도',
      workAddress: '경기도 안산시 단원구 산단로 1',
      employmentType: 'full_time',
      workDays: ['mon', 'tue'],
      workStartTime: '21:00',
      workEndTime: '06:00',
      salaryType: 'monthly',
      salaryAmount: 2_500_000,
      allowedVisaTypes: ['E-9'],
      status: 'active',
      deadline: '2026-01-31',
    });
    const reply = await search(superAdmin, '한빛 야간');
    expect(reply.groups.find((group) => group.kind === 'jobPosts')?.items).toEqual([
      expect.objectContaining({ label: '한빛 야간 포장 모집', detail: '한빛정밀 안산공장 · 마감' }),
    ]);
    const [found] = (await search(superAdmin, '한빛정밀 안산')).groups[0]!.items;
    expect(found).toEqual({
      id: employer!.id,
      label: '한빛정밀 안산공장',
      detail: `${formatBusinessRegNo(employer!.businessRegNo)} · 박대표 · 승인`,
    });
  });

  it('keeps a branch manager to their branch, as the lists do', async () => {
    const reply = await search(managerA, '한빛');
    expect(labels(reply, 'employers')).toEqual(['한빛정밀 안산공장']);
    expect(labels(reply, 'workers')).toEqual(['한빛 응우옌']);
    expect(labels(reply, 'branches')).toEqual(['한빛안산지점']);
  });

  it('finds a worker by Latin name and by the last four digits of the phone', async () => {
    expect(labels(await search(superAdmin, 'Hanbit Nguyen'), 'workers')).toEqual(['한빛 응우옌']);
    expect(labels(await search(superAdmin, '5678'), 'workers')).toEqual(['한빛 응우옌']);
  });

  it('shows a viewer the phone masked, like the worker list', async () => {
    const reply = await search(viewer, '한빛 응우옌');
    const [item] = reply.groups.find((group) => group.kind === 'workers')!.items;
    expect(item!.detail).toContain('010-****-5678');
    expect(item!.detail).not.toContain('1234');
  });

  it('finds a matching by its number, with or without #, within the scope', async () => {
    expect(labels(await search(superAdmin, `#${matchingA}`), 'matchings')).toEqual([
      `#${matchingA} 한빛 응우옌 · 생산직 사원 모집`,
    ]);
    expect(kinds(await search(managerA, String(matchingA)))).toContain('matchings');
    const other = (await signedIn(ctx, 'branch_manager', branchB)).api;
    expect(kinds(await search(other, `#${matchingA}`))).not.toContain('matchings');
  });

  it('reads `#` and a number as a matching only: no other kind is searched for it', async () => {
    expect(kinds(await search(superAdmin, '5678'))).toContain('workers');
    expect(kinds(await search(superAdmin, '#5678'))).toEqual([]);
    expect(kinds(await search(superAdmin, `#${matchingA}`))).toEqual(['matchings']);
  });

  it('lists admins to whoever manages them only', async () => {
    const admin = await signedIn(ctx, 'admin');
    const name = admin.admin.name;
    expect(labels(await search(superAdmin, name), 'admins')).toContain(name);
    expect(kinds(await search(viewer, name))).not.toContain('admins');
    expect(kinds(await search(admin.api, name))).not.toContain('admins');
  });

  it('refuses a full 외국인등록번호: that search is made in the worker list, with a reason', async () => {
    const reply = await search(superAdmin, alienRegNo(7));
    expect(reply).toEqual({ groups: [], refused: IDENTIFIER_REFUSED });
  });

  it('logs a search that returned workers as a view of their personal data', async () => {
    await search(superAdmin, 'Hanbit Nguyen');
    const [entry] = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.actorAdminId, superAdminId), eq(auditLogs.targetType, 'worker')))
      .orderBy(auditLogs.id)
      .limit(1);
    expect(entry?.action).toBe('VIEW_PII');
  });

  it('answers an empty or too long term with a Korean 400', async () => {
    const empty = await superAdmin.get('/search?q=%20');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details[0].message).toBe('검색어를 입력해 주세요.');
    const long = await superAdmin.get(`/search?q=${'가'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.details[0].message).toBe('검색어는 100자까지 입력할 수 있습니다.');
  });
});
