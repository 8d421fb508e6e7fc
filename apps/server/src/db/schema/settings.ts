import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

export const settings = pgTable('settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: tstz().notNull().defaultNow(),
  updatedBy: integer(),
});
