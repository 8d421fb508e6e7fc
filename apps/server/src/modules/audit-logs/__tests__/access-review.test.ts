import { accessFindingMessages } from '@ilson/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Api, apiAs, patchSettings, signedIn } from '../../../../test/fixtures';
import { createAdmin, createTestContext, login as signIn, type TestContext } from '../../../../test/helpers';
import { verifyAuditChain } from '../../../audit/chain';
import type { AuditEntry } from '../../../audit/trail';
import { appendAudit } from '../../../audit/trail';
import { queryRows } from '../../../db/client';

/**
 * The monthly access review's automatic findings (docs/privacy-lifecycle.md#access-review) on the engine under
 * test: a month of access-log rows written at chosen Seoul instants, the findings they make under the default
 * thresholds, a threshold change, and the acknowledgement rules.
 */

/** A finding as the API sends it (snake_case). */
type AccessFinding = {
  kind: string;
  admin_id: number;
  admin_login_id: string | null;
  count: number;
  description: string;
  log_ids: number[];
  acknowledgement: { note: string; by_login_id: string | null } | null;
};

let ctx: TestContext;
let reviewer: Api;
const PERIOD = '2025-06';
type Admin = { id: number; loginId: string };
let heavy: Admin; // reveals far above their usual
let exporter: Admin; // one large download, with a clear reason, by day
let night: Admin; // reveals at night and on a Saturday, and downloads without a clear reason
let traveller: Admin; // logins from two new addresses
let steady: Admin; // one new address only, and a usual volume

/** Appends a log row as if written at `at` (a Seoul wall-clock time): the chain stays whole. */
async function logAt(at: string, who: Admin, entry: AuditEntry, ip: string | null = '10.0.0.1') {
  vi.setSystemTime(new Date(`${at}+09:00`));
  await appendAudit(ctx.db, { actorAdminId: who.id, actorLoginId: who.loginId, ip, userAgent: null }, entry);
}

const reveal: AuditEntry = {
  action: 'REVEAL',
  targetType: 'worker',
  targetId: 1,
  summary: '외국인등록번호 열람',
  reason: '계약서 대조',
};
const login: AuditEntry = { action: 'LOGIN', summary: '로그인' };
const download = (rows: number, reason: string | null): AuditEntry => ({
  action: 'EXPORT',
  targetType: 'workers',
  summary: '근로자 목록 다운로드',
  recordCount: rows,
  reason,
});

async function findings(period = PERIOD): Promise<AccessFinding[]> {
  const reply = await reviewer.get(`/audit-reviews/findings?period=${period}`);
  expect(reply.statusCode, reply.body).toBe(200);
  return (reply.json() as { data: AccessFinding[] }).data;
}

const kindsOf = (list: AccessFinding[], admin: Admin) =>
  list.filter((f) => f.admin_id === admin.id).map((f) => f.kind);

beforeAll(async () => {
  ctx = await createTestContext();
  reviewer = (await signedIn(ctx, 'admin')).api;
  [heavy, exporter, night, traveller, steady] = (await Promise.all(
    [1, 2, 3, 4, 5].map(() => createAdmin(ctx, { role: 'admin' })),
  )) as unknown as [Admin, Admin, Admin, Admin, Admin];
  vi.useFakeTimers({ toFake: ['Date'] });
  // The three months before: ten reveals a month (a Tuesday, 10:00), logins from the office.
  for (const month of ['2025-03', '2025-04', '2025-05']) {
    for (let i = 0; i < 10; i++)
      await logAt(`${month}-1${i % 5}T10:${String(i).padStart(2, '0')}:00`, heavy, reveal);
    await logAt(`${month}-02T09:00:00`, traveller, login, '10.0.0.1');
    await logAt(`${month}-02T09:00:00`, steady, login, '10.0.0.1');
    await logAt(`${month}-03T11:00:00`, steady, reveal);
  }
  // June: 40 reveals on weekdays at 10:00–10:39 (the 2nd, 3rd, 4th, 5th and 9th are weekdays).
  for (let i = 0; i < 40; i++) {
    await logAt(`2025-06-0${[2, 3, 4, 5, 9][i % 5]}T10:${String(i).padStart(2, '0')}:00`, heavy, reveal);
  }
  await logAt('2025-06-10T14:00:00', exporter, download(6_000, '6월 급여 정산 대사를 위한 근로자 명단'));
  await logAt('2025-06-10T23:30:00', night, reveal); // Tuesday night
  await logAt('2025-06-11T06:59:00', night, reveal); // before 8:00
  await logAt('2025-06-14T11:00:00', night, reveal); // Saturday
  await logAt('2025-06-11T10:00:00', night, reveal); // working hours: not counted
  await logAt('2025-06-12T10:00:00', night, download(20, 'ㅇㅇ'));
  await logAt('2025-06-12T10:05:00', night, download(20, null));
  await logAt('2025-06-12T10:10:00', night, download(20, ' Test '));
  await logAt('2025-06-12T10:15:00', night, download(20, '거래처 요청에 따른 근로자 명단 제출'));
  await logAt('2025-06-16T09:00:00', traveller, login, '10.0.0.1'); // known
  await logAt('2025-06-17T09:00:00', traveller, login, '203.0.113.7');
  await logAt('2025-06-18T09:00:00', traveller, login, '198.51.100.4');
  await logAt('2025-06-19T09:00:00', traveller, login, '198.51.100.4');
  await logAt('2025-06-16T09:00:00', steady, login, '203.0.113.9');
  await logAt('2025-06-17T11:00:00', steady, reveal);
  vi.useRealTimers();
});
afterAll(async () => {
  vi.useRealTimers();
  await ctx?.close();
});

describe('findings of a month', () => {
  it('finds each kind for the admin it is about, and nothing for a usual month', async () => {
    const list = await findings();
    expect(kindsOf(list, heavy)).toEqual(['volume']);
    expect(kindsOf(list, exporter)).toEqual(['volume']);
    expect(kindsOf(list, night).sort()).toEqual(['off_hours', 'vague_export_reason']);
    expect(kindsOf(list, traveller)).toEqual(['new_ip']);
    expect(kindsOf(list, steady)).toEqual([]);

    const byKey = (kind: string, admin: Admin) =>
      list.find((f) => f.kind === kind && f.admin_id === admin.id)!;
    expect(byKey('volume', heavy)).toMatchObject({
      count: 40,
      admin_login_id: heavy.loginId,
      acknowledgement: null,
    });
    expect(byKey('volume', heavy).description).toContain('개인정보 열람 40회 (평소 월 10회)');
    expect(byKey('volume', heavy).log_ids).toHaveLength(5);
    expect(byKey('volume', exporter).description).toContain('다운로드 6,000건 (평소 월 0건)');
    expect(byKey('off_hours', night).count).toBe(3);
    expect(byKey('vague_export_reason', night).count).toBe(3);
    expect(byKey('vague_export_reason', night).description).toContain('“ㅇㅇ”');
    expect(byKey('vague_export_reason', night).description).toContain('(사유 없음)');
    expect(byKey('new_ip', traveller)).toMatchObject({ count: 2 });
    expect(byKey('new_ip', traveller).description).toContain('198.51.100.4, 203.0.113.7');
  });

  it('names the access-log rows behind a finding, newest first', async () => {
    const finding = (await findings()).find((f) => f.kind === 'off_hours' && f.admin_id === night.id)!;
    const rows = await queryRows<{ id: string; at: string }>(
      ctx.db,
      sql`SELECT id::text, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS at FROM audit_logs WHERE id = ANY(${`{${finding.log_ids.join(',')}}`}::bigint[]) ORDER BY id DESC`,
    );
    expect(rows.map((r) => Number(r.id))).toEqual(finding.log_ids);
    expect(rows.map((r) => r.at)).toEqual(['2025-06-14T02:00', '2025-06-10T21:59', '2025-06-10T14:30']);
  });

  it('follows the thresholds in the settings', async () => {
    expect(
      (await patchSettings(reviewer, {})).statusCode,
      'an admin may not change settings: the super admin does',
    ).toBe(403);
    const top = (await signedIn(ctx, 'super_admin')).api;
    const set = (accessReview: Record<string, number>) =>
      patchSettings(top, {
        access_review: {
          volume_factor: 3,
          minimum_reveals: 30,
          minimum_export_rows: 5_000,
          workday_start_hour: 8,
          workday_end_hour: 20,
          new_ip_minimum: 2,
          ...accessReview,
        },
      });
    expect((await set({ minimum_reveals: 50, workday_start_hour: 6, new_ip_minimum: 3 })).statusCode).toBe(
      200,
    );
    const list = await findings();
    expect(kindsOf(list, heavy)).toEqual([]);
    expect(list.find((f) => f.kind === 'off_hours' && f.admin_id === night.id)?.count).toBe(2);
    expect(kindsOf(list, traveller)).toEqual([]);
    const inverted = await set({ workday_start_hour: 20, workday_end_hour: 8 });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.body).toContain('업무 종료 시각은 시작 시각보다 늦어야 합니다.');
    expect((await set({})).statusCode).toBe(200);
  });

  it('refuses a period that is not a month, in Korean', async () => {
    const reply = await reviewer.get('/audit-reviews/findings?period=2025-13');
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error.message).toMatch(/[가-힣]/);
  });
});

describe('acknowledging a finding', () => {
  const ack = (body: Record<string, unknown>) => reviewer.post('/audit-reviews/findings/acknowledge', body);

  it('needs a note, and a finding that exists that month', async () => {
    const blank = await ack({ period: PERIOD, kind: 'new_ip', admin_id: traveller.id, note: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain(accessFindingMessages.noteRequired);
    const none = await ack({ period: PERIOD, kind: 'new_ip', admin_id: heavy.id, note: '확인' });
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe(accessFindingMessages.notFound);
    const otherMonth = await ack({ period: '2025-05', kind: 'new_ip', admin_id: traveller.id, note: '확인' });
    expect(otherMonth.statusCode).toBe(404);
  });

  it('records the note once, shows who acknowledged it, and writes the access log', async () => {
    const note = '출장 중 호텔·공항 와이파이로 접속했다고 본인 소명, 출장 일정 확인함';
    const reply = await ack({ period: PERIOD, kind: 'new_ip', admin_id: traveller.id, note });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().acknowledgement).toMatchObject({ note });
    const listed = (await findings()).find((f) => f.kind === 'new_ip' && f.admin_id === traveller.id)!;
    expect(listed.acknowledgement?.note).toBe(note);
    expect(listed.acknowledgement?.by_login_id).toBeTruthy();

    const again = await ack({ period: PERIOD, kind: 'new_ip', admin_id: traveller.id, note: '다시' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(accessFindingMessages.alreadyAcknowledged);

    const [logged] = await queryRows<{ action: string; summary: string }>(
      ctx.db,
      sql`SELECT action, summary FROM audit_logs WHERE target_type = 'audit_review' ORDER BY id DESC LIMIT 1`,
    );
    expect(logged).toEqual({ action: 'CREATE', summary: expect.stringContaining('새 IP에서 반복 로그인') });
    expect((await verifyAuditChain(ctx.db)).ok).toBe(true);
  });

  it('cannot be changed or deleted in the database', async () => {
    await expect(ctx.db.execute(sql`UPDATE audit_finding_acks SET note = '고침'`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`DELETE FROM audit_finding_acks`)).rejects.toThrow();
    await expect(
      ctx.db.execute(sql`INSERT INTO audit_finding_acks (period, kind, subject_admin_id, note, acknowledged_by_admin_id)
        VALUES ('2025-06', 'new_ip', ${steady.id}, '  ', ${steady.id})`),
    ).rejects.toThrow();
  });
});

describe('maker–checker on a finding, and reopening one', () => {
  const finding = async (kind: string, admin: Admin) =>
    (await findings()).find((f) => f.kind === kind && f.admin_id === admin.id)!;

  it('refuses the admin a finding is about, on the server and in the database', async () => {
    const own = apiAs(ctx, (await signIn(ctx, heavy.loginId)).token);
    const reply = await own.post('/audit-reviews/findings/acknowledge', {
      period: PERIOD,
      kind: 'volume',
      admin_id: heavy.id,
      note: '업무량이 많았던 달입니다. 본인 확인.',
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.json().error.message).toBe(accessFindingMessages.ownFinding);
    expect((await finding('volume', heavy)).acknowledgement).toBeNull();
    await expect(
      ctx.db.execute(sql`INSERT INTO audit_finding_acks (period, kind, subject_admin_id, note, acknowledged_by_admin_id, round)
        VALUES ('2025-06', 'volume', ${heavy.id}, '본인 확인', ${heavy.id}, 9)`),
    ).rejects.toThrow();
    // Another admin may.
    const other = await reviewer.post('/audit-reviews/findings/acknowledge', {
      period: PERIOD,
      kind: 'volume',
      admin_id: heavy.id,
      note: '월말 정산 대사로 열람이 늘었음을 팀장이 확인',
    });
    expect(other.statusCode, other.body).toBe(201);
  });

  it('is reopened by a super admin with a reason, logged, and acknowledged anew', async () => {
    const superApi = (await signedIn(ctx, 'super_admin')).api;
    const body = { period: PERIOD, kind: 'off_hours', admin_id: night.id };
    expect(
      (await superApi.post('/audit-reviews/findings/reopen', { ...body, reason: '재확인 필요' })).statusCode,
    ).toBe(409);
    const acked = await reviewer.post('/audit-reviews/findings/acknowledge', {
      ...body,
      note: '야간 당직 근무',
    });
    expect(acked.statusCode, acked.body).toBe(201);
    // An admin may not reopen; a reason is needed.
    expect(
      (await reviewer.post('/audit-reviews/findings/reopen', { ...body, reason: '재확인 필요' })).statusCode,
    ).toBe(403);
    const blank = await superApi.post('/audit-reviews/findings/reopen', { ...body, reason: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain(accessFindingMessages.reopenReasonRequired);
    const reopened = await superApi.post('/audit-reviews/findings/reopen', {
      ...body,
      reason: '당직표에 없는 날짜의 야간 열람이 있어 재확인',
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({
      acknowledgement: null,
      reopened: { reason: '당직표에 없는 날짜의 야간 열람이 있어 재확인' },
    });
    expect((await finding('off_hours', night)).acknowledgement).toBeNull();
    const [logged] = await queryRows<{ action: string; summary: string; reason: string }>(
      ctx.db,
      sql`SELECT action, summary, reason FROM audit_logs WHERE target_type = 'audit_review' ORDER BY id DESC LIMIT 1`,
    );
    expect(logged).toMatchObject({
      action: 'UPDATE',
      reason: '당직표에 없는 날짜의 야간 열람이 있어 재확인',
    });
    expect(logged!.summary).toContain('재검토');
    const again = await reviewer.post('/audit-reviews/findings/acknowledge', {
      ...body,
      note: '당직 변경 내역 확인',
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().acknowledgement).toMatchObject({ note: '당직 변경 내역 확인' });
    await expect(ctx.db.execute(sql`DELETE FROM audit_finding_reopens`)).rejects.toThrow();
    expect((await verifyAuditChain(ctx.db)).ok).toBe(true);
  });
});
