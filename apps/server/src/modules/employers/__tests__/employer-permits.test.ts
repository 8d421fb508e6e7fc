import { settingsMessages } from '@ilson/contracts';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  activeJobPost,
  grantPermit,
  insertBranch,
  insertEmployer,
  insertWorker,
  setFutureMinimumWages,
  signedIn,
} from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { auditLogs, employers } from '../../../db/schema';
import { runChecks } from '../../../integrity/checks';

/**
 * 고용허가 (docs/law-as-data.md#employer-permits-and-quota, docs/DOMAIN.md I-30): an employer's permits as a child
 * record, and the contract step that refuses an E-9/H-2 contract without a permit or over the permits' headcount or
 * the 고용허용인원.
 */

let ctx: TestContext;
let admin: Api;
let viewer: Api;
let manager: Api;
let otherManager: Api;
let branchId: number;

const START = '2027-01-04';

beforeAll(async () => {
  ctx = await createTestContext();
  await setFutureMinimumWages(ctx);
  branchId = (await insertBranch(ctx)).id;
  const otherBranchId = (await insertBranch(ctx)).id;
  admin = (await signedIn(ctx, 'admin')).api;
  viewer = (await signedIn(ctx, 'viewer')).api;
  manager = (await signedIn(ctx, 'branch_manager', branchId)).api;
  otherManager = (await signedIn(ctx, 'branch_manager', otherBranchId)).api;
});
afterAll(async () => {
  await ctx?.close();
});

const permitBody = (overrides: Record<string, unknown> = {}) => ({
  type: 'employment_permit',
  permit_no: '2026-000123',
  valid_from: '2026-01-01',
  valid_to: '2028-12-31',
  headcount: 10,
  ...overrides,
});

/** A proposal walked to accepted (an override reason for the permit warnings the proposal may give). */
async function accepted(employerId: number, visa: 'E-9' | 'H-2' = 'E-9') {
  const worker = await insertWorker(ctx, branchId, { visaType: visa });
  const post = await activeJobPost(admin, employerId, { headcount: 20 });
  const created = await admin.post('/matchings', {
    job_post_id: post.id,
    worker_id: worker.id,
    override_reason: '고용허가서 발급 예정',
  });
  expect(created.statusCode, created.body).toBe(201);
  let m = created.json() as { id: number; version: number };
  for (const status of ['interview', 'accepted']) {
    const r = await admin.post(`/matchings/${m.id}/status`, { status, version: m.version });
    expect(r.statusCode, r.body).toBe(200);
    m = r.json();
  }
  return m;
}

const contract = (m: { id: number; version: number }, api = admin) =>
  api.post(`/matchings/${m.id}/status`, { status: 'contracted', start_date: START, version: m.version });

async function contracted(employerId: number, visa: 'E-9' | 'H-2' = 'E-9') {
  const m = await accepted(employerId, visa);
  const r = await contract(m);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { id: number; version: number };
}

describe('an employer’s permits', () => {
  it('are added, listed with the use of the 고용허용인원, edited by version and deleted, each logged', async () => {
    const employer = await insertEmployer(ctx, branchId, { employeeCount: 12 });
    const created = await manager.post(`/employers/${employer.id}/permits`, permitBody());
    expect(created.statusCode, created.body).toBe(201);
    const permit = created.json();
    expect(permit).toMatchObject({ type: 'employment_permit', visa: 'E-9', headcount: 10, version: 1 });

    const listed = (await viewer.get(`/employers/${employer.id}/permits`)).json();
    expect(listed.data.map((p: { id: number }) => p.id)).toEqual([permit.id]);
    expect(listed.insured_employees).toBe(12);
    // 제조업 11–50 insured employees: 10; the permit's 10; nobody under contract yet.
    expect(listed.usage.find((u: { visa: string }) => u.visa === 'E-9')).toMatchObject({
      used: 0,
      permit_headcount: 10,
      quota: 10,
      limit: 10,
    });
    expect(listed.usage.find((u: { visa: string }) => u.visa === 'H-2')).toMatchObject({
      permit_headcount: 0,
      limit: 0,
    });

    const edited = await manager.patch(`/employers/${employer.id}/permits/${permit.id}`, {
      headcount: 8,
      version: 1,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ headcount: 8, version: 2 });
    const stale = await manager.patch(`/employers/${employer.id}/permits/${permit.id}`, {
      headcount: 7,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);

    const removed = await manager.delete(`/employers/${employer.id}/permits/${permit.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await admin.get(`/employers/${employer.id}/permits`)).json().data).toEqual([]);

    const logged = await ctx.db
      .select({ summary: auditLogs.summary, action: auditLogs.action })
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.targetType, 'employer'),
          eq(auditLogs.targetId, String(employer.id)),
          like(auditLogs.summary, '고용허가%'),
        ),
      );
    expect(logged.map((l) => l.summary.split(':')[0])).toEqual([
      '고용허가 등록',
      '고용허가 수정',
      '고용허가 삭제',
    ]);
  });

  it('refuses an end before the start, no headcount, and a missing number', async () => {
    const employer = await insertEmployer(ctx, branchId);
    for (const body of [
      permitBody({ valid_from: '2027-01-01', valid_to: '2026-12-31' }),
      permitBody({ headcount: 0 }),
      permitBody({ permit_no: ' ' }),
    ]) {
      const r = await admin.post(`/employers/${employer.id}/permits`, body);
      expect(r.statusCode, r.body).toBe(400);
    }
    const permit = await grantPermit(ctx, employer.id, { validFrom: '2026-01-01', validTo: '2026-12-31' });
    const inverted = await admin.patch(`/employers/${employer.id}/permits/${permit.id}`, {
      valid_from: '2027-06-01',
      version: permit.version,
    });
    expect(inverted.statusCode, inverted.body).toBe(422);
  });

  it('are written as the employer is: not by a viewer, not in another branch', async () => {
    const employer = await insertEmployer(ctx, branchId);
    expect((await viewer.post(`/employers/${employer.id}/permits`, permitBody())).statusCode).toBe(403);
    expect((await otherManager.post(`/employers/${employer.id}/permits`, permitBody())).statusCode).toBe(404);
    expect((await otherManager.get(`/employers/${employer.id}/permits`)).statusCode).toBe(404);
    const permit = await grantPermit(ctx, employer.id);
    expect(
      (
        await otherManager.patch(`/employers/${employer.id}/permits/${permit.id}`, {
          headcount: 2,
          version: 1,
        })
      ).statusCode,
    ).toBe(404);
    expect((await otherManager.delete(`/employers/${employer.id}/permits/${permit.id}`)).statusCode).toBe(
      404,
    );
    expect((await viewer.delete(`/employers/${employer.id}/permits/${permit.id}`)).statusCode).toBe(403);
    // Another employer's permit is not found under this one.
    const other = await insertEmployer(ctx, branchId);
    expect((await admin.delete(`/employers/${other.id}/permits/${permit.id}`)).statusCode).toBe(404);
  });
});

describe('the contract of an E-9 or H-2 worker', () => {
  it('warns at the proposal and refuses the contract without a valid 고용허가서, then goes ahead with one', async () => {
    const employer = await insertEmployer(ctx, branchId, { employeeCount: 20 });
    const worker = await insertWorker(ctx, branchId);
    const post = await activeJobPost(admin, employer.id);
    const warned = await admin.post('/matchings', { job_post_id: post.id, worker_id: worker.id });
    expect(warned.statusCode).toBe(422);
    expect(warned.json().error.code).toBe('ELIGIBILITY_WARNING');
    expect(JSON.stringify(warned.json().error.details)).toContain('고용허가서');

    const m = await accepted(employer.id);
    // A permit that ended before the start does not count.
    await grantPermit(ctx, employer.id, { validFrom: '2024-01-01', validTo: '2026-12-31' });
    const refused = await contract(m);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('VISA_NOT_ELIGIBLE');
    expect(refused.json().error.message).toContain(`근무 시작일(${START})에 유효한 고용허가서`);

    await grantPermit(ctx, employer.id, { validFrom: '2027-01-01', validTo: '2029-12-31' });
    expect((await contract(m)).statusCode).toBe(200);
  });

  it('needs a 특례고용가능확인서 for an H-2 worker, not a 고용허가서', async () => {
    const employer = await insertEmployer(ctx, branchId, { employeeCount: 20 });
    await grantPermit(ctx, employer.id);
    const m = await accepted(employer.id, 'H-2');
    const refused = await contract(m);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toContain('특례고용가능확인서');
    await grantPermit(ctx, employer.id, { type: 'special_employment_confirmation', headcount: 2 });
    expect((await contract(m)).statusCode).toBe(200);
  });

  it('refuses one more than the 고용허용인원: 1 insured employee in manufacturing allows 5', async () => {
    const employer = await insertEmployer(ctx, branchId, { employeeCount: 1 });
    await grantPermit(ctx, employer.id, { headcount: 10 });
    for (let i = 0; i < 5; i++) await contracted(employer.id);
    const sixth = await accepted(employer.id);
    const refused = await contract(sixth);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toContain('고용허용인원 5명 중 5명이 계약·근무 중입니다');
    // With more insured employees (11–50: 10) the same contract goes ahead.
    await ctx.db.update(employers).set({ employeeCount: 11 }).where(eq(employers.id, employer.id));
    expect((await contract(sixth)).statusCode).toBe(200);
  });

  it('refuses one more than the permits’ headcount, and counts a cancelled contract no more', async () => {
    const employer = await insertEmployer(ctx, branchId, { employeeCount: 100 });
    await grantPermit(ctx, employer.id, { headcount: 2 });
    const first = await contracted(employer.id);
    await contracted(employer.id);
    const third = await accepted(employer.id);
    const refused = await contract(third);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toContain('고용허가서 허가인원 2명 중 2명이 계약·근무 중입니다');
    const cancelled = await admin.post(`/matchings/${first.id}/status`, {
      status: 'cancelled',
      reason: '근로자 입국 취소',
      version: first.version,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await contract(third)).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous contracts take the last place', async () => {
    const employer = await insertEmployer(ctx, branchId, { employeeCount: 100 });
    await grantPermit(ctx, employer.id, { headcount: 1 });
    const a = await accepted(employer.id);
    const b = await accepted(employer.id);
    const results = await Promise.all([contract(a), contract(b, manager)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const violations = (await runChecks(ctx.db)).find((c) => c.code === 'held_over_permit_or_quota')!;
    expect(violations.violations).toEqual([]);
  });
});

describe('a contract’s start moved', () => {
  it('is refused past the permit’s validity or onto a day already full, and allowed inside it', async () => {
    const employer = await insertEmployer(ctx, branchId, { employeeCount: 100 });
    await grantPermit(ctx, employer.id, { headcount: 1, validFrom: '2026-01-01', validTo: '2027-12-31' });
    const m = await contracted(employer.id);
    const late = await admin.patch(`/matchings/${m.id}`, { start_date: '2028-02-01', version: m.version });
    expect(late.statusCode).toBe(422);
    expect(late.json().error.details[0]).toMatchObject({ field: 'start_date' });
    expect(late.json().error.details[0].message).toContain('고용허가서');
    const inside = await admin.patch(`/matchings/${m.id}`, { start_date: '2027-02-01', version: m.version });
    expect(inside.statusCode, inside.body).toBe(200);
  });
});

describe('a permit’s change while contracts rely on it', () => {
  it('refuses a delete, a shorter validity or a lower headcount that leaves contracts uncovered, naming them', async () => {
    const employer = await insertEmployer(ctx, branchId, { employeeCount: 100 });
    const permit = await grantPermit(ctx, employer.id, { headcount: 3 });
    await contracted(employer.id);
    await contracted(employer.id);

    const deleted = await admin.delete(`/employers/${employer.id}/permits/${permit.id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error.code).toBe('MATCHINGS_AFFECTED');
    expect(deleted.json().error.message).toContain('매칭이 2건');
    expect(deleted.json().error.details).toHaveLength(2);

    const shorter = await admin.patch(`/employers/${employer.id}/permits/${permit.id}`, {
      valid_to: '2026-12-31',
      version: permit.version,
    });
    expect(shorter.statusCode).toBe(409);
    const lower = await admin.patch(`/employers/${employer.id}/permits/${permit.id}`, {
      headcount: 1,
      version: permit.version,
    });
    expect(lower.statusCode).toBe(409);
    // Both start the same day, so both are over the one place.
    expect(lower.json().error.message).toContain('매칭이 2건');
    // Down to the two held is fine; so is a new permit taking over before the old one goes.
    const two = await admin.patch(`/employers/${employer.id}/permits/${permit.id}`, {
      headcount: 2,
      version: permit.version,
    });
    expect(two.statusCode, two.body).toBe(200);
    await grantPermit(ctx, employer.id, { headcount: 5 });
    expect((await admin.delete(`/employers/${employer.id}/permits/${permit.id}`)).statusCode).toBe(200);
  });

  it('lets the employer’s 상시 근로자 수 go down, and check:data reports what is then over the quota', async () => {
    // 11 insured employees: 10 allowed; 10: 5. Six contracted, then the number goes down.
    const employer = await insertEmployer(ctx, branchId, { employeeCount: 11 });
    await grantPermit(ctx, employer.id, { headcount: 10 });
    for (let i = 0; i < 6; i++) await contracted(employer.id);
    const current = (await admin.get(`/employers/${employer.id}`)).json();
    const edited = await admin.patch(`/employers/${employer.id}`, {
      employee_count: 10,
      version: current.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const found = (await runChecks(ctx.db)).find((c) => c.code === 'held_over_permit_or_quota')!;
    expect(found.violations).toHaveLength(6);
    expect(found.violations[0]!.detail).toBe(`E-9/H-2 6 > quota 5 on ${START}`);
    const usage = (await admin.get(`/employers/${employer.id}/permits`)).json().usage;
    expect(usage.find((u: { visa: string }) => u.visa === 'E-9')).toMatchObject({ quota: 5, limit: 5 });
  });
});

/**
 * The 고용허용인원 table as the operator keeps it (docs/law-as-data.md#operator-kept-rows): versions by 시행일 in the
 * `employerQuotaTables` setting, changed by a super admin with a reason, read by the contract step, the employer's
 * 고용허가 tab and check:data on each contract's start date. Runs last in the file: it changes the table and puts it
 * back.
 */
describe('the 고용허용인원 table as a setting', () => {
  type Band = { max_insured: number | null; limit: number };
  type Version = { effective_from: string; bands: { manufacturing: Band[]; service: Band[] }; note: string };
  let superAdmin: Api;
  let defaults: Version[];

  beforeAll(async () => {
    superAdmin = (await signedIn(ctx, 'super_admin')).api;
    defaults = (await superAdmin.get('/settings')).json().employer_quota_tables;
  });

  const manufacturing = (upToTen: number): Band[] => [
    { max_insured: 10, limit: upToTen },
    { max_insured: null, limit: 40 },
  ];
  const version = (from: string, upToTen: number): Version => ({
    effective_from: from,
    bands: { manufacturing: manufacturing(upToTen), service: defaults[0]!.bands.service },
    note: `외국인력정책위원회 결정(시험 ${from})`,
  });
  const save = async (tables: Version[], reason: string | undefined, api = superAdmin) => {
    const read = (await api.get('/settings')).json();
    return api.patch('/settings', {
      version: read.version,
      employer_quota_tables: tables,
      ...(reason === undefined ? {} : { wage_change_reason: reason }),
    });
  };

  it('is changed only by a super admin, with a reason, and refuses a table that is not one', async () => {
    const tables = [...defaults, version('2026-12-01', 2)];
    expect((await save(tables, '시험', admin)).statusCode).toBe(403);
    const noReason = await save(tables, undefined);
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().error.details).toEqual([
      { field: 'wage_change_reason', message: settingsMessages.quotaChangeReasonRequired },
    ]);
    const unordered = await save(
      [
        {
          ...version('2026-12-01', 2),
          bands: {
            manufacturing: [
              { max_insured: 50, limit: 5 },
              { max_insured: 10, limit: 3 },
              { max_insured: null, limit: 40 },
            ],
            service: defaults[0]!.bands.service,
          },
        },
      ],
      '시험',
    );
    expect(unordered.statusCode).toBe(400);
    expect(unordered.json().error.details).toContainEqual({
      field: 'employer_quota_tables.0.bands.manufacturing.1.max_insured',
      message: settingsMessages.quotaBandsOrder,
    });
    const twice = await save([version('2026-12-01', 2), version('2026-12-01', 3)], '시험');
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.details).toContainEqual({
      field: 'employer_quota_tables.1.effective_from',
      message: settingsMessages.quotaDatesUnique,
    });
    expect((await superAdmin.get('/settings')).json().employer_quota_tables).toEqual(defaults);
  });

  it('applies the version in force on the contract’s start, is never refused for lowering, and check:data reports what it puts over', async () => {
    // From 2026-12-01 an employer of up to 10 insured employees may take 2; from 2027-06-01, 1 (START is 2027-01-04).
    const saved = await save(
      [...defaults, version('2026-12-01', 2), version('2027-06-01', 1)],
      '2027년 고용허용인원 결정 반영',
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const [logged] = await ctx.db
      .select({ reason: auditLogs.reason })
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'SETTINGS_CHANGE'), like(auditLogs.summary, '%고용허용인원%')))
      .orderBy(auditLogs.id);
    expect(logged?.reason).toBe('2027년 고용허용인원 결정 반영');

    const employer = await insertEmployer(ctx, branchId, { employeeCount: 1 });
    await grantPermit(ctx, employer.id, { headcount: 10 });
    const held = [await contracted(employer.id), await contracted(employer.id)];
    const refused = await contract(await accepted(employer.id));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toContain('고용허용인원 2명 중 2명이 계약·근무 중입니다');
    const usage = (await admin.get(`/employers/${employer.id}/permits`)).json().usage;
    const e9 = usage.find((u: { visa: string }) => u.visa === 'E-9');
    expect(e9).toMatchObject({ quota: 2, limit: 2 });
    expect(e9.quota_basis.notice).toContain('설정값(2026-12-01 시행)');

    // The law lowered the figure: the save goes through (never refused), and check:data names the contracts.
    const lowered = await save([...defaults, version('2026-12-01', 1)], '결정 정정');
    expect(lowered.statusCode, lowered.body).toBe(200);
    const found = (await runChecks(ctx.db)).find((c) => c.code === 'held_over_permit_or_quota')!;
    const ours = found.violations.filter((v) => held.some((m) => m.id === v.targetId));
    expect(ours.map((v) => v.detail)).toEqual([
      `E-9/H-2 2 > quota 1 on ${START}`,
      `E-9/H-2 2 > quota 1 on ${START}`,
    ]);

    expect((await save(defaults, '시험 끝: 원래 표로')).statusCode).toBe(200);
    expect((await admin.get(`/employers/${employer.id}/permits`)).json().usage[0]).toMatchObject({
      quota: 5,
    });
  });
});
