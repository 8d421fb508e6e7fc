import { AUDIT_ACTION_LABELS, auditMessages, recordMessages } from '@ilson/contracts';
import { parse as parseCsv } from 'csv-parse/sync';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, patchSettings, signedIn } from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { type ChainedFields, chainHash, GENESIS_HASH } from '../../../audit/chain';
import { queryRows } from '../../../db/client';
import { auditLogs, auditReviews } from '../../../db/schema';
import { seoulToday } from '../../../lib/dates';

let ctx: TestContext;
let superAdmin: Api;
let admin: Api;
let manager: Api;
let viewer: Api;
let superAdminId: number;
let superAdminLogin: string;
let superAdminName: string;
let adminId: number;
const seeded: Record<'update' | 'delete' | 'export', number> = { update: 0, delete: 0, export: 0 };

/** Rows with a chosen time, chained exactly as appendAudit chains them (a fixture, and the bulk seed below). */
async function seedChain(rows: Partial<ChainedFields>[]): Promise<number[]> {
  const [last] = await ctx.db
    .select({ hash: auditLogs.hash })
    .from(auditLogs)
    .orderBy(desc(auditLogs.id))
    .limit(1);
  let prevHash = last?.hash ?? GENESIS_HASH;
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += 1_000) {
    const values = rows.slice(start, start + 1_000).map((partial) => {
      const row: ChainedFields = {
        createdAt: new Date(),
        actorAdminId: null,
        actorLoginId: null,
        action: 'UPDATE',
        targetType: null,
        targetId: null,
        summary: '',
        diff: null,
        recordCount: null,
        reason: null,
        ip: null,
        userAgent: null,
        ...partial,
      };
      const hash = chainHash(prevHash, row);
      const value = { ...row, prevHash, hash };
      prevHash = hash;
      return value;
    });
    const inserted = await ctx.db.insert(auditLogs).values(values).returning({ id: auditLogs.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/** The database refused the statement with the append-only trigger's error (drizzle wraps it as the cause). */
async function expectRefused(statement: Promise<unknown>) {
  const error = await statement.then(
    () => null,
    (caught: unknown) => caught as Error & { cause?: Error },
  );
  expect(error, 'the statement should have been refused').not.toBeNull();
  expect(String(error!.cause?.message ?? error!.message)).toMatch(/append-only/);
}

/** What an attacker with database access would do: switch the append-only trigger off around a change. */
async function tamper(statement: ReturnType<typeof sql>) {
  await queryRows(ctx.db, sql`ALTER TABLE audit_logs DISABLE TRIGGER audit_logs_no_update_delete`);
  try {
    await queryRows(ctx.db, statement);
  } finally {
    await queryRows(ctx.db, sql`ALTER TABLE audit_logs ENABLE TRIGGER audit_logs_no_update_delete`);
  }
}

type ListReply = {
  data: Record<string, unknown>[];
  meta: { page: number; page_size: number; total: number };
};

async function list(query: string, api = superAdmin): Promise<ListReply> {
  const response = await api.get(`/audit-logs${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ListReply;
}

const ids = (reply: ListReply) => reply.data.map((row) => row.id as number);

async function countRows(where = sql`true`): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ctx.db,
    sql`SELECT count(*)::int AS n FROM audit_logs WHERE ${where}`,
  );
  return row!.n;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const top = await signedIn(ctx, 'super_admin');
  superAdmin = top.api;
  superAdminId = top.admin.id;
  superAdminLogin = top.admin.loginId;
  superAdminName = top.admin.name;
  const second = await signedIn(ctx, 'admin');
  admin = second.api;
  adminId = second.admin.id;
  manager = (await signedIn(ctx, 'branch_manager')).api;
  viewer = (await signedIn(ctx, 'viewer')).api;

  const [update, remove, exported] = await seedChain([
    {
      // 23:59:59 on 1 March in Seoul.
      createdAt: new Date('2025-03-01T14:59:59Z'),
      actorAdminId: superAdminId,
      actorLoginId: superAdminLogin,
      action: 'UPDATE',
      targetType: 'employer',
      targetId: '501',
      summary: '사업주 수정: companyName, address',
      diff: {
        companyName: { before: '(주)가나', after: '(주)다라' },
        address: { before: { zip: '15588', road: '산단로 1' }, after: { zip: '15589', road: '산단로 2' } },
      },
      ip: '10.1.2.3',
      userAgent: 'Mozilla/5.0 (audit test)',
    },
    {
      // 00:30 on 2 March in Seoul.
      createdAt: new Date('2025-03-01T15:30:00Z'),
      actorAdminId: adminId,
      actorLoginId: second.admin.loginId,
      action: 'DELETE',
      targetType: 'worker',
      targetId: '77',
      summary: '근로자 삭제: 응우옌 반 안',
      ip: '10.1.9.9',
    },
    {
      createdAt: new Date('2025-03-05T03:00:00Z'),
      actorAdminId: adminId,
      actorLoginId: second.admin.loginId,
      action: 'EXPORT',
      targetType: 'worker',
      summary: '=HYPERLINK("http://evil.test","근로자")',
      recordCount: 12,
      reason: '+82 월간 보고',
      ip: '192.168.0.5',
    },
  ]);
  Object.assign(seeded, { update, delete: remove, export: exported });
});
afterAll(async () => {
  await ctx?.close();
});

describe('access log: who may read it', () => {
  it('asks for a token (401) and refuses branch managers and viewers (403) everywhere', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/audit-logs' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHORIZED');
    for (const api of [manager, viewer]) {
      expect((await api.get('/audit-logs')).statusCode).toBe(403);
      expect((await api.get(`/audit-logs/${seeded.update}`)).statusCode).toBe(403);
      expect((await api.post('/audit-logs/verify')).statusCode).toBe(403);
      expect((await api.get('/audit-logs/export?reason=x')).statusCode).toBe(403);
      expect((await api.get('/audit-reviews')).statusCode).toBe(403);
      const review = { period: '2025-03', reviewed_at: '2025-04-01', findings: '이상 없음' };
      expect((await api.post('/audit-reviews', review)).statusCode).toBe(403);
    }
    expect((await admin.get('/audit-logs')).statusCode).toBe(200);
  });

  it('offers no route that changes or deletes a row, not even to a super admin', async () => {
    for (const path of [`/audit-logs/${seeded.update}`, '/audit-reviews/1']) {
      expect((await superAdmin.patch(path, { summary: 'x' })).statusCode).toBe(404);
      expect((await superAdmin.delete(path)).statusCode).toBe(404);
    }
    expect((await superAdmin.post(`/audit-logs/${seeded.update}`, { summary: 'x' })).statusCode).toBe(404);
  });

  it('is refused by the database itself through the application connection (UPDATE, DELETE, TRUNCATE)', async () => {
    await expectRefused(queryRows(ctx.db, sql`UPDATE audit_logs SET summary = 'x'`));
    await expectRefused(queryRows(ctx.db, sql`DELETE FROM audit_logs`));
    await expectRefused(queryRows(ctx.db, sql`TRUNCATE audit_logs`));
    await expectRefused(
      ctx.db.update(auditLogs).set({ summary: '조작' }).where(eq(auditLogs.id, seeded.update)),
    );
    await expectRefused(ctx.db.delete(auditLogs).where(eq(auditLogs.id, seeded.update)));
  });
});

describe('access log: list and filters', () => {
  it('lists newest first with the exact total, and pages', async () => {
    const total = await countRows();
    const first = await list('?page_size=3');
    expect(first.meta).toEqual({ page: 1, page_size: 3, total, total_estimated: false });
    const all = await list('?page_size=100');
    const sorted = [...ids(all)].sort((a, b) => b - a);
    expect(ids(all)).toEqual(sorted);
    const second = await list('?page_size=3&page=2');
    expect(ids(second)).toEqual(ids(all).slice(3, 6));
    expect(ids(await list('?page_size=100&order=asc'))).toEqual([...sorted].reverse());
  });

  it('filters by actor: admin id, part of the login id, part of the name', async () => {
    const byId = await list(`?actor=${adminId}`);
    expect(byId.data.length).toBeGreaterThan(0);
    expect(byId.data.every((row) => row.actor_admin_id === adminId)).toBe(true);
    expect(ids(byId)).toEqual(expect.arrayContaining([seeded.delete, seeded.export]));

    const byLogin = await list(`?actor=${encodeURIComponent(superAdminLogin.slice(0, -2).toUpperCase())}`);
    expect(byLogin.data.every((row) => row.actor_login_id === superAdminLogin)).toBe(true);
    expect(ids(byLogin)).toContain(seeded.update);

    const byName = await list(`?actor=${encodeURIComponent(superAdminName)}`);
    expect(ids(byName)).toContain(seeded.update);
    expect(byName.data.every((row) => row.actor_name === superAdminName)).toBe(true);
    expect(byName.data[0]).toMatchObject({ actor_name: superAdminName });
  });

  it('filters by one action or several, given as a list or as repeated keys', async () => {
    expect(ids(await list('?action=DELETE'))).toEqual([seeded.delete]);
    const several = await list('?action=UPDATE,DELETE');
    expect(ids(several)).toEqual([seeded.delete, seeded.update]);
    expect(ids(await list('?action=UPDATE&action=DELETE'))).toEqual(ids(several));
    const logins = await list('?action=LOGIN');
    expect(logins.meta.total).toBe(4);

    const bad = await superAdmin.get('/audit-logs?action=UPDATE,HACK');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('INVALID_REQUEST');
    expect(bad.json().error.details[0]).toMatchObject({ message: auditMessages.unknownAction });
  });

  it('filters by target type and id', async () => {
    expect(ids(await list('?target_type=worker'))).toEqual([seeded.export, seeded.delete]);
    expect(ids(await list('?target_type=employer&target_id=501'))).toEqual([seeded.update]);
    expect((await list('?target_type=employer&target_id=502')).meta.total).toBe(0);
    const bad = await superAdmin.get('/audit-logs?target_type=Employer;DROP');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0]).toMatchObject({
      field: 'target_type',
      message: auditMessages.targetType,
    });
  });

  it('filters by Seoul calendar days, both ends included', async () => {
    expect(ids(await list('?date_from=2025-03-01&date_to=2025-03-01'))).toEqual([seeded.update]);
    expect(ids(await list('?date_from=2025-03-02&date_to=2025-03-02'))).toEqual([seeded.delete]);
    expect(ids(await list('?date_from=2025-03-01&date_to=2025-03-05'))).toEqual([
      seeded.export,
      seeded.delete,
      seeded.update,
    ]);
    const today = await list(`?date_from=${seoulToday()}`);
    expect(today.meta.total).toBe((await countRows()) - 3);

    const inverted = await superAdmin.get('/audit-logs?date_from=2025-03-05&date_to=2025-03-01');
    expect(inverted.statusCode).toBe(422);
    expect(inverted.json().error.details).toEqual([
      { field: 'date_to', message: recordMessages.dateRangeInverted },
    ]);
    expect((await superAdmin.get('/audit-logs?date_from=2025-02-30')).statusCode).toBe(400);
  });

  it('filters by IP address or its beginning', async () => {
    expect(ids(await list('?ip=10.1.'))).toEqual([seeded.delete, seeded.update]);
    expect(ids(await list('?ip=10.1.2.3'))).toEqual([seeded.update]);
    expect(ids(await list('?ip=192.168.0.5&action=EXPORT'))).toEqual([seeded.export]);
    const bad = await superAdmin.get(`/audit-logs?ip=${encodeURIComponent("1' OR 1=1")}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0]).toMatchObject({ field: 'ip', message: auditMessages.ip });
  });

  it('combines filters', async () => {
    const reply = await list(`?actor=${adminId}&action=DELETE,EXPORT&ip=10.&date_to=2025-03-31`);
    expect(ids(reply)).toEqual([seeded.delete]);
    expect(reply.data[0]).toMatchObject({
      action: 'DELETE',
      target_type: 'worker',
      target_id: '77',
      summary: '근로자 삭제: 응우옌 반 안',
      ip: '10.1.9.9',
      created_at: '2025-03-01T15:30:00.000Z',
    });
    expect(reply.data[0]).not.toHaveProperty('diff');
  });
});

describe('access log: detail', () => {
  it('shows every field with the before/after diff and the chain hashes', async () => {
    const response = await superAdmin.get(`/audit-logs/${seeded.update}`);
    expect(response.statusCode).toBe(200);
    const row = response.json();
    expect(row).toMatchObject({
      id: seeded.update,
      action: 'UPDATE',
      actor_admin_id: superAdminId,
      actor_login_id: superAdminLogin,
      actor_name: superAdminName,
      target_type: 'employer',
      target_id: '501',
      user_agent: 'Mozilla/5.0 (audit test)',
      ip: '10.1.2.3',
      reason: null,
      record_count: null,
    });
    // Keys travel in the wire's snake_case like every other (the client turns them back).
    expect(row.diff).toEqual({
      company_name: { before: '(주)가나', after: '(주)다라' },
      address: { before: { zip: '15588', road: '산단로 1' }, after: { zip: '15589', road: '산단로 2' } },
    });
    expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.prev_hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await superAdmin.get('/audit-logs/99999999')).statusCode).toBe(404);
    expect((await superAdmin.get('/audit-logs/abc')).statusCode).toBe(400);
  });

  it('is not itself logged: reading the log adds no rows', async () => {
    const before = await countRows();
    await list('?action=UPDATE');
    await superAdmin.get(`/audit-logs/${seeded.update}`);
    expect(await countRows()).toBe(before);
  });
});

type CsvDownload = { status: number; headers: Record<string, unknown>; text: string; rows: string[][] };

async function exportCsv(query: string, api = superAdmin): Promise<CsvDownload> {
  const response = await api.get(`/audit-logs/export${query}`);
  const text = response.rawPayload.toString('utf8');
  return {
    status: response.statusCode,
    headers: response.headers,
    text,
    rows: response.statusCode === 200 ? (parseCsv(text, { bom: true }) as string[][]) : [],
  };
}

describe('access log: CSV export', () => {
  it('asks for a purpose while the settings require one', async () => {
    const response = await superAdmin.get('/audit-logs/export');
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details).toEqual([
      { field: 'reason', message: auditMessages.exportReasonRequired },
    ]);
  });

  it('writes the filtered log with BOM, Korean headers, Seoul times and neutralised cells, and logs itself', async () => {
    const before = await countRows();
    const file = await exportCsv(
      '?target_type=worker&date_to=2025-12-31&reason=%EB%B6%84%EA%B8%B0%20%EC%A0%90%EA%B2%80',
    );
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(`접속기록_${seoulToday()}.csv`)}`,
    );
    expect(file.text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = file.rows;
    expect(header).toEqual([
      '번호',
      '일시',
      '관리자 번호',
      '관리자 아이디',
      '관리자 이름',
      '작업',
      '대상 유형',
      '대상 번호',
      '요약',
      '건수',
      '사유',
      'IP',
      '사용자 에이전트',
      '변경 내용',
      '해시',
    ]);
    expect(rows.map((row) => Number(row[0]))).toEqual([seeded.export, seeded.delete]);
    const [exported, deleted] = rows;
    expect(exported).toEqual([
      String(seeded.export),
      '2025-03-05 12:00:00',
      String(adminId),
      expect.any(String),
      expect.any(String),
      AUDIT_ACTION_LABELS.EXPORT,
      '근로자',
      '',
      `'=HYPERLINK("http://evil.test","근로자")`,
      '12',
      "'+82 월간 보고",
      '192.168.0.5',
      '',
      '',
      expect.stringMatching(/^[0-9a-f]{64}$/),
    ]);
    expect(deleted!.slice(1, 9)).toEqual([
      '2025-03-02 00:30:00',
      String(adminId),
      expect.any(String),
      expect.any(String),
      '삭제',
      '근로자',
      '77',
      '근로자 삭제: 응우옌 반 안',
    ]);

    // Its own access-log row: who, the filters, the count and the purpose; not part of the file itself.
    expect(await countRows()).toBe(before + 1);
    const [own] = await ctx.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1);
    expect(own).toMatchObject({
      action: 'EXPORT',
      targetType: 'audit_log',
      actorAdminId: superAdminId,
      recordCount: 2,
      reason: '분기 점검',
      summary: '접속기록 내보내기 (CSV, 2건)',
      diff: { format: 'csv', order: 'desc', filters: { targetType: 'worker', dateTo: '2025-12-31' } },
    });
  });

  it('exports the whole log (each row once, its own row left out) when the settings allow no purpose', async () => {
    const settings = await patchSettings(superAdmin, { export_reason_required: false });
    expect(settings.statusCode, settings.body).toBe(200);
    const total = await countRows();
    const file = await exportCsv('?order=asc');
    expect(file.status).toBe(200);
    const numbers = file.rows.slice(1).map((row) => Number(row[0]));
    expect(numbers).toHaveLength(total);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    const [own] = await ctx.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1);
    expect(own).toMatchObject({
      action: 'EXPORT',
      targetType: 'audit_log',
      recordCount: total,
      reason: null,
    });
    expect(numbers).not.toContain(own!.id);

    const exports = await list('?action=EXPORT&target_type=audit_log');
    expect(exports.meta.total).toBe(2);
    await patchSettings(superAdmin, { export_reason_required: true });
  });

  it('refuses bad filters before anything is logged', async () => {
    const before = await countRows();
    const response = await superAdmin.get(
      '/audit-logs/export?reason=x&date_from=2025-03-05&date_to=2025-03-01',
    );
    expect(response.statusCode).toBe(422);
    expect(await countRows()).toBe(before);
  });
});

describe('monthly review records (월간 점검)', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    period: '2025-03',
    reviewed_at: '2025-04-02',
    findings: '3월 접속기록 점검: 다운로드 1건(사유 확인), 비정상 접속 없음.',
    actions_taken: '',
    ...overrides,
  });

  it('records who reviewed which month, logs it as CREATE, and lists the latest month first', async () => {
    const first = await superAdmin.post('/audit-reviews', body());
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      period: '2025-03',
      reviewed_at: '2025-04-02',
      reviewer_admin_id: superAdminId,
      reviewer_login_id: superAdminLogin,
      reviewer_name: superAdminName,
      actions_taken: '',
    });
    const second = await admin.post(
      '/audit-reviews',
      body({
        period: '2025-04',
        reviewed_at: '2025-05-01',
        findings: '야간 로그인 2건 확인',
        actions_taken: '본인 확인 완료',
      }),
    );
    expect(second.statusCode, second.body).toBe(201);
    // A second record for the same month (a correction or an addition) is a record of its own.
    const again = await superAdmin.post('/audit-reviews', body({ findings: '추가 확인: 이상 없음' }));
    expect(again.statusCode).toBe(201);

    const reply = await superAdmin.get('/audit-reviews');
    expect(reply.statusCode).toBe(200);
    const { data, meta } = reply.json();
    expect(meta).toEqual({ page: 1, page_size: 12, total: 3, total_estimated: false });
    expect(data.map((row: { id: number }) => row.id)).toEqual([
      second.json().id,
      again.json().id,
      first.json().id,
    ]);
    expect(data[0]).toMatchObject({ reviewer_admin_id: adminId, actions_taken: '본인 확인 완료' });
    expect((await superAdmin.get('/audit-reviews?year=2024')).json().meta.total).toBe(0);

    const [logged] = await ctx.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.targetId, String(first.json().id)))
      .orderBy(desc(auditLogs.id));
    expect(logged).toMatchObject({
      action: 'CREATE',
      targetType: 'audit_review',
      actorAdminId: superAdminId,
      summary: '접속기록 월간 점검 기록 등록: 2025-03',
    });
    expect(logged!.diff).toMatchObject({ period: { before: null, after: '2025-03' } });
  });

  it('refuses a month to come, a review day outside the month and today, and empty findings', async () => {
    const nextYear = Number(seoulToday().slice(0, 4)) + 1;
    // The schema's rules answer 400 INVALID_REQUEST, the calendar's 422 VALIDATION_ERROR; both with the field.
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ period: `${nextYear}-01`, reviewed_at: seoulToday() }, 422, 'period', auditMessages.periodInFuture],
      [{ period: '2025-13' }, 400, 'period', auditMessages.period],
      [{ reviewed_at: `${nextYear}-01-01` }, 422, 'reviewed_at', auditMessages.reviewedAtInFuture],
      [{ reviewed_at: '2025-02-28' }, 422, 'reviewed_at', auditMessages.reviewedBeforePeriod],
      [{ findings: '   ' }, 400, 'findings', auditMessages.findingsRequired],
    ];
    for (const [overrides, status, field, message] of cases) {
      const response = await superAdmin.post('/audit-reviews', body(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(status);
      expect(response.json().error.details).toContainEqual({ field, message });
    }
    const [row] = await queryRows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM ${auditReviews}`);
    expect(row!.n).toBe(3);
  });

  it('cannot be changed or removed, not even through the application connection', async () => {
    await expectRefused(queryRows(ctx.db, sql`UPDATE audit_reviews SET findings = 'x'`));
    await expectRefused(queryRows(ctx.db, sql`DELETE FROM audit_reviews`));
    await expectRefused(queryRows(ctx.db, sql`TRUNCATE audit_reviews`));
    await expectRefused(ctx.db.update(auditReviews).set({ findings: '수정' }));
  });

  it('creates once per Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'review-2025-05' };
    const payload = body({ period: '2025-05', reviewed_at: '2025-06-03' });
    const first = await superAdmin.post('/audit-reviews', payload, headers);
    const repeat = await superAdmin.post('/audit-reviews', payload, headers);
    expect(first.statusCode).toBe(201);
    expect(repeat.json().id).toBe(first.json().id);
    expect((await superAdmin.get('/audit-reviews?year=2025')).json().meta.total).toBe(4);
  });
});

/** Last: these tests break the chain on purpose. */
describe('access log: integrity check', () => {
  type Verify = {
    ok: boolean;
    checked: number;
    broken_at_id: number | null;
    broken_at: string | null;
    problem: string | null;
    problem_count: number;
    problems: { id: number; created_at: string | null; problem: string; checkpoint_id: number | null }[];
    legacy_rows: number;
    checkpoints: number;
    verified_at: string;
    duration_ms: number;
  };
  const verify = async (api = superAdmin): Promise<Verify> => {
    const response = await api.post('/audit-logs/verify');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Verify;
  };

  it('walks an intact chain, in batches, and says so (admins may run it too)', async () => {
    // Enough rows for several batches of the walk.
    await seedChain(
      Array.from({ length: 12_000 }, (_, i) => ({
        action: 'VIEW_PII' as const,
        targetType: 'worker',
        targetId: String(i),
        summary: `근로자 상세 조회 ${i}`,
        diff: i % 3 === 0 ? { field: { before: i, after: [i, { z: 1, a: 'ㄱ' }] } } : null,
        ip: '10.9.0.1',
      })),
    );
    const total = await countRows();
    const [first, second] = await Promise.all([verify(), verify(admin)]);
    expect(first).toMatchObject({
      ok: true,
      checked: total,
      broken_at_id: null,
      broken_at: null,
      problem: null,
      problem_count: 0,
      problems: [],
      legacy_rows: 0,
    });
    expect(second).toMatchObject({ ok: true, checked: total });
    expect(Date.parse(first.verified_at)).not.toBeNaN();
  });

  it('finds a row whose summary was changed behind the trigger, and the chain is whole again once undone', async () => {
    const [target] = await ctx.db.select().from(auditLogs).where(eq(auditLogs.id, seeded.delete));
    await tamper(sql`UPDATE audit_logs SET summary = '근로자 삭제: (조작됨)' WHERE id = ${seeded.delete}`);
    const broken = await verify();
    expect(broken).toMatchObject({
      ok: false,
      broken_at_id: seeded.delete,
      broken_at: '2025-03-01T15:30:00.000Z',
      problem: 'content',
      problem_count: 1,
      problems: [
        {
          id: seeded.delete,
          created_at: '2025-03-01T15:30:00.000Z',
          problem: 'content',
          checkpoint_id: null,
        },
      ],
    });
    // The whole log is walked, past the break.
    expect(broken.checked).toBe(await countRows());

    await tamper(sql`UPDATE audit_logs SET summary = ${target!.summary} WHERE id = ${seeded.delete}`);
    expect((await verify()).ok).toBe(true);
  });

  it('finds a row rewritten with a fresh hash of its own: the next row no longer links to it', async () => {
    const [row] = await ctx.db.select().from(auditLogs).where(eq(auditLogs.id, seeded.update));
    const { id: _id, prevHash, hash: _hash, ...fields } = row!;
    const forged = { ...fields, summary: '사업주 조회' };
    await tamper(
      sql`UPDATE audit_logs SET summary = ${forged.summary}, hash = ${chainHash(prevHash, forged)} WHERE id = ${seeded.update}`,
    );
    const [next] = await queryRows<{ id: number }>(
      ctx.db,
      sql`SELECT id FROM audit_logs WHERE id > ${seeded.update} ORDER BY id LIMIT 1`,
    );
    expect(await verify()).toMatchObject({
      ok: false,
      broken_at_id: next!.id,
      problem: 'link',
      problem_count: 1,
    });
    await tamper(
      sql`UPDATE audit_logs SET summary = ${row!.summary}, hash = ${row!.hash} WHERE id = ${seeded.update}`,
    );
    expect((await verify()).ok).toBe(true);
  });

  it('finds a row deleted in the middle of the chain: the row after it does not link, the checkpoint counts one too many', async () => {
    const [middle] = await queryRows<{ id: number }>(
      ctx.db,
      sql`SELECT id FROM audit_logs WHERE action = 'VIEW_PII' ORDER BY id LIMIT 1 OFFSET 6000`,
    );
    await tamper(sql`DELETE FROM audit_logs WHERE id = ${middle!.id}`);
    const [after] = await queryRows<{ id: number; created_at: string }>(
      ctx.db,
      sql`SELECT id FROM audit_logs WHERE id > ${middle!.id} ORDER BY id LIMIT 1`,
    );
    const result = await verify();
    expect(result).toMatchObject({ ok: false, broken_at_id: after!.id, problem: 'link', problem_count: 2 });
    expect(result.problems).toEqual([
      expect.objectContaining({ id: after!.id, problem: 'link', checkpoint_id: null }),
      expect.objectContaining({ problem: 'truncated', checkpoint_id: expect.any(Number) }),
    ]);
    expect(result.checked).toBe(await countRows());

    // The list still answers, and the broken row opens in the detail like any other.
    expect((await superAdmin.get(`/audit-logs/${after!.id}`)).statusCode).toBe(200);
    expect((await superAdmin.get(`/audit-logs/${middle!.id}`)).statusCode).toBe(404);
  });

  it('keeps reporting the breaks, and only those, after new rows are appended behind them', async () => {
    const first = await verify();
    await superAdmin.post('/audit-reviews', {
      period: '2025-06',
      reviewed_at: '2025-07-01',
      findings: '무결성 확인 결과 위변조 의심 1건: 조사 요청',
    });
    const again = await verify();
    expect(again).toMatchObject({
      ok: false,
      broken_at_id: first.broken_at_id,
      checked: first.checked + 1,
      problem_count: first.problem_count,
      problems: first.problems,
    });
  });
});
