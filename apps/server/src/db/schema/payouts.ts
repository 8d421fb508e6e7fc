import { PAYOUT_METHODS, PAYOUT_STATUSES, PAYOUT_TYPES } from '@ilson/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { id, timestamps, tstz, version } from './columns';
import { employers } from './employers';
import { matchings } from './matchings';
import { workers } from './workers';

/** The day a payout falls on for date filters: its scheduled date, else the Seoul day it was registered. */
export const payoutDay = (t: { scheduledDate: AnyPgColumn; createdAt: AnyPgColumn }) =>
  sql`coalesce(${t.scheduledDate}, (${t.createdAt} AT TIME ZONE 'Asia/Seoul')::date)`;

/**
 * 정산. Amounts in won (bigint: up to 100억). The account number is never stored in plaintext:
 * AES-256-GCM ciphertext, a keyed hash for exact search and the masked form (last four digits).
 * The branch is the employer's: `employerBranchId` is a copy of it, for the branch filter and scope to read one
 * index (docs/domain-integrity.md#copies-kept-by-the-database). A trigger fills it when a payout is written without
 * it or is moved to another employer, and a foreign key on (employer, branch) both refuses a wrong copy and carries
 * an employer's move to its payouts (ON UPDATE CASCADE); the column is NOT NULL in the database (migration 0026),
 * declared here without, so inserts need not name it.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    matchingId: integer().references(() => matchings.id, { onDelete: 'restrict' }),
    employerId: integer()
      .notNull()
      .references(() => employers.id, { onDelete: 'restrict' }),
    employerBranchId: integer(),
    workerId: integer().references(() => workers.id, { onDelete: 'restrict' }),
    type: text({ enum: PAYOUT_TYPES }).notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    vat: bigint({ mode: 'number' }).notNull().default(0),
    method: text({ enum: PAYOUT_METHODS }).notNull().default('bank_transfer'),
    bankName: text().notNull().default(''),
    accountNoEnc: text(),
    accountNoHash: text(),
    accountNoMasked: text(),
    accountHolder: text().notNull().default(''),
    scheduledDate: date({ mode: 'string' }),
    paidAt: tstz(),
    memo: text().notNull().default(''),
    status: text({ enum: PAYOUT_STATUSES }).notNull().default('pending'),
    statusReason: text(),
    statusChangedAt: tstz(),
    createdBy: integer().references(() => admins.id, { onDelete: 'set null' }),
    /** Who last changed its amount, account or payee: that admin may not approve it (maker–checker). */
    lastEditedBy: integer().references(() => admins.id, { onDelete: 'set null' }),
    ...timestamps,
    version: version(),
    /**
     * A super admin's legal basis for a fee whose placement the law gives to the public service (E-9, E-8;
     * docs/law-as-data.md#fees): the note, who recorded it and when.
     */
    legalBasisNote: text(),
    legalBasisBy: integer().references(() => admins.id, { onDelete: 'set null' }),
    legalBasisAt: tstz(),
    /** When the payee's account and the free text were destroyed at the end of its retention (docs/privacy-lifecycle.md). */
    destroyedAt: tstz(),
  },
  (t) => [
    check(
      'payouts_destroyed_check',
      sql`${t.destroyedAt} IS NULL OR (${t.accountNoEnc} IS NULL AND ${t.accountNoHash} IS NULL
        AND ${t.accountNoMasked} IS NULL AND ${t.accountHolder} = '' AND ${t.memo} = '' AND ${t.statusReason} IS NULL)`,
    ),
    // A basis is a note with its time; whoever recorded it (kept unless the admin row goes) wrote a note.
    check(
      'payouts_legal_basis_check',
      sql`(${t.legalBasisNote} IS NULL AND ${t.legalBasisBy} IS NULL AND ${t.legalBasisAt} IS NULL)
        OR (${t.legalBasisNote} IS NOT NULL AND btrim(${t.legalBasisNote}) <> '' AND ${t.legalBasisAt} IS NOT NULL)`,
    ),
    check('payouts_amounts_check', sql`${t.amount} > 0 AND ${t.vat} >= 0`),
    // Plain ascending (…, id) serves both orders by a forward or backward scan.
    index('payouts_created_idx').on(t.createdAt, t.id),
    // These four also carry the columns the list's sums read (INCLUDE, migrations 0025 and 0026, which Drizzle
    // cannot declare): docs/performance.md#payout-sums-from-the-index.
    index('payouts_status_created_idx').on(t.status, t.createdAt, t.id),
    index('payouts_type_created_idx').on(t.type, t.createdAt, t.id),
    index('payouts_employer_created_idx').on(t.employerId, t.createdAt, t.id),
    index('payouts_branch_created_idx').on(t.employerBranchId, t.createdAt, t.id),
    foreignKey({
      name: 'payouts_employer_branch_fk',
      columns: [t.employerId, t.employerBranchId],
      foreignColumns: [employers.id, employers.branchId],
    })
      .onUpdate('cascade')
      .onDelete('restrict'),
    index('payouts_day_idx').on(payoutDay(t), t.id),
    index('payouts_scheduled_idx').on(t.scheduledDate, t.id),
    index('payouts_paid_idx').on(t.paidAt, t.id),
    index('payouts_amount_idx').on(t.amount, t.id),
    index('payouts_matching_idx').on(t.matchingId),
    // One fee per matching (a cancelled one aside).
    uniqueIndex('payouts_matching_fee_key')
      .on(t.matchingId)
      .where(sql`type = 'matching_fee' AND status <> 'cancelled'`),
    index('payouts_worker_idx').on(t.workerId),
    index('payouts_account_no_hash_idx').on(t.accountNoHash),
    index('payouts_created_by_idx').on(t.createdBy),
  ],
);
