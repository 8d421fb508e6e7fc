import {
  type Certification,
  type Education,
  type LanguageSkill,
  RESUME_STATUSES,
  RESUME_VISIBILITIES,
  type Reference,
  type WorkExperience,
} from '@ilson/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestamps, tstz, version } from './columns';
import { workers } from './workers';

const live = sql`deleted_at IS NULL`;

/** 이력서 (docs/DOMAIN.md#records). A worker may have several; the branch scope is the worker's branch. */
export const resumes = pgTable(
  'resumes',
  {
    id: id(),
    workerId: integer()
      .notNull()
      .references(() => workers.id, { onDelete: 'restrict' }),
    workExperience: jsonb().$type<WorkExperience[]>().notNull().default([]),
    educationHistory: jsonb().$type<Education[]>().notNull().default([]),
    languageSkills: jsonb().$type<LanguageSkill[]>().notNull().default([]),
    certifications: jsonb().$type<Certification[]>().notNull().default([]),
    skills: text().array().notNull().default(sql`'{}'`),
    references: jsonb().$type<Reference[]>().notNull().default([]),
    viewsCount: integer().notNull().default(0),
    lastViewedAt: tstz(),
    status: text({ enum: RESUME_STATUSES }).notNull().default('draft'),
    statusReason: text(),
    visibility: text({ enum: RESUME_VISIBILITIES }).notNull().default('employers'),
    ...timestamps,
    version: version(),
    deletedAt: tstz(),
    /**
     * Went to the trash with its worker (docs/undo-and-trash.md, 휴지통): the worker's restore brings back these
     * and not the resumes deleted on their own before. Cleared when it comes back.
     */
    deletedWithWorker: boolean().notNull().default(false),
    /**
     * Copies of the worker's branch and nationality, kept by triggers (migration 0010): the lists filter and scope
     * resumes by them, and an index on resumes alone serves that without probing workers row by row.
     * Never written by the application.
     */
    workerBranchId: integer(),
    workerNationality: text(),
    /** When its contents were destroyed with its worker's personal data (docs/privacy-lifecycle.md). */
    destroyedAt: tstz(),
  },
  (t) => [
    check(
      'resumes_destroyed_check',
      sql`${t.destroyedAt} IS NULL OR (${t.workExperience} = '[]'::jsonb AND ${t.educationHistory} = '[]'::jsonb
        AND ${t.languageSkills} = '[]'::jsonb AND ${t.certifications} = '[]'::jsonb AND ${t.skills} = '{}'
        AND ${t.references} = '[]'::jsonb AND ${t.statusReason} IS NULL)`,
    ),
    index('resumes_updated_idx').on(t.updatedAt, t.id).where(live),
    index('resumes_created_idx').on(t.createdAt, t.id).where(live),
    index('resumes_status_updated_idx').on(t.status, t.updatedAt, t.id).where(live),
    index('resumes_visibility_updated_idx').on(t.visibility, t.updatedAt, t.id).where(live),
    index('resumes_views_idx').on(t.viewsCount, t.id).where(live),
    index('resumes_last_viewed_idx').on(t.lastViewedAt, t.id).where(live),
    // A worker's resumes, deleted ones included (the restore list).
    index('resumes_worker_idx').on(t.workerId, t.updatedAt, t.id),
    index('resumes_branch_updated_idx').on(t.workerBranchId, t.updatedAt, t.id).where(live),
    index('resumes_nationality_updated_idx').on(t.workerNationality, t.updatedAt, t.id).where(live),
    index('resumes_deleted_idx').on(t.deletedAt, t.id).where(sql`deleted_at IS NOT NULL`),
  ],
);
