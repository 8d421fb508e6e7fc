import {
  PRIVACY_REQUEST_CHANNELS,
  PRIVACY_REQUEST_KINDS,
  PRIVACY_REQUEST_STATUSES,
  PRIVACY_SUBJECT_TYPES,
} from '@ilson/contracts';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { id, timestamps, tstz, version } from './columns';

/**
 * 정보주체 요청 (docs/privacy-lifecycle.md#data-subject-requests): a worker's or an app user's request to see,
 * correct, delete or stop the processing of their data, due ten Seoul days after it arrived.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: id(),
    subjectType: text({ enum: PRIVACY_SUBJECT_TYPES }).notNull(),
    subjectId: integer().notNull(),
    kind: text({ enum: PRIVACY_REQUEST_KINDS }).notNull(),
    channel: text({ enum: PRIVACY_REQUEST_CHANNELS }).notNull(),
    receivedAt: date({ mode: 'string' }).notNull(),
    dueDate: date({ mode: 'string' }).notNull(),
    details: text().notNull().default(''),
    status: text({ enum: PRIVACY_REQUEST_STATUSES }).notNull().default('received'),
    outcome: text().notNull().default(''),
    assigneeAdminId: integer().references(() => admins.id, { onDelete: 'set null' }),
    createdByAdminId: integer().references(() => admins.id, { onDelete: 'set null' }),
    completedAt: tstz(),
    ...timestamps,
    version: version(),
  },
  (t) => [
    check('privacy_requests_due_check', sql`${t.dueDate} = ${t.receivedAt} + 10`),
    // A closed request says what was done, and when.
    check(
      'privacy_requests_closed_check',
      sql`${t.status} NOT IN ('completed', 'rejected') OR (${t.outcome} <> '' AND ${t.completedAt} IS NOT NULL)`,
    ),
    index('privacy_requests_open_due_idx')
      .on(t.dueDate, t.id)
      .where(sql`status NOT IN ('completed', 'rejected')`),
    index('privacy_requests_created_idx').on(t.createdAt, t.id),
    index('privacy_requests_subject_idx').on(t.subjectType, t.subjectId),
  ],
);
