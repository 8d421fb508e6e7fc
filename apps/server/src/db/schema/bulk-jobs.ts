import { BULK_JOB_STATUSES, BULK_RESOURCES } from '@ilson/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { id, timestamps, tstz } from './columns';
import type { ImportRunActor } from './imports';

/**
 * One bulk action over a set of records (docs/bulk-actions.md). The set is fixed when the job starts
 * (`bulk_job_items`), so "조건에 맞는 전체 N건" is exactly those N even if records change meanwhile; the job then goes
 * through them a page at a time like an import's run (runner token, heartbeat, taken over when its process stops).
 */
export const bulkJobs = pgTable(
  'bulk_jobs',
  {
    id: id(),
    resource: text({ enum: BULK_RESOURCES }).notNull(),
    action: text().notNull(),
    /** The action's inputs: reason, branch. */
    params: jsonb().$type<{ reason?: string; branchId?: number }>().notNull(),
    /** What the job goes through, as the screen and the access log show it. */
    scope: text().notNull(),
    status: text({ enum: BULK_JOB_STATUSES }).notNull().default('running'),
    total: integer().notNull().default(0),
    processed: integer().notNull().default(0),
    succeeded: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    cursor: integer().notNull().default(0),
    cancelRequested: boolean().notNull().default(false),
    runnerToken: text(),
    heartbeatAt: tstz(),
    runActor: jsonb().$type<ImportRunActor>().notNull(),
    failure: text(),
    scopeBranchIds: integer().array(),
    createdBy: integer().references(() => admins.id, { onDelete: 'set null' }),
    finishedAt: tstz(),
    ...timestamps,
  },
  (t) => [index('bulk_jobs_running_idx').on(t.heartbeatAt).where(sql`status = 'running'`)],
);

/** The records of a job in the order it goes through them, and what happened to each. */
export const bulkJobItems = pgTable(
  'bulk_job_items',
  {
    jobId: integer()
      .notNull()
      .references(() => bulkJobs.id, { onDelete: 'cascade' }),
    seq: integer().notNull(),
    recordId: integer().notNull(),
    status: text({ enum: ['pending', 'ok', 'failed'] })
      .notNull()
      .default('pending'),
    code: text(),
    message: text(),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.seq] }),
    index('bulk_job_items_failed_idx').on(t.jobId, t.seq).where(sql`status = 'failed'`),
  ],
);
