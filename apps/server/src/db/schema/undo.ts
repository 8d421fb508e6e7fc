import { UNDO_TARGET_TYPES } from '@ilson/contracts';
import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { tstz } from './columns';

/** One row a status change overwrote: its columns' values before and after (changed columns only). */
export type UndoRow = {
  table: string;
  id: number;
  versionAfter: number;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
};

/**
 * What a status change overwrote, kept for a few seconds so the admin who made it can put it back
 * (docs/undo-and-trash.md). Only changed columns are kept (a status, its reason and dates; never an identifier), and
 * expired entries are deleted whenever a new one is written.
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
    rows: jsonb().$type<UndoRow[]>().notNull(),
    createdAt: tstz().notNull().defaultNow(),
    expiresAt: tstz().notNull(),
  },
  (t) => [
    index('undo_entries_target_idx').on(t.adminId, t.targetType, t.targetId),
    index('undo_entries_expires_idx').on(t.expiresAt),
  ],
);
