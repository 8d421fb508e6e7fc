import type { ImportRowStatus } from '@ilson/contracts';
import { and, asc, count, desc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { admins, branches, importBatches, importRowKeys, importRows } from '../../db/schema';
import type { Executor } from '../../db/types';
import { updateOwnedRun } from '../../jobs/runner';
import { type Scope, scopeWhere } from '../../lib/scope';

export type BatchRecord = typeof importBatches.$inferSelect;
export type BatchRow = BatchRecord & { createdByName: string | null };
export type RowOutcome = {
  rowNo: number;
  status: ImportRowStatus;
  errors?: { field: string; message: string }[] | null;
  recordId?: number | null;
  /** Clears the kept cells and keys (a committed row no longer needs them). */
  clearCells?: boolean;
  /** The row's identity keys, when the dry run read them (docs/privacy-lifecycle.md#staged-imports). */
  keys?: string[];
};

/** A branch-scoped admin sees the batches made within their branch; a head-office admin sees every batch. */
export function batchScope(scope: Scope): SQL | undefined {
  if (scope.all) return undefined;
  return sql`${importBatches.scopeBranchIds} = ARRAY[${scope.branchId ?? -1}]::integer[]`;
}

const batchColumns = { batch: importBatches, createdByName: admins.name };

export async function findBatch(
  executor: Executor,
  resource: string,
  id: number,
  scope: Scope,
): Promise<BatchRow | undefined> {
  const [row] = await executor
    .select(batchColumns)
    .from(importBatches)
    .leftJoin(admins, eq(admins.id, importBatches.createdBy))
    .where(and(eq(importBatches.id, id), sql`${importBatches.resource} = ${resource}`, batchScope(scope)))
    .limit(1);
  return row ? { ...row.batch, createdByName: row.createdByName } : undefined;
}

export async function loadBatch(executor: Executor, id: number): Promise<BatchRecord | undefined> {
  const [row] = await executor.select().from(importBatches).where(eq(importBatches.id, id)).limit(1);
  return row;
}

export async function listBatches(
  executor: Executor,
  resource: string,
  scope: Scope,
  page: { page: number; pageSize: number },
) {
  const where = and(sql`${importBatches.resource} = ${resource}`, batchScope(scope));
  const [rows, [total]] = await Promise.all([
    executor
      .select(batchColumns)
      .from(importBatches)
      .leftJoin(admins, eq(admins.id, importBatches.createdBy))
      .where(where)
      .orderBy(desc(importBatches.createdAt), desc(importBatches.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    executor.select({ total: count() }).from(importBatches).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r.batch, createdByName: r.createdByName })),
    total: total?.total ?? 0,
  };
}

/** The newest other batch of the same file that was committed and not undone. */
export async function sameFileBatch(executor: Executor, batch: BatchRecord): Promise<number | null> {
  const [row] = await executor
    .select({ id: importBatches.id })
    .from(importBatches)
    .where(
      and(
        sql`${importBatches.resource} = ${batch.resource}`,
        eq(importBatches.fileHash, batch.fileHash),
        sql`${importBatches.id} <> ${batch.id}`,
        gt(importBatches.committedRows, 0),
        isNull(importBatches.undoneAt),
      ),
    )
    .orderBy(desc(importBatches.id))
    .limit(1);
  return row?.id ?? null;
}

/** Adds a page of parsed rows (their cells already encrypted) in one statement. */
export async function insertRows(
  executor: Executor,
  batchId: number,
  rows: { rowNo: number; cells: string }[],
) {
  if (rows.length === 0) return;
  await executor.execute(
    sql`INSERT INTO import_rows (batch_id, row_no, cells_enc)
        SELECT ${batchId}, v.row_no, v.cells FROM jsonb_to_recordset(${JSON.stringify(
          rows.map((r) => ({ row_no: r.rowNo, cells: r.cells })),
        )}::jsonb) AS v(row_no integer, cells text)`,
  );
}

/** The next rows of a run after `cursor`, in file order; `statuses` narrows them. */
/** Locks these rows of a batch; the ones whose cells were destroyed (docs/privacy-lifecycle.md#staged-imports). */
export async function lockDestroyedRows(executor: Executor, batchId: number, rowNos: number[]) {
  if (rowNos.length === 0) return new Set<number>();
  const rows = await queryRows<{ row_no: number; gone: boolean }>(
    executor,
    sql`SELECT row_no, cells_enc IS NULL AS gone FROM import_rows
        WHERE batch_id = ${batchId} AND row_no = ANY(${`{${rowNos.join(',')}}`}::int[])
        ORDER BY row_no
        FOR UPDATE`,
  );
  return new Set(rows.filter((r) => r.gone).map((r) => r.row_no));
}

export async function nextRows(
  executor: Executor,
  batchId: number,
  cursor: number,
  limit: number,
  statuses?: ImportRowStatus[],
) {
  return executor
    .select({
      rowNo: importRows.rowNo,
      cellsEnc: importRows.cellsEnc,
      status: importRows.status,
      recordId: importRows.recordId,
      errors: importRows.errors,
    })
    .from(importRows)
    .where(
      and(
        eq(importRows.batchId, batchId),
        gt(importRows.rowNo, cursor),
        statuses ? inArray(importRows.status, statuses) : undefined,
      ),
    )
    .orderBy(asc(importRows.rowNo))
    .limit(limit);
}

/** For each key, the first earlier row of the file (before `beforeRowNo`) that holds it and was valid. */
export async function earlierKeys(
  executor: Executor,
  batchId: number,
  keys: string[],
  beforeRowNo: number,
): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await queryRows<{ key: string; row_no: number }>(
    executor,
    sql`SELECT k.key, k.row_no FROM import_row_keys k
        WHERE k.batch_id = ${batchId} AND k.row_no < ${beforeRowNo}
          AND k.key IN (SELECT jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`,
  );
  return new Map(rows.map((r) => [r.key, Number(r.row_no)]));
}

/** Keeps the keys of a page's valid rows, for the pages after it (earlierKeys). */
export async function saveKeys(
  executor: Executor,
  batchId: number,
  rows: { rowNo: number; keys: string[] }[],
) {
  const payload = rows.flatMap((r) => r.keys.map((key) => ({ key, row_no: r.rowNo })));
  if (payload.length === 0) return;
  await executor.execute(
    sql`INSERT INTO import_row_keys (batch_id, key, row_no)
        SELECT ${batchId}, v.key, v.row_no FROM jsonb_to_recordset(${JSON.stringify(payload)}::jsonb)
          AS v(key text, row_no integer)
        ON CONFLICT DO NOTHING`,
  );
}

/** Writes the outcomes of a page of rows in one statement. */
export async function saveOutcomes(executor: Executor, batchId: number, outcomes: RowOutcome[]) {
  if (outcomes.length === 0) return;
  const payload = outcomes.map((o) => ({
    row_no: o.rowNo,
    status: o.status,
    errors: o.errors ?? null,
    record_id: o.recordId ?? null,
    clear: o.clearCells ?? false,
    keys: o.keys ?? null,
  }));
  await executor.execute(
    sql`UPDATE import_rows r SET status = v.status, errors = v.errors,
          record_id = COALESCE(v.record_id, r.record_id),
          cells_enc = CASE WHEN v.clear THEN NULL ELSE r.cells_enc END,
          row_keys = CASE WHEN v.clear THEN NULL WHEN v.keys IS NOT NULL THEN v.keys ELSE r.row_keys END
        FROM jsonb_to_recordset(${JSON.stringify(payload)}::jsonb)
          AS v(row_no integer, status text, errors jsonb, record_id integer, clear boolean, keys text[])
        WHERE r.batch_id = ${batchId} AND r.row_no = v.row_no`,
  );
}

/** Every row back to unchecked, and their keys forgotten, for a new dry run. */
export async function resetRows(executor: Executor, batchId: number) {
  await executor
    .update(importRows)
    .set({ status: 'pending', errors: null, rowKeys: null })
    .where(and(eq(importRows.batchId, batchId), sql`${importRows.status} <> 'pending'`));
  await forgetKeys(executor, batchId);
}

export async function forgetKeys(executor: Executor, batchId: number) {
  await executor.delete(importRowKeys).where(eq(importRowKeys.batchId, batchId));
}

/** Per field: how many rows were refused on it and the first five (row number and message). */
export async function fieldErrors(executor: Executor, batchId: number) {
  return queryRows<{ field: string; count: number; row_nos: number[]; messages: string[] }>(
    executor,
    sql`SELECT e.field, count(*)::int AS count,
          (array_agg(r.row_no ORDER BY r.row_no))[1:5] AS row_nos,
          (array_agg(e.message ORDER BY r.row_no))[1:5] AS messages
        FROM import_rows r CROSS JOIN LATERAL jsonb_to_recordset(r.errors) AS e(field text, message text)
        WHERE r.batch_id = ${batchId} AND r.status IN ('error', 'duplicate') AND r.errors IS NOT NULL
        GROUP BY e.field ORDER BY count(*) DESC, e.field`,
  );
}

/** The refused rows, in file order, a page at a time (the error report). */
export async function refusedRows(executor: Executor, batchId: number, after: number, limit: number) {
  return executor
    .select({ rowNo: importRows.rowNo, cellsEnc: importRows.cellsEnc, errors: importRows.errors })
    .from(importRows)
    .where(
      and(
        eq(importRows.batchId, batchId),
        gt(importRows.rowNo, after),
        inArray(importRows.status, ['error', 'duplicate']),
      ),
    )
    .orderBy(asc(importRows.rowNo))
    .limit(limit);
}

export async function countRows(executor: Executor, batchId: number, status: ImportRowStatus) {
  const [row] = await executor
    .select({ n: count() })
    .from(importRows)
    .where(and(eq(importRows.batchId, batchId), eq(importRows.status, status)));
  return row?.n ?? 0;
}

/** The branches a row may name: those the admin reaches, with whether each still operates. */
export async function branchesFor(executor: Executor, scope: Scope) {
  return executor
    .select({ id: branches.id, name: branches.name, status: branches.status })
    .from(branches)
    .where(scopeWhere(branches.id, scope))
    .orderBy(asc(branches.name));
}

/** Updates the batch only while `token` still runs it (jobs/runner.ts). */
export const updateRun = (
  executor: Executor,
  id: number,
  token: string,
  values: Partial<typeof importBatches.$inferInsert> | Record<string, SQL | unknown>,
) => updateOwnedRun(executor, importBatches, id, token, values);
