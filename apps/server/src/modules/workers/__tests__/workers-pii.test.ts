import { recordMessages } from '@ilson/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, alienRegNo, insertBranch, signedIn, workerBody } from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { queryRows } from '../../../db/client';
import { auditLogs, workers } from '../../../db/schema';

let ctx: TestContext;
let admin: Api;
let viewer: Api;
let branchA: number;
let seed = 1;

beforeAll(async () => {
  ctx = await createTestContext();
  branchA = (await insertBranch(ctx, { name: '안산지점', code: 'WA' })).id;
  admin = (await signedIn(ctx, 'admin')).api;
  viewer = (await signedIn(ctx, 'viewer')).api;
});
afterAll(async () => {
  await ctx?.close();
});

async function createWorker(overrides: Record<string, unknown> = {}) {
  const response = await admin.post(
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

async function auditOf(id: number) {
  return ctx.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.targetType, 'worker'), eq(auditLogs.targetId, String(id))))
    .orderBy(auditLogs.id);
}

describe('personal identifiers (docs/SECURITY.md)', () => {
  const ARN = '900101-5123456';
  const ARN_DIGITS = '9001015123456';
  const PASSPORT = 'M12345678';
  let worker: { id: number; version: number };

  beforeAll(async () => {
    const response = await admin.post('/workers', workerBody(branchA));
    expect(response.statusCode, response.body).toBe(201);
    worker = response.json();
  });

  it('answers the masked forms only', async () => {
    expect(worker).toMatchObject({ alien_reg_no: '900101-5******', passport_no: 'M12****78' });
    const detail = (await admin.get(`/workers/${worker.id}`)).body;
    const list = (await admin.get('/workers')).body;
    for (const body of [JSON.stringify(worker), detail, list]) {
      expect(body).not.toContain(ARN_DIGITS);
      expect(body).not.toContain(PASSPORT);
      expect(body).not.toMatch(/alien_reg_no_(enc|hash)|passport_no_(enc|hash)/);
    }
  });

  it('keeps neither number in plaintext anywhere in the worker row or the access log', async () => {
    const rows = await queryRows<{ row: string }>(
      ctx.db,
      sql`SELECT row_to_json(w)::text AS row FROM workers w`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { row } of rows) {
      expect(row).not.toContain(ARN_DIGITS);
      expect(row).not.toContain(ARN);
      expect(row).not.toContain(PASSPORT);
    }
    const [stored] = await ctx.db.select().from(workers).where(eq(workers.id, worker.id));
    expect(stored!.alienRegNoEnc).toMatch(/^v1:/);
    expect(stored!.alienRegNoHash).toBe(ctx.app.pii.searchHash(ARN_DIGITS));
    expect(ctx.app.pii.decrypt(stored!.alienRegNoEnc!)).toBe(ARN_DIGITS);
    const logs = await queryRows<{ row: string }>(
      ctx.db,
      sql`SELECT row_to_json(a)::text AS row FROM audit_logs a`,
    );
    const text = logs.map((l) => l.row).join('\n');
    expect(text).toContain('900101-5******');
    expect(text).not.toContain(ARN_DIGITS);
    expect(text).not.toContain(PASSPORT);
  });

  it('writes VIEW_PII for every open of the detail', async () => {
    const before = (await auditOf(worker.id)).filter((l) => l.action === 'VIEW_PII').length;
    await admin.get(`/workers/${worker.id}`);
    await viewer.get(`/workers/${worker.id}`);
    const views = (await auditOf(worker.id)).filter((l) => l.action === 'VIEW_PII');
    expect(views.length).toBe(before + 2);
    expect(views.at(-1)!.summary).toContain('응우옌 반 안');
  });

  it('reveals a number once with a reason, logged as REVEAL, not cached', async () => {
    const response = await admin.post(`/workers/${worker.id}/reveal`, {
      field: 'alien_reg_no',
      reason: '출입국 서류 확인',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ field: 'alien_reg_no', value: ARN_DIGITS });
    expect(response.headers['cache-control']).toBe('no-store');
    const passport = await admin.post(`/workers/${worker.id}/reveal`, {
      field: 'passport_no',
      reason: '여권 확인',
    });
    expect(passport.json().value).toBe(PASSPORT);
    const reveals = (await auditOf(worker.id)).filter((l) => l.action === 'REVEAL');
    expect(reveals.map((l) => l.reason)).toEqual(['출입국 서류 확인', '여권 확인']);
    expect(reveals.map((l) => l.summary)).toEqual([
      expect.stringContaining('외국인등록번호'),
      expect.stringContaining('여권번호'),
    ]);
    expect(JSON.stringify(reveals)).not.toContain(ARN_DIGITS);
    const history = (await admin.get(`/workers/${worker.id}/history`)).json().data;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['REVEAL', 'REVEAL', 'CREATE']);
  });

  it('asks for a reveal reason and refuses a viewer (403)', async () => {
    const noReason = await admin.post(`/workers/${worker.id}/reveal`, { field: 'alien_reg_no', reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.details[0].field).toBe('reason');
    expect(
      (await viewer.post(`/workers/${worker.id}/reveal`, { field: 'alien_reg_no', reason: '궁금함' }))
        .statusCode,
    ).toBe(403);
  });

  it('refuses a second worker with the same 외국인등록번호 (dash or not) with 409 on the field', async () => {
    const response = await admin.post(
      '/workers',
      workerBody(branchA, { alien_reg_no: ARN_DIGITS, passport_no: null }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().error.details).toEqual([
      { field: 'alien_reg_no', message: recordMessages.duplicateAlienRegNo },
    ]);
  });

  it('changes and clears a number with masked before/after in the diff', async () => {
    const created = await createWorker();
    // A number of the worker's gender, with its birth date (docs/DOMAIN.md#identity).
    const digit = created.gender === 'male' ? 5 : 6;
    const changed = await admin.patch(`/workers/${created.id}`, {
      alien_reg_no: `950203${digit}000001`,
      date_of_birth: '1995-02-03',
      version: 1,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ alien_reg_no: `950203-${digit}******`, version: 2 });
    const cleared = await admin.patch(`/workers/${created.id}`, { passport_no: null, version: 2 });
    expect(cleared.json().passport_no).toBeNull();
    const updates = (await auditOf(created.id)).filter((l) => l.action === 'UPDATE');
    expect(updates.map((l) => l.diff)).toEqual([
      {
        dateOfBirth: { before: created.date_of_birth, after: '1995-02-03' },
        alienRegNo: { before: created.alien_reg_no, after: `950203-${digit}******` },
      },
      { passportNo: { before: created.passport_no, after: null } },
    ]);
    const reveal = await admin.post(`/workers/${created.id}/reveal`, {
      field: 'passport_no',
      reason: '확인',
    });
    expect(reveal.statusCode).toBe(404);
  });
});
