import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, tstz } from './columns';

/**
 * What a migration changed in existing data so a new constraint could hold (docs/domain-integrity.md):
 * which rule, which record, what was done. `npm run check:data` lists them; nothing is fixed silently.
 */
export const dataRepairs = pgTable(
  'data_repairs',
  {
    id: id(),
    checkCode: text().notNull(),
    targetType: text().notNull(),
    targetId: integer().notNull(),
    action: text().notNull(),
    createdAt: tstz().notNull().defaultNow(),
  },
  (t) => [index('data_repairs_target_idx').on(t.targetType, t.targetId)],
);
