import { type AnyPgColumn, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { id, timestamps, version } from './columns';

export const branches = pgTable(
  'branches',
  {
    id: id(),
    name: text().notNull(),
    code: text().notNull(),
    region: text().notNull(),
    address: text().notNull().default(''),
    phone: text().notNull().default(''),
    managerAdminId: integer().references((): AnyPgColumn => admins.id, { onDelete: 'set null' }),
    status: text({ enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    ...timestamps,
    version: version(),
  },
  (t) => [uniqueIndex('branches_code_key').on(t.code), index('branches_status_idx').on(t.status)],
);
