import { identityMessages, recordMessages } from '@ilson/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, insertBranch, patchSettings, signedIn, workerBody } from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { auditLogs, workers } from '../../../db/schema';
import { addDays, seoulToday } from '../../../lib/dates';

let ctx: TestContext;
let admin: Api;
let managerA: Api;
let branchA: number;
let branchB: number;
const today = seoulToday();
const byDays = new Map<number, number>();

type Board = {
  buckets: { key: string; label: string; max_days: number | null; count: number }[];
  data: { id: number; days_left: number; visa_expiry_date: string; extension_status: string }[];
  meta: { page: number; page_size: number; total: number };
};

async function addWorker(days: number | null, overrides: Record<string, unknown> = {}) {
  const response = await admin.post(
    '/workers',
    workerBody(branchA, {
      alien_reg_no: null,
      passport_no: null,
      last_name: `D${days}`,
      visa_expiry_date: days === null ? null : addDays(today, days),
      ...overrides,
    }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; version: number };
}

const board = async (api: Api, query = '') => (await api.get(`/workers/visa-expiry${query}`)).json() as Board;
const counts = (b: Board) => Object.fromEntries(b.buckets.map((x) => [x.key, x.count]));

beforeAll(async () => {
  ctx = await createTestContext();
  branchA = (await insertBranch(ctx, { code: 'VA' })).id;
  branchB = (await insertBranch(ctx, { code: 'VB' })).id;
  admin = (await signedIn(ctx, 'admin')).api;
  managerA = (await signedIn(ctx, 'branch_manager', branchA)).api;
  for (const days of [-3, 0, 20, 30, 31, 45, 60, 61, 90, 100, 120, 121, 300]) {
    byDays.set(days, (await addWorker(days)).id);
  }
  // A visa with no stay limit: no expiry date (docs/DOMAIN.md#identity).
  await addWorker(null, { visa_type: 'F-5' });
  const departed = await addWorker(10, { last_name: 'Departed' });
  await ctx.db.update(workers).set({ status: 'departed' }).where(eq(workers.id, departed.id));
  await addWorker(20, { branch_id: branchB, last_name: 'OtherBranch', nationality: 'PH' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /workers/visa-expiry', () => {
  it('buckets by days left in Seoul: overdue, D-30, D-60, D-90, D-120 from the settings', async () => {
    const b = await board(admin);
    expect(b.buckets).toEqual([
      { key: 'overdue', label: '만료 경과', max_days: null, count: 1 },
      { key: 'd30', label: 'D-30', max_days: 30, count: 4 },
      { key: 'd60', label: 'D-60', max_days: 60, count: 3 },
      { key: 'd90', label: 'D-90', max_days: 90, count: 2 },
      { key: 'd120', label: 'D-120', max_days: 120, count: 2 },
    ]);
  });

  it('lists by days left ascending, leaving out departed workers, no expiry date and beyond the last window', async () => {
    const b = await board(admin, '?page_size=100');
    expect(b.meta).toEqual({ page: 1, page_size: 100, total: 12, total_estimated: false });
    expect(b.data.map((r) => r.days_left)).toEqual([-3, 0, 20, 20, 30, 31, 45, 60, 61, 90, 100, 120]);
    expect(b.data[0]).toMatchObject({
      id: byDays.get(-3),
      visa_expiry_date: addDays(today, -3),
      extension_status: 'none',
    });
  });

  it('puts a worker expiring in 20 days in d30, 45 days in d60 and -3 in overdue', async () => {
    const ids = async (bucket: string) => (await board(admin, `?bucket=${bucket}`)).data.map((r) => r.id);
    expect(await ids('d30')).toContain(byDays.get(20));
    expect(await ids('d60')).toContain(byDays.get(45));
    expect(await ids('overdue')).toEqual([byDays.get(-3)]);
    const d60 = await board(admin, '?bucket=d60');
    expect(d60.data.map((r) => r.days_left)).toEqual([31, 45, 60]);
    expect(d60.meta.total).toBe(3);
    expect(counts(d60)).toEqual(counts(await board(admin)));
  });

  it('counts under the other filters and paginates', async () => {
    expect(counts(await board(admin, '?nationality=PH'))).toEqual({
      overdue: 0,
      d30: 1,
      d60: 0,
      d90: 0,
      d120: 0,
    });
    expect(counts(await board(admin, `?branch_id=${branchB}`)).d30).toBe(1);
    const page2 = await board(admin, '?page_size=5&page=2');
    expect(page2.data.map((r) => r.days_left)).toEqual([31, 45, 60, 61, 90]);
    expect(page2.meta).toEqual({ page: 2, page_size: 5, total: 12, total_estimated: false });
  });

  it('refuses a bucket the settings do not define', async () => {
    const response = await admin.get('/workers/visa-expiry?bucket=d45');
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details).toEqual([
      { field: 'bucket', message: recordMessages.unknownVisaBucket },
    ]);
  });

  it("shows a branch manager only their branch's workers", async () => {
    const b = await board(managerA, '?page_size=100');
    expect(counts(b).d30).toBe(3);
    expect(b.meta.total).toBe(11);
  });
});

describe('PATCH /workers/:id/extension', () => {
  it('applies (dated today by default), then approves with a later expiry date that moves the worker off the board', async () => {
    const id = byDays.get(20)!;
    const applied = await admin.patch(`/workers/${id}/extension`, {
      extension_status: 'applied',
      version: 1,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({
      extension_status: 'applied',
      extension_applied_at: today,
      version: 2,
    });
    expect((await board(admin, '?extension_status=applied')).data.map((r) => r.id)).toEqual([id]);

    const noDate = await admin.patch(`/workers/${id}/extension`, {
      extension_status: 'approved',
      version: 2,
    });
    expect(noDate.statusCode).toBe(422);
    expect(noDate.json().error.details).toEqual([
      { field: 'new_visa_expiry_date', message: recordMessages.newExpiryRequired },
    ]);
    const earlier = await admin.patch(`/workers/${id}/extension`, {
      extension_status: 'approved',
      new_visa_expiry_date: addDays(today, 10),
      version: 2,
    });
    expect(earlier.json().error.details[0].message).toBe(recordMessages.newExpiryNotLater);

    const newExpiry = addDays(today, 400);
    const approved = await admin.patch(`/workers/${id}/extension`, {
      extension_status: 'approved',
      new_visa_expiry_date: newExpiry,
      version: 2,
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      extension_status: 'approved',
      extension_applied_at: today,
      extension_approved_at: today,
      visa_expiry_date: newExpiry,
      version: 3,
    });
    expect((await board(admin, '?page_size=100')).data.map((r) => r.id)).not.toContain(id);

    const logs = await ctx.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.targetId, String(id)));
    const summaries = logs
      .filter((l) => l.targetType === 'worker' && l.action === 'UPDATE')
      .map((l) => l.summary);
    expect(summaries).toEqual(['체류기간 연장: 미신청 → 연장 신청', '체류기간 연장: 연장 신청 → 연장 승인']);
  });

  it('takes an explicit applied date and refuses a stale version', async () => {
    const id = byDays.get(45)!;
    const applied = await admin.patch(`/workers/${id}/extension`, {
      extension_status: 'applied',
      extension_applied_at: '2026-01-05',
      version: 1,
    });
    expect(applied.json().extension_applied_at).toBe('2026-01-05');
    const stale = await admin.patch(`/workers/${id}/extension`, { extension_status: 'none', version: 1 });
    expect(stale.statusCode).toBe(409);
    const reset = await admin.patch(`/workers/${id}/extension`, { extension_status: 'none', version: 2 });
    expect(reset.json()).toMatchObject({ extension_status: 'none', extension_applied_at: null });
  });
});

describe('the dates of an extension (docs/DOMAIN.md#identity, 출입국관리법 제25조)', () => {
  const refusal = async (id: number, body: Record<string, unknown>) => {
    const response = await admin.patch(`/workers/${id}/extension`, { ...body, version: 1 });
    expect(response.statusCode, response.body).toBe(422);
    return response.json().error.details;
  };

  it('refuses one filed after the expiry, and one applied or approved after today, on its field', async () => {
    const overdue = byDays.get(-3)!;
    expect(await refusal(overdue, { extension_status: 'applied' })).toEqual([
      { field: 'extension_applied_at', message: identityMessages.extensionAfterExpiry(addDays(today, -3)) },
    ]);
    const later = byDays.get(300)!;
    expect(
      await refusal(later, { extension_status: 'applied', extension_applied_at: addDays(today, 1) }),
    ).toEqual([{ field: 'extension_applied_at', message: identityMessages.extensionAppliedInFuture }]);
    expect(
      await refusal(later, {
        extension_status: 'approved',
        extension_applied_at: addDays(today, -10),
        extension_approved_at: addDays(today, 2),
        new_visa_expiry_date: addDays(today, 900),
      }),
    ).toEqual([{ field: 'extension_approved_at', message: identityMessages.extensionApprovedInFuture }]);
    const onTheDay = await admin.get(`/workers/${overdue}`);
    expect(onTheDay.json()).toMatchObject({ extension_status: 'none', version: 1 });
  });
});

describe('visa windows from the settings', () => {
  it('follows a change of visaAlertDays at once', async () => {
    const { api: boss } = await signedIn(ctx, 'super_admin');
    expect((await patchSettings(boss, { visa_alert_days: [15, 45] })).statusCode).toBe(200);
    const b = await board(admin, '?page_size=100');
    expect(b.buckets.map((x) => [x.key, x.count])).toEqual([
      ['overdue', 1],
      ['d15', 1],
      ['d45', 4],
    ]);
    // The A-branch worker at 20 days was extended above; the B-branch one remains.
    expect(b.data.map((r) => r.days_left)).toEqual([-3, 0, 20, 30, 31, 45]);
  });
});
