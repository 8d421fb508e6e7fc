import { ACCESS_FINDING_KINDS } from '@ilson/contracts';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
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

/**
 * 점검 결과 확인 (docs/privacy-lifecycle.md#access-review): an automatic finding of a month's review — one kind
 * for one admin in one month — acknowledged with a note, never by the admin it is about. Append-only like the
 * review records; a finding is acknowledged once per round, and a reopening (audit_finding_reopens) starts the next.
 */
export const auditFindingAcks = pgTable(
  'audit_finding_acks',
  {
    id: id(),
    period: text().notNull(),
    kind: text({ enum: ACCESS_FINDING_KINDS }).notNull(),
    /** The admin the finding is about. */
    subjectAdminId: integer()
      .notNull()
      .references(() => admins.id, { onDelete: 'restrict' }),
    note: text().notNull(),
    acknowledgedByAdminId: integer()
      .notNull()
      .references(() => admins.id, { onDelete: 'restrict' }),
    /** 1 for the first acknowledgement; each reopening lets the next round be acknowledged. */
    round: integer().notNull().default(1),
    createdAt: tstz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('audit_finding_acks_key').on(t.period, t.kind, t.subjectAdminId, t.round),
    // Maker–checker: the admin a finding is about does not acknowledge it (NOT VALID in 0034: rows before it stay).
    check('audit_finding_acks_not_own_check', sql`${t.acknowledgedByAdminId} <> ${t.subjectAdminId}`),
    check('audit_finding_acks_period_check', sql`${t.period} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('audit_finding_acks_note_check', sql`btrim(${t.note}) <> ''`),
    check(
      'audit_finding_acks_kind_check',
      sql`${t.kind} IN ('volume', 'off_hours', 'vague_export_reason', 'new_ip')`,
    ),
  ],
);

/**
 * 점검 결과 재검토 (docs/privacy-lifecycle.md#access-review): an acknowledgement taken back by a super admin, with a
 * reason; the finding reads as open again. Append-only; an acknowledgement is reopened once.
 */
export const auditFindingReopens = pgTable(
  'audit_finding_reopens',
  {
    id: id(),
    ackId: integer()
      .notNull()
      .references(() => auditFindingAcks.id, { onDelete: 'restrict' }),
    reason: text().notNull(),
    reopenedByAdminId: integer()
      .notNull()
      .references(() => admins.id, { onDelete: 'restrict' }),
    createdAt: tstz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('audit_finding_reopens_ack_key').on(t.ackId),
    check('audit_finding_reopens_reason_check', sql`btrim(${t.reason}) <> ''`),
  ],
);
