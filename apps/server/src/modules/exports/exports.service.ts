import { PassThrough } from 'node:stream';
import {
  can,
  type ExportFormat,
  type ExportResource,
  exportFileName,
  exportMessages,
  maskAccountNo,
  XLSX_MAX_DATA_ROWS,
} from '@ilson/contracts';
import type { SQL } from 'drizzle-orm';
import { appendAudit } from '../../audit/trail';
import type { DbHandle } from '../../db/client';
import {
  type ExportPlan,
  type ExportSource,
  openPgliteSource,
  openPostgresSource,
} from '../../export/sources';
import { csvValue, neutralizeText, sheetValue } from '../../export/sql';
import { csvHeader, csvRows, drained, SheetWriter } from '../../export/writers';
import type { Actor } from '../../lib/actor';
import { seoulToday } from '../../lib/dates';
import { AppError, forbidden, validationError } from '../../lib/errors';
import type { PiiCipher } from '../../lib/pii';
import type { SettingsService } from '../settings/settings.service';
import { EXPORT_DEFINITIONS, type ExportColumn, type ExportDefinition } from './export-definitions';

export type ExportQueryInput = {
  format: ExportFormat;
  reason?: string;
  unmasked: 'true' | 'false';
  sort: string;
  order: 'asc' | 'desc';
  [filter: string]: unknown;
};

export type ExportFile = { fileName: string; contentType: string; body: PassThrough };

const CONTENT_TYPES: Record<ExportFormat, string> = {
  excel: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** Exports in flight in this process: each holds a database connection while it streams. */
const MAX_CONCURRENT_EXPORTS = 3;

/**
 * docs/exports.md#endpoints-and-file-names: the list screen's filters, masked unless an admin states a reason, logged before the
 * first byte leaves, streamed from the database so memory stays flat at any row count.
 */
export function createExportsService({
  handle,
  pii,
  settings,
  maxSheetRows = XLSX_MAX_DATA_ROWS,
}: {
  handle: DbHandle;
  pii: PiiCipher;
  settings: SettingsService;
  /** One sheet's rows (tests lower it). */
  maxSheetRows?: number;
}) {
  let running = 0;

  async function start(resource: ExportResource, query: ExportQueryInput, actor: Actor): Promise<ExportFile> {
    const definition = EXPORT_DEFINITIONS[resource];
    const { format, reason, unmasked: unmaskedFlag, sort, order, ...filters } = query;
    const unmasked = unmaskedFlag === 'true';
    if (unmasked && !can(actor.role, 'exports:unmasked')) throw forbidden(exportMessages.unmaskedForbidden);
    const { exportReasonRequired } = await settings.get();
    if (!reason && (unmasked || exportReasonRequired)) {
      throw validationError([
        {
          field: 'reason',
          message: unmasked ? exportMessages.reasonRequiredUnmasked : exportMessages.reasonRequired,
        },
      ]);
    }
    await definition.guard?.(handle.db, actor, { q: filters.q, reason });
    const plan: ExportPlan = {
      from: definition.from,
      where: definition.where(handle.db, actor.scope, pii, filters),
      sortColumn: definition.sortColumn(sort),
      id: definition.id,
      descending: order === 'desc',
    };
    if (running >= MAX_CONCURRENT_EXPORTS) throw new AppError('RATE_LIMIT', exportMessages.busy);
    running += 1;
    let source: ExportSource | undefined;
    try {
      source = await openSource(plan);
      const count = await source.count();
      if (format === 'excel' && count > maxSheetRows) {
        throw validationError([
          { field: 'format', message: exportMessages.tooManyRowsForExcel(count, maxSheetRows) },
        ]);
      }
      await appendAudit(handle.db, actor.audit, {
        action: 'EXPORT',
        targetType: definition.targetType,
        summary: `${definition.label} 목록 내보내기 (${format === 'excel' ? 'Excel' : 'CSV'}, ${count.toLocaleString('ko-KR')}건${unmasked ? ', 마스킹 해제' : ''})`,
        diff: { format, unmasked, sort, order, filters: loggedFilters(filters) },
        recordCount: count,
        reason: reason ?? null,
      });
    } catch (error) {
      running -= 1;
      await source?.abandon();
      throw error;
    }

    const body = new PassThrough();
    const aborted = new AbortController();
    body.on('close', () => {
      if (!body.writableFinished) aborted.abort();
    });
    const rows = format === 'csv' ? writeCsv : writeSheet;
    rows(definition, source, unmasked, body, aborted.signal)
      .then(() => source.done())
      .catch(async (error: unknown) => {
        await source.abandon();
        if (!body.destroyed) body.destroy(error as Error);
      })
      .finally(() => {
        running -= 1;
      });
    return {
      fileName: exportFileName(resource, format, seoulToday()),
      contentType: CONTENT_TYPES[format],
      body,
    };
  }

  function openSource(plan: ExportPlan): Promise<ExportSource> {
    if (handle.engine === 'pg' && handle.pool) return openPostgresSource(handle.pool, plan);
    if (handle.pglite) return Promise.resolve(openPgliteSource(handle.pglite, plan));
    throw new Error('No database for exports');
  }

  /** The selected values; an unmasked export selects the ciphertext of its secret columns instead. */
  function values(columns: readonly ExportColumn[], unmasked: boolean, shape: typeof csvValue): SQL[] {
    return columns.map((column) =>
      unmasked && column.secret ? column.secret.ciphertext : shape(column.kind, column.value),
    );
  }

  /** Decrypts the secret columns of an unmasked export (the only values Node formats itself). */
  function revealer(columns: readonly ExportColumn[], unmasked: boolean) {
    const secrets = columns.flatMap((column, index) =>
      unmasked && column.secret ? [{ index, ...column.secret }] : [],
    );
    if (secrets.length === 0) return (rows: unknown[][]) => rows;
    return (rows: unknown[][]) => {
      for (const row of rows) {
        for (const { index, format } of secrets) {
          const stored = row[index];
          row[index] = typeof stored === 'string' ? neutralizeText(format(pii.decrypt(stored))) : null;
        }
      }
      return rows;
    };
  }

  async function writeCsv(
    definition: ExportDefinition,
    source: ExportSource,
    unmasked: boolean,
    out: PassThrough,
    signal: AbortSignal,
  ) {
    const { columns } = definition;
    out.write(csvHeader(columns));
    const selected = values(columns, unmasked, csvValue);
    if (source.copyCsv && !unmasked) {
      await source.copyCsv(selected, out, signal);
    } else {
      const reveal = revealer(columns, unmasked);
      for await (const batch of source.batches(selected, signal)) {
        if (signal.aborted) throw signal.reason;
        out.write(csvRows(reveal(batch)));
        await drained(out, signal);
      }
    }
    if (signal.aborted) throw signal.reason;
    out.end();
  }

  async function writeSheet(
    definition: ExportDefinition,
    source: ExportSource,
    unmasked: boolean,
    out: PassThrough,
    signal: AbortSignal,
  ) {
    const { columns } = definition;
    const writer = await SheetWriter.open(out, signal, `${definition.label} 목록`, columns);
    if (source.copySheet && !unmasked) {
      // PostgreSQL writes the rows' XML itself (docs/exports.md#the-sheet-from-postgresql).
      const copySheet = source.copySheet;
      await writer.addRowsFrom((sheet, firstRow) => copySheet(columns, sheet, firstRow, signal));
    } else {
      const reveal = revealer(columns, unmasked);
      for await (const batch of source.batches(values(columns, unmasked, sheetValue), signal)) {
        if (signal.aborted) throw signal.reason;
        await writer.addRows(reveal(batch));
      }
    }
    if (signal.aborted) throw signal.reason;
    await writer.finish();
  }

  return { start };
}

export type ExportsService = ReturnType<typeof createExportsService>;

/** The filters as the access log keeps them: set ones only, and no identifier typed into the search box. */
function loggedFilters(filters: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '') continue;
    kept[key] = key === 'q' && typeof value === 'string' ? maskedSearch(value) : value;
  }
  return kept;
}

/** A search for an 외국인등록번호, 여권번호 or account number keeps only its last four characters. */
function maskedSearch(q: string): string {
  if (!/\d/.test(q)) return q;
  const compact = q.replace(/[\s-]/g, '');
  if (/^\d{6,}$/.test(compact)) return maskAccountNo(compact);
  if (/^[A-Za-z0-9]{5,20}$/.test(compact)) return `${'*'.repeat(compact.length - 4)}${compact.slice(-4)}`;
  return q;
}
