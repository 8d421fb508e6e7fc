import { IMPORT_RESOURCES, IMPORT_ROW_STATUSES, IMPORT_STATUSES } from '@ilson/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { Actor } from '../../lib/actor';
import { admins } from './admins';
import { id, timestamps, tstz } from './columns';

/** Who started a run (an import's or a bulk action's): the access log names them, their role and scope bound it. */
export type ImportRunActor = Actor;

/**
 * One uploaded file and its run (docs/imports.md): upload, column mapping, dry run, commit, undo. The counters are
 * the run's progress, which any process can answer; `runnerToken` and `heartbeatAt` tell which process works on
 * it, so a run whose process stopped is picked up by another.
 */
export const importBatches = pgTable(
  'import_batches',
  {
    id: id(),
    resource: text({ enum: IMPORT_RESOURCES }).notNull(),
    fileName: text().notNull(),
    fileSize: integer().notNull(),
    /** SHA-256 of the file's bytes: the same file uploaded again is recognised. */
    fileHash: text().notNull(),
    format: text({ enum: ['xlsx', 'csv'] }).notNull(),
    encoding: text().notNull(),
    headers: text().array().notNull(),
    mapping: jsonb().$type<(string | null)[]>().notNull().default(sql`'[]'::jsonb`),
    status: text({ enum: IMPORT_STATUSES }).notNull().default('uploaded'),
    totalRows: integer().notNull().default(0),
    processedRows: integer().notNull().default(0),
    validRows: integer().notNull().default(0),
    errorRows: integer().notNull().default(0),
    duplicateRows: integer().notNull().default(0),
    committedRows: integer().notNull().default(0),
    undoneRows: integer().notNull().default(0),
    keptRows: integer().notNull().default(0),
    /** Rows the current run goes through (the progress bar's whole). */
    runTotal: integer().notNull().default(0),
    /** The last row number the running step has finished. */
    cursor: integer().notNull().default(0),
    cancelRequested: boolean().notNull().default(false),
    runnerToken: text(),
    /** Who started the current run: the access log names them, and their branch scope bounds it. */
    runActor: jsonb().$type<ImportRunActor>(),
    heartbeatAt: tstz(),
    failure: text(),
    /** Branch scope of the admin who uploaded it, as the run applies it: null for every branch. */
    scopeBranchIds: integer().array(),
    createdBy: integer().references(() => admins.id, { onDelete: 'set null' }),
    validatedAt: tstz(),
    committedAt: tstz(),
    undoneAt: tstz(),
    ...timestamps,
  },
  (t) => [
    index('import_batches_resource_created_idx').on(t.resource, t.createdAt, t.id),
    index('import_batches_hash_idx').on(t.resource, t.fileHash),
    index('import_batches_running_idx').on(t.heartbeatAt).where(sql`status IN ('validating', 'committing')`),
    check('import_batches_counts_check', sql`total_rows >= 0 AND committed_rows >= 0 AND cursor >= 0`),
  ],
);

/**
 * The rows of a file as it came: the cells encrypted (they may hold 외국인등록번호), the row's outcome and the
 * record it made, and its identity keys. A valid row's keys are also kept in `import_row_keys` while its dry run
 * lasts, for the rows after it.
 */
export const importRows = pgTable(
  'import_rows',
  {
    batchId: integer()
      .notNull()
      .references(() => importBatches.id, { onDelete: 'cascade' }),
    /** As the file counts it: the header is row 1. */
    rowNo: integer().notNull(),
    /** AES-256-GCM of the row's cells as a JSON array; cleared once the row is committed. */
    cellsEnc: text(),
    status: text({ enum: IMPORT_ROW_STATUSES }).notNull().default('pending'),
    errors: jsonb().$type<{ field: string; message: string }[]>(),
    recordId: integer(),
    /**
     * The row's identity keys (keyed hashes, never the numbers) from its dry run, kept as long as its cells: a
     * destruction finds the person's staged rows by them, a refused duplicate's included.
     */
    rowKeys: text().array(),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.rowNo] }),
    index('import_rows_status_idx').on(t.batchId, t.status, t.rowNo),
    // A destruction finds a person's staged rows by their key, in any batch (docs/privacy-lifecycle.md#staged-imports).
    index('import_rows_row_keys_idx').using('gin', t.rowKeys),
  ],
);

/**
 * The identity keys of a dry run's valid rows (docs/imports.md#duplicates), each with the first row that holds it: a
 * later row holding any of them is a duplicate of that row. One key is held by one valid row of a batch at most (a
 * second one is a duplicate, not valid), so the key is the primary key's second half and every look-up a probe.
 * They serve the dry run under way only and are dropped when it ends.
 */
export const importRowKeys = pgTable(
  'import_row_keys',
  {
    batchId: integer()
      .notNull()
      .references(() => importBatches.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    rowNo: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.key] })],
);
