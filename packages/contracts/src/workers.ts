import {
  dateString,
  historyResponseSchema,
  idParamSchema,
  idQueryField,
  okSchema,
  optionalText,
  patchOf,
  statusChangeSchema,
  type Transition,
  versionField,
} from './common';
import { defineEndpoints } from './endpoint';
import { INDUSTRIES } from './industries';
import { isValidAlienRegNo, isValidMobilePhone, isValidPostalCode } from './korean-ids';
import { REENTRY_KINDS } from './law/reentry';
import { STUDY_COURSES } from './law/visas';
import { fieldMessages, recordMessages } from './messages';
import { isNationalityCode } from './nationalities';
import { listMetaSchema, listQuerySchema, listResponseSchema } from './pagination';
import { can, type Permission, type Role } from './roles';
import { EXTENSION_STATUSES, KOREAN_LEVELS, VISA_STATUSES, VISA_TYPES } from './visas';
import { workerIdentityIssues } from './worker-identity';
import { z } from './zod-setup';

export const WORKER_STATUSES = ['seeking', 'matched', 'working', 'inactive', 'departed'] as const;
export type WorkerStatus = (typeof WORKER_STATUSES)[number];
export const WORKER_STATUS_LABELS: Record<WorkerStatus, string> = {
  seeking: '구직 중',
  matched: '매칭됨',
  working: '근무 중',
  inactive: '비활성',
  departed: '출국',
};

/** Status changes an operator makes by hand; matched and working follow the matchings. */
export const WORKER_TRANSITIONS: readonly Transition<WorkerStatus, Permission>[] = [
  {
    from: 'seeking',
    to: 'inactive',
    action: 'deactivate',
    label: '비활성 처리',
    reasonRequired: true,
    permission: 'workers:write',
  },
  {
    from: 'inactive',
    to: 'seeking',
    action: 'activate',
    label: '구직 재개',
    reasonRequired: false,
    permission: 'workers:write',
  },
  {
    from: 'seeking',
    to: 'departed',
    action: 'depart',
    label: '출국 처리',
    reasonRequired: true,
    permission: 'workers:write',
  },
  {
    from: 'inactive',
    to: 'departed',
    action: 'depart',
    label: '출국 처리',
    reasonRequired: true,
    permission: 'workers:write',
  },
  {
    from: 'departed',
    to: 'seeking',
    action: 'reenter',
    label: '재입국 처리',
    reasonRequired: false,
    permission: 'workers:write',
  },
];

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = { male: '남성', female: '여성' };

const digitsOf = (value: string) => value.replace(/\D/g, '');

export const PASSPORT_PATTERN = /^[A-Z0-9]{5,20}$/;

export const workerInputSchema = z.object({
  nameKo: optionalText(50),
  firstName: z.string().trim().min(1, fieldMessages.required).max(50),
  lastName: z.string().trim().min(1, fieldMessages.required).max(50),
  gender: z.enum(GENDERS, { error: '성별을 선택해 주세요.' }),
  dateOfBirth: dateString,
  nationality: z.string().trim().toUpperCase().refine(isNationalityCode, '국적을 선택해 주세요.'),
  phoneNumber: z
    .string()
    .trim()
    .max(20)
    .refine((v) => v === '' || isValidMobilePhone(v), fieldMessages.mobilePhone)
    .transform(digitsOf)
    .default(''),
  emailAddress: z.union([z.literal(''), z.email(fieldMessages.email).max(254)]).default(''),
  /** Plain text on the way in only; replies carry the masked form. `null` clears it. */
  alienRegNo: z
    .string()
    .trim()
    .refine(isValidAlienRegNo, fieldMessages.alienRegNo)
    .transform(digitsOf)
    .nullable()
    .optional(),
  passportNo: z
    .string()
    .trim()
    .toUpperCase()
    .regex(PASSPORT_PATTERN, '여권번호는 영문 대문자와 숫자 5~20자입니다.')
    .nullable()
    .optional(),
  passportExpiryDate: dateString.nullable().default(null),
  visaType: z.enum(VISA_TYPES, { error: '체류자격을 선택해 주세요.' }),
  visaStatus: z.enum(VISA_STATUSES).default('valid'),
  visaExpiryDate: dateString.nullable().default(null),
  entryDate: dateString.nullable().default(null),
  /** D-2/D-4: the course of study and the recorded 시간제취업허가 (law/visas.ts). */
  studyCourse: z.enum(STUDY_COURSES).nullable().default(null),
  partTimePermitNo: z.string().trim().max(40).nullable().default(null),
  partTimePermitWeeklyHours: z.number().int().min(1).max(40).nullable().default(null),
  partTimePermitValidFrom: dateString.nullable().default(null),
  partTimePermitValidTo: dateString.nullable().default(null),
  employmentPeriodEndDate: dateString.nullable().default(null),
  koreanLevel: z.enum(KOREAN_LEVELS).default('none'),
  desiredIndustries: z.array(z.enum(INDUSTRIES)).max(5).default([]),
  streetAddress: optionalText(200),
  city: optionalText(50),
  stateProvince: optionalText(50),
  postalCode: z
    .string()
    .trim()
    .refine((v) => v === '' || isValidPostalCode(v), fieldMessages.postalCode)
    .default(''),
  country: z.string().trim().toUpperCase().refine(isNationalityCode, '국가를 선택해 주세요.').default('KR'),
  branchId: z.number({ error: '담당 지점을 선택해 주세요.' }).int().positive(),
  adminMemo: optionalText(2000),
});
export type WorkerInput = z.input<typeof workerInputSchema>;

/**
 * 심사 중 comes from a filed extension (docs/DOMAIN.md#invariants), never from a form or an imported row: a new
 * worker has none filed.
 */
export const workerCreateSchema = workerInputSchema
  .refine((worker) => worker.visaStatus !== 'pending', {
    path: ['visaStatus'],
    message: recordMessages.visaPendingFromExtension,
  })
  .superRefine(refineWorkerIdentity);

/**
 * The identity checks of a whole worker (docs/DOMAIN.md#identity): the 외국인등록번호 typed agrees with the date of
 * birth and gender, a visa with a stay limit has its 체류 만료일. The create (form, API, each imported row) runs them
 * here; an edit, whose patch may hold only some of the fields, is checked by the server against the stored record.
 */
function refineWorkerIdentity(
  worker: Pick<
    z.output<typeof workerInputSchema>,
    'alienRegNo' | 'dateOfBirth' | 'gender' | 'visaType' | 'visaExpiryDate'
  >,
  ctx: z.RefinementCtx,
) {
  for (const issue of workerIdentityIssues(worker)) {
    ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
  }
}

/** The worker form's schema (new and edit): the fields, then the identity checks across them. */
export const workerFormSchema = workerInputSchema.superRefine(refineWorkerIdentity);
export const workerUpdateSchema = patchOf(workerInputSchema).extend({ version: versionField });
export type WorkerUpdate = z.input<typeof workerUpdateSchema>;

export const workerSchema = z.object({
  id: z.number().int(),
  nameKo: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gender: z.enum(GENDERS),
  dateOfBirth: z.string(),
  nationality: z.string(),
  phoneNumber: z.string(),
  emailAddress: z.string(),
  /** Masked: `900101-5******`. */
  alienRegNo: z.string().nullable(),
  /** Masked: `M12****78`. */
  passportNo: z.string().nullable(),
  passportExpiryDate: z.string().nullable(),
  visaType: z.enum(VISA_TYPES),
  /** As declared by an operator (what the form edits). */
  visaStatus: z.enum(VISA_STATUSES),
  /** As it stands today in Seoul (`visaValidity`): what every screen shows. */
  visaValidity: z.enum(VISA_STATUSES),
  visaExpiryDate: z.string().nullable(),
  entryDate: z.string().nullable(),
  studyCourse: z.enum(STUDY_COURSES).nullable(),
  partTimePermitNo: z.string().nullable(),
  partTimePermitWeeklyHours: z.number().int().nullable(),
  partTimePermitValidFrom: z.string().nullable(),
  partTimePermitValidTo: z.string().nullable(),
  employmentPeriodEndDate: z.string().nullable(),
  koreanLevel: z.enum(KOREAN_LEVELS),
  desiredIndustries: z.array(z.enum(INDUSTRIES)),
  streetAddress: z.string(),
  city: z.string(),
  stateProvince: z.string(),
  postalCode: z.string(),
  country: z.string(),
  branchId: z.number().int(),
  branchName: z.string().nullable(),
  adminMemo: z.string(),
  status: z.enum(WORKER_STATUSES),
  statusReason: z.string().nullable(),
  /** When the status last changed (ISO): a departed worker's departure, which a re-entry is measured from. */
  statusChangedAt: z.string().nullable().default(null),
  extensionStatus: z.enum(EXTENSION_STATUSES),
  extensionAppliedAt: z.string().nullable(),
  extensionApprovedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Worker = z.infer<typeof workerSchema>;

/**
 * The purpose of a search by a full identifier (`reason`, docs/SECURITY.md): required then, logged with it. Its length
 * is checked only when the search needs one, so a stray value never refuses an ordinary search.
 */
const searchReason = z.string().trim().max(200).optional();

export const WORKER_SORTS = ['created_at', 'last_name', 'visa_expiry_date', 'nationality'] as const;
export const workerListQuerySchema = listQuerySchema.extend({
  reason: searchReason,
  sort: z.enum(WORKER_SORTS).default('created_at'),
  status: z.enum(WORKER_STATUSES).optional(),
  nationality: z.string().trim().toUpperCase().length(2).optional(),
  visaType: z.enum(VISA_TYPES).optional(),
  branchId: idQueryField.optional(),
  visaExpiryFrom: dateString.optional(),
  visaExpiryTo: dateString.optional(),
});
export type WorkerListQuery = z.input<typeof workerListQuerySchema>;

/**
 * A worker's status change. 재입국 처리 (departed → seeking) also carries the new entry date and the kind of
 * re-entry (docs/law-as-data.md#reentry): required for the visas with a 취업활동 기간, which restarts from it.
 */
export const workerStatusChangeSchema = statusChangeSchema(WORKER_STATUSES).extend({
  entryDate: dateString.optional(),
  reentryKind: z.enum(REENTRY_KINDS, { error: '재입국 구분을 선택해 주세요.' }).optional(),
});
export type WorkerStatusChange = z.infer<typeof workerStatusChangeSchema>;

export const PII_FIELDS = ['alienRegNo', 'passportNo'] as const;
export type PiiField = (typeof PII_FIELDS)[number];
export const PII_FIELD_LABELS: Record<PiiField, string> = {
  alienRegNo: '외국인등록번호',
  passportNo: '여권번호',
};

/** Wire values are snake_case (docs/ARCHITECTURE.md#wire); the camelCase names are accepted too. */
const PII_FIELD_WIRE = { alien_reg_no: 'alienRegNo', passport_no: 'passportNo' } as const satisfies Record<
  string,
  PiiField
>;
export const PII_FIELD_WIRE_VALUES = ['alien_reg_no', 'passport_no'] as const;
export type PiiFieldWire = (typeof PII_FIELD_WIRE_VALUES)[number];
/** A field name as it travels: the wire converts keys, never values, so values are written in snake_case. */
export const piiFieldWire = (field: PiiField): PiiFieldWire =>
  field === 'alienRegNo' ? 'alien_reg_no' : 'passport_no';

export const workerRevealSchema = z.object({
  field: z
    .enum([...PII_FIELDS, 'alien_reg_no', 'passport_no'])
    .transform(
      (value): PiiField =>
        value in PII_FIELD_WIRE ? PII_FIELD_WIRE[value as keyof typeof PII_FIELD_WIRE] : (value as PiiField),
    ),
  reason: z.string().trim().min(2, '열람 사유를 2자 이상 입력해 주세요.').max(200),
});
export const workerRevealResponseSchema = z.object({
  field: z.enum(PII_FIELD_WIRE_VALUES),
  value: z.string(),
});

/**
 * What the worker search box treats as a full unique identifier (docs/SECURITY.md: a view of personal data): 13 digits
 * (외국인등록번호, dashes and spaces aside), or one word of 5–20 letters and digits holding at least one digit and
 * one letter (여권번호; a name holds no digit, a phone number no letter). Server and screen decide alike.
 */
export function identifierSearchKind(q: string | undefined | null): PiiField | null {
  const term = (q ?? '').trim();
  if (/^[\d\s-]+$/.test(term) && term.replace(/\D/g, '').length === 13) return 'alienRegNo';
  const word = term.toUpperCase();
  if (PASSPORT_PATTERN.test(word) && /\d/.test(word) && /[A-Z]/.test(word)) return 'passportNo';
  return null;
}

/** Identifier searches per admin and window, counted in PostgreSQL (`rate_limits`) across every API process. */
export const IDENTIFIER_SEARCH_LIMIT = { max: 20, windowMs: 10 * 60_000 } as const;

/**
 * Who sees workers' phone numbers and emails masked (docs/SECURITY.md: `viewer`): whoever may not reveal their
 * identifiers either.
 */
export function contactsMaskedFor(role: Role): boolean {
  return !can(role, 'workers:reveal');
}

export const workerPiiMessages = {
  identifierSearchForbidden:
    '외국인등록번호·여권번호로 검색하려면 개인정보 열람 권한이 필요합니다. 이름이나 휴대전화 뒷자리로 검색해 주세요.',
  identifierSearchReasonRequired: '외국인등록번호·여권번호로 검색하려면 조회 사유를 2자 이상 입력해 주세요.',
  identifierSearchRateLimited: `외국인등록번호·여권번호 검색은 ${IDENTIFIER_SEARCH_LIMIT.windowMs / 60_000}분에 ${IDENTIFIER_SEARCH_LIMIT.max}회까지 할 수 있습니다. 잠시 후 다시 시도해 주세요.`,
  /** A duplicate the admin cannot reach: neither confirmed nor located (the attempt is logged). */
  alienRegNoUnavailable: '이 외국인등록번호로는 등록할 수 없습니다. 본사(최고 관리자)에 문의해 주세요.',
  passportNoUnavailable: '이 여권번호로는 등록할 수 없습니다. 본사(최고 관리자)에 문의해 주세요.',
  /** The import's third key (name, birth date, nationality) held outside the admin's branches. */
  identityUnavailable: '이 이름·생년월일·국적으로는 등록할 수 없습니다. 본사(최고 관리자)에 문의해 주세요.',
} as const;

export const workerExtensionSchema = z.object({
  extensionStatus: z.enum(EXTENSION_STATUSES),
  extensionAppliedAt: dateString.nullable().optional(),
  extensionApprovedAt: dateString.nullable().optional(),
  /** With `approved`: the visa's new expiry date. */
  newVisaExpiryDate: dateString.optional(),
  version: versionField,
});
export type WorkerExtensionInput = z.input<typeof workerExtensionSchema>;

/** `overdue`, or `d{days}` for each window of the `visaAlertDays` setting (D-30, D-60, …). */
export const visaBucketKey = z.string().regex(/^(overdue|d\d{1,3})$/);

export const visaExpiryQuerySchema = listQuerySchema.omit({ order: true }).extend({
  reason: searchReason,
  bucket: visaBucketKey.optional(),
  branchId: idQueryField.optional(),
  nationality: z.string().trim().toUpperCase().length(2).optional(),
  visaType: z.enum(VISA_TYPES).optional(),
  extensionStatus: z.enum(EXTENSION_STATUSES).optional(),
});
export type VisaExpiryQuery = z.input<typeof visaExpiryQuerySchema>;

export const visaExpiryRowSchema = z.object({
  id: z.number().int(),
  nameKo: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  nationality: z.string(),
  visaType: z.enum(VISA_TYPES),
  visaStatus: z.enum(VISA_STATUSES),
  visaValidity: z.enum(VISA_STATUSES),
  visaExpiryDate: z.string(),
  /** Days from today (Asia/Seoul) to the expiry date; negative when overdue. */
  daysLeft: z.number().int(),
  extensionStatus: z.enum(EXTENSION_STATUSES),
  extensionAppliedAt: z.string().nullable(),
  extensionApprovedAt: z.string().nullable(),
  phoneNumber: z.string(),
  branchId: z.number().int(),
  branchName: z.string().nullable(),
  status: z.enum(WORKER_STATUSES),
  version: z.number().int(),
});
export type VisaExpiryRow = z.infer<typeof visaExpiryRowSchema>;

export const visaBucketSchema = z.object({
  key: visaBucketKey,
  label: z.string(),
  /** Upper bound of days left (inclusive); null for overdue. */
  maxDays: z.number().int().nullable(),
  count: z.number().int(),
});
export const visaExpiryResponseSchema = z.object({
  buckets: z.array(visaBucketSchema),
  data: z.array(visaExpiryRowSchema),
  meta: listMetaSchema,
});

export const VISA_OVERDUE_LABEL = '만료 경과';
export type VisaBucketRange = { key: string; label: string; minDays: number | null; maxDays: number | null };

/** The buckets of the `visaAlertDays` setting: overdue (days left < 0), then D-30 = 0..30, D-60 = 31..60, … */
export function visaBuckets(alertDays: readonly number[]): VisaBucketRange[] {
  const sorted = [...alertDays].sort((a, b) => a - b);
  return [
    { key: 'overdue', label: VISA_OVERDUE_LABEL, minDays: null, maxDays: null },
    ...sorted.map((days, i) => ({
      key: `d${days}`,
      label: `D-${days}`,
      minDays: i === 0 ? 0 : sorted[i - 1]! + 1,
      maxDays: days,
    })),
  ];
}

export const workersApi = defineEndpoints('workers', {
  list: {
    method: 'GET',
    path: '/workers',
    access: 'workers:read',
    summary:
      '근로자 목록 (이름·전화 검색, 고유식별정보는 마스킹; 외국인등록번호·여권번호 검색은 열람 권한과 사유(reason) 필요, 관리자별 횟수 제한; 조회가 접속기록에 남음)',
    query: workerListQuerySchema,
    response: listResponseSchema(workerSchema),
  },
  visaExpiry: {
    method: 'GET',
    path: '/workers/visa-expiry',
    access: 'workers:read',
    summary: '비자 만료 예정 (만료 경과·D-30·D-60·D-90·D-120, 남은 일수 순; 조회가 접속기록에 남음)',
    query: visaExpiryQuerySchema,
    response: visaExpiryResponseSchema,
  },
  get: {
    method: 'GET',
    path: '/workers/:id',
    access: 'workers:read',
    summary: '근로자 상세 (조회가 접속기록에 남음)',
    params: idParamSchema,
    response: workerSchema,
  },
  create: {
    method: 'POST',
    path: '/workers',
    access: 'workers:write',
    summary: '근로자 등록 (외국인등록번호 중복 시 409)',
    body: workerCreateSchema,
    response: workerSchema,
    status: 201,
    idempotent: true,
  },
  update: {
    method: 'PATCH',
    path: '/workers/:id',
    access: 'workers:write',
    summary: '근로자 수정 (version이 다르면 409)',
    params: idParamSchema,
    body: workerUpdateSchema,
    response: workerSchema,
  },
  changeStatus: {
    method: 'POST',
    path: '/workers/:id/status',
    access: 'workers:write',
    summary: '근로자 상태 변경',
    params: idParamSchema,
    body: workerStatusChangeSchema,
    response: workerSchema,
  },
  updateExtension: {
    method: 'PATCH',
    path: '/workers/:id/extension',
    access: 'workers:write',
    summary: '체류기간 연장 상태 (신청·승인 시 새 만료일)',
    params: idParamSchema,
    body: workerExtensionSchema,
    response: workerSchema,
  },
  reveal: {
    method: 'POST',
    path: '/workers/:id/reveal',
    access: 'workers:reveal',
    summary: '고유식별정보 열람 (사유 필수, 접속기록에 남음)',
    params: idParamSchema,
    body: workerRevealSchema,
    response: workerRevealResponseSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/workers/:id',
    access: 'workers:write',
    summary: '근로자 삭제',
    params: idParamSchema,
    response: okSchema,
  },
  history: {
    method: 'GET',
    path: '/workers/:id/history',
    access: 'workers:read',
    summary: '근로자 변경·열람 이력',
    params: idParamSchema,
    response: historyResponseSchema,
  },
});
