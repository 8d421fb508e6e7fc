/**
 * Holes found by attacking the running product — identifier search as an oracle, the duplicate
 * message across branches, list reads in the access log, contacts shown to a viewer, the reveal reply's wire.
 */
import { IDENTIFIER_SEARCH_LIMIT, recordMessages, workerPiiMessages } from '@ilson/contracts';
import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  apiAs,
  insertBranch,
  patchSettings,
  resumeBody,
  signedIn,
  workerBody,
} from '../../../../test/fixtures';
import {
  createAdmin,
  createTestContext,
  login,
  type TestContext,
  testConfig,
} from '../../../../test/helpers';
import { buildApp } from '../../../app';
import { auditLogs, rateLimits } from '../../../db/schema';
import { addDays, seoulToday } from '../../../lib/dates';
import { identifierLookupKey } from '../workers.pii';

let ctx: TestContext;
let admin: Api;
let viewer: Api;
let managerA: Api;
let managerB: Api;
let branchA: number;
let branchB: number;
let adminId: number;
let managerBId: number;

const PASSPORT = 'P5712340024';
const ARN = '930215-6123457';
const ARN_DIGITS = '9302156123457';
const PHONE = '010-4321-8765';
const EMAIL = 'thanh@example.test';
let target: { id: number; version: number };

beforeAll(async () => {
  ctx = await createTestContext();
  branchA = (await insertBranch(ctx, { name: '안산지점', code: 'JA' })).id;
  branchB = (await insertBranch(ctx, { name: '김해지점', code: 'JB' })).id;
  const signedAdmin = await signedIn(ctx, 'admin');
  admin = signedAdmin.api;
  adminId = signedAdmin.admin.id;
  viewer = (await signedIn(ctx, 'viewer')).api;
  managerA = (await signedIn(ctx, 'branch_manager', branchA)).api;
  const signedManagerB = await signedIn(ctx, 'branch_manager', branchB);
  managerB = signedManagerB.api;
  managerBId = signedManagerB.admin.id;
  const created = await admin.post(
    '/workers',
    workerBody(branchA, {
      name_ko: '쩐 반 타인',
      first_name: 'Van Thanh',
      last_name: 'Tran',
      alien_reg_no: ARN,
      passport_no: PASSPORT,
      phone_number: PHONE,
      email_address: EMAIL,
      visa_expiry_date: addDays(seoulToday(), 20),
    }),
  );
  expect(created.statusCode, created.body).toBe(201);
  target = created.json();
});
afterAll(async () => {
  await ctx?.close();
});

/** The access-log rows written after `afterId`, newest last. */
async function logsAfter(afterId: number) {
  return ctx.db.select().from(auditLogs).where(gt(auditLogs.id, afterId)).orderBy(auditLogs.id);
}
async function lastLogId(): Promise<number> {
  const [row] = await ctx.db
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .orderBy(desc(auditLogs.id))
    .limit(1);
  return row?.id ?? 0;
}

const encode = (value: string) => encodeURIComponent(value);

describe('searching by a full identifier (docs/SECURITY.md)', () => {
  it('refuses a viewer enumerating passport numbers every time, the same way, and nothing is learned', async () => {
    const replies = new Set<string>();
    for (let n = 1230; n <= 1240; n++) {
      const candidate = `P57${n}0024`;
      const response = await viewer.get(`/workers?q=${candidate}`);
      expect(response.statusCode, candidate).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
      replies.add(response.body);
    }
    // The right number (P5712340024) answers exactly as every wrong one.
    expect([...replies]).toEqual([
      JSON.stringify({
        error: { code: 'FORBIDDEN', message: workerPiiMessages.identifierSearchForbidden },
      }),
    ]);
    for (const url of [
      `/workers?q=${encode(ARN)}`,
      `/workers?q=${ARN_DIGITS}`,
      `/workers/visa-expiry?q=${PASSPORT}`,
      `/workers?q=${PASSPORT}&reason=${encode('업무 확인')}`,
    ]) {
      expect((await viewer.get(url)).statusCode, url).toBe(403);
    }
  });

  it('matches no identifier from a partial number, for anyone', async () => {
    for (const api of [viewer, admin]) {
      for (const partial of ['930215', '930215-6', '6123457', '5712340024', 'P571']) {
        const response = await api.get(`/workers?q=${encode(partial)}`);
        expect(response.statusCode, partial).toBe(200);
        expect(response.json().data, partial).toEqual([]);
      }
    }
  });

  it('lets a viewer find a phone only by the digits a viewer sees (the last four)', async () => {
    const hidden = await viewer.get('/workers?q=4321');
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().data).toEqual([]);
    expect((await viewer.get('/workers?q=01043218765')).json().data).toEqual([]);
    expect((await viewer.get('/workers?q=8765')).json().data.map((w: { id: number }) => w.id)).toEqual([
      target.id,
    ]);
    // Who sees the whole number finds it by any part.
    expect((await admin.get('/workers?q=4321')).json().data.map((w: { id: number }) => w.id)).toEqual([
      target.id,
    ]);
  });

  it('keeps a Latin name an ordinary search (a name is not an identifier)', async () => {
    const response = await viewer.get('/workers?q=Thanh');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((w: { id: number }) => w.id)).toEqual([target.id]);
  });

  it('asks an admin for the purpose, then finds the worker and logs the masked number with the reason', async () => {
    const noReason = await admin.get(`/workers?q=${PASSPORT}`);
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().error.details).toEqual([
      { field: 'reason', message: workerPiiMessages.identifierSearchReasonRequired },
    ]);
    const tooShort = await admin.get(`/workers?q=${PASSPORT}&reason=a`);
    expect(tooShort.statusCode).toBe(422);

    const before = await lastLogId();
    const response = await admin.get(`/workers?q=${PASSPORT}&reason=${encode('출입국 서류 대조')}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.map((w: { id: number }) => w.id)).toEqual([target.id]);
    const logs = await logsAfter(before);
    expect(logs).toHaveLength(1);
    const [log] = logs;
    expect(log).toMatchObject({
      action: 'VIEW_PII',
      targetType: 'worker',
      actorAdminId: adminId,
      reason: '출입국 서류 대조',
      recordCount: 1,
    });
    expect(log!.summary).toContain('여권번호');
    expect(log!.summary).toContain('P57******24');
    expect(JSON.stringify(log)).not.toContain(PASSPORT);

    const byArn = await admin.get(`/workers?q=${encode(ARN)}&reason=${encode('본인 확인')}`);
    expect(byArn.json().data.map((w: { id: number }) => w.id)).toEqual([target.id]);
    const [arnLog] = await logsAfter((await lastLogId()) - 1);
    expect(arnLog!.summary).toContain('930215-6******');
    expect(JSON.stringify(arnLog)).not.toContain(ARN_DIGITS);
  });

  it('asks the visa-expiry board for the purpose too', async () => {
    expect((await admin.get(`/workers/visa-expiry?q=${PASSPORT}`)).statusCode).toBe(422);
    const response = await admin.get(`/workers/visa-expiry?q=${PASSPORT}&reason=${encode('연장 서류')}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.map((w: { id: number }) => w.id)).toEqual([target.id]);
  });

  it(`limits each admin to ${IDENTIFIER_SEARCH_LIMIT.max} identifier searches per window, counted in PostgreSQL`, async () => {
    const limited = await signedIn(ctx, 'branch_manager', branchA);
    const reason = encode('대량 조회 점검');
    for (let i = 0; i < IDENTIFIER_SEARCH_LIMIT.max; i++) {
      const candidate = `P57${String(1000 + i)}0024`;
      const response = await limited.api.get(`/workers?q=${candidate}&reason=${reason}`);
      expect(response.statusCode, `${i}: ${response.body}`).toBe(200);
    }
    const refused = await limited.api.get(`/workers?q=${PASSPORT}&reason=${reason}`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: 'RATE_LIMIT',
      message: workerPiiMessages.identifierSearchRateLimited,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // An ordinary search is not limited; another admin has a budget of its own.
    expect((await limited.api.get('/workers?q=Thanh')).statusCode).toBe(200);
    expect((await managerA.get(`/workers?q=${PASSPORT}&reason=${reason}`)).statusCode).toBe(200);

    const counters = await ctx.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, identifierLookupKey(limited.admin.id)));
    expect(counters).toHaveLength(1);
    expect(counters[0]!.count).toBeGreaterThan(IDENTIFIER_SEARCH_LIMIT.max);

    // A second API process on the same database honours the same counter.
    const other = await buildApp({ config: testConfig, db: ctx.handle, scheduledJobs: false });
    try {
      await other.ready();
      const { token } = await login({ app: other }, limited.admin.loginId);
      const elsewhere = await apiAs({ app: other }, token).get(`/workers?q=${PASSPORT}&reason=${reason}`);
      expect(elsewhere.statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('asks an export by identifier for its purpose, even when downloads need none', async () => {
    const superAdmin = await signedIn(ctx, 'super_admin');
    expect((await patchSettings(superAdmin.api, { export_reason_required: false })).statusCode).toBe(200);
    try {
      const noReason = await admin.get(`/exports/workers?format=csv&q=${PASSPORT}`);
      expect(noReason.statusCode).toBe(422);
      expect(noReason.json().error.details).toEqual([
        { field: 'reason', message: workerPiiMessages.identifierSearchReasonRequired },
      ]);
      expect((await admin.get('/exports/workers?format=csv&q=Thanh')).statusCode).toBe(200);
    } finally {
      await patchSettings(superAdmin.api, { export_reason_required: true });
    }
    const withReason = await admin.get(
      `/exports/workers?format=csv&q=${PASSPORT}&reason=${encode('서류 대조')}`,
    );
    expect(withReason.statusCode).toBe(200);
    expect(withReason.body).toContain('P57******24');
    expect((await viewer.get('/exports/workers?format=csv')).statusCode).toBe(403);
  });
});

describe('list reads in the access log', () => {
  it('writes one VIEW_PII per worker list request with the filters and the rows returned', async () => {
    const before = await lastLogId();
    const response = await viewer.get(`/workers?status=seeking&branch_id=${branchA}&page_size=5`);
    expect(response.statusCode).toBe(200);
    const rows = response.json().data.length;
    expect(rows).toBeGreaterThan(0);
    const logs = await logsAfter(before);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      action: 'VIEW_PII',
      targetType: 'worker',
      recordCount: rows,
      reason: null,
    });
    expect(logs[0]!.summary).toContain('근로자 목록');
    expect(logs[0]!.summary).toContain('status=seeking');
    expect(logs[0]!.summary).toContain(`branch_id=${branchA}`);
  });

  it('writes one per visa-expiry board request', async () => {
    const before = await lastLogId();
    const response = await viewer.get('/workers/visa-expiry?bucket=d30');
    expect(response.statusCode).toBe(200);
    const logs = await logsAfter(before);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      action: 'VIEW_PII',
      targetType: 'worker',
      recordCount: response.json().data.length,
    });
    expect(logs[0]!.summary).toContain('bucket=d30');
  });

  it('writes one per resume list request (resumes carry a worker’s history and references)', async () => {
    const resume = await admin.post('/resumes', resumeBody(target.id));
    expect(resume.statusCode, resume.body).toBe(201);
    const before = await lastLogId();
    const response = await viewer.get(`/resumes?worker_id=${target.id}`);
    expect(response.statusCode).toBe(200);
    const logs = await logsAfter(before);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ action: 'VIEW_PII', targetType: 'resume', recordCount: 1 });
    expect(logs[0]!.summary).toContain(`worker_id=${target.id}`);
  });
});

describe('contacts shown to a viewer', () => {
  it('masks phone numbers and emails in the worker list, detail and visa-expiry rows', async () => {
    const list = await viewer.get(`/workers?q=Thanh`);
    const detail = await viewer.get(`/workers/${target.id}`);
    const board = await viewer.get('/workers/visa-expiry?q=Thanh');
    expect(list.json().data[0]).toMatchObject({
      phone_number: '010-****-8765',
      email_address: 't***@example.test',
    });
    expect(detail.json()).toMatchObject({
      phone_number: '010-****-8765',
      email_address: 't***@example.test',
    });
    expect(board.json().data[0]).toMatchObject({ phone_number: '010-****-8765' });
    for (const body of [list.body, detail.body, board.body]) {
      expect(body).not.toContain('01043218765');
      expect(body).not.toContain(EMAIL);
    }
    // Those who may see them still do.
    expect((await managerA.get(`/workers/${target.id}`)).json()).toMatchObject({
      phone_number: '01043218765',
      email_address: EMAIL,
    });
  });

  it('masks the references’ phone numbers and emails in resumes', async () => {
    const created = await admin.post(
      '/resumes',
      resumeBody(target.id, {
        references: [{ name: '김반장', phone: '01022223333', email: 'boss@hanbit.test' }],
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const detail = await viewer.get(`/resumes/${id}`);
    const list = await viewer.get(`/resumes?worker_id=${target.id}`);
    expect(detail.json().references[0]).toMatchObject({ phone: '010-****-3333', email: 'b***@hanbit.test' });
    for (const body of [detail.body, list.body]) {
      expect(body).not.toContain('01022223333');
      expect(body).not.toContain('boss@hanbit.test');
    }
    expect((await admin.get(`/resumes/${id}`)).json().references[0].phone).toBe('01022223333');
  });
});

describe('the reveal reply on the wire', () => {
  it('names the field in snake_case', async () => {
    const response = await admin.post(`/workers/${target.id}/reveal`, {
      field: 'passport_no',
      reason: '여권 대조',
    });
    expect(response.json()).toEqual({ field: 'passport_no', value: PASSPORT });
    const arn = await admin.post(`/workers/${target.id}/reveal`, {
      field: 'alienRegNo',
      reason: '서류 대조',
    });
    expect(arn.json()).toEqual({ field: 'alien_reg_no', value: ARN_DIGITS });
  });
});

describe('a duplicate 외국인등록번호 across branches', () => {
  it('tells an admin who reaches the other record that the number is registered', async () => {
    const response = await admin.post(
      '/workers',
      workerBody(branchB, { alien_reg_no: ARN, passport_no: null }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(recordMessages.duplicateAlienRegNo);
  });

  it('tells a branch manager of the same branch too', async () => {
    const response = await managerA.post(
      '/workers',
      workerBody(branchA, { alien_reg_no: ARN, passport_no: null }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().error.details).toEqual([
      { field: 'alien_reg_no', message: recordMessages.duplicateAlienRegNo },
    ]);
  });

  it('gives a branch manager of another branch a neutral message and logs the attempt', async () => {
    const before = await lastLogId();
    const created = await managerB.post(
      '/workers',
      workerBody(branchB, { alien_reg_no: ARN, passport_no: null }),
    );
    expect(created.statusCode).toBe(409);
    expect(created.json().error).toEqual({
      code: 'CONFLICT',
      message: workerPiiMessages.alienRegNoUnavailable,
      details: [{ field: 'alien_reg_no', message: workerPiiMessages.alienRegNoUnavailable }],
    });
    expect(created.body).not.toContain(recordMessages.duplicateAlienRegNo);
    expect(created.body).not.toContain(String(target.id));

    const own = await managerB.post(
      '/workers',
      workerBody(branchB, { alien_reg_no: '9503036000018', passport_no: null }),
    );
    expect(own.statusCode, own.body).toBe(201);
    const patched = await managerB.patch(`/workers/${own.json().id}`, {
      alien_reg_no: ARN_DIGITS,
      date_of_birth: '1993-02-15',
      version: 1,
    });
    expect(patched.statusCode).toBe(409);
    expect(patched.json().error.message).toBe(workerPiiMessages.alienRegNoUnavailable);

    const attempts = (await logsAfter(before)).filter(
      (log) => log.action === 'VIEW_PII' && log.actorAdminId === managerBId,
    );
    expect(attempts).toHaveLength(2);
    for (const attempt of attempts) {
      expect(attempt).toMatchObject({ targetType: 'worker', targetId: String(target.id) });
      expect(attempt.summary).toContain('930215-6******');
      expect(JSON.stringify(attempt)).not.toContain(ARN_DIGITS);
    }
  });
});

describe('who may search by identifier', () => {
  it('lets a role with the reveal permission search, and nobody else', async () => {
    const superAdmin = await createAdmin(ctx, { role: 'super_admin' });
    const { token } = await login(ctx, superAdmin.loginId);
    const api = apiAs(ctx, token);
    const response = await api.get(`/workers?q=${PASSPORT}&reason=${encode('확인 필요')}`);
    expect(response.statusCode).toBe(200);
    const logs = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.actorAdminId, superAdmin.id), eq(auditLogs.action, 'VIEW_PII')));
    expect(logs).toHaveLength(1);
  });
});
