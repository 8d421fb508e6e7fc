import {
  UNDO_WINDOW_SECONDS,
  type UndoInput,
  type UndoResult,
  type UndoTargetType,
  undoMessages,
} from '@ilson/contracts';
import { and, desc, eq, getTableColumns, lt, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { appendAudit } from '../../audit/trail';
import { type Database, queryRows } from '../../db/client';
import {
  appUsers,
  employers,
  jobPosts,
  notices,
  payouts,
  reviews,
  type UndoRow,
  undoEntries,
} from '../../db/schema';
import type { Executor } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';

/**
 * Undo of a status change (docs/undo-and-trash.md). A service opens a capture before it changes anything, naming
 * the rows its change may touch (the record, and for an employer its job posts); after the change the capture keeps,
 * for each row that did change, the columns' values before and after and the version the row was left with. Undo
 * writes the before values back in one transaction, only for the admin who made the change, within the window, and
 * only while every one of those rows still has that version: a row changed since (by anyone, or by a scheduled
 * close) makes the whole undo refused, never half applied. Database constraints hold on the way back as on the way.
 */

/** The tables a change may touch, by SQL name, with the access log's target type. */
const TABLES: Record<string, { table: PgTable; auditType: string }> = {
  employers: { table: employers, auditType: 'employer' },
  job_posts: { table: jobPosts, auditType: 'job_post' },
  reviews: { table: reviews, auditType: 'review' },
  payouts: { table: payouts, auditType: 'payout' },
  app_users: { table: appUsers, auditType: 'app_user' },
  notices: { table: notices, auditType: 'notice' },
};

/** Bookkeeping columns: moved by every write, never restored as such. */
const BOOKKEEPING = new Set(['id', 'version', 'created_at', 'updated_at']);
/** Never written to the access log's diff: ciphertexts and keyed hashes of personal identifiers. */
const UNLOGGED = /(_enc|_hash|_search|_hmac)$/;

const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * The table's SQL column names, so a stored entry can only name real columns. The schema names columns by their
 * keys and the snake_case casing (db/client.ts) makes the SQL name.
 */
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const columnsOf = (table: PgTable) =>
  new Set(Object.values(getTableColumns(table)).map((c) => snake(c.name)));

/** A row a change may touch by its id, or an employer's live job posts (they follow its status). */
export type UndoSource = { table: keyof typeof TABLES; id: number } | { employerPostsOf: number };
type Snapshot = { table: string; id: number; row: Record<string, unknown> };

const idsIn = (ids: number[]) => sql`id = ANY(${`{${ids.join(',')}}`}::int[])`;

async function snapshot(executor: Executor, source: UndoSource | { table: string; ids: number[] }) {
  const name = 'employerPostsOf' in source ? 'job_posts' : source.table;
  const where =
    'employerPostsOf' in source
      ? sql`employer_id = ${source.employerPostsOf} AND deleted_at IS NULL`
      : idsIn('ids' in source ? source.ids : [source.id]);
  const rows = await queryRows<{ id: number; row: Record<string, unknown> }>(
    executor,
    sql`SELECT ${sql.identifier(name)}.id, to_jsonb(${sql.identifier(name)}) AS row
        FROM ${TABLES[name]!.table} WHERE ${where}`,
  );
  return rows.map((r): Snapshot => ({ table: name, id: Number(r.id), row: r.row }));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Opens a capture inside the change's transaction, before anything is written. `sources` name the rows the change
 * may touch; `keep` after the change stores what changed. Nothing is kept when `enabled` is false (a bulk job keeps
 * its own per-record result instead).
 */
export async function captureUndo(tx: Executor, sources: UndoSource[], enabled = true) {
  const before = enabled ? (await Promise.all(sources.map((s) => snapshot(tx, s)))).flat() : [];
  return {
    async keep(actor: Actor, target: { type: UndoTargetType; id: number }, summary: string) {
      if (!enabled) return;
      const byTable = new Map<string, number[]>();
      for (const s of before) byTable.set(s.table, [...(byTable.get(s.table) ?? []), s.id]);
      const after = new Map<string, Snapshot>();
      for (const [name, ids] of byTable) {
        for (const s of await snapshot(tx, { table: name, ids })) after.set(`${name}:${s.id}`, s);
      }
      const rows: UndoRow[] = [];
      for (const old of before) {
        const now = after.get(`${old.table}:${old.id}`);
        if (!now) continue;
        const changed = Object.keys(now.row).filter(
          (k) => !BOOKKEEPING.has(k) && !same(old.row[k], now.row[k]),
        );
        if (changed.length === 0) continue;
        rows.push({
          table: old.table,
          id: old.id,
          versionAfter: Number(now.row.version),
          before: Object.fromEntries(changed.map((k) => [k, old.row[k]])),
          after: Object.fromEntries(changed.map((k) => [k, now.row[k]])),
        });
      }
      const main = rows.find((r) => TABLES[r.table]!.auditType === target.type && r.id === target.id);
      if (!main) return;
      // The target first: it is the row the undo is asked for.
      rows.sort((a, b) => Number(b === main) - Number(a === main));
      await tx.delete(undoEntries).where(lt(undoEntries.expiresAt, new Date()));
      await tx.insert(undoEntries).values({
        adminId: actor.adminId,
        targetType: target.type,
        targetId: target.id,
        versionAfter: main.versionAfter,
        summary,
        rows,
        expiresAt: new Date(Date.now() + UNDO_WINDOW_SECONDS * 1000),
      });
    },
  };
}

/** The access log's diff of a restored row: the change reversed, without personal ciphertexts or hashes. */
function reversedDiff(row: UndoRow) {
  return Object.fromEntries(
    Object.keys(row.before)
      .filter((k) => !UNLOGGED.test(k))
      .map((k) => [camel(k), { before: row.after[k] ?? null, after: row.before[k] ?? null }]),
  );
}

/** A constraint the way back would break (a live duplicate since, say) refuses the undo like a later change. */
async function constraintsAsConflict<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const code =
      (error as { code?: unknown; cause?: { code?: unknown } }).code ??
      (error as { cause?: { code?: unknown } }).cause?.code;
    if (typeof code === 'string' && code.startsWith('23'))
      throw new AppError('CONFLICT', 409, undoMessages.changed);
    throw error;
  }
}

async function restoreRow(tx: Executor, row: UndoRow): Promise<number | undefined> {
  const entry = TABLES[row.table];
  if (!entry) throw new Error(`undo: unknown table ${row.table}`);
  const known = columnsOf(entry.table);
  const columns = Object.keys(row.before).filter((k) => known.has(k) && !BOOKKEEPING.has(k));
  const name = sql.identifier(row.table);
  const sets = sql.join(
    columns.map((c) => sql`${sql.identifier(c)} = r.${sql.identifier(c)}`),
    sql`, `,
  );
  const [updated] = await constraintsAsConflict(() =>
    queryRows<{ version: number }>(
      tx,
      sql`UPDATE ${name} SET ${sets}, version = ${name}.version + 1, updated_at = now()
        FROM jsonb_populate_record(NULL::${name}, ${JSON.stringify(row.before)}::jsonb) r
        WHERE ${name}.id = ${row.id} AND ${name}.version = ${row.versionAfter}
        RETURNING ${name}.version`,
    ),
  );
  return updated ? Number(updated.version) : undefined;
}

export function createUndoService({ db }: { db: Database }) {
  async function undo(input: UndoInput, actor: Actor): Promise<UndoResult> {
    return db.transaction(async (tx) => {
      const [entry] = await tx
        .select()
        .from(undoEntries)
        .where(
          and(
            eq(undoEntries.adminId, actor.adminId),
            sql`${undoEntries.targetType} = ${input.targetType}`,
            eq(undoEntries.targetId, input.targetId),
            eq(undoEntries.versionAfter, input.version),
          ),
        )
        .orderBy(desc(undoEntries.id))
        .limit(1)
        .for('update');
      if (!entry) throw new AppError('CONFLICT', 409, undoMessages.unavailable);
      if (entry.expiresAt.getTime() < Date.now()) throw new AppError('CONFLICT', 409, undoMessages.expired);
      let version = input.version;
      for (const row of entry.rows) {
        const restored = await restoreRow(tx, row);
        if (restored === undefined) throw new AppError('CONFLICT', 409, undoMessages.changed);
        const isTarget = row === entry.rows[0];
        if (isTarget) version = restored;
        await appendAudit(tx, actor.audit, {
          action: 'UPDATE',
          targetType: TABLES[row.table]!.auditType,
          targetId: row.id,
          summary: isTarget ? undoMessages.summary(entry.summary) : undoMessages.followed(entry.summary),
          diff: reversedDiff(row),
        });
      }
      await tx.delete(undoEntries).where(eq(undoEntries.id, entry.id));
      return {
        targetType: input.targetType,
        targetId: input.targetId,
        version,
        restored: entry.rows.length,
      };
    });
  }
  return { undo };
}
export type UndoService = ReturnType<typeof createUndoService>;

/**
 * Deletes the entries about these records: made on them, or holding a row of them (a before value may be the
 * person's own words). A destruction calls it, so nothing of a destroyed record waits to be put back
 * (docs/privacy-lifecycle.md#the-inventory).
 */
export async function deleteUndoEntriesAbout(
  tx: Executor,
  table: string,
  targetType: UndoTargetType | null,
  ids: readonly number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const list = sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`DELETE FROM undo_entries e
        WHERE (${targetType}::text IS NOT NULL AND e.target_type = ${targetType} AND e.target_id = ANY(${list}))
          OR EXISTS (SELECT 1 FROM jsonb_array_elements(e.rows) r
            WHERE r->>'table' = ${table} AND (r->>'id')::int = ANY(${list}))
        RETURNING e.id`,
  );
  return rows.length;
}
