import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './types';

/**
 * The three moves every editable record makes (docs/domain-integrity.md#versioned-rows): a service locks the row it
 * is about to change, checks its rules against what it read, then writes with the version the browser sent, which
 * bumps the version so the next stale write fails; a delete is a soft delete that bumps it too, and so does a
 * restore from the trash. `where` narrows the row further: the branch scope (another branch's record is not found)
 * and, where records are soft-deleted, their liveness.
 */
export type VersionedTable = PgTable & { id: PgColumn; version: PgColumn; updatedAt: PgColumn };
export type SoftDeletedTable = VersionedTable & { deletedAt: PgColumn };

/** The row, locked `FOR UPDATE` for the rest of the transaction; undefined when missing or outside `where`. */
export async function lockLive<T extends VersionedTable>(
  executor: Executor,
  table: T,
  id: number,
  where?: SQL,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await executor
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), where))
    .for('update')
    .limit(1);
  return row as T['$inferSelect'] | undefined;
}

/**
 * Applies a change when the version still matches and bumps it; false when nothing was updated (stale, gone or
 * outside `where`). Without a version (a bulk action or a follow-up on a row the caller locked) it writes as is.
 */
export async function updateVersioned<T extends VersionedTable>(
  executor: Executor,
  table: T,
  target: { id: number; version?: number },
  values: Partial<T['$inferInsert']>,
  where?: SQL,
): Promise<boolean> {
  const rows = await executor
    .update(table as PgTable)
    .set({ ...values, ...bumpVersion(table) } as never)
    .where(
      and(
        eq(table.id, target.id),
        target.version === undefined ? undefined : eq(table.version, target.version),
        where,
      ),
    )
    .returning({ id: table.id });
  return rows.length === 1;
}

/** Marks the row deleted (it leaves every list and lookup) and bumps its version; false when nothing was deleted. */
export async function softDelete<T extends SoftDeletedTable>(
  executor: Executor,
  table: T,
  id: number,
  where?: SQL,
): Promise<boolean> {
  const now = new Date();
  const rows = await executor
    .update(table as PgTable)
    .set({ deletedAt: now, ...bumpVersion(table, now) } as never)
    .where(and(eq(table.id, id), where))
    .returning({ id: table.id });
  return rows.length === 1;
}

/** Brings a soft-deleted row back (a restore from the trash) and bumps its version; false when nothing came back. */
export async function undelete<T extends SoftDeletedTable>(
  executor: Executor,
  table: T,
  id: number,
  where?: SQL,
): Promise<boolean> {
  const rows = await executor
    .update(table as PgTable)
    .set({ deletedAt: null, ...bumpVersion(table) } as never)
    .where(and(eq(table.id, id), isNotNull(table.deletedAt), where))
    .returning({ id: table.id });
  return rows.length === 1;
}

/** The version bump of a write that is not one of the above (a set-based change of many rows, a follow-up). */
export function bumpVersion(table: VersionedTable, at: Date = new Date()) {
  return { version: sql`${table.version} + 1`, updatedAt: at };
}
