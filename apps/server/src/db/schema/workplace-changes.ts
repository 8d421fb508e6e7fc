import { WORKPLACE_CHANGE_CAUSES } from '@ilson/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { id, timestamps, tstz, version } from './columns';
import { employers } from './employers';
import { workers } from './workers';

/**
 * 사업장 변경 of a worker (외국인고용법 제25조; docs/law-as-data.md#workplace-changes): when it was asked for, whether
 * the employer caused it, the 고용센터's approval. The approved ones not caused by the employer count against the
 * limit the rule engine applies (docs/DOMAIN.md#invariants, I-29). Deleted ones stay, marked.
 */
export const workerWorkplaceChanges = pgTable(
  'worker_workplace_changes',
  {
    id: id(),
    workerId: integer()
      .notNull()
      .references(() => workers.id, { onDelete: 'restrict' }),
    requestDate: date({ mode: 'string' }).notNull(),
    cause: text({ enum: WORKPLACE_CHANGE_CAUSES }).notNull(),
    approved: boolean().notNull().default(false),
    approvalDate: date({ mode: 'string' }),
    approvalNo: text(),
    fromEmployerId: integer().references(() => employers.id, { onDelete: 'restrict' }),
    note: text().notNull().default(''),
    createdByAdminId: integer().references(() => admins.id, { onDelete: 'set null' }),
    ...timestamps,
    version: version(),
    deletedAt: tstz(),
  },
  (t) => [
    index('worker_workplace_changes_worker_idx').on(t.workerId, t.requestDate).where(sql`deleted_at IS NULL`),
    check('worker_workplace_changes_cause_check', sql`${t.cause} IN ('worker_request', 'employer_caused')`),
    // Approved: with its date, on or after the request; not approved: no date and no number.
    check(
      'worker_workplace_changes_approval_check',
      sql`(${t.approved} AND ${t.approvalDate} IS NOT NULL AND ${t.approvalDate} >= ${t.requestDate})
        OR (NOT ${t.approved} AND ${t.approvalDate} IS NULL AND ${t.approvalNo} IS NULL)`,
    ),
  ],
);
