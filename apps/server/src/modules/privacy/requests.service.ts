import {
  PRIVACY_REQUEST_CLOSED,
  PRIVACY_REQUEST_KIND_LABELS,
  PRIVACY_REQUEST_STATUS_LABELS,
  PRIVACY_SUBJECT_TYPE_LABELS,
  type PrivacyErasureResult,
  type PrivacyRequest,
  type PrivacyRequestKind,
  type PrivacyRequestStatus,
  type PrivacySubjectType,
  privacyAccessFileName,
  type privacyRequestCreateSchema,
  type privacyRequestListQuerySchema,
  privacyRequestMessages,
  type privacyRequestUpdateSchema,
  type z,
} from '@ilson/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { appendAudit } from '../../audit/trail';
import { type Database, queryRows } from '../../db/client';
import type { Executor } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { seoulToday } from '../../lib/dates';
import { creationDiff } from '../../lib/diff';
import { AppError, conflict, notFound, validationError } from '../../lib/errors';
import type { PiiCipher } from '../../lib/pii';
import { versionConflict } from '../../lib/status-change';
import type { SettingsService } from '../settings/settings.service';
import {
  destroyAppUsers,
  destroyWorkers,
  dueDays,
  insertDestruction,
  workerRetentionHolds,
} from './privacy.repository';

type CreateInput = z.output<typeof privacyRequestCreateSchema>;
type UpdateInput = z.output<typeof privacyRequestUpdateSchema>;
type ListQuery = z.output<typeof privacyRequestListQuerySchema>;

type Row = {
  id: number;
  subject_type: PrivacySubjectType;
  subject_id: number;
  subject_name: string | null;
  kind: PrivacyRequestKind;
  channel: PrivacyRequest['channel'];
  status: PrivacyRequestStatus;
  received_at: string;
  due_date: string;
  details: string;
  outcome: string;
  assignee_admin_id: number | null;
  assignee_name: string | null;
  created_by_name: string | null;
  completed_at: Date | string | null;
  created_at: Date | string;
  version: number;
};

const CLOSED: readonly PrivacyRequestStatus[] = PRIVACY_REQUEST_CLOSED;
const closedSql = sql`('completed', 'rejected')`;

/** The subject's name as its record holds it now (파기됨 once destroyed). */
const subjectName = sql`CASE r.subject_type
  WHEN 'worker' THEN (SELECT CASE WHEN w.name_ko <> '' THEN w.name_ko ELSE w.first_name || ' ' || w.last_name END
                      FROM workers w WHERE w.id = r.subject_id)
  ELSE (SELECT u.name FROM app_users u WHERE u.id = r.subject_id) END`;

function selectRequests(
  executor: Executor,
  where: SQL,
  order: SQL,
  window?: { limit: number; offset: number },
) {
  return queryRows<Row>(
    executor,
    sql`SELECT r.id, r.subject_type, r.subject_id, ${subjectName} AS subject_name, r.kind, r.channel, r.status,
          to_char(r.received_at, 'YYYY-MM-DD') AS received_at, to_char(r.due_date, 'YYYY-MM-DD') AS due_date,
          r.details, r.outcome, r.assignee_admin_id, a.name AS assignee_name, c.name AS created_by_name,
          r.completed_at, r.created_at, r.version
        FROM privacy_requests r
        LEFT JOIN admins a ON a.id = r.assignee_admin_id
        LEFT JOIN admins c ON c.id = r.created_by_admin_id
        WHERE ${where}
        ORDER BY ${order}
        ${window ? sql`LIMIT ${window.limit} OFFSET ${window.offset}` : sql``}`,
  );
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toRequest(row: Row, today: string): PrivacyRequest {
  return {
    id: row.id,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    subjectName: row.subject_name ?? `#${row.subject_id}`,
    kind: row.kind,
    channel: row.channel,
    status: row.status,
    receivedAt: row.received_at,
    dueDate: row.due_date,
    overdue: !CLOSED.includes(row.status) && row.due_date < today,
    details: row.details,
    outcome: row.outcome,
    assigneeAdminId: row.assignee_admin_id,
    assigneeName: row.assignee_name,
    createdByName: row.created_by_name,
    completedAt: iso(row.completed_at),
    createdAt: iso(row.created_at)!,
    version: row.version,
  };
}

/**
 * 정보주체 요청 (docs/privacy-lifecycle.md#data-subject-requests): registered with their ten-day deadline, handled
 * by an assignee, answered with the file of everything held about the person (열람) or the destruction of it (삭제)
 * where no legal retention holds it. Every step is in the access log.
 */
export function createPrivacyRequestsService(deps: {
  db: Database;
  pii: PiiCipher;
  settings: SettingsService;
}) {
  const { db, pii, settings } = deps;

  async function find(executor: Executor, id: number, today = seoulToday()): Promise<PrivacyRequest> {
    const [row] = await selectRequests(executor, sql`r.id = ${id}`, sql`r.id`);
    if (!row) throw notFound();
    return toRequest(row, today);
  }

  async function list(query: ListQuery) {
    const today = seoulToday();
    const conditions: SQL[] = [sql`TRUE`];
    if (query.status) conditions.push(sql`r.status = ${query.status}`);
    if (query.kind) conditions.push(sql`r.kind = ${query.kind}`);
    if (query.overdue) conditions.push(sql`r.status NOT IN ${closedSql} AND r.due_date < ${today}::date`);
    const where = sql.join(conditions, sql` AND `);
    const rows = await selectRequests(
      db,
      where,
      // Open requests first, the nearest deadline first; then the closed ones, the latest first.
      sql`(r.status IN ${closedSql}), CASE WHEN r.status IN ${closedSql} THEN NULL ELSE r.due_date END, r.id DESC`,
      { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
    );
    const [count] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM privacy_requests r WHERE ${where}`,
    );
    return {
      data: rows.map((row) => toRequest(row, today)),
      meta: { page: query.page, pageSize: query.pageSize, total: count!.n },
    };
  }

  async function subjectExists(executor: Executor, type: PrivacySubjectType, id: number) {
    const table = type === 'worker' ? sql`workers` : sql`app_users`;
    const [row] = await queryRows<{ ok: boolean }>(
      executor,
      sql`SELECT EXISTS (SELECT 1 FROM ${table} WHERE id = ${id}) AS ok`,
    );
    return Boolean(row?.ok);
  }

  async function create(input: CreateInput, actor: Actor): Promise<PrivacyRequest> {
    if (input.receivedAt > seoulToday()) {
      throw validationError([{ field: 'received_at', message: privacyRequestMessages.receivedInFuture }]);
    }
    return db.transaction(async (tx) => {
      if (!(await subjectExists(tx, input.subjectType, input.subjectId))) {
        throw validationError([{ field: 'subject_id', message: privacyRequestMessages.subjectNotFound }]);
      }
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO privacy_requests (subject_type, subject_id, kind, channel, received_at, due_date, details,
              assignee_admin_id, created_by_admin_id)
            VALUES (${input.subjectType}, ${input.subjectId}, ${input.kind}, ${input.channel}, ${input.receivedAt}::date,
              ${input.receivedAt}::date + 10, ${input.details}, ${input.assigneeAdminId}, ${actor.adminId})
            RETURNING id`,
      );
      const id = row!.id;
      await appendAudit(tx, actor.audit, {
        action: 'CREATE',
        targetType: 'privacy_request',
        targetId: id,
        summary: `정보주체 요청 접수: ${PRIVACY_SUBJECT_TYPE_LABELS[input.subjectType]} #${input.subjectId} ${PRIVACY_REQUEST_KIND_LABELS[input.kind]}`,
        diff: creationDiff({ ...input, details: input.details ? '(내용 있음)' : '' }),
      });
      return find(tx, id);
    });
  }

  /** Locks an open request of the expected version (or any version when none is given). */
  async function lockOpen(tx: Executor, id: number, version?: number) {
    const [row] = await queryRows<{ status: PrivacyRequestStatus; version: number; outcome: string } & Row>(
      tx,
      sql`SELECT * FROM privacy_requests WHERE id = ${id} FOR UPDATE`,
    );
    if (!row) throw notFound();
    if (CLOSED.includes(row.status)) throw conflict(privacyRequestMessages.closed);
    if (version !== undefined && row.version !== version) throw versionConflict();
    return row;
  }

  async function update(id: number, input: UpdateInput, actor: Actor): Promise<PrivacyRequest> {
    return db.transaction(async (tx) => {
      const current = await lockOpen(tx, id, input.version);
      const status = input.status ?? current.status;
      const outcome = input.outcome ?? current.outcome;
      if (CLOSED.includes(status) && !outcome) {
        throw validationError([{ field: 'outcome', message: privacyRequestMessages.outcomeRequired }]);
      }
      const assignee =
        input.assigneeAdminId === undefined ? current.assignee_admin_id : input.assigneeAdminId;
      const diff: Record<string, { before: unknown; after: unknown }> = {};
      if (status !== current.status) diff.status = { before: current.status, after: status };
      if (assignee !== current.assignee_admin_id) {
        diff.assigneeAdminId = { before: current.assignee_admin_id, after: assignee };
      }
      if (outcome !== current.outcome) diff.outcome = { before: current.outcome, after: outcome };
      if (Object.keys(diff).length === 0) return find(tx, id);
      await tx.execute(
        sql`UPDATE privacy_requests SET status = ${status}, outcome = ${outcome}, assignee_admin_id = ${assignee},
              completed_at = ${CLOSED.includes(status) ? sql`now()` : sql`NULL`},
              updated_at = now(), version = version + 1
            WHERE id = ${id}`,
      );
      await appendAudit(tx, actor.audit, {
        action: 'UPDATE',
        targetType: 'privacy_request',
        targetId: id,
        summary:
          status !== current.status
            ? `정보주체 요청 ${PRIVACY_REQUEST_STATUS_LABELS[current.status]} → ${PRIVACY_REQUEST_STATUS_LABELS[status]}`
            : '정보주체 요청 수정',
        diff,
      });
      return find(tx, id);
    });
  }

  function requireKind(request: { kind: PrivacyRequestKind }, kind: PrivacyRequestKind) {
    if (request.kind !== kind) {
      throw conflict(privacyRequestMessages.wrongKind(PRIVACY_REQUEST_KIND_LABELS[request.kind]));
    }
  }

  /**
   * 열람: everything held about the person, decrypted, as one JSON file; the access log keeps who made it and why.
   */
  async function accessFile(id: number, reason: string, actor: Actor) {
    return db.transaction(async (tx) => {
      const request = await find(tx, id);
      requireKind(request, 'access');
      const content =
        request.subjectType === 'worker'
          ? await workerFile(tx, request.subjectId)
          : await appUserFile(tx, request.subjectId);
      await appendAudit(tx, actor.audit, {
        action: 'REVEAL',
        targetType: request.subjectType === 'worker' ? 'worker' : 'app_user',
        targetId: request.subjectId,
        summary: `정보주체 열람 파일 생성: 요청 #${id} (${request.subjectName})`,
        reason,
      });
      const file = {
        request: { id, kind: PRIVACY_REQUEST_KIND_LABELS.access, received_at: request.receivedAt },
        generated_at: new Date().toISOString(),
        ...content,
      };
      return {
        fileName: privacyAccessFileName(id, seoulToday()),
        body: `${JSON.stringify(file, null, 2)}\n`,
      };
    });
  }

  /** Every row of the tables that hold the worker's data, decrypted where stored encrypted. */
  async function workerFile(tx: Executor, workerId: number) {
    const [worker] = await queryRows<Record<string, unknown>>(
      tx,
      sql`SELECT * FROM workers WHERE id = ${workerId}`,
    );
    if (!worker) throw notFound(privacyRequestMessages.subjectNotFound);
    const { alien_reg_no_enc, alien_reg_no_hash, passport_no_enc, passport_no_hash, ...held } = worker;
    const rows = (query: SQL) => queryRows<Record<string, unknown>>(tx, query);
    const payouts = await rows(sql`SELECT * FROM payouts WHERE worker_id = ${workerId} ORDER BY id`);
    return {
      worker: {
        ...held,
        alien_reg_no: alien_reg_no_enc ? pii.decrypt(String(alien_reg_no_enc)) : null,
        passport_no: passport_no_enc ? pii.decrypt(String(passport_no_enc)) : null,
      },
      resumes: await rows(sql`SELECT * FROM resumes WHERE worker_id = ${workerId} ORDER BY id`),
      matchings: await rows(
        sql`SELECT m.*, p.title AS job_post_title, e.company_name AS employer_name
            FROM matchings m JOIN job_posts p ON p.id = m.job_post_id JOIN employers e ON e.id = m.employer_id
            WHERE m.worker_id = ${workerId} ORDER BY m.id`,
      ),
      matching_history: await rows(
        sql`SELECT h.* FROM matching_status_history h JOIN matchings m ON m.id = h.matching_id
            WHERE m.worker_id = ${workerId} ORDER BY h.id`,
      ),
      reviews: await rows(
        sql`SELECT v.* FROM reviews v JOIN matchings m ON m.id = v.matching_id WHERE m.worker_id = ${workerId}
            ORDER BY v.id`,
      ),
      payouts: payouts.map(({ account_no_enc, account_no_hash, ...payout }) => ({
        ...payout,
        account_no: account_no_enc ? pii.decrypt(String(account_no_enc)) : null,
      })),
      app_accounts: await rows(sql`SELECT * FROM app_users WHERE worker_id = ${workerId} ORDER BY id`),
    };
  }

  async function appUserFile(tx: Executor, appUserId: number) {
    const accounts = await queryRows<Record<string, unknown>>(
      tx,
      sql`SELECT * FROM app_users WHERE id = ${appUserId}`,
    );
    if (accounts.length === 0) throw notFound(privacyRequestMessages.subjectNotFound);
    return { app_accounts: accounts };
  }

  /**
   * 삭제: the destruction of this one person's data, now, unless a legal retention still holds it — then nothing
   * changes and the reasons are returned (409). A request ends the purpose, so the person's own period does not hold;
   * the matchings' and payouts' periods, which other laws set, do.
   */
  async function erase(id: number, actor: Actor): Promise<PrivacyErasureResult> {
    const { retention: rules } = await settings.get();
    return db.transaction(async (tx) => {
      const request = await lockOpen(tx, id);
      requireKind(request, 'erasure');
      const subject = request.subject_type as PrivacySubjectType;
      const subjectId = request.subject_id;
      let ids: number[];
      if (subject === 'worker') {
        const days = await dueDays(tx, seoulToday(), rules);
        const state = await workerRetentionHolds(tx, subjectId, days, { request: true });
        if (!state) throw notFound(privacyRequestMessages.subjectNotFound);
        if (state.destroyed) throw conflict(privacyRequestMessages.alreadyDestroyed);
        if (state.holds.length > 0) {
          throw new AppError(
            'CONFLICT',
            privacyRequestMessages.erasureHeld,
            state.holds.map((message) => ({ message })),
          );
        }
        // The person asked to leave: their app accounts end with their data.
        await tx.execute(sql`UPDATE app_users SET status = 'withdrawn', status_changed_at = coalesce(
            CASE WHEN status = 'withdrawn' THEN status_changed_at END, now()) WHERE worker_id = ${subjectId}`);
        ids = await destroyWorkers(tx, [subjectId], pii.searchHash);
        if (!ids.includes(subjectId)) {
          // A matching was made for the worker while this waited for its row: held after all, nothing changes.
          const now = await workerRetentionHolds(tx, subjectId, days, { request: true });
          throw new AppError(
            'CONFLICT',
            privacyRequestMessages.erasureHeld,
            (now?.holds ?? []).map((message) => ({ message })),
          );
        }
      } else {
        const [account] = await queryRows<{ destroyed: boolean }>(
          tx,
          sql`SELECT destroyed_at IS NOT NULL AS destroyed FROM app_users WHERE id = ${subjectId}`,
        );
        if (!account) throw notFound(privacyRequestMessages.subjectNotFound);
        if (account.destroyed) throw conflict(privacyRequestMessages.alreadyDestroyed);
        await tx.execute(
          sql`UPDATE app_users SET status = 'withdrawn', status_changed_at = now() WHERE id = ${subjectId} AND status <> 'withdrawn'`,
        );
        ids = await destroyAppUsers(tx, [subjectId]);
      }
      const kind = subject === 'worker' ? 'workers' : 'appUsers';
      const reason = `정보주체 삭제 요청 #${id}`;
      await insertDestruction(tx, {
        kind,
        method: 'fields',
        count: ids.length,
        months: rules[kind].months,
        basis: '개인정보 보호법 제36조 (정보주체의 삭제 요구)',
        trigger: 'request',
        reason,
        approvedByAdminId: actor.adminId,
        targetIds: ids,
      });
      await appendAudit(tx, actor.audit, {
        action: 'DESTROY',
        targetType: subject === 'worker' ? 'worker' : 'app_user',
        targetId: subjectId,
        summary: `개인정보 파기: ${PRIVACY_SUBJECT_TYPE_LABELS[subject]} #${subjectId} (정보주체 삭제 요청 #${id})`,
        diff: { kind, ids },
        recordCount: ids.length,
        reason,
      });
      await tx.execute(
        sql`UPDATE privacy_requests SET status = 'completed', outcome = ${privacyRequestMessages.erased},
              completed_at = now(), updated_at = now(), version = version + 1
            WHERE id = ${id}`,
      );
      await appendAudit(tx, actor.audit, {
        action: 'UPDATE',
        targetType: 'privacy_request',
        targetId: id,
        summary: `정보주체 요청 ${PRIVACY_REQUEST_STATUS_LABELS[request.status as PrivacyRequestStatus]} → ${PRIVACY_REQUEST_STATUS_LABELS.completed}`,
        diff: { status: { before: request.status, after: 'completed' } },
      });
      return { destroyed: true, holds: [] };
    });
  }

  /** Open requests past their due date (the dashboard's alert). */
  async function overdueCount(executor: Executor = db): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      executor,
      sql`SELECT count(*)::int AS n FROM privacy_requests
          WHERE status NOT IN ${closedSql} AND due_date < ${seoulToday()}::date`,
    );
    return row!.n;
  }

  return { list, get: (id: number) => find(db, id), create, update, accessFile, erase, overdueCount };
}
export type PrivacyRequestsService = ReturnType<typeof createPrivacyRequestsService>;
