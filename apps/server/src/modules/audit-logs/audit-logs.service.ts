import { PassThrough } from 'node:stream';
import {
  AUDIT_VERIFY_PROBLEM_LIMIT,
  type AuditLogDetail,
  type AuditLogRow,
  type AuditReview,
  type AuditVerifyResult,
  auditLogExportFileName,
  type auditLogExportQuerySchema,
  type auditLogFiltersSchema,
  type auditLogListQuerySchema,
  auditMessages,
  type auditReviewCreateSchema,
  type auditReviewListQuerySchema,
  recordMessages,
  type z,
} from '@ilson/contracts';
import { checkpointHead, verifyAuditChain } from '../../audit/chain';
import { appendAudit } from '../../audit/trail';
import type { DbHandle } from '../../db/client';
import type { ExportSource } from '../../export/sources';
import type { Actor } from '../../lib/actor';
import { seoulToday } from '../../lib/dates';
import { creationDiff } from '../../lib/diff';
import { AppError, notFound, validationError } from '../../lib/errors';
import type { SettingsService } from '../settings/settings.service';
import { auditExportPlan, openAuditExportSource, writeAuditCsv } from './audit-logs.export';
import {
  type AuditLogFilter,
  auditLogConditions,
  findAuditLog,
  lastAuditLogId,
  listAuditLogs,
} from './audit-logs.repository';
import * as reviews from './audit-reviews.repository';

type ListQuery = z.output<typeof auditLogListQuerySchema>;
type FilterQuery = z.output<typeof auditLogFiltersSchema>;
type ExportQuery = z.output<typeof auditLogExportQuerySchema>;
type ReviewInput = z.output<typeof auditReviewCreateSchema>;
type ReviewListQuery = z.output<typeof auditReviewListQuerySchema>;

/** Audit-log exports in flight in this process: each holds a database connection while it streams. */
const MAX_CONCURRENT_EXPORTS = 2;

const fieldError = (field: string, message: string) => validationError([{ field, message }]);

function filterOf(query: FilterQuery): AuditLogFilter {
  if (query.dateFrom && query.dateTo && query.dateFrom > query.dateTo) {
    throw fieldError('date_to', recordMessages.dateRangeInverted);
  }
  return {
    actor: query.actor || undefined,
    actions: query.action,
    targetType: query.targetType || undefined,
    targetId: query.targetId || undefined,
    dateFrom: query.dateFrom,
    dateTo: query.dateTo,
    ip: query.ip || undefined,
    maxId: query.toId,
  };
}

/** The filters as the export's own log row keeps them: set ones only. */
function loggedFilters(query: FilterQuery): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(query).filter(
      ([, value]) => value !== undefined && value !== '' && !(Array.isArray(value) && !value.length),
    ),
  );
}

type LogRecord = NonNullable<Awaited<ReturnType<typeof findAuditLog>>>;
type LogListRecord = Awaited<ReturnType<typeof listAuditLogs>>['rows'][number];

function toRow(row: LogListRecord): AuditLogRow {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

function toDetail(row: LogRecord): AuditLogDetail {
  return { ...row, createdAt: row.createdAt.toISOString(), diff: row.diff ?? null };
}

function toReview(row: reviews.AuditReviewRow): AuditReview {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/**
 * The access log (접속기록) read back: list and detail (not logged themselves, they would flood the log),
 * the chain check (every break, then a checkpoint of the head), the CSV export (logged like every export)
 * and the monthly review records.
 * Nothing here changes or removes a log row: the application has no such route, and the database refuses it.
 */
export function createAuditLogsService({
  handle,
  settings,
}: {
  handle: DbHandle;
  settings: SettingsService;
}) {
  const db = handle.db;
  let exporting = 0;
  let verifying: Promise<AuditVerifyResult> | null = null;

  async function list(query: ListQuery) {
    const { rows, total, totalEstimated } = await listAuditLogs(db, filterOf(query), query);
    return {
      data: rows.map(toRow),
      meta: { page: query.page, pageSize: query.pageSize, total, totalEstimated },
    };
  }

  async function get(id: number): Promise<AuditLogDetail> {
    const row = await findAuditLog(db, id);
    if (!row) throw notFound();
    return toDetail(row);
  }

  /** The walk, then a checkpoint of the head it reached (in the table and in the process log). */
  async function walkChain(): Promise<AuditVerifyResult> {
    const started = performance.now();
    const result = await verifyAuditChain(db, { problemLimit: AUDIT_VERIFY_PROBLEM_LIMIT });
    await checkpointHead(db, result.head);
    const [first] = result.problems;
    const { keyedStart } = result;
    return {
      ok: result.ok,
      checked: result.checked,
      lastId: result.head.lastId,
      lastAt: result.headAt?.toISOString() ?? null,
      brokenAtId: first?.id ?? null,
      brokenAt: first?.createdAt?.toISOString() ?? null,
      problem: first?.problem ?? null,
      problemCount: result.problemCount,
      problems: result.problems.map((p) => ({ ...p, createdAt: p.createdAt?.toISOString() ?? null })),
      legacyRows: result.legacyRows,
      checkpoints: result.checkpoints,
      keyedStart: keyedStart && {
        lastId: keyedStart.lastId,
        createdAt: keyedStart.createdAt.toISOString(),
        legacyOk: keyedStart.legacyOk ?? true,
        legacyProblems: keyedStart.legacyProblems ?? 0,
      },
      verifiedAt: new Date().toISOString(),
      durationMs: Math.round(performance.now() - started),
    };
  }

  /** Callers that ask while a walk is under way share its result instead of starting another. */
  function verify(): Promise<AuditVerifyResult> {
    verifying ??= walkChain().finally(() => {
      verifying = null;
    });
    return verifying;
  }

  /** Checked and logged before the first byte leaves; the rows are those up to the moment it started. */
  async function startExport(query: ExportQuery, actor: Actor) {
    const { reason, order, ...filters } = query;
    const filter = filterOf(filters);
    const { exportReasonRequired } = await settings.get();
    if (!reason && exportReasonRequired) throw fieldError('reason', auditMessages.exportReasonRequired);
    if (exporting >= MAX_CONCURRENT_EXPORTS) throw new AppError('RATE_LIMIT', auditMessages.exportBusy);
    exporting += 1;
    let source: ExportSource | undefined;
    try {
      filter.maxId = Math.min(filter.maxId ?? Number.POSITIVE_INFINITY, await lastAuditLogId(db));
      source = await openAuditExportSource(
        handle,
        auditExportPlan(auditLogConditions(db, filter), order === 'desc'),
      );
      const rows = await source.count();
      await appendAudit(db, actor.audit, {
        action: 'EXPORT',
        targetType: 'audit_log',
        summary: `접속기록 내보내기 (CSV, ${rows.toLocaleString('ko-KR')}건)`,
        diff: { format: 'csv', order, filters: loggedFilters(filters) },
        recordCount: rows,
        reason: reason || null,
      });
    } catch (error) {
      exporting -= 1;
      await source?.abandon();
      throw error;
    }

    const body = new PassThrough();
    const aborted = new AbortController();
    body.on('close', () => {
      if (!body.writableFinished) aborted.abort();
    });
    writeAuditCsv(source, body, aborted.signal)
      .then(() => source.done())
      .catch(async (error: unknown) => {
        await source.abandon();
        if (!body.destroyed) body.destroy(error as Error);
      })
      .finally(() => {
        exporting -= 1;
      });
    return { fileName: auditLogExportFileName(seoulToday()), body };
  }

  async function listReviews(query: ReviewListQuery) {
    const { rows, total, totalEstimated } = await reviews.listAuditReviews(db, query);
    return {
      data: rows.map(toReview),
      meta: { page: query.page, pageSize: query.pageSize, total, totalEstimated },
    };
  }

  /** A review of a month that has begun, on a day between the month's first and today (Seoul). */
  async function createReview(input: ReviewInput, actor: Actor): Promise<AuditReview> {
    const today = seoulToday();
    if (input.period > today.slice(0, 7)) throw fieldError('period', auditMessages.periodInFuture);
    if (input.reviewedAt > today) throw fieldError('reviewed_at', auditMessages.reviewedAtInFuture);
    if (input.reviewedAt < `${input.period}-01`) {
      throw fieldError('reviewed_at', auditMessages.reviewedBeforePeriod);
    }
    const values: reviews.AuditReviewValues = { ...input, reviewerAdminId: actor.adminId };
    return db.transaction(async (tx) => {
      const id = await reviews.insertAuditReview(tx, values);
      await appendAudit(tx, actor.audit, {
        action: 'CREATE',
        targetType: 'audit_review',
        targetId: id,
        summary: `접속기록 월간 점검 기록 등록: ${input.period}`,
        diff: creationDiff(values),
      });
      return toReview((await reviews.findAuditReview(tx, id))!);
    });
  }

  return { list, get, verify, startExport, listReviews, createReview };
}
export type AuditLogsService = ReturnType<typeof createAuditLogsService>;
