import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

/** Counters shared by every API process (login attempts per IP). */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  count: integer().notNull(),
  windowStart: tstz().notNull(),
});
