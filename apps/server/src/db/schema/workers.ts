import {
  EXTENSION_STATUSES,
  GENDERS,
  INDUSTRIES,
  KOREAN_LEVELS,
  STUDY_COURSES,
  VISA_STATUSES,
  VISA_TYPES,
  WORKER_STATUSES,
} from '@ilson/contracts';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { id, timestamps, tstz, version } from './columns';

const live = sql`deleted_at IS NULL`;
/** Who the visa-expiry board can show: live workers who have not departed (its indexes' predicate). */
const onVisaBoard = sql`deleted_at IS NULL AND status <> 'departed'`;

/**
 * 외국인 근로자. 외국인등록번호 and 여권번호 are never stored in plaintext: AES-256-GCM ciphertext (`*Enc`),
 * a keyed hash of the normalised value for exact search (`*Hash`) and the masked form replies show (`*Masked`).
 */
export const workers = pgTable(
  'workers',
  {
    id: id(),
    nameKo: text().notNull().default(''),
    firstName: text().notNull(),
    lastName: text().notNull(),
    gender: text({ enum: GENDERS }).notNull(),
    dateOfBirth: date({ mode: 'string' }).notNull(),
    nationality: text().notNull(),
    phoneNumber: text().notNull().default(''),
    emailAddress: text().notNull().default(''),
    alienRegNoEnc: text(),
    alienRegNoHash: text(),
    alienRegNoMasked: text(),
    passportNoEnc: text(),
    passportNoHash: text(),
    passportNoMasked: text(),
    passportExpiryDate: date({ mode: 'string' }),
    visaType: text({ enum: VISA_TYPES }).notNull(),
    visaStatus: text({ enum: VISA_STATUSES }).notNull().default('valid'),
    visaExpiryDate: date({ mode: 'string' }),
    entryDate: date({ mode: 'string' }),
    /** D-2/D-4: the course of study and the recorded 시간제취업허가 (law/visas.ts). */
    studyCourse: text({ enum: STUDY_COURSES }),
    partTimePermitNo: text(),
    partTimePermitWeeklyHours: integer(),
    partTimePermitValidFrom: date({ mode: 'string' }),
    partTimePermitValidTo: date({ mode: 'string' }),
    employmentPeriodEndDate: date({ mode: 'string' }),
    koreanLevel: text({ enum: KOREAN_LEVELS }).notNull().default('none'),
    desiredIndustries: text({ enum: INDUSTRIES }).array().notNull().default(sql`'{}'`),
    streetAddress: text().notNull().default(''),
    city: text().notNull().default(''),
    stateProvince: text().notNull().default(''),
    postalCode: text().notNull().default(''),
    country: text().notNull().default('KR'),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'restrict' }),
    adminMemo: text().notNull().default(''),
    status: text({ enum: WORKER_STATUSES }).notNull().default('seeking'),
    statusReason: text(),
    statusChangedAt: tstz(),
    extensionStatus: text({ enum: EXTENSION_STATUSES }).notNull().default('none'),
    extensionAppliedAt: date({ mode: 'string' }),
    extensionApprovedAt: date({ mode: 'string' }),
    /** The import batch and file row that created it (docs/imports.md); null when entered by hand. */
    importBatchId: integer(),
    importRowNo: integer(),
    ...timestamps,
    version: version(),
    deletedAt: tstz(),
    /** When its personal data was destroyed at the end of its retention (docs/privacy-lifecycle.md). */
    destroyedAt: tstz(),
  },
  (t) => [
    // A destroyed worker holds no personal data, whatever later writes it (docs/privacy-lifecycle.md#the-rule).
    check(
      'workers_destroyed_check',
      sql`${t.destroyedAt} IS NULL OR (${t.nameKo} = '파기됨' AND ${t.firstName} = '' AND ${t.lastName} = ''
        AND ${t.phoneNumber} = '' AND ${t.emailAddress} = '' AND ${t.alienRegNoEnc} IS NULL
        AND ${t.alienRegNoHash} IS NULL AND ${t.alienRegNoMasked} IS NULL AND ${t.passportNoEnc} IS NULL
        AND ${t.passportNoHash} IS NULL AND ${t.passportNoMasked} IS NULL AND ${t.passportExpiryDate} IS NULL
        AND ${t.streetAddress} = '' AND ${t.city} = '' AND ${t.stateProvince} = '' AND ${t.postalCode} = ''
        AND ${t.adminMemo} = '' AND ${t.statusReason} IS NULL
        AND extract(month FROM ${t.dateOfBirth}) = 1 AND extract(day FROM ${t.dateOfBirth}) = 1)`,
    ),
    // One person, one live worker (docs/DOMAIN.md#one-person-one-worker): each identifier at most once.
    uniqueIndex('workers_alien_reg_no_hash_key').on(t.alienRegNoHash).where(live),
    uniqueIndex('workers_passport_no_hash_key').on(t.passportNoHash).where(live),
    // The import's third identity key: name, birth date and nationality (docs/imports.md#duplicates).
    index('workers_identity_name_idx')
      .on(t.dateOfBirth, t.nationality, sql`upper(${t.lastName})`, sql`upper(${t.firstName})`)
      .where(live),
    // Plain ascending (created_at, id) serves ORDER BY created_at DESC, id DESC by a backward scan.
    index('workers_created_idx').on(t.createdAt, t.id).where(live),
    index('workers_branch_created_idx').on(t.branchId, t.createdAt, t.id).where(live),
    index('workers_status_created_idx').on(t.status, t.createdAt, t.id).where(live),
    index('workers_nationality_created_idx').on(t.nationality, t.createdAt, t.id).where(live),
    index('workers_visa_type_created_idx').on(t.visaType, t.createdAt, t.id).where(live),
    index('workers_visa_expiry_idx').on(t.visaExpiryDate, t.id).where(live),
    // The visa board's own rows (live, not departed): its page, count and buckets are index-only scans.
    index('workers_visa_board_idx').on(t.visaExpiryDate, t.id).where(onVisaBoard),
    // The board filtered by visa type or by extension: that value first, then the board's order. Those values
    // cluster by expiry (an F-5 or an approved extension expires late), so the board's own index would walk
    // every earlier visa to find them (docs/performance.md#the-visa-board-filtered).
    index('workers_visa_board_type_idx').on(t.visaType, t.visaExpiryDate, t.id).where(onVisaBoard),
    index('workers_visa_board_extension_idx')
      .on(t.extensionStatus, t.visaExpiryDate, t.id)
      .where(onVisaBoard),
    // Not partial: resumes (and others) find "the workers of branch X" deleted ones included.
    index('workers_branch_idx').on(t.branchId),
    index('workers_last_name_idx').on(t.lastName, t.id).where(live),
    // Sorted by nationality, the column then the id (docs/performance.md#sorted-lists).
    index('workers_nationality_idx').on(t.nationality, t.id).where(live),
    // The trash: deleted rows only, newest deletion first (docs/performance.md#sorted-lists).
    index('workers_deleted_idx').on(t.deletedAt, t.id).where(sql`deleted_at IS NOT NULL`),
    index('workers_import_batch_idx').on(t.importBatchId).where(sql`import_batch_id IS NOT NULL`),
  ],
);
