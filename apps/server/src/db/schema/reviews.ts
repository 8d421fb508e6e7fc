import { REVIEW_STATUSES, REVIEWER_TYPES } from '@ilson/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { branches } from './branches';
import { id, timestamps, tstz, version } from './columns';
import { employers } from './employers';
import { matchings } from './matchings';
import { workers } from './workers';

const live = sql`deleted_at IS NULL`;

/**
 * 리뷰 of a working or completed matching, one per matching and reviewer type. Employer, worker and branch
 * are the matching's (which never change), copied so lists filter and scope without joining it.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    matchingId: integer()
      .notNull()
      .references(() => matchings.id, { onDelete: 'restrict' }),
    reviewerType: text({ enum: REVIEWER_TYPES }).notNull(),
    employerId: integer()
      .notNull()
      .references(() => employers.id, { onDelete: 'restrict' }),
    workerId: integer()
      .notNull()
      .references(() => workers.id, { onDelete: 'restrict' }),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'restrict' }),
    rating: integer().notNull(),
    content: text().notNull(),
    reportCount: integer().notNull().default(0),
    status: text({ enum: REVIEW_STATUSES }).notNull().default('pending'),
    moderationReason: text(),
    moderatedBy: integer().references(() => admins.id, { onDelete: 'set null' }),
    moderatedAt: tstz(),
    createdBy: integer().references(() => admins.id, { onDelete: 'set null' }),
    ...timestamps,
    version: version(),
    deletedAt: tstz(),
  },
  (t) => [
    check('reviews_rating_check', sql`${t.rating} BETWEEN 1 AND 5`),
    check('reviews_report_count_check', sql`${t.reportCount} >= 0`),
    uniqueIndex('reviews_matching_reviewer_key').on(t.matchingId, t.reviewerType).where(live),
    // Plain ascending (…, created_at, id) serves both orders by a forward or backward scan.
    index('reviews_created_idx').on(t.createdAt, t.id).where(live),
    index('reviews_status_created_idx').on(t.status, t.createdAt, t.id).where(live),
    index('reviews_branch_created_idx').on(t.branchId, t.createdAt, t.id).where(live),
    index('reviews_reviewer_type_created_idx').on(t.reviewerType, t.createdAt, t.id).where(live),
    index('reviews_rating_created_idx').on(t.rating, t.createdAt, t.id).where(live),
    index('reviews_report_count_created_idx').on(t.reportCount, t.createdAt, t.id).where(live),
    // The moderation queue, oldest first: exactly its WHERE, so the queue reads this index alone.
    index('reviews_queue_idx')
      .on(t.createdAt, t.id)
      .where(sql`deleted_at IS NULL AND (status = 'pending' OR (status = 'published' AND report_count > 0))`),
    index('reviews_employer_idx').on(t.employerId),
    index('reviews_worker_idx').on(t.workerId),
    index('reviews_moderated_by_idx').on(t.moderatedBy),
    index('reviews_created_by_idx').on(t.createdBy),
  ],
);
