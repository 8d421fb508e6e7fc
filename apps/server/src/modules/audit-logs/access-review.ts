import {
  ACCESS_FINDING_KIND_LABELS,
  type AccessFinding,
  type AccessFindingKind,
  type AccessReviewSettings,
  accessFindingMessages,
} from '@ilson/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { appendAudit } from '../../audit/trail';
import { type Database, queryRows } from '../../db/client';
import { admins, auditFindingAcks, auditFindingReopens } from '../../db/schema';
import type { Executor } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { onUniqueViolation } from '../../lib/db-errors';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { SettingsService } from '../settings/settings.service';

/**
 * The monthly access review's automatic findings (docs/privacy-lifecycle.md#access-review). They are computed
 * from the access log each time they are read — the log is append-only, so a past month's findings never
 * change — and only their acknowledgements are stored.
 */

/** How many access-log ids a finding names (newest first). */
const LOG_ID_LIMIT = 5;
/** The months before the reviewed one that make an admin's usual volume. */
const USUAL_MONTHS = 3;
/** An address is new when the admin did not log in from it in this many days before the month. */
const KNOWN_IP_DAYS = 90;

/** Words that say nothing about why a list was downloaded (compared without spaces and case). */
export const VAGUE_REASONS: ReadonlySet<string> = new Set([
  'test',
  'testing',
  '테스트',
  '업무',
  '업무용',
  '업무상',
  '업무상필요',
  '업무처리',
  '확인',
  '확인용',
  '다운',
  '다운로드',
  '필요',
  '필요함',
  '요청',
  '기타',
  '없음',
  '그냥',
  '참고',
  '자료',
]);

/**
 * A download reason too short or empty to say why: blank, fewer than four letters, one character repeated,
 * only Hangul jamo (ㅇㅇ), only digits and punctuation, or a stock word.
 */
export function isVagueExportReason(reason: string | null): boolean {
  const text = (reason ?? '').normalize('NFC').trim();
  const compact = text.replace(/\s+/g, '').toLowerCase();
  if ([...compact].length < 4) return true;
  if (/^(.)\1*$/u.test(compact)) return true;
  if (/^[\u3131-\u318e]+$/u.test(compact)) return true;
  if (/^[\p{N}\p{P}\p{S}]+$/u.test(compact)) return true;
  return VAGUE_REASONS.has(compact);
}

/** The instants a Seoul month starts and ends, and the start of the months its usual volume is counted over. */
export function monthBounds(period: string) {
  const [year, month] = period.split('-').map(Number) as [number, number];
  const at = (y: number, m: number) => {
    const d = new Date(Date.UTC(y, m - 1, 1));
    return new Date(`${d.toISOString().slice(0, 10)}T00:00:00+09:00`);
  };
  return { start: at(year, month), end: at(year, month + 1), usualFrom: at(year, month - USUAL_MONTHS) };
}

type Raw = Omit<AccessFinding, 'adminLoginId' | 'adminName' | 'acknowledgement' | 'reopened' | 'period'>;

const ids = (values: string[] | null) => (values ?? []).map(Number);
const n = (value: number) => value.toLocaleString('ko-KR');

async function volumeFindings(db: Executor, period: string, s: AccessReviewSettings): Promise<Raw[]> {
  const { start, end, usualFrom } = monthBounds(period);
  const rows = await queryRows<{
    admin_id: number;
    reveals: number;
    export_rows: number;
    usual_reveals: number;
    usual_rows: number;
    log_ids: string[] | null;
  }>(
    db,
    sql`SELECT actor_admin_id AS admin_id,
          count(*) FILTER (WHERE action = 'REVEAL' AND created_at >= ${start})::int AS reveals,
          coalesce(sum(coalesce(record_count, 0)) FILTER (WHERE action = 'EXPORT' AND created_at >= ${start}), 0)::int AS export_rows,
          count(*) FILTER (WHERE action = 'REVEAL' AND created_at < ${start})::int AS usual_reveals,
          coalesce(sum(coalesce(record_count, 0)) FILTER (WHERE action = 'EXPORT' AND created_at < ${start}), 0)::int AS usual_rows,
          (array_agg(id::text ORDER BY id DESC) FILTER (WHERE created_at >= ${start}))[1:${LOG_ID_LIMIT}] AS log_ids
        FROM audit_logs
        WHERE action IN ('REVEAL', 'EXPORT') AND created_at >= ${usualFrom} AND created_at < ${end}
          AND actor_admin_id IS NOT NULL
        GROUP BY actor_admin_id`,
  );
  const findings: Raw[] = [];
  for (const r of rows) {
    const usualReveals = r.usual_reveals / USUAL_MONTHS;
    const usualRows = r.usual_rows / USUAL_MONTHS;
    const reveals = r.reveals >= s.minimumReveals && r.reveals > s.volumeFactor * usualReveals;
    const exported = r.export_rows >= s.minimumExportRows && r.export_rows > s.volumeFactor * usualRows;
    if (!reveals && !exported) continue;
    const parts = [
      reveals && `개인정보 열람 ${n(r.reveals)}회 (평소 월 ${n(Math.round(usualReveals))}회)`,
      exported && `다운로드 ${n(r.export_rows)}건 (평소 월 ${n(Math.round(usualRows))}건)`,
    ].filter(Boolean);
    findings.push({
      kind: 'volume',
      adminId: r.admin_id,
      count: reveals ? r.reveals : r.export_rows,
      description: `${parts.join(', ')}: 최근 ${USUAL_MONTHS}개월 평균의 ${s.volumeFactor}배를 넘었습니다.`,
      logIds: ids(r.log_ids),
    });
  }
  return findings;
}

async function offHoursFindings(db: Executor, period: string, s: AccessReviewSettings): Promise<Raw[]> {
  const { start, end } = monthBounds(period);
  const local = sql`(created_at AT TIME ZONE 'Asia/Seoul')`;
  const rows = await queryRows<{ admin_id: number; events: number; log_ids: string[] | null }>(
    db,
    sql`SELECT actor_admin_id AS admin_id, count(*)::int AS events,
          (array_agg(id::text ORDER BY id DESC))[1:${LOG_ID_LIMIT}] AS log_ids
        FROM audit_logs
        WHERE action IN ('REVEAL', 'EXPORT') AND created_at >= ${start} AND created_at < ${end}
          AND actor_admin_id IS NOT NULL
          AND (extract(isodow FROM ${local}) >= 6
            OR extract(hour FROM ${local}) < ${s.workdayStartHour}
            OR extract(hour FROM ${local}) >= ${s.workdayEndHour})
        GROUP BY actor_admin_id`,
  );
  const hours = `평일 ${s.workdayStartHour}시~${s.workdayEndHour}시`;
  return rows.map((r) => ({
    kind: 'off_hours',
    adminId: r.admin_id,
    count: r.events,
    description: `업무 시간(${hours}) 밖의 개인정보 열람·다운로드 ${n(r.events)}건`,
    logIds: ids(r.log_ids),
  }));
}

async function vagueReasonFindings(db: Executor, period: string): Promise<Raw[]> {
  const { start, end } = monthBounds(period);
  // Downloads are few (each is a person's deliberate act): their reasons are judged here, not in SQL.
  const rows = await queryRows<{ id: string; admin_id: number; reason: string | null }>(
    db,
    sql`SELECT id::text AS id, actor_admin_id AS admin_id, reason FROM audit_logs
        WHERE action = 'EXPORT' AND created_at >= ${start} AND created_at < ${end}
          AND actor_admin_id IS NOT NULL
        ORDER BY id DESC`,
  );
  const byAdmin = new Map<number, { count: number; logIds: number[]; examples: Set<string> }>();
  for (const r of rows) {
    if (!isVagueExportReason(r.reason)) continue;
    const entry = byAdmin.get(r.admin_id) ?? { count: 0, logIds: [], examples: new Set<string>() };
    entry.count++;
    if (entry.logIds.length < LOG_ID_LIMIT) entry.logIds.push(Number(r.id));
    if (entry.examples.size < 3)
      entry.examples.add(r.reason?.trim() ? `“${r.reason.trim()}”` : '(사유 없음)');
    byAdmin.set(r.admin_id, entry);
  }
  return [...byAdmin].map(([adminId, e]) => ({
    kind: 'vague_export_reason',
    adminId,
    count: e.count,
    description: `사유가 불명확한 다운로드 ${n(e.count)}건: ${[...e.examples].join(', ')}`,
    logIds: e.logIds,
  }));
}

async function newIpFindings(db: Executor, period: string, s: AccessReviewSettings): Promise<Raw[]> {
  const { start, end } = monthBounds(period);
  const knownFrom = new Date(start.getTime() - KNOWN_IP_DAYS * 86_400_000);
  const rows = await queryRows<{ admin_id: number; ips: string[]; logins: number; log_ids: string[] | null }>(
    db,
    sql`WITH month AS (
          SELECT actor_admin_id AS admin_id, ip, count(*)::int AS logins, max(id) AS last_id
          FROM audit_logs
          WHERE action = 'LOGIN' AND created_at >= ${start} AND created_at < ${end}
            AND actor_admin_id IS NOT NULL AND ip IS NOT NULL AND ip <> ''
          GROUP BY actor_admin_id, ip
        )
        SELECT admin_id, array_agg(ip ORDER BY last_id DESC) AS ips, sum(logins)::int AS logins,
          (array_agg(last_id::text ORDER BY last_id DESC))[1:${LOG_ID_LIMIT}] AS log_ids
        FROM month m
        WHERE NOT EXISTS (
          SELECT 1 FROM audit_logs p
          WHERE p.actor_admin_id = m.admin_id AND p.action = 'LOGIN' AND p.ip = m.ip
            AND p.created_at >= ${knownFrom} AND p.created_at < ${start}
        )
        GROUP BY admin_id
        HAVING count(*) >= ${s.newIpMinimum}`,
  );
  return rows.map((r) => ({
    kind: 'new_ip',
    adminId: r.admin_id,
    count: r.ips.length,
    description: `최근 ${KNOWN_IP_DAYS}일 동안 쓰지 않던 IP ${r.ips.length}곳에서 로그인 ${n(r.logins)}회: ${r.ips.slice(0, 3).join(', ')}${r.ips.length > 3 ? ' 외' : ''}`,
    logIds: ids(r.log_ids),
  }));
}

const KIND_ORDER: Record<AccessFindingKind, number> = {
  volume: 0,
  off_hours: 1,
  vague_export_reason: 2,
  new_ip: 3,
};

export function createAccessReview({ db, settings }: { db: Database; settings: SettingsService }) {
  const ackedBy = alias(admins, 'acked_by');
  const reopenedBy = alias(admins, 'reopened_by');

  /**
   * Each finding's latest acknowledgement of the month and its reopening, if any. One made by the admin the finding
   * is about (before maker–checker was enforced) is no acknowledgement: the finding reads as open.
   */
  async function acknowledgements(executor: Executor, period: string) {
    const rows = await executor
      .select({
        id: auditFindingAcks.id,
        kind: auditFindingAcks.kind,
        adminId: auditFindingAcks.subjectAdminId,
        round: auditFindingAcks.round,
        note: auditFindingAcks.note,
        own: sql<boolean>`${auditFindingAcks.acknowledgedByAdminId} = ${auditFindingAcks.subjectAdminId}`,
        byLoginId: ackedBy.loginId,
        byName: ackedBy.name,
        at: auditFindingAcks.createdAt,
        reopenReason: auditFindingReopens.reason,
        reopenByLoginId: reopenedBy.loginId,
        reopenByName: reopenedBy.name,
        reopenAt: auditFindingReopens.createdAt,
      })
      .from(auditFindingAcks)
      .leftJoin(ackedBy, eq(ackedBy.id, auditFindingAcks.acknowledgedByAdminId))
      .leftJoin(auditFindingReopens, eq(auditFindingReopens.ackId, auditFindingAcks.id))
      .leftJoin(reopenedBy, eq(reopenedBy.id, auditFindingReopens.reopenedByAdminId))
      .where(eq(auditFindingAcks.period, period))
      .orderBy(desc(auditFindingAcks.round));
    const latest = new Map<string, (typeof rows)[number]>();
    const lastReopen = new Map<string, (typeof rows)[number]>();
    for (const row of rows) {
      const key = `${row.kind}:${row.adminId}`;
      if (!latest.has(key)) latest.set(key, row);
      if (row.reopenAt && !lastReopen.has(key)) lastReopen.set(key, row);
    }
    return { latest, lastReopen };
  }

  async function findings(executor: Executor, period: string): Promise<AccessFinding[]> {
    const s = (await settings.get(executor)).accessReview;
    const raw = [
      ...(await volumeFindings(executor, period, s)),
      ...(await offHoursFindings(executor, period, s)),
      ...(await vagueReasonFindings(executor, period)),
      ...(await newIpFindings(executor, period, s)),
    ];
    if (raw.length === 0) return [];
    const people = await executor
      .select({ id: admins.id, loginId: admins.loginId, name: admins.name })
      .from(admins);
    const byId = new Map(people.map((a) => [a.id, a]));
    const { latest, lastReopen } = await acknowledgements(executor, period);
    return raw
      .map((f) => {
        const ack = latest.get(`${f.kind}:${f.adminId}`);
        const reopen = lastReopen.get(`${f.kind}:${f.adminId}`);
        const inForce = ack && !ack.reopenAt && !ack.own ? ack : undefined;
        return {
          ...f,
          period,
          adminLoginId: byId.get(f.adminId)?.loginId ?? null,
          adminName: byId.get(f.adminId)?.name ?? null,
          acknowledgement: inForce
            ? {
                note: inForce.note,
                byLoginId: inForce.byLoginId,
                byName: inForce.byName,
                at: inForce.at.toISOString(),
              }
            : null,
          reopened: reopen
            ? {
                reason: reopen.reopenReason!,
                byLoginId: reopen.reopenByLoginId,
                byName: reopen.reopenByName,
                at: reopen.reopenAt!.toISOString(),
              }
            : null,
        };
      })
      .sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || b.count - a.count || a.adminId - b.adminId);
  }

  async function list(period: string) {
    return { period, data: await findings(db, period) };
  }

  /**
   * Acknowledges a finding that exists for that month, once a round (the unique key and an append-only table), by
   * an admin other than the one it is about (maker–checker; a check constraint holds it too).
   */
  async function acknowledge(
    input: { period: string; kind: AccessFindingKind; adminId: number; note: string },
    actor: Actor,
  ): Promise<AccessFinding> {
    const key = (f: AccessFinding) => f.kind === input.kind && f.adminId === input.adminId;
    return db.transaction(async (tx) => {
      const finding = (await findings(tx, input.period)).find(key);
      if (!finding) throw notFound(accessFindingMessages.notFound);
      if (input.adminId === actor.adminId) throw forbidden(accessFindingMessages.ownFinding);
      if (finding.acknowledgement) throw new AppError('CONFLICT', accessFindingMessages.alreadyAcknowledged);
      const note = input.note.trim();
      const previous = (await acknowledgements(tx, input.period)).latest.get(
        `${input.kind}:${input.adminId}`,
      );
      // The next round after a reopening; a self-acknowledgement of old is superseded by the next round too.
      const round = previous ? previous.round + 1 : 1;
      const [row] = await onUniqueViolation(
        'audit_finding_acks_key',
        () => new AppError('CONFLICT', accessFindingMessages.alreadyAcknowledged),
        () =>
          tx
            .insert(auditFindingAcks)
            .values({
              period: input.period,
              kind: input.kind,
              subjectAdminId: input.adminId,
              note,
              acknowledgedByAdminId: actor.adminId,
              round,
            })
            .returning({ id: auditFindingAcks.id }),
      );
      const who = finding.adminName ?? finding.adminLoginId ?? `#${input.adminId}`;
      await appendAudit(tx, actor.audit, {
        action: 'CREATE',
        targetType: 'audit_review',
        targetId: row!.id,
        summary: `자동 점검 결과 확인: ${input.period} ${ACCESS_FINDING_KIND_LABELS[input.kind]} (${who})`,
        diff: { note: { before: null, after: note } },
      });
      return (await findings(tx, input.period)).find(key)!;
    });
  }

  /**
   * Takes an acknowledgement back (a super admin, with a reason): the finding is open again, to be acknowledged
   * anew; the acknowledgement and its reopening both stay on record, and the access log has the reopening.
   */
  async function reopen(
    input: { period: string; kind: AccessFindingKind; adminId: number; reason: string },
    actor: Actor,
  ): Promise<AccessFinding> {
    const key = (f: AccessFinding) => f.kind === input.kind && f.adminId === input.adminId;
    return db.transaction(async (tx) => {
      const finding = (await findings(tx, input.period)).find(key);
      if (!finding) throw notFound(accessFindingMessages.notFound);
      const ack = (await acknowledgements(tx, input.period)).latest.get(`${input.kind}:${input.adminId}`);
      if (!finding.acknowledgement || !ack)
        throw new AppError('CONFLICT', accessFindingMessages.notAcknowledged);
      const reason = input.reason.trim();
      const [row] = await onUniqueViolation(
        'audit_finding_reopens_ack_key',
        () => new AppError('CONFLICT', accessFindingMessages.notAcknowledged),
        () =>
          tx
            .insert(auditFindingReopens)
            .values({ ackId: ack.id, reason, reopenedByAdminId: actor.adminId })
            .returning({ id: auditFindingReopens.id }),
      );
      const who = finding.adminName ?? finding.adminLoginId ?? `#${input.adminId}`;
      await appendAudit(tx, actor.audit, {
        action: 'UPDATE',
        targetType: 'audit_review',
        targetId: ack.id,
        summary: `자동 점검 결과 재검토: ${input.period} ${ACCESS_FINDING_KIND_LABELS[input.kind]} (${who})`,
        diff: { acknowledged: { before: true, after: false }, reopenId: row!.id },
        reason,
      });
      return (await findings(tx, input.period)).find(key)!;
    });
  }

  return { list, acknowledge, reopen };
}
export type AccessReview = ReturnType<typeof createAccessReview>;
