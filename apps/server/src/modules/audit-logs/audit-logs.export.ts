import type { PassThrough } from 'node:stream';
import { AUDIT_ACTION_LABELS, AUDIT_TARGET_TYPE_LABELS } from '@ilson/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbHandle } from '../../db/client';
import { admins, auditLogs } from '../../db/schema';
import type { ExportPlan, ExportSource } from '../../export/sources';
import { openPgliteSource, openPostgresSource } from '../../export/sources';
import { type ColumnKind, csvValue, labelOf } from '../../export/sql';
import { csvHeader, csvRows, drained, type SheetColumn } from '../../export/writers';

type Column = SheetColumn & { value: SQL };

const column = (header: string, kind: ColumnKind, value: SQL | PgColumn): Column => ({
  header,
  kind,
  width: 0,
  value: sql`${value}`,
});

/**
 * The access log as a CSV (the exports' conventions: BOM, Korean headers, Seoul times, typed text
 * neutralised against spreadsheet formulas). Everything a row holds, so the file can be checked on its own.
 */
export const AUDIT_EXPORT_COLUMNS: readonly Column[] = [
  column('번호', 'integer', auditLogs.id),
  column('일시', 'datetime', auditLogs.createdAt),
  column('관리자 번호', 'integer', auditLogs.actorAdminId),
  column('관리자 아이디', 'text', auditLogs.actorLoginId),
  column('관리자 이름', 'text', admins.name),
  column('작업', 'label', labelOf(sql`${auditLogs.action}`, AUDIT_ACTION_LABELS)),
  column('대상 유형', 'label', labelOf(sql`${auditLogs.targetType}`, AUDIT_TARGET_TYPE_LABELS)),
  column('대상 번호', 'text', auditLogs.targetId),
  column('요약', 'text', auditLogs.summary),
  column('건수', 'integer', auditLogs.recordCount),
  column('사유', 'text', auditLogs.reason),
  column('IP', 'text', auditLogs.ip),
  column('사용자 에이전트', 'text', auditLogs.userAgent),
  column('변경 내용', 'text', sql`${auditLogs.diff}::text`),
  column('해시', 'label', auditLogs.hash),
];

export function auditExportPlan(where: SQL | undefined, descending: boolean): ExportPlan {
  return {
    from: sql`${auditLogs} LEFT JOIN ${admins} ON ${admins.id} = ${auditLogs.actorAdminId}`,
    where,
    sortColumn: auditLogs.id,
    id: auditLogs.id,
    descending,
  };
}

export function openAuditExportSource(handle: DbHandle, plan: ExportPlan): Promise<ExportSource> {
  if (handle.engine === 'pg' && handle.pool) return openPostgresSource(handle.pool, plan);
  if (handle.pglite) return Promise.resolve(openPgliteSource(handle.pglite, plan));
  throw new Error('No database for exports');
}

/** Header, then the rows: PostgreSQL's own COPY where there is one, keyset batches on PGlite. */
export async function writeAuditCsv(source: ExportSource, out: PassThrough, signal: AbortSignal) {
  out.write(csvHeader(AUDIT_EXPORT_COLUMNS));
  const values = AUDIT_EXPORT_COLUMNS.map((c) => csvValue(c.kind, c.value));
  if (source.copyCsv) {
    await source.copyCsv(values, out, signal);
  } else {
    for await (const batch of source.batches(values, signal)) {
      if (signal.aborted) throw signal.reason;
      out.write(csvRows(batch));
      await drained(out, signal);
    }
  }
  if (signal.aborted) throw signal.reason;
  out.end();
}
