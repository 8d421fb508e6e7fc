import { DESTRUCTION_TRIGGERS, RETENTION_KINDS, RETENTION_METHODS } from '@ilson/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { id, tstz } from './columns';

/**
 * 파기 대장 (docs/privacy-lifecycle.md#the-register): one row per kind per destruction that destroyed something —
 * what, how many, on which basis, when, who approved it. Append-only like the access log (a trigger refuses UPDATE
 * and DELETE).
 */
export const destructions = pgTable(
  'destructions',
  {
    id: id(),
    destroyedAt: tstz().notNull().defaultNow(),
    kind: text({ enum: RETENTION_KINDS }).notNull(),
    method: text({ enum: RETENTION_METHODS }).notNull(),
    count: integer().notNull(),
    months: integer().notNull(),
    basis: text().notNull(),
    trigger: text({ enum: DESTRUCTION_TRIGGERS }).notNull(),
    reason: text().notNull().default(''),
    approvedByAdminId: integer().references(() => admins.id, { onDelete: 'restrict' }),
    targetIds: integer().array().notNull().default(sql`'{}'`),
  },
  (t) => [
    index('destructions_destroyed_idx').on(t.destroyedAt, t.id),
    index('destructions_kind_idx').on(t.kind, t.destroyedAt),
  ],
);
