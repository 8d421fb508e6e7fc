import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { tstz } from './columns';

/**
 * 허용 네트워크 (docs/SECURITY.md#network-rules): a CIDR allowed to one role or to one admin — exactly one of the two.
 */
export const networkRules = pgTable(
  'network_rules',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    cidr: text().notNull(),
    role: text(),
    adminId: integer().references(() => admins.id, { onDelete: 'cascade' }),
    memo: text().notNull().default(''),
    createdByAdminId: integer().references(() => admins.id, { onDelete: 'set null' }),
    createdAt: tstz().notNull().defaultNow(),
    updatedAt: tstz().notNull().defaultNow(),
    version: integer().notNull().default(1),
  },
  (t) => [check('network_rules_one_target', sql`(${t.role} IS NULL) <> (${t.adminId} IS NULL)`)],
);
