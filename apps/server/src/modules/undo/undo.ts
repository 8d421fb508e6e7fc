import {
  can,
  findTransition,
  type Permission,
  type Role,
  recordMessages,
  type Transition,
  UNDO_WINDOW_SECONDS,
  type UndoInput,
  type UndoResult,
  type UndoTargetType,
  undoMessages,
} from '@ilson/contracts';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type UndoMove, undoEntries } from '../../db/schema';
import type { Executor, Tx } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { AppError, conflict, forbidden } from '../../lib/errors';
import { linkedMatchings } from '../matchings/matchings.integrity';
import { MATCHING_HELD_STATUSES } from '../matchings/matchings.repository';

/**
 * Undo of a status change (docs/undo-and-trash.md#undo-of-a-status-change). A change keeps the operation it made —
 * the record moved from one status to another, the rows that followed it, the version each was left with and the
 * status fields the move overwrote — never rows to write back. The undo asks each record's own service to move it
 * back (a reversal): the same locks, the same rule checks and the same access log as any status change, in one
 * transaction, refused whole where the way back would break a rule now. This module writes no record table itself.
 */

export type { UndoMove, UndoOperation } from '../../db/schema';

/**
 * What a service's status change is told when it runs as an undo: the transaction to run in, the status the change
 * left (the record must still be in it), the fields to put back and the access log's summary. `followed` marks a
 * row that moved with another record (an employer's post): that record's permission covers it.
 */
export type Reversal = {
  tx: Tx;
  left: string;
  previous: Record<string, unknown>;
  summary: string;
  followed?: boolean;
};

/** The front door's transaction, or the undo's when the change runs as a reversal. */
export function inChangeTransaction<T>(
  db: Database,
  reversal: Reversal | undefined,
  run: (tx: Tx) => Promise<T>,
): Promise<T> {
  return reversal ? run(reversal.tx) : db.transaction(run);
}

/**
 * A reversal's own check, in place of the transition table's: the record must still be in the status the change
 * left, and the admin must still hold the permission of the move being undone. Moving back is allowed where the
 * table has no edge back (승인 → 승인 대기); the destination's rules are the service's to check, as for any move.
 */
export function checkReversal<S extends string>(
  table: readonly Transition<S, Permission>[],
  change: { from: S; to: S; role: Role; reversal: Reversal },
): void {
  if (change.from !== change.reversal.left) throw conflict(undoMessages.changed);
  if (change.reversal.followed) return;
  const forward = findTransition(table, change.to, change.from);
  if (forward && !can(change.role, forward.permission)) throw forbidden();
}

/**
 * Refuses a reversal that would leave matchings accepted, contracted or working under a non-approved employer or
 * on a post that is neither open nor closed, naming them: the steps that brought them there need both.
 */
export async function guardHeldMatchingsOf(
  tx: Executor,
  by: { employerId: number } | { jobPostId: number },
  record: '사업주' | '채용공고',
  status: string,
): Promise<void> {
  const held = await linkedMatchings(tx, by, MATCHING_HELD_STATUSES);
  if (held.length === 0) return;
  throw new AppError(
    'INVALID_TRANSITION',
    undoMessages.heldMatchings(
      record,
      status,
      held.map((d) => d.label ?? d.message),
    ),
    held,
  );
}

/** A service's door for an undo: its own status change, run as a reversal of `move`. */
export type ReverseStatus = (
  move: UndoMove,
  reversal: Reversal,
  actor: Actor,
) => Promise<{ version: number }>;

/**
 * The status fields a move overwrites, as they were (JSON: a date as `{ "$date": iso }`), and back: a reversal
 * writes them with the status, through its service's update.
 */
export function keptFields(row: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(
    keys.map((key) => {
      const value = row[key];
      return [key, value instanceof Date ? { $date: value.toISOString() } : (value ?? null)];
    }),
  );
}
export function restoredFields<T>(kept: Record<string, unknown>): Partial<T> {
  return Object.fromEntries(
    Object.entries(kept).map(([key, value]) => {
      const date =
        value && typeof value === 'object' && '$date' in value ? (value as { $date: string }) : null;
      return [key, date ? new Date(date.$date) : value];
    }),
  ) as Partial<T>;
}

/**
 * Keeps a status change for its undo, inside the change's transaction. Nothing is kept when `enabled` is false: a
 * bulk job keeps its own per-record result, and a reversal is not itself undone.
 */
export function undoRecorder(tx: Tx, enabled: boolean) {
  return {
    async keep(actor: Actor, move: UndoMove, summary: string, followers: UndoMove[] = []) {
      if (!enabled) return;
      // Skipping entries an undo holds: that undo is about to refuse or take them, and waiting on it here, under
      // this change's record lock, could wait on an undo that waits on that record.
      const expired = tx
        .select({ id: undoEntries.id })
        .from(undoEntries)
        .where(lt(undoEntries.expiresAt, new Date()))
        .for('update', { skipLocked: true });
      await tx.delete(undoEntries).where(inArray(undoEntries.id, expired));
      await tx.insert(undoEntries).values({
        adminId: actor.adminId,
        targetType: move.type,
        targetId: move.id,
        versionAfter: move.versionAfter,
        summary,
        operation: { ...move, followers },
        expiresAt: new Date(Date.now() + UNDO_WINDOW_SECONDS * 1000),
      });
    },
  };
}

/**
 * A row changed since (its version moved on, or it was deleted) refuses the undo as such; so does a constraint
 * the way back would break. A rule's refusal passes through with its own message.
 */
async function asUndo<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) {
      if (error.statusCode === 404 || error.message === recordMessages.versionConflict) {
        throw new AppError('CONFLICT', undoMessages.changed);
      }
      throw error;
    }
    const code =
      (error as { code?: unknown; cause?: { code?: unknown } }).code ??
      (error as { cause?: { code?: unknown } }).cause?.code;
    if (typeof code === 'string' && code.startsWith('23')) {
      throw new AppError('CONFLICT', undoMessages.changed);
    }
    throw error;
  }
}

export function createUndoService({
  db,
  doors,
}: {
  db: Database;
  doors: Record<UndoTargetType, ReverseStatus>;
}) {
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
      if (!entry) throw new AppError('CONFLICT', undoMessages.unavailable);
      if (entry.expiresAt.getTime() < Date.now()) throw new AppError('CONFLICT', undoMessages.expired);
      const { followers, ...move } = entry.operation;
      const reverse = (m: UndoMove, summary: string, followed: boolean) =>
        asUndo(() => doors[m.type](m, { tx, left: m.to, previous: m.previous, summary, followed }, actor));
      // The record first: the rows that followed it are checked against it as it is put back.
      const { version } = await reverse(move, undoMessages.summary(entry.summary), false);
      for (const follower of followers) await reverse(follower, undoMessages.followed(entry.summary), true);
      await tx.delete(undoEntries).where(eq(undoEntries.id, entry.id));
      return {
        targetType: input.targetType,
        targetId: input.targetId,
        version,
        restored: 1 + followers.length,
      };
    });
  }
  return { undo };
}
export type UndoService = ReturnType<typeof createUndoService>;

/**
 * Deletes the entries about these records: made on them, or moving one of them as a follower (a move's previous
 * values may hold a reason in the person's own words). A destruction calls it, so nothing of a destroyed record waits
 * to be put back (docs/privacy-lifecycle.md#the-inventory).
 */
export async function deleteUndoEntriesAbout(
  tx: Executor,
  targetType: UndoTargetType,
  ids: readonly number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const list = sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;
  const deleted = await tx
    .delete(undoEntries)
    .where(
      sql`(${undoEntries.targetType} = ${targetType} AND ${undoEntries.targetId} = ANY(${list}))
        OR EXISTS (SELECT 1 FROM jsonb_array_elements(${undoEntries.operation}->'followers') f
          WHERE f->>'type' = ${targetType} AND (f->>'id')::int = ANY(${list}))`,
    )
    .returning({ id: undoEntries.id });
  return deleted.length;
}
