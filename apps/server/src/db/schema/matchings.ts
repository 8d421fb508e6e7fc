import {
  INDUSTRIES,
  MATCHING_SOURCES,
  MATCHING_STATUSES,
  ONE_EMPLOYER_VISAS,
  SALARY_TYPES,
  VISA_TYPES,
} from '@ilson/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { branches } from './branches';
import { id, timestamps, tstz, version } from './columns';
import { employers } from './employers';
import { jobPosts } from './job-posts';
import { resumes } from './resumes';
import { workers } from './workers';

/** The one-job index's predicate: engaged, of a visa a one-employer row binds (the contracts' list, not restated). */
const ENGAGED_ONE_EMPLOYER = sql.raw(
  `status IN ('contracted', 'working') AND worker_visa_type IN (${ONE_EMPLOYER_VISAS.map((v) => `'${v}'`).join(', ')})`,
);

/**
 * 매칭. Employer and branch come from the post; the worker's nationality and visa and the post's industry
 * are taken when the matching is made (the statistics and filters count what was true then).
 */
export const matchings = pgTable(
  'matchings',
  {
    id: id(),
    jobPostId: integer()
      .notNull()
      .references(() => jobPosts.id, { onDelete: 'restrict' }),
    employerId: integer()
      .notNull()
      .references(() => employers.id, { onDelete: 'restrict' }),
    workerId: integer()
      .notNull()
      .references(() => workers.id, { onDelete: 'restrict' }),
    resumeId: integer().references(() => resumes.id, { onDelete: 'set null' }),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'restrict' }),
    source: text({ enum: MATCHING_SOURCES }).notNull().default('admin'),
    managerAdminId: integer().references(() => admins.id, { onDelete: 'set null' }),
    workerNationality: text().notNull(),
    workerVisaType: text({ enum: VISA_TYPES }),
    industry: text({ enum: INDUSTRIES }).notNull(),
    interviewAt: tstz(),
    contractDate: date({ mode: 'string' }),
    startDate: date({ mode: 'string' }),
    endDate: date({ mode: 'string' }),
    agreedSalaryType: text({ enum: SALARY_TYPES }),
    agreedSalaryAmount: integer(),
    feeAmount: integer(),
    memo: text().notNull().default(''),
    cancelReason: text(),
    overrideReason: text(),
    /** Warning codes an admin overrode when the matching was made: a later check does not ask again. */
    overriddenWarnings: text().array().notNull().default(sql`'{}'`),
    status: text({ enum: MATCHING_STATUSES }).notNull().default('proposed'),
    statusChangedAt: tstz(),
    ...timestamps,
    version: version(),
    /** When its free text was destroyed at the end of its retention (docs/privacy-lifecycle.md). */
    destroyedAt: tstz(),
  },
  (t) => [
    check(
      'matchings_destroyed_check',
      sql`${t.destroyedAt} IS NULL OR (${t.memo} = '' AND ${t.cancelReason} IS NULL AND ${t.overrideReason} IS NULL)`,
    ),
    // A worker of a one-employer visa (E-9, E-8, E-10, H-2, E-7: law/visas.ts ONE_EMPLOYER_ROWS, the visa the
    // matching took) is contracted or working in one matching at a time: two requests contracting the same worker
    // at once cannot both win; an F-5 worker may hold two jobs (docs/law-as-data.md#visas, migration 0042).
    uniqueIndex('matchings_worker_engaged_key').on(t.workerId).where(ENGAGED_ONE_EMPLOYER),
    // The dates each status must have; "on or before today" is the service's part.
    check(
      'matchings_start_date_check',
      sql`status NOT IN ('contracted', 'working', 'completed', 'terminated') OR start_date IS NOT NULL`,
    ),
    check('matchings_end_date_check', sql`status NOT IN ('completed', 'terminated') OR end_date IS NOT NULL`),
    check(
      'matchings_dates_order_check',
      sql`end_date IS NULL OR start_date IS NULL OR end_date >= start_date`,
    ),
    // One open matching per worker and post.
    uniqueIndex('matchings_open_pair_key')
      .on(t.jobPostId, t.workerId)
      .where(sql`status IN ('proposed', 'interview', 'accepted', 'contracted', 'working')`),
    index('matchings_created_idx').on(t.createdAt, t.id),
    index('matchings_status_created_idx').on(t.status, t.createdAt, t.id),
    index('matchings_branch_created_idx').on(t.branchId, t.createdAt, t.id),
    index('matchings_employer_created_idx').on(t.employerId, t.createdAt, t.id),
    index('matchings_job_post_created_idx').on(t.jobPostId, t.createdAt, t.id),
    index('matchings_worker_created_idx').on(t.workerId, t.createdAt, t.id),
    index('matchings_nationality_created_idx').on(t.workerNationality, t.createdAt, t.id),
    index('matchings_visa_created_idx').on(t.workerVisaType, t.createdAt, t.id),
    index('matchings_start_date_idx').on(t.startDate, t.id),
    index('matchings_contract_date_idx').on(t.contractDate, t.id),
    // Sorted by status, the column then the id (docs/performance.md#sorted-lists).
    index('matchings_status_idx').on(t.status, t.id),
    index('matchings_resume_idx').on(t.resumeId),
    index('matchings_manager_idx').on(t.managerAdminId),
  ],
);

/** Every status change of a matching: the detail's timeline, and what the statistics count contracts by. */
export const matchingStatusHistory = pgTable(
  'matching_status_history',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    matchingId: integer()
      .notNull()
      .references(() => matchings.id, { onDelete: 'cascade' }),
    fromStatus: text({ enum: MATCHING_STATUSES }),
    toStatus: text({ enum: MATCHING_STATUSES }).notNull(),
    reason: text(),
    changedAt: tstz().notNull().defaultNow(),
    changedBy: integer().references(() => admins.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('matching_status_history_matching_idx').on(t.matchingId, t.toStatus),
    // Also carries matching_id (INCLUDE, migration 0029, which Drizzle cannot declare): the dashboard's contracts by
    // month are counted from the index alone (docs/performance.md#contracts-by-month-from-the-index).
    index('matching_status_history_to_changed_idx').on(t.toStatus, t.changedAt),
  ],
);
