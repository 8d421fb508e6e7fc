import { camelToSnake, DESTROYED_LABEL, privacyRequestMessages } from '@ilson/contracts';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  alienRegNo,
  insertAppUser,
  insertBranch,
  insertEmployer,
  signedIn,
  workerBody,
} from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { queryRows } from '../../../db/client';
import { appUsers, payouts, workers } from '../../../db/schema';

/**
 * 정보주체 요청 (docs/privacy-lifecycle.md#data-subject-requests) on the engine under test: the ten-day deadline, the
 * handling rules, the 열람 file with every field held, and a 삭제 refused while a legal retention holds.
 */

let ctx: TestContext;
let top: Api;
let admin: Api;
let branchId: number;
let employerId: number;
let seed = 8_200;

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date());
const daysAgo = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(
    new Date(Date.now() - days * 86_400_000),
  );

async function newWorker() {
  const reply = await top.post(
    '/workers',
    workerBody(branchId, { alien_reg_no: alienRegNo(seed++), passport_no: `P${seed++}` }),
  );
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json() as { id: number };
}

async function request(body: Record<string, unknown>, as: Api = admin) {
  const reply = await as.post('/privacy/requests', {
    subject_type: 'worker',
    channel: 'phone',
    received_at: today(),
    ...body,
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json() as { id: number; version: number; due_date: string; status: string; overdue: boolean };
}

beforeAll(async () => {
  ctx = await createTestContext();
  top = (await signedIn(ctx, 'super_admin')).api;
  admin = (await signedIn(ctx, 'admin')).api;
  branchId = (await insertBranch(ctx)).id;
  employerId = (await insertEmployer(ctx, branchId)).id;
});
afterAll(async () => {
  await ctx?.close();
});

describe('registering and handling a request', () => {
  it('counts ten Seoul days from the day it arrived, and lists an open one past them as overdue first', async () => {
    const worker = await newWorker();
    const fresh = await request({ subject_id: worker.id, kind: 'rectification', received_at: daysAgo(2) });
    expect(fresh.due_date).toBe(daysAgo(-8));
    expect(fresh.overdue).toBe(false);
    const late = await request({ subject_id: worker.id, kind: 'restriction', received_at: daysAgo(11) });
    expect(late.overdue).toBe(true);
    const overdue = (await admin.get('/privacy/requests?overdue=true')).json();
    expect(overdue.data.map((r: { id: number }) => r.id)).toEqual([late.id]);
    const all = (await admin.get('/privacy/requests')).json();
    expect(all.data[0].id).toBe(late.id);
    // The dashboard counts them for whoever reads requests, and says nothing of them to a branch manager.
    const dashboard = (await admin.get('/dashboard')).json();
    expect(dashboard.privacy_requests).toEqual({ open: 2, overdue: 1 });
    const manager = (await signedIn(ctx, 'branch_manager', branchId)).api;
    expect((await manager.get('/dashboard')).json().privacy_requests).toBeUndefined();
  });

  it('refuses a request for no one, or one received tomorrow, with Korean messages', async () => {
    const nobody = await admin.post('/privacy/requests', {
      subject_type: 'worker',
      subject_id: 999_999,
      kind: 'access',
      channel: 'email',
      received_at: today(),
    });
    expect(nobody.statusCode).toBe(422);
    expect(JSON.stringify(nobody.json())).toContain(privacyRequestMessages.subjectNotFound);
    const worker = await newWorker();
    const tomorrow = await admin.post('/privacy/requests', {
      subject_type: 'worker',
      subject_id: worker.id,
      kind: 'access',
      channel: 'email',
      received_at: daysAgo(-1),
    });
    expect(tomorrow.statusCode).toBe(422);
    expect(JSON.stringify(tomorrow.json())).toContain(privacyRequestMessages.receivedInFuture);
  });

  it('closes with an outcome only, and a closed request no longer changes', async () => {
    const worker = await newWorker();
    const created = await request({ subject_id: worker.id, kind: 'rectification' });
    const started = await admin.patch(`/privacy/requests/${created.id}`, {
      status: 'in_progress',
      version: created.version,
    });
    expect(started.statusCode, started.body).toBe(200);
    const stale = await admin.patch(`/privacy/requests/${created.id}`, { status: 'completed', version: 1 });
    expect(stale.statusCode).toBe(409);
    const bare = await admin.patch(`/privacy/requests/${created.id}`, {
      status: 'completed',
      version: started.json().version,
    });
    expect(bare.statusCode).toBe(422);
    expect(JSON.stringify(bare.json())).toContain(privacyRequestMessages.outcomeRequired);
    const done = await admin.patch(`/privacy/requests/${created.id}`, {
      status: 'completed',
      outcome: '연락처 정정 완료',
      version: started.json().version,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed', outcome: '연락처 정정 완료' });
    expect(done.json().completed_at).toBeTruthy();
    const again = await admin.patch(`/privacy/requests/${created.id}`, {
      status: 'in_progress',
      version: done.json().version,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(privacyRequestMessages.closed);
    // The database keeps it closed whatever writes.
    await expect(
      ctx.db.execute(sql`UPDATE privacy_requests SET status = 'received' WHERE id = ${created.id}`),
    ).rejects.toThrow();
  });
});

describe('열람: the file of everything held', () => {
  it('holds every column of the worker (identifiers decrypted), their resumes, matchings, payouts and accounts', async () => {
    const worker = await newWorker();
    const [row] = await ctx.db.select().from(workers).where(eq(workers.id, worker.id));
    await insertAppUser(ctx, { workerId: worker.id });
    await ctx.db
      .insert(payouts)
      .values({ employerId, workerId: worker.id, type: 'wage', amount: 1_000, vat: 0 });
    const created = await request({ subject_id: worker.id, kind: 'access' });

    const missing = await admin.get(`/privacy/requests/${created.id}/access-file`);
    expect(missing.statusCode).toBe(400);
    const file = await admin.get(
      `/privacy/requests/${created.id}/access-file?reason=${encodeURIComponent('본인 열람 요구')}`,
    );
    expect(file.statusCode, file.body).toBe(200);
    const content = JSON.parse(file.body);
    const columns = Object.keys(getTableColumns(workers)).map(camelToSnake);
    const expected = columns
      .filter((name) => !/_(enc|hash)$/.test(name))
      .concat(['alien_reg_no', 'passport_no']);
    expect(Object.keys(content.worker).sort()).toEqual(expected.sort());
    expect(content.worker.alien_reg_no).toMatch(/^\d{13}$/);
    expect(content.worker.alien_reg_no_masked).toBe(row!.alienRegNoMasked);
    expect(content.app_accounts).toHaveLength(1);
    expect(content.payouts).toHaveLength(1);
    const [logged] = await queryRows<{ reason: string }>(
      ctx.db,
      sql`SELECT reason FROM audit_logs WHERE action = 'REVEAL' AND target_type = 'worker'
          AND target_id = ${String(worker.id)} ORDER BY id DESC LIMIT 1`,
    );
    expect(logged?.reason).toBe('본인 열람 요구');
  });

  it('is made for a 열람 request only', async () => {
    const worker = await newWorker();
    const created = await request({ subject_id: worker.id, kind: 'erasure' });
    const file = await admin.get(`/privacy/requests/${created.id}/access-file?reason=x`);
    expect(file.statusCode).toBe(409);
  });
});

describe('삭제: the destruction of one person', () => {
  it('is refused with the reason while a payout is within its five years, and nothing changes', async () => {
    const worker = await newWorker();
    await ctx.db.insert(payouts).values({
      employerId,
      workerId: worker.id,
      type: 'wage',
      amount: 2_000_000,
      vat: 0,
      status: 'paid',
      paidAt: new Date(Date.now() - 2 * 365 * 86_400_000),
    });
    const created = await request({ subject_id: worker.id, kind: 'erasure' });
    const refused = await top.post(`/privacy/requests/${created.id}/erase`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(privacyRequestMessages.erasureHeld);
    expect(JSON.stringify(refused.json().error.details)).toContain('전자상거래법');
    const [row] = await ctx.db.select().from(workers).where(eq(workers.id, worker.id));
    expect(row!.destroyedAt).toBeNull();
    expect(row!.alienRegNoHash).not.toBeNull();
    // An admin handles requests but may not destroy.
    expect((await admin.post(`/privacy/requests/${created.id}/erase`)).statusCode).toBe(403);
  });

  it('destroys a worker nothing holds, withdraws their account, completes the request and registers it', async () => {
    const worker = await newWorker();
    const account = await insertAppUser(ctx, { workerId: worker.id }, { status: 'active' });
    const created = await request({ subject_id: worker.id, kind: 'erasure' });
    const erased = await top.post(`/privacy/requests/${created.id}/erase`);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toEqual({ destroyed: true, holds: [] });
    const [row] = await ctx.db.select().from(workers).where(eq(workers.id, worker.id));
    expect(row).toMatchObject({ nameKo: DESTROYED_LABEL, alienRegNoHash: null, passportNoEnc: null });
    const [user] = await ctx.db.select().from(appUsers).where(eq(appUsers.id, account.id));
    expect(user).toMatchObject({ status: 'withdrawn', name: DESTROYED_LABEL, email: '' });
    const after = (await top.get(`/privacy/requests/${created.id}`)).json();
    expect(after).toMatchObject({ status: 'completed', outcome: privacyRequestMessages.erased });
    const register = (await top.get('/privacy/destructions')).json();
    expect(register.data[0]).toMatchObject({ trigger: 'request', target_ids: [worker.id], count: 1 });
    const again = await request({ subject_id: worker.id, kind: 'erasure' });
    expect((await top.post(`/privacy/requests/${again.id}/erase`)).statusCode).toBe(409);
    expect((await top.post('/audit-logs/verify')).json().ok).toBe(true);
  });

  it("destroys an app user's account on their own request", async () => {
    const account = await insertAppUser(ctx, { employerId }, { status: 'active' });
    const created = await request({ subject_type: 'app_user', subject_id: account.id, kind: 'erasure' });
    const erased = await top.post(`/privacy/requests/${created.id}/erase`);
    expect(erased.statusCode, erased.body).toBe(200);
    const [user] = await ctx.db.select().from(appUsers).where(eq(appUsers.id, account.id));
    expect(user).toMatchObject({
      status: 'withdrawn',
      name: DESTROYED_LABEL,
      loginId: `destroyed-${account.id}`,
    });
  });
});
