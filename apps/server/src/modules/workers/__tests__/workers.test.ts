import { recordMessages, WORKER_TRANSITIONS } from '@ilson/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  alienRegNo,
  insertBranch,
  resumeBody,
  signedIn,
  workerBody,
} from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { auditLogs, resumes, workers } from '../../../db/schema';
import { runChecks } from '../../../integrity/checks';
import { seoulToday } from '../../../lib/dates';

let ctx: TestContext;
let admin: Api;
let viewer: Api;
let managerA: Api;
let branchA: number;
let branchB: number;
let seed = 1;

beforeAll(async () => {
  ctx = await createTestContext();
  branchA = (await insertBranch(ctx, { name: '안산지점', code: 'WA' })).id;
  branchB = (await insertBranch(ctx, { name: '부산지점', code: 'WB' })).id;
  admin = (await signedIn(ctx, 'admin')).api;
  viewer = (await signedIn(ctx, 'viewer')).api;
  managerA = (await signedIn(ctx, 'branch_manager', branchA)).api;
});
afterAll(async () => {
  await ctx?.close();
});

async function createWorker(overrides: Record<string, unknown> = {}, api = admin) {
  const response = await api.post(
    '/workers',
    workerBody(branchA, {
      alien_reg_no: alienRegNo(seed),
      passport_no: `P${String(seed++).padStart(7, '0')}`,
      ...overrides,
    }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const ids = (response: { json(): { data: { id: number }[] } }) => response.json().data.map((w) => w.id);

async function auditOf(id: number) {
  return ctx.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.targetType, 'worker'), eq(auditLogs.targetId, String(id))))
    .orderBy(auditLogs.id);
}

describe('GET /workers', () => {
  let listed: { id: number; version: number }[];
  beforeAll(async () => {
    listed = [
      await createWorker({
        name_ko: '바트 볼드',
        first_name: 'Bat',
        last_name: 'Bold',
        nationality: 'MN',
        visa_type: 'H-2',
        phone_number: '010-9999-0001',
        visa_expiry_date: '2031-05-01',
      }),
      await createWorker({
        name_ko: '',
        first_name: 'Somchai',
        last_name: 'Dee',
        nationality: 'TH',
        phone_number: '010-9999-0002',
        visa_expiry_date: '2029-05-01',
      }),
      await createWorker({
        name_ko: '리나',
        first_name: 'Rina',
        last_name: 'Sari',
        nationality: 'ID',
        branch_id: branchB,
        alien_reg_no: '000229-7123456',
      }),
    ];
  });

  it('answers data and meta; filters by status, nationality, visa type, branch and expiry range', async () => {
    const all = await admin.get('/workers?page_size=3');
    expect(all.json().meta).toMatchObject({ page: 1, page_size: 3 });
    expect(ids(all)).toEqual([listed[2]!.id, listed[1]!.id, listed[0]!.id]);
    expect(ids(await admin.get('/workers?nationality=mn'))).toEqual([listed[0]!.id]);
    expect(ids(await admin.get('/workers?visa_type=H-2'))).toEqual([listed[0]!.id]);
    expect(ids(await admin.get(`/workers?branch_id=${branchB}`))).toEqual([listed[2]!.id]);
    expect(ids(await admin.get('/workers?visa_expiry_from=2029-01-01&visa_expiry_to=2029-12-31'))).toEqual([
      listed[1]!.id,
    ]);
    expect((await admin.get('/workers?status=departed')).json().meta.total).toBe(0);
  });

  it('searches names in Korean or Latin, in either order, phone digits and an exact 외국인등록번호', async () => {
    const search = async (q: string) => ids(await admin.get(`/workers?q=${encodeURIComponent(q)}`));
    expect(await search('볼드')).toEqual([listed[0]!.id]);
    expect(await search('somchai')).toEqual([listed[1]!.id]);
    expect(await search('Somchai Dee')).toEqual([listed[1]!.id]);
    expect(await search('dee  somchai')).toEqual([listed[1]!.id]);
    expect(await search('9999-0002')).toEqual([listed[1]!.id]);
    // A full number is a view of personal data: it is asked with its purpose (docs/SECURITY.md).
    const byNumber = async (q: string) =>
      ids(await admin.get(`/workers?q=${encodeURIComponent(q)}&reason=${encodeURIComponent('서류 대조')}`));
    expect(await byNumber('000229-7123456')).toEqual([listed[2]!.id]);
    expect(await byNumber('0002297123456')).toEqual([listed[2]!.id]);
    // Part of the number finds nothing: only the exact keyed hash matches.
    expect(await search('000229-712')).toEqual([]);
  });

  it('sorts by last name and by visa expiry', async () => {
    const byName = (await admin.get('/workers?sort=last_name&order=asc&page_size=100')).json().data;
    const names = byName.map((w: { last_name: string }) => w.last_name);
    expect(names).toEqual([...names].sort());
    const byExpiry = (
      await admin.get(`/workers?sort=visa_expiry_date&order=desc&q=${encodeURIComponent('9999-000')}`)
    ).json();
    expect(byExpiry.data.map((w: { id: number }) => w.id)).toEqual([listed[0]!.id, listed[1]!.id]);
  });
});

describe('status, delete and access', () => {
  it.each(WORKER_TRANSITIONS.map((t) => ({ from: t.from as string, to: t.to, reason: t.reasonRequired })))(
    'allows $from → $to',
    async ({ from, to, reason }) => {
      const created = await createWorker();
      let version = 1;
      if (from !== 'seeking') {
        await ctx.db
          .update(workers)
          .set({ status: from as 'inactive' })
          .where(eq(workers.id, created.id));
      }
      if (reason) {
        const missing = await admin.post(`/workers/${created.id}/status`, { status: to, version });
        expect(missing.statusCode).toBe(422);
        expect(missing.json().error.details[0].field).toBe('reason');
      }
      // 재입국 carries its entry date (docs/law-as-data.md#reentry): today, the departure being unknown here.
      const reentry = from === 'departed' ? { entry_date: seoulToday(), reentry_kind: 'general' } : {};
      const response = await admin.post(`/workers/${created.id}/status`, {
        status: to,
        reason: '사유',
        version,
        ...reentry,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ status: to, version: ++version });
      const [log] = (await auditOf(created.id)).filter((l) => l.action === 'UPDATE');
      expect(log!.summary).toMatch(/^상태 변경: /);
    },
  );

  it('refuses a transition the table does not list, and a stale version', async () => {
    const created = await createWorker();
    const refused = await admin.post(`/workers/${created.id}/status`, { status: 'working', version: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('INVALID_TRANSITION');
    await admin.patch(`/workers/${created.id}`, { city: 'Ansan', version: 1 });
    const stale = await admin.post(`/workers/${created.id}/status`, {
      status: 'inactive',
      reason: '휴직',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('CONFLICT');
  });

  it('updates only what is sent and refuses a stale version', async () => {
    const created = await createWorker({ city: 'Suwon' });
    const response = await admin.patch(`/workers/${created.id}`, { korean_level: 'topik3', version: 1 });
    expect(response.json()).toMatchObject({
      korean_level: 'topik3',
      city: 'Suwon',
      alien_reg_no: created.alien_reg_no,
      version: 2,
    });
    expect((await admin.patch(`/workers/${created.id}`, { city: 'Seoul', version: 1 })).statusCode).toBe(409);
  });

  it('soft-deletes with a DELETE row; the worker is then gone from reads', async () => {
    const created = await createWorker();
    expect((await admin.delete(`/workers/${created.id}`)).statusCode).toBe(200);
    expect((await admin.get(`/workers/${created.id}`)).statusCode).toBe(404);
    expect((await auditOf(created.id)).map((l) => l.action)).toContain('DELETE');
    const [row] = await ctx.db.select().from(workers).where(eq(workers.id, created.id));
    expect(row!.deletedAt).not.toBeNull();
  });

  it("takes the worker's live resumes to the trash with it, and its restore brings back those alone (I-22)", async () => {
    const created = await createWorker();
    const made: number[] = [];
    for (let i = 0; i < 3; i++) {
      const resume = await admin.post('/resumes', resumeBody(created.id));
      expect(resume.statusCode, resume.body).toBe(201);
      made.push(resume.json().id);
    }
    const [alone, first, second] = made as [number, number, number];
    expect((await admin.delete(`/resumes/${alone}`)).statusCode).toBe(200);

    expect((await admin.delete(`/workers/${created.id}`)).statusCode).toBe(200);
    const listed = await admin.get(`/resumes?worker_id=${created.id}`);
    expect(ids(listed)).toEqual([]);
    const rows = await ctx.db.select().from(resumes).where(eq(resumes.workerId, created.id));
    expect(rows.every((row) => row.deletedAt !== null)).toBe(true);
    const logged = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'resume'), eq(auditLogs.action, 'DELETE')));
    for (const id of [first, second]) {
      expect(logged.find((log) => log.targetId === String(id))?.reason, `resume ${id}`).toBe(
        recordMessages.resumeFollowsWorker('삭제'),
      );
    }
    const branchChecks = async () =>
      (await runChecks(ctx.db, { branchIds: [branchA] })).filter((c) => c.violations.length > 0);
    expect(await branchChecks()).toEqual([]);

    const restored = await admin.post(`/trash/worker/${created.id}/restore`, {});
    expect(restored.statusCode, restored.body).toBe(200);
    const back = await admin.get(`/resumes?worker_id=${created.id}`);
    expect(ids(back).sort((a, b) => a - b)).toEqual([first, second]);
    const [left] = await ctx.db.select().from(resumes).where(eq(resumes.id, alone));
    expect(left!.deletedAt).not.toBeNull();
    const restores = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'resume'), eq(auditLogs.targetId, String(first))))
      .orderBy(auditLogs.id);
    expect(restores.at(-1)).toMatchObject({
      action: 'UPDATE',
      diff: { isDeleted: { before: true, after: false } },
      reason: recordMessages.resumeFollowsWorker('복원'),
    });
    expect(await branchChecks()).toEqual([]);
  });

  it('creates once for a repeated Idempotency-Key', async () => {
    const body = workerBody(branchA, {
      alien_reg_no: alienRegNo(9000),
      passport_no: null,
      last_name: 'Idem',
    });
    const first = await admin.post('/workers', body, { 'idempotency-key': 'worker-1' });
    const second = await admin.post('/workers', body, { 'idempotency-key': 'worker-1' });
    expect(second.json().id).toBe(first.json().id);
    expect(await ctx.db.select().from(workers).where(eq(workers.lastName, 'Idem'))).toHaveLength(1);
  });

  it('lets a viewer read masked data and refuses every write with 403', async () => {
    const created = await createWorker();
    const read = await viewer.get(`/workers/${created.id}`);
    expect(read.json().alien_reg_no).toMatch(/\*{6}$/);
    expect((await viewer.post('/workers', workerBody(branchA, { alien_reg_no: null }))).statusCode).toBe(403);
    expect((await viewer.patch(`/workers/${created.id}`, { city: 'x', version: 1 })).statusCode).toBe(403);
    expect(
      (await viewer.post(`/workers/${created.id}/status`, { status: 'inactive', reason: 'x', version: 1 }))
        .statusCode,
    ).toBe(403);
    expect(
      (await viewer.patch(`/workers/${created.id}/extension`, { extension_status: 'applied', version: 1 }))
        .statusCode,
    ).toBe(403);
    expect((await viewer.delete(`/workers/${created.id}`)).statusCode).toBe(403);
  });

  it("keeps a branch manager to their own branch: B's workers are absent, 404, and out of reach", async () => {
    const own = await createWorker();
    const other = await createWorker({ branch_id: branchB });
    const list = await managerA.get('/workers?page_size=100');
    expect(ids(list)).toContain(own.id);
    expect(ids(list)).not.toContain(other.id);
    const otherArn = (
      await admin.post(`/workers/${other.id}/reveal`, { field: 'alien_reg_no', reason: '테스트' })
    ).json().value;
    expect(
      ids(await managerA.get(`/workers?q=${otherArn}&reason=${encodeURIComponent('확인 필요')}`)),
    ).toEqual([]);
    for (const response of [
      await managerA.get(`/workers/${other.id}`),
      await managerA.get(`/workers/${other.id}/history`),
      await managerA.patch(`/workers/${other.id}`, { city: 'x', version: 1 }),
      await managerA.post(`/workers/${other.id}/status`, { status: 'inactive', reason: 'x', version: 1 }),
      await managerA.patch(`/workers/${other.id}/extension`, { extension_status: 'applied', version: 1 }),
      await managerA.post(`/workers/${other.id}/reveal`, { field: 'alien_reg_no', reason: '확인 필요' }),
      await managerA.delete(`/workers/${other.id}`),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    const create = await managerA.post('/workers', workerBody(branchB, { alien_reg_no: alienRegNo(7000) }));
    expect(create.statusCode).toBe(422);
    expect(create.json().error.details).toEqual([
      { field: 'branch_id', message: recordMessages.branchOutOfScope },
    ]);
    const move = await managerA.patch(`/workers/${own.id}`, { branch_id: branchB, version: 1 });
    expect(move.statusCode).toBe(422);
    expect(
      (await managerA.post(`/workers/${own.id}/reveal`, { field: 'alien_reg_no', reason: '확인 필요' }))
        .statusCode,
    ).toBe(200);
  });
});
