import { privacyMessages, STAGED_IMPORT_RETENTION_DAYS } from '@ilson/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { Executor } from '../../db/types';
import { deleteUndoEntriesAbout } from '../undo/undo';

/**
 * What a person leaves outside their own row, and its destruction with them (docs/privacy-lifecycle.md#the-inventory):
 * the staged import rows that name them, saved views that filter on them, undo captures of their rows, and what a
 * bulk job wrote about them. Each runs in the destruction's transaction, before the person's own row is destroyed
 * (their keys are read from it first, and a commit of a staged batch that holds the same rows waits on them).
 */

const ids = (list: readonly number[]) =>
  sql`ARRAY[${sql.join(
    list.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;
const texts = (list: readonly string[]) =>
  list.length === 0
    ? sql`ARRAY[]::text[]`
    : sql`ARRAY[${sql.join(
        list.map((t) => sql`${t}`),
        sql`, `,
      )}]::text[]`;

/** The errors a destroyed staged row keeps: why it can no longer be imported. */
const destroyedRowErrors = () =>
  JSON.stringify([{ field: 'file', message: privacyMessages.stagedRowDestroyed }]);

/**
 * A person's staged import rows: made into their record (`record_id`) or keyed like them (`row_keys`, the keyed
 * hash the import matches duplicates by), in any batch. The cells and the key go; a row not committed keeps its
 * status and says why it can no longer be imported, so the batch's counts stay as they were and a later commit or
 * error report finds nothing of the person.
 */
export async function destroyStagedRows(
  executor: Executor,
  resource: 'workers' | 'employers',
  recordIds: readonly number[],
  keys: readonly string[],
): Promise<number> {
  if (recordIds.length === 0 && keys.length === 0) return 0;
  const rows = await queryRows<{ row_no: number }>(
    executor,
    sql`UPDATE import_rows r SET cells_enc = NULL, row_keys = NULL,
          errors = CASE WHEN r.status = 'committed' THEN r.errors ELSE ${destroyedRowErrors()}::jsonb END
        FROM import_batches b
        WHERE b.id = r.batch_id AND b.resource = ${resource}
          AND (r.record_id = ANY(${ids(recordIds)}) OR r.row_keys && ${texts(keys)})
          AND (r.cells_enc IS NOT NULL OR r.row_keys IS NOT NULL)
        RETURNING r.row_no`,
  );
  if (keys.length > 0)
    await executor.execute(sql`DELETE FROM import_row_keys WHERE key = ANY(${texts(keys)})`);
  return rows.length;
}

/**
 * Saved views that point at a destroyed person: a filter on their id (`idKeys`, in any list), or a filter value or
 * view name that contains their name, phone or e-mail (`terms`, compared case-blind). Such a view is deleted: a
 * filter without the person means something else, and a shared one would keep offering the team who they were.
 */
export async function deleteSavedViewsNaming(
  executor: Executor,
  idKeys: readonly string[],
  recordIds: readonly number[],
  terms: readonly string[],
): Promise<number> {
  if (recordIds.length === 0) return 0;
  const words = [...new Set(terms.map((t) => t.trim().toLowerCase()).filter((t) => t.length >= 2))];
  const rows = await queryRows<{ id: number }>(
    executor,
    sql`DELETE FROM saved_views v
        WHERE EXISTS (SELECT 1 FROM jsonb_each_text(v.query) q
            WHERE q.key = ANY(${texts(idKeys)}) AND q.value = ANY(${ids(recordIds)}::text[]))
          OR EXISTS (SELECT 1 FROM unnest(${texts(words)}) t
            WHERE position(t IN lower(v.name)) > 0
              OR EXISTS (SELECT 1 FROM jsonb_each_text(v.query) q WHERE position(t IN lower(q.value)) > 0))
        RETURNING v.id`,
  );
  return rows.length;
}

/**
 * A bulk job's traces of a destroyed record: the message its item kept (a refusal may quote the record), and the
 * job's scope and reason where they contain the person's name, phone or e-mail (a filter typed into the list). The
 * items' labels are read from the records when shown, so they already say 파기됨.
 */
export async function clearBulkTraces(
  executor: Executor,
  resource: 'workers' | 'employers',
  recordIds: readonly number[],
  terms: readonly string[],
): Promise<void> {
  if (recordIds.length === 0) return;
  await executor.execute(
    sql`UPDATE bulk_job_items i SET message = NULL FROM bulk_jobs j
        WHERE j.id = i.job_id AND j.resource = ${resource} AND i.record_id = ANY(${ids(recordIds)})
          AND i.message IS NOT NULL`,
  );
  const words = [...new Set(terms.map((t) => t.trim().toLowerCase()).filter((t) => t.length >= 2))];
  if (words.length === 0) return;
  const naming = (column: SQL) => sql`EXISTS (SELECT 1 FROM unnest(${texts(words)}) t
    WHERE position(t IN lower(${column})) > 0)`;
  await executor.execute(
    sql`UPDATE bulk_jobs j SET
          scope = CASE WHEN ${naming(sql`j.scope`)} THEN ${privacyMessages.bulkScopeDestroyed} ELSE j.scope END,
          params = CASE WHEN ${naming(sql`coalesce(j.params->>'reason', '')`)}
            THEN j.params || jsonb_build_object('reason', '') ELSE j.params END
        WHERE j.resource = ${resource}
          AND EXISTS (SELECT 1 FROM bulk_job_items i WHERE i.job_id = j.id AND i.record_id = ANY(${ids(recordIds)}))
          AND (${naming(sql`j.scope`)} OR ${naming(sql`coalesce(j.params->>'reason', '')`)})`,
  );
}

/** Undo captures of the destroyed rows: an entry made on one, or holding one of its rows. */
export const deleteUndoCaptures = deleteUndoEntriesAbout;

/**
 * Staged import rows past their own retention (STAGED_IMPORT_RETENTION_DAYS): every row still holding cells or a
 * key, in a batch uploaded that many days ago and never committed, or committed that many days ago (its refused
 * rows). A batch whose run is under way is left to finish. Oldest batches first; the batches touched.
 */
export async function purgeStagedImports(
  executor: Executor,
  limit: number,
): Promise<{ batchIds: number[]; rows: number }> {
  const due = sql`coalesce(b.committed_at, b.created_at)
    < now() - make_interval(days => ${STAGED_IMPORT_RETENTION_DAYS})`;
  const batches = await queryRows<{ id: number }>(
    executor,
    sql`SELECT b.id FROM import_batches b
        WHERE ${due} AND b.status NOT IN ('validating', 'committing', 'undoing')
          AND EXISTS (SELECT 1 FROM import_rows r WHERE r.batch_id = b.id
            AND (r.cells_enc IS NOT NULL OR r.row_keys IS NOT NULL))
        ORDER BY coalesce(b.committed_at, b.created_at), b.id
        LIMIT ${limit}
        FOR UPDATE OF b SKIP LOCKED`,
  );
  if (batches.length === 0) return { batchIds: [], rows: 0 };
  const batchIds = batches.map((b) => b.id);
  const rows = await queryRows<{ row_no: number }>(
    executor,
    sql`UPDATE import_rows r SET cells_enc = NULL, row_keys = NULL,
          errors = CASE WHEN r.status = 'committed' THEN r.errors ELSE ${destroyedRowErrors()}::jsonb END
        WHERE r.batch_id = ANY(${ids(batchIds)}) AND (r.cells_enc IS NOT NULL OR r.row_keys IS NOT NULL)
        RETURNING r.row_no`,
  );
  return { batchIds, rows: rows.length };
}
