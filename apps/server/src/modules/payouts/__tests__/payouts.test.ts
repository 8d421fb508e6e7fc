import { PAYOUT_STATUSES, PAYOUT_TRANSITIONS, recordMessages } from '@ilson/contracts';
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
import { queryRows } from '../../../db/client';
import { auditLogs, payouts } from '../../../db/schema';

let ctx: TestContext;
/** Matchings of an F-5 worker: a private fee for one is lawful (E-9 and E-8 are the public service's: fees.test.ts). */
const F5 = { workerVisaType: 'F-5' } as const;
const F5_WORKER = { visaType: 'F-5', visaExpiryDate: null } as const;
let admin: Api;
let manager: Api;
let viewer: Api;
let checker: Api;
let superAdmin: Api;
let branchB: number;
let employerA: number;
let employerA2: number;
let employerB: number;
let workerA: number;
let workerB: number;
let matchingA: number;

const ACCOUNT = '110-123-456789';
const ACCOUNT_DIGITS = '110123456789';

beforeAll(async () => {
  ctx = await createTestContext();
  const branchA = (await insertBranch(ctx, { name: '안산지점' })).id;
  branchB = (await insertBranch(ctx, { name: '부산지점' })).id;
  admin = (await signedIn(ctx, 'admin')).api;
  manager = (await signedIn(ctx, 'branch_manager', branchA)).api;
  viewer = (await signedIn(ctx, 'viewer')).api;
  checker = (await signedIn(ctx, 'admin')).api;
  superAdmin = (await signedIn(ctx, 'super_admin')).api;
  employerA = (await insertEmployer(ctx, branchA, { companyName: '(주)안산정밀' })).id;
  employerA2 = (await insertEmployer(ctx, branchA, { companyName: '(주)시화금속' })).id;
  employerB = (await insertEmployer(ctx, branchB, { companyName: '(주)부산해운' })).id;
  workerA = (await insertWorker(ctx, branchA, { nameKo: '응우옌 반 안', ...F5_WORKER })).id;
  workerB = (await insertWorker(ctx, branchB, { nameKo: '바트 도르지' })).id;
  matchingA = (await insertMatching(ctx, { employerId: employerA, workerId: workerA, branchId: branchA }, F5))
    .id;
});
afterAll(async () => {
  await ctx?.close();
});

type PayoutReply = {
  id: number;
  version: number;
  status: string;
  vat: number;
  total: number;
  account_no: string | null;
  last_edited_by: number | null;
};

/** A fee payout of employer A, not tied to a matching unless asked (one live fee per matching). */
async function createPayout(body: Record<string, unknown> = {}, api = admin): Promise<PayoutReply> {
  const response = await api.post('/payouts', {
    employer_id: employerA,
    matching_id: null,
    type: 'matching_fee',
    amount: 300_000,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** One status change; approvals by `checker`, another admin than the maker (maker–checker). */
async function step(
  payout: { id: number; version: number },
  status: string,
  extra: Record<string, unknown> = {},
) {
  const response = await (status === 'approved' ? checker : admin).post(`/payouts/${payout.id}/status`, {
    status,
    version: payout.version,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PayoutReply & { paid_at: string | null };
}

describe('payouts: amounts and links', () => {
  it('defaults VAT to 10% of a matching fee and to 0 for wages and refunds; total = amount + VAT', async () => {
    expect(await createPayout({ amount: 300_005 })).toMatchObject({
      amount: 300_005,
      vat: 30_000,
      total: 330_005,
    });
    expect(await createPayout({ type: 'wage', amount: 2_000_000, worker_id: workerA })).toMatchObject({
      vat: 0,
      total: 2_000_000,
    });
    expect(await createPayout({ type: 'refund', amount: 50_000 })).toMatchObject({ vat: 0, total: 50_000 });
    expect(await createPayout({ amount: 100_000, vat: 0 })).toMatchObject({ vat: 0, total: 100_000 });
    const big = await createPayout({ matching_id: null, amount: 9_000_000_000 });
    expect(big).toMatchObject({ vat: 900_000_000, total: 9_900_000_000, employer_name: '(주)안산정밀' });
  });

  it('requires employer, matching and worker to exist, be in reach and belong together (422 on the field)', async () => {
    const cases: [Record<string, unknown>, string, string, Api?][] = [
      [{ employer_id: employerA2 }, 'matching_id', recordMessages.payoutMatchingMismatch],
      [{ worker_id: workerB }, 'worker_id', recordMessages.payoutWorkerMismatch],
      [{ matching_id: 999_999 }, 'matching_id', recordMessages.matchingNotFound],
      [{ type: 'wage', matching_id: null }, 'worker_id', recordMessages.payoutWorkerRequired],
      [
        { employer_id: employerB, matching_id: null },
        'employer_id',
        recordMessages.employerNotFound,
        manager,
      ],
      [{ matching_id: null, worker_id: workerB }, 'worker_id', recordMessages.workerNotFound, manager],
    ];
    for (const [body, field, message, api = admin] of cases) {
      const response = await api.post('/payouts', {
        employer_id: employerA,
        matching_id: matchingA,
        type: 'matching_fee',
        amount: 1000,
        ...body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().error.details).toEqual([{ field, message }]);
    }
  });

  it('creates once per Idempotency-Key and refuses a viewer (403)', async () => {
    const headers = { 'idempotency-key': 'payout-1' };
    const body = { employer_id: employerA2, type: 'refund', amount: 12_345 };
    const first = await admin.post('/payouts', body, headers);
    const second = await admin.post('/payouts', body, headers);
    expect(second.json().id).toBe(first.json().id);
    expect(await ctx.db.select().from(payouts).where(eq(payouts.amount, 12_345))).toHaveLength(1);
    expect((await viewer.post('/payouts', body)).statusCode).toBe(403);
  });
});

describe('payouts: account number (docs/SECURITY.md)', () => {
  let payout: PayoutReply;

  beforeAll(async () => {
    payout = await createPayout({
      bank_name: '신한은행',
      account_no: ACCOUNT,
      account_holder: '(주)안산정밀',
    });
  });

  it('answers the masked form only, and keeps no plaintext in the row or the access log', async () => {
    expect(payout.account_no).toBe('********6789');
    const bodies = [(await admin.get(`/payouts/${payout.id}`)).body, (await admin.get('/payouts')).body];
    for (const body of bodies) {
      expect(body).not.toContain(ACCOUNT_DIGITS);
      expect(body).not.toMatch(/account_no_(enc|hash)/);
    }
    const rows = await queryRows<{ row: string }>(
      ctx.db,
      sql`SELECT row_to_json(p)::text AS row FROM payouts p`,
    );
    const logs = await queryRows<{ row: string }>(
      ctx.db,
      sql`SELECT row_to_json(a)::text AS row FROM audit_logs a`,
    );
    for (const { row } of [...rows, ...logs]) {
      expect(row).not.toContain(ACCOUNT_DIGITS);
      expect(row).not.toContain(ACCOUNT);
    }
    const [stored] = await ctx.db.select().from(payouts).where(eq(payouts.id, payout.id));
    expect(stored!.accountNoEnc).toMatch(/^v1:/);
    expect(stored!.accountNoHash).toBe(ctx.app.pii.searchHash(ACCOUNT_DIGITS));
    expect(logs.map((l) => l.row).join('\n')).toContain('********6789');
  });

  it('finds a payout by its exact account number', async () => {
    const found = (await admin.get(`/payouts?q=${ACCOUNT}`)).json().data;
    expect(found.map((p: { id: number }) => p.id)).toEqual([payout.id]);
  });

  it('reveals it once with a reason, logged as REVEAL and not cached; refuses roles without payouts:reveal', async () => {
    const response = await admin.post(`/payouts/${payout.id}/reveal`, { reason: '지급 계좌 확인' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ value: ACCOUNT_DIGITS });
    expect(response.headers['cache-control']).toBe('no-store');
    const [reveal] = await ctx.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.targetType, 'payout'),
          eq(auditLogs.targetId, String(payout.id)),
          eq(auditLogs.action, 'REVEAL'),
        ),
      );
    expect(reveal).toMatchObject({ reason: '지급 계좌 확인', summary: expect.stringContaining('계좌번호') });
    expect(JSON.stringify(reveal)).not.toContain(ACCOUNT_DIGITS);
    expect((await admin.post(`/payouts/${payout.id}/reveal`, { reason: '' })).statusCode).toBe(400);
    for (const api of [viewer, manager]) {
      expect((await api.post(`/payouts/${payout.id}/reveal`, { reason: '궁금함' })).statusCode).toBe(403);
    }
    const none = await createPayout();
    expect((await admin.post(`/payouts/${none.id}/reveal`, { reason: '확인' })).statusCode).toBe(404);
  });

  it('changes the number with masked before/after in the diff, and keeps it when not sent', async () => {
    const changed = await admin.patch(`/payouts/${payout.id}`, {
      account_no: '333-22-1111',
      version: payout.version,
    });
    expect(changed.json()).toMatchObject({ account_no: '*****1111', version: payout.version + 1 });
    const kept = await admin.patch(`/payouts/${payout.id}`, { memo: '메모', version: payout.version + 1 });
    expect(kept.json().account_no).toBe('*****1111');
    const history = (await admin.get(`/payouts/${payout.id}/history`)).json().data;
    expect(history.map((h: { action: string }) => h.action)).toEqual([
      'UPDATE',
      'UPDATE',
      'REVEAL',
      'CREATE',
    ]);
    expect(history[1].diff).toEqual({ account_no: { before: '********6789', after: '*****1111' } });
  });
});

describe('payouts: flow and edits', () => {
  it('applies every row of PAYOUT_TRANSITIONS for its permission and refuses every other pair', async () => {
    const payout = await createPayout();
    await walkTransitions({
      statuses: PAYOUT_STATUSES,
      table: PAYOUT_TRANSITIONS,
      routePermission: 'payouts:write',
      callers: [
        { role: 'viewer', api: viewer },
        { role: 'branch_manager', api: manager },
        { role: 'admin', api: admin },
      ],
      prepare: async (from) => {
        const [row] = await ctx.db
          .update(payouts)
          // Made by someone else: the table is walked here, maker–checker has its own test.
          .set({ status: from, lastEditedBy: null })
          .where(eq(payouts.id, payout.id))
          .returning();
        return row!;
      },
      url: (id) => `/payouts/${id}/status`,
    });
  });

  it('approves, pays (paid_at given or now) and then refuses edits and further changes', async () => {
    const payout = await createPayout();
    expect(
      (await manager.post(`/payouts/${payout.id}/status`, { status: 'approved', version: 1 })).statusCode,
    ).toBe(403);
    const approved = await step(payout, 'approved');
    const paidAt = '2026-03-02T10:00:00+09:00';
    const paid = await step(approved, 'paid', { paid_at: paidAt });
    expect(Date.parse(paid.paid_at!)).toBe(Date.parse(paidAt));
    const edit = await admin.patch(`/payouts/${payout.id}`, { amount: 1, version: paid.version });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.message).toBe(recordMessages.payoutNotEditable('지급 완료'));
    const cancel = await admin.post(`/payouts/${payout.id}/status`, {
      status: 'cancelled',
      reason: '취소',
      version: paid.version,
    });
    expect(cancel.json().error.code).toBe('INVALID_TRANSITION');
    const now = await step(await step(await createPayout(), 'approved'), 'paid');
    expect(Date.now() - Date.parse(now.paid_at!)).toBeLessThan(60_000);
    const future = await step(await createPayout(), 'approved');
    const refused = await admin.post(`/payouts/${future.id}/status`, {
      status: 'paid',
      paid_at: '2999-01-01T00:00:00Z',
      version: future.version,
    });
    expect(refused.statusCode).toBe(422);
  });

  it('maker–checker: the maker may not approve; a money edit sends an approved payout back to pending', async () => {
    const made = await createPayout({ amount: 2_510_000, account_no: ACCOUNT });
    const own = await admin.post(`/payouts/${made.id}/status`, { status: 'approved', version: made.version });
    expect(own.statusCode).toBe(409);
    expect(own.json().error.code).toBe('SELF_APPROVAL');
    const approved = await step(made, 'approved');
    expect(approved).toMatchObject({ status: 'approved', last_edited_by: expect.any(Number) });

    // The attack: a branch manager raises the amount and swaps the account of an approved payout.
    const raised = await manager.patch(`/payouts/${made.id}`, {
      amount: 9_999_999,
      account_no: '333-22-111111',
      version: approved.version,
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json()).toMatchObject({ status: 'pending', amount: 9_999_999 });
    const payNow = await checker.post(`/payouts/${made.id}/status`, {
      status: 'paid',
      version: raised.json().version,
    });
    expect(payNow.json().error.code).toBe('INVALID_TRANSITION');
    // A memo is not money: an approved payout stays approved, its maker unchanged.
    const again = await step(raised.json(), 'approved');
    const memo = await manager.patch(`/payouts/${made.id}`, { memo: '3월분', version: again.version });
    expect(memo.json()).toMatchObject({ status: 'approved', last_edited_by: again.last_edited_by });
    const history = (await admin.get(`/payouts/${made.id}/history`)).json().data;
    expect(
      history.find((h: { reason: string | null }) => h.reason === recordMessages.payoutBackToPending),
    ).toBeDefined();
  });

  it('lets a super_admin approve their own payout only with a reason on record', async () => {
    const made = (
      await superAdmin.post('/payouts', { employer_id: employerA, type: 'refund', amount: 10_000 })
    ).json();
    const bare = await superAdmin.post(`/payouts/${made.id}/status`, {
      status: 'approved',
      version: made.version,
    });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().error.details[0]).toEqual({
      field: 'reason',
      message: recordMessages.selfApprovalReasonRequired,
    });
    const approved = await superAdmin.post(`/payouts/${made.id}/status`, {
      status: 'approved',
      reason: '담당자 부재',
      version: made.version,
    });
    expect(approved.json()).toMatchObject({
      status: 'approved',
      status_reason: recordMessages.selfApprovalNote('담당자 부재'),
    });
  });

  it('fails only with a reason and retries failed → approved', async () => {
    const approved = await step(await createPayout(), 'approved');
    const noReason = await admin.post(`/payouts/${approved.id}/status`, {
      status: 'failed',
      version: approved.version,
    });
    expect(noReason.statusCode).toBe(422);
    const failed = await step(approved, 'failed', { reason: '계좌 오류' });
    expect(failed).toMatchObject({ status: 'failed', status_reason: '계좌 오류' });
    expect((await step(failed, 'approved')).status).toBe('approved');
  });

  it('lets payouts:write cancel a pending payout with a reason, then refuses edits of the cancelled one', async () => {
    const payout = await createPayout({}, manager);
    const cancelled = await manager.post(`/payouts/${payout.id}/status`, {
      status: 'cancelled',
      reason: '중복 등록',
      version: 1,
    });
    expect(cancelled.json().status).toBe('cancelled');
    const edit = await manager.patch(`/payouts/${payout.id}`, { memo: 'x', version: 2 });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.message).toBe(recordMessages.payoutNotEditable('취소'));
  });

  it('recomputes the default VAT when the amount changes, keeps a given one, and refuses a stale version', async () => {
    const payout = await createPayout({ amount: 200_000, matching_id: matchingA });
    const bigger = await admin.patch(`/payouts/${payout.id}`, { amount: 400_000, version: 1 });
    expect(bigger.json()).toMatchObject({ vat: 40_000, total: 440_000, version: 2 });
    const given = await admin.patch(`/payouts/${payout.id}`, { vat: 5_000, version: 2 });
    expect(given.json()).toMatchObject({ vat: 5_000, total: 405_000 });
    const reset = await admin.patch(`/payouts/${payout.id}`, { vat: null, version: 3 });
    expect(reset.json().vat).toBe(40_000);
    const stale = await admin.patch(`/payouts/${payout.id}`, { amount: 1, version: 1 });
    expect(stale.statusCode).toBe(409);
    const relinked = await admin.patch(`/payouts/${payout.id}`, { employer_id: employerA2, version: 4 });
    expect(relinked.json().error.details[0].field).toBe('matching_id');
  });

  it('keeps one live matching fee per matching: create, retype and relink are refused, a cancelled one frees it', async () => {
    const matching = await insertMatching(
      ctx,
      {
        employerId: employerA2,
        workerId: workerB,
        branchId: branchB,
      },
      F5,
    );
    const body = { employer_id: employerA2, matching_id: matching.id, type: 'matching_fee', amount: 300_000 };
    const first = await admin.post('/payouts', body);
    expect(first.statusCode, first.body).toBe(201);
    const second = await admin.post('/payouts', body);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({
      code: 'CONFLICT',
      message: recordMessages.duplicateMatchingFee,
      details: [{ field: 'matching_id', resource: 'payouts', id: first.json().id }],
    });
    const refund = await admin.post('/payouts', { ...body, type: 'refund', amount: 50_000 });
    expect(refund.statusCode).toBe(201);
    const retyped = await admin.patch(`/payouts/${refund.json().id}`, { type: 'matching_fee', version: 1 });
    expect(retyped.statusCode).toBe(409);
    const loose = await createPayout({ employer_id: employerA2 });
    const relinked = await admin.patch(`/payouts/${loose.id}`, { matching_id: matching.id, version: 1 });
    expect(relinked.statusCode).toBe(409);

    await step(first.json(), 'cancelled', { reason: '금액 오류' });
    const again = await admin.post('/payouts', body);
    expect(again.statusCode, again.body).toBe(201);
  });
});

describe('payouts: list and totals', () => {
  beforeAll(async () => {
    await ctx.db.delete(payouts);
    const b = await createPayout({
      employer_id: employerB,
      matching_id: null,
      amount: 1_000_000,
      scheduled_date: '2026-05-10',
    });
    await step(b, 'approved');
    await createPayout({
      employer_id: employerB,
      matching_id: null,
      type: 'refund',
      amount: 70_000,
      scheduled_date: '2026-05-20',
    });
    await createPayout({ amount: 500_000, worker_id: workerA, scheduled_date: '2026-06-01' });
    await step(await createPayout({ amount: 200_000 }), 'cancelled', { reason: '중복' });
  });

  it('sums by status over the current filter in every status, the counts adding up to the total', async () => {
    const body = (await admin.get(`/payouts?employer_id=${employerB}`)).json();
    expect(body.meta.total).toBe(2);
    expect(body.totals.map((t: { status: string }) => t.status)).toEqual([...PAYOUT_STATUSES]);
    const by = Object.fromEntries(body.totals.map((t: { status: string }) => [t.status, t]));
    expect(by.approved).toEqual({
      status: 'approved',
      count: 1,
      amount: 1_000_000,
      vat: 100_000,
      total: 1_100_000,
    });
    expect(by.pending).toEqual({ status: 'pending', count: 1, amount: 70_000, vat: 0, total: 70_000 });
    expect(by.paid).toEqual({ status: 'paid', count: 0, amount: 0, vat: 0, total: 0 });
    const all = (await admin.get('/payouts?page_size=1')).json();
    expect(all.data).toHaveLength(1);
    expect(all.meta.total).toBe(4);
    expect(all.totals.reduce((n: number, t: { count: number }) => n + t.count, 0)).toBe(4);
    const refunds = (await admin.get('/payouts?type=refund')).json();
    expect(refunds.totals.find((t: { status: string }) => t.status === 'pending').amount).toBe(70_000);
  });

  it('filters dates on the scheduled date, else the registration day (Seoul)', async () => {
    const inMay = (await admin.get('/payouts?date_from=2026-05-01&date_to=2026-05-31')).json();
    expect(inMay.data.map((p: { scheduled_date: string }) => p.scheduled_date).sort()).toEqual([
      '2026-05-10',
      '2026-05-20',
    ]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date());
    const registeredToday = (await admin.get(`/payouts?date_from=${today}&date_to=${today}`)).json();
    expect(
      registeredToday.data.every((p: { scheduled_date: string | null }) => p.scheduled_date === null),
    ).toBe(true);
    expect(registeredToday.meta.total).toBe(1);
  });

  it('searches employer and worker names, sorts by amount, and scopes a branch manager by the employer', async () => {
    expect((await admin.get('/payouts?q=부산해운')).json().meta.total).toBe(2);
    expect((await admin.get('/payouts?q=응우옌')).json().meta.total).toBe(1);
    const amounts = (await admin.get('/payouts?sort=amount&order=asc'))
      .json()
      .data.map((p: { amount: number }) => p.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    const mine = (await manager.get('/payouts')).json();
    expect(mine.meta.total).toBe(2);
    expect(mine.data.every((p: { employer_id: number }) => p.employer_id === employerA)).toBe(true);
    expect((await admin.get(`/payouts?branch_id=${branchB}`)).json().meta.total).toBe(2);
    const other = (await admin.get(`/payouts?employer_id=${employerB}`)).json().data[0];
    expect((await manager.get(`/payouts/${other.id}`)).statusCode).toBe(404);
    expect((await manager.get(`/payouts/${other.id}/history`)).statusCode).toBe(404);
    expect(
      (await manager.patch(`/payouts/${other.id}`, { memo: 'x', version: other.version })).statusCode,
    ).toBe(404);
  });
});
