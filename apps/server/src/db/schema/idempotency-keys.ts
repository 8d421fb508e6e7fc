import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    adminId: integer().notNull(),
    key: text().notNull(),
    method: text().notNull(),
    path: text().notNull(),
    requestHash: text().notNull(),
    statusCode: integer(),
    responseBody: text(),
    createdAt: tstz().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.key] })],
);
