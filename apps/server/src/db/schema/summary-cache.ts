import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

/**
 * Aggregates that cost more than a request may (the dashboard, visa buckets, matching statistics, payout totals
 * over a million rows), kept for a short time and shared by every API process. `refreshingUntil` is the claim of
 * the one request recomputing a stale entry; the others answer with the stale one meanwhile.
 */
export const summaryCache = pgTable('summary_cache', {
  key: text().primaryKey(),
  payload: jsonb().notNull(),
  computedAt: tstz().notNull(),
  refreshingUntil: tstz(),
});
