import { BIZ_ENTITY_TYPES, EMPLOYER_STATUSES, INDUSTRIES } from '@ilson/contracts';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { branches } from './branches';
import { id, timestamps, tstz, version } from './columns';

const live = sql`deleted_at IS NULL`;

/** 사업주. Soft-deleted (deletedAt) so their history stays; a deleted one frees its business number. */
export const employers = pgTable(
  'employers',
  {
    id: id(),
    companyName: text().notNull(),
    /** 10 digits, no dashes. */
    businessRegNo: text().notNull(),
    ceoName: text().notNull(),
    openingDate: date({ mode: 'string' }),
    bizEntityType: text({ enum: BIZ_ENTITY_TYPES }).notNull(),
    industry: text({ enum: INDUSTRIES }).notNull(),
    region: text().notNull(),
    zipCode: text().notNull(),
    roadAddress: text().notNull(),
    addressDetail: text().notNull().default(''),
    phone: text().notNull(),
    email: text().notNull().default(''),
    managerName: text().notNull().default(''),
    managerPhone: text().notNull().default(''),
    employeeCount: integer().notNull().default(0),
    foreignWorkerCount: integer().notNull().default(0),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'restrict' }),
    adminMemo: text().notNull().default(''),
    status: text({ enum: EMPLOYER_STATUSES }).notNull().default('pending'),
    statusReason: text(),
    statusChangedAt: tstz(),
    approvedAt: tstz(),
    approvedBy: integer().references(() => admins.id, { onDelete: 'set null' }),
    /** The import batch and file row that created it (docs/imports.md); null when entered by hand. */
    importBatchId: integer(),
    importRowNo: integer(),
    ...timestamps,
    version: version(),
    deletedAt: tstz(),
    /**
     * When the people in it were destroyed at the end of its retention (docs/privacy-lifecycle.md): the
     * representative's and the manager's names and contacts, the address detail and free text. The company, its
     * business number, region and road address stay: they describe the business, not a person.
     */
    destroyedAt: tstz(),
  },
  (t) => [
    check(
      'employers_destroyed_check',
      sql`${t.destroyedAt} IS NULL OR (${t.ceoName} = '파기됨' AND ${t.phone} = '' AND ${t.email} = ''
        AND ${t.managerName} = '' AND ${t.managerPhone} = '' AND ${t.addressDetail} = '' AND ${t.adminMemo} = ''
        AND ${t.statusReason} IS NULL)`,
    ),
    uniqueIndex('employers_business_reg_no_key').on(t.businessRegNo).where(live),
    // Plain ascending (created_at, id) serves ORDER BY created_at DESC, id DESC by a backward scan.
    index('employers_created_idx').on(t.createdAt, t.id).where(live),
    index('employers_branch_created_idx').on(t.branchId, t.createdAt, t.id).where(live),
    index('employers_status_created_idx').on(t.status, t.createdAt, t.id).where(live),
    index('employers_industry_created_idx').on(t.industry, t.createdAt, t.id).where(live),
    index('employers_region_created_idx').on(t.region, t.createdAt, t.id).where(live),
    index('employers_company_name_idx').on(t.companyName, t.id).where(live),
    // The list's other sorts, the column then the id (docs/performance.md#sorted-lists).
    index('employers_status_idx').on(t.status, t.id).where(live),
    index('employers_approved_at_idx').on(t.approvedAt, t.id).where(live),
    // The trash: deleted rows only, newest deletion first (docs/performance.md#sorted-lists).
    index('employers_deleted_idx').on(t.deletedAt, t.id).where(sql`deleted_at IS NOT NULL`),
    index('employers_approved_by_idx').on(t.approvedBy),
    // Not partial: payouts and other records find "the employers of branch X" deleted ones included.
    index('employers_branch_idx').on(t.branchId),
    // What a payout's copy of its employer's branch refers to, so that the copy follows the employer (payouts.ts).
    unique('employers_id_branch_key').on(t.id, t.branchId),
    // The same for a job post's copy of its employer's name (job-posts.ts).
    unique('employers_id_company_name_key').on(t.id, t.companyName),
    index('employers_import_batch_idx').on(t.importBatchId).where(sql`import_batch_id IS NOT NULL`),
  ],
);
