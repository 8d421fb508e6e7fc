import { UNDO_TARGET_TYPES } from '@ilson/contracts';
import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { tstz } from './columns';

/**
 * One status move as a service made it (docs/undo-and-trash.md#undo-of-a-status-change): the record, its status
 * before (`from`) and after (`to`), the version it was left with, and the status fields the move overwrote (a reason,
 * dates, a report count; never an identifier), which the service's reversal puts back.
 */
export type UndoMove = {
  type: (typeof UNDO_TARGET_TYPES)[number];
  id: number;
  from: string;
  to: string;
  versionAfter: number;
  previous: Record<string, unknown>;
};
/** A status change: the record's move and the moves of the rows that followed it (an employer's posts). */
export type UndoOperation = UndoMove & { followers: UndoMove[] };

/**
 * A status change, kept for a few seconds so the admin who made it can undo it (docs/undo-and-trash.md). Expired
 * entries are deleted whenever a new one is written.
 */
export const undoEntries = pgTable(
  'undo_entries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer()
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    targetType: text({ enum: UNDO_TARGET_TYPES }).notNull(),
    targetId: integer().notNull(),
    versionAfter: integer().notNull(),
    summary: text().notNull(),
    operation: jsonb().$type<UndoOperation>().notNull(),
    createdAt: tstz().notNull().defaultNow(),
    expiresAt: tstz().notNull(),
  },
  (t) => [
    index('undo_entries_target_idx').on(t.adminId, t.targetType, t.targetId),
    index('undo_entries_expires_idx').on(t.expiresAt),
  ],
);
