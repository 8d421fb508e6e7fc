import {
  DUTIES,
  EMPLOYMENT_TYPES,
  INDUSTRIES,
  JOB_POST_STATUSES,
  KOREAN_LEVELS,
  MEAL_OPTIONS,
  SALARY_TYPES,
  VISA_TYPES,
  WEEKDAYS,
} from '@ilson/contracts';
import { sql } from 'drizzle-orm';
import { boolean, date, foreignKey, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { branches } from './branches';
import { id, timestamps, tstz, version } from './columns';
import { employers } from './employers';

const live = sql`deleted_at IS NULL`;

/**
 * 채용공고. The branch is the employer's, taken when the post is made. An active post past its deadline
 * reads as closed at once; a scheduled job stores the change.
 *
 * `employerCompanyName` is a copy of the employer's name, so that the search box finds a post by its title or its
 * employer's name with two trigram indexes of this table (docs/domain-integrity.md#copies-kept-by-the-database).
 * Kept by the database as a payout's copy of its employer's branch is: a foreign key on (employer, name) refuses a
 * wrong copy and carries a rename (ON UPDATE CASCADE), triggers fill it; NOT NULL in the database (migration 0027),
 * declared here without, so inserts need not name it.
 */
export const jobPosts = pgTable(
  'job_posts',
  {
    id: id(),
    employerId: integer()
      .notNull()
      .references(() => employers.id, { onDelete: 'restrict' }),
    employerCompanyName: text(),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'restrict' }),
    title: text().notNull(),
    industry: text({ enum: INDUSTRIES }).notNull(),
    /** The duty (직무) within the industry; the visa tables permit some visas only in named duties (law/visas.ts). */
    duty: text({ enum: DUTIES }).notNull().default('general'),
    jobDescription: text().notNull(),
    isSimpleLabour: boolean().notNull().default(true),
    headcount: integer().notNull(),
    /** Contracted and working matchings of the post, kept by the matchings module. */
    filledCount: integer().notNull().default(0),
    region: text().notNull(),
    zipCode: text().notNull().default(''),
    workAddress: text().notNull(),
    employmentType: text({ enum: EMPLOYMENT_TYPES }).notNull(),
    contractMonths: integer(),
    workDays: text({ enum: WEEKDAYS }).array().notNull(),
    /** `HH:mm`. */
    workStartTime: text().notNull(),
    workEndTime: text().notNull(),
    breakMinutes: integer().notNull().default(60),
    salaryType: text({ enum: SALARY_TYPES }).notNull(),
    salaryAmount: integer().notNull(),
    dormitoryProvided: boolean().notNull().default(false),
    mealProvided: text({ enum: MEAL_OPTIONS }).notNull().default('none'),
    allowedVisaTypes: text({ enum: VISA_TYPES }).array().notNull(),
    requiredKoreanLevel: text({ enum: KOREAN_LEVELS }).notNull().default('none'),
    deadline: date({ mode: 'string' }),
    viewCount: integer().notNull().default(0),
    status: text({ enum: JOB_POST_STATUSES }).notNull().default('draft'),
    rejectReason: text(),
    statusReason: text(),
    statusChangedAt: tstz(),
    publishedAt: tstz(),
    closedAt: tstz(),
    createdBy: integer().references(() => admins.id, { onDelete: 'set null' }),
    ...timestamps,
    version: version(),
    deletedAt: tstz(),
  },
  (t) => [
    // Plain ascending (col, id) serves both sort orders by a forward or backward scan.
    index('job_posts_created_idx').on(t.createdAt, t.id).where(live),
    // The trash: deleted rows only, newest deletion first (docs/performance.md#sorted-lists).
    index('job_posts_deleted_idx').on(t.deletedAt, t.id).where(sql`deleted_at IS NOT NULL`),
    index('job_posts_status_created_idx').on(t.status, t.createdAt, t.id).where(live),
    index('job_posts_employer_created_idx').on(t.employerId, t.createdAt, t.id).where(live),
    index('job_posts_branch_created_idx').on(t.branchId, t.createdAt, t.id).where(live),
    index('job_posts_industry_created_idx').on(t.industry, t.createdAt, t.id).where(live),
    index('job_posts_salary_type_created_idx').on(t.salaryType, t.createdAt, t.id).where(live),
    index('job_posts_deadline_idx').on(t.deadline, t.id).where(live),
    index('job_posts_title_idx').on(t.title, t.id).where(live),
    foreignKey({
      name: 'job_posts_employer_name_fk',
      columns: [t.employerId, t.employerCompanyName],
      foreignColumns: [employers.id, employers.companyName],
    })
      .onUpdate('cascade')
      .onDelete('restrict'),
    index('job_posts_salary_amount_idx').on(t.salaryAmount, t.id).where(live),
    index('job_posts_published_idx').on(t.publishedAt, t.id).where(live),
    // `allowed_visa_types @> ARRAY['E-9']` for the visa filter.
    index('job_posts_allowed_visa_types_idx').using('gin', t.allowedVisaTypes).where(live),
    // The closing job's scan: active posts by deadline.
    index('job_posts_active_deadline_idx')
      .on(t.deadline)
      .where(sql`status = 'active' AND deleted_at IS NULL`),
  ],
);
