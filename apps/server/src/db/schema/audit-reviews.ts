import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { id, tstz } from './columns';

/**
 * 월간 접속기록 점검 (안전성 확보조치 기준 §8): who reviewed which month's access log, when, what they found
 * and what was done. Append-only like the log itself (a trigger refuses UPDATE and DELETE): a correction is
 * a new record.
 */
export const auditReviews = pgTable(
  'audit_reviews',
  {
    id: id(),
    /** The month reviewed, `YYYY-MM`. */
    period: text().notNull(),
    reviewerAdminId: integer()
      .notNull()
      .references(() => admins.id, { onDelete: 'restrict' }),
    reviewedAt: date({ mode: 'string' }).notNull(),
    findings: text().notNull(),
    actionsTaken: text().notNull().default(''),
    createdAt: tstz().notNull().defaultNow(),
  },
  (t) => [
    index('audit_reviews_period_idx').on(t.period.desc(), t.id.desc()),
    check('audit_reviews_period_check', sql`${t.period} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);
