import {
  dateString,
  historyResponseSchema,
  idParamSchema,
  idQueryField,
  optionalText,
  type Transition,
  versionField,
} from './common';
import { ELIGIBILITY_CODES } from './eligibility';
import { defineEndpoints } from './endpoint';
import type { ErrorDetail } from './errors';
import { INDUSTRIES } from './industries';
import { legalBasisSchema } from './law/basis';
import { recordMessages } from './messages';
import { listQuerySchema, listResponseSchema } from './pagination';
import type { Permission } from './roles';
import { VISA_TYPES } from './visas';
import { SALARY_TYPES } from './wage';
import { z } from './zod-setup';

export const MATCHING_STATUSES = [
  'proposed',
  'interview',
  'accepted',
  'contracted',
  'working',
  'completed',
  'cancelled',
  'terminated',
] as const;
export type MatchingStatus = (typeof MATCHING_STATUSES)[number];
export const MATCHING_STATUS_LABELS: Record<MatchingStatus, string> = {
  proposed: '제안',
  interview: '면접',
  accepted: '합격',
  contracted: '계약 완료',
  working: '근무 중',
  completed: '근무 종료',
  cancelled: '취소',
  terminated: '중도 해지',
};

/** Statuses in which the worker is taken (worker status `matched`, or `working`). */
export const MATCHING_OPEN_STATUSES: readonly MatchingStatus[] = [
  'proposed',
  'interview',
  'accepted',
  'contracted',
  'working',
];
/** Statuses that fill a place of the job post's headcount. */
export const MATCHING_FILLING_STATUSES: readonly MatchingStatus[] = ['contracted', 'working'];

/** docs/DOMAIN.md: proposed → interview → accepted → contracted → working → completed; cancelled before working; terminated from working. */
export const MATCHING_TRANSITIONS: readonly Transition<MatchingStatus, Permission>[] = [
  {
    from: 'proposed',
    to: 'interview',
    action: 'interview',
    label: '면접 진행',
    reasonRequired: false,
    permission: 'matchings:write',
  },
  {
    // Skipping the interview is an explicit choice with its reason; the stepper shows 면접 생략.
    from: 'proposed',
    to: 'accepted',
    action: 'accept_without_interview',
    label: '면접 생략 후 합격',
    reasonRequired: true,
    permission: 'matchings:write',
  },
  {
    from: 'interview',
    to: 'accepted',
    action: 'accept',
    label: '합격 처리',
    reasonRequired: false,
    permission: 'matchings:write',
  },
  {
    from: 'accepted',
    to: 'contracted',
    action: 'contract',
    label: '계약 체결',
    reasonRequired: false,
    permission: 'matchings:write',
  },
  {
    from: 'contracted',
    to: 'working',
    action: 'start',
    label: '근무 시작',
    reasonRequired: false,
    permission: 'matchings:write',
  },
  {
    from: 'working',
    to: 'completed',
    action: 'complete',
    label: '근무 종료',
    reasonRequired: false,
    permission: 'matchings:write',
  },
  {
    from: 'proposed',
    to: 'cancelled',
    action: 'cancel',
    label: '취소',
    reasonRequired: true,
    permission: 'matchings:write',
  },
  {
    from: 'interview',
    to: 'cancelled',
    action: 'cancel',
    label: '취소',
    reasonRequired: true,
    permission: 'matchings:write',
  },
  {
    from: 'accepted',
    to: 'cancelled',
    action: 'cancel',
    label: '취소',
    reasonRequired: true,
    permission: 'matchings:write',
  },
  {
    from: 'contracted',
    to: 'cancelled',
    action: 'cancel',
    label: '취소',
    reasonRequired: true,
    permission: 'matchings:write',
  },
  {
    from: 'working',
    to: 'terminated',
    action: 'terminate',
    label: '중도 해지',
    reasonRequired: true,
    permission: 'matchings:write',
  },
];

/**
 * The dates a matching must have in its status (docs/DOMAIN.md): a contract has a start date; work has begun on
 * or before today; a completed matching ended on or before today; nothing ends before it started.
 */
export function matchingDateErrors(
  status: MatchingStatus,
  dates: { startDate: string | null; endDate: string | null },
  today: string,
): ErrorDetail[] {
  const errors: ErrorDetail[] = [];
  const { startDate, endDate } = dates;
  const held =
    status === 'contracted' || status === 'working' || status === 'completed' || status === 'terminated';
  const ended = status === 'completed' || status === 'terminated';
  if (held && !startDate) {
    errors.push({
      field: 'start_date',
      message:
        status === 'contracted'
          ? recordMessages.startDateRequired
          : recordMessages.startDateRequiredWhileHeld,
    });
  }
  if (status === 'working' && startDate && startDate > today) {
    errors.push({ field: 'start_date', message: recordMessages.startDateInFuture });
  }
  if (ended && !endDate) errors.push({ field: 'end_date', message: recordMessages.endDateRequiredWhenEnded });
  // A termination may take effect later (notice given); a completion is only recorded once work ended.
  if (status === 'completed' && endDate && endDate > today) {
    errors.push({ field: 'end_date', message: recordMessages.endDateInFuture });
  }
  if (startDate && endDate && endDate < startDate) {
    errors.push({ field: 'end_date', message: recordMessages.endBeforeStart });
  }
  return errors;
}

export const MATCHING_SOURCES = ['admin', 'apply', 'offer'] as const;
export type MatchingSource = (typeof MATCHING_SOURCES)[number];
export const MATCHING_SOURCE_LABELS: Record<MatchingSource, string> = {
  admin: '관리자 연결',
  apply: '근로자 지원',
  offer: '사업주 제안',
};

const eligibilityIssueSchema = z.object({
  code: z.enum(ELIGIBILITY_CODES),
  severity: z.enum(['hard', 'warning']),
  message: z.string(),
  /** Records the issue points at (e.g. the worker's contract elsewhere), linked by the screen. */
  related: z
    .array(z.object({ resource: z.literal('matchings'), id: z.number().int(), label: z.string() }))
    .optional(),
  /** The legal rule the issue applies (docs/law-as-data.md), shown under the message. */
  basis: legalBasisSchema.optional(),
});
export const eligibilityQuerySchema = z.object({
  jobPostId: idQueryField,
  workerId: idQueryField,
  startDate: dateString.optional(),
});
/** `eligible` is false only for hard issues; warnings let an admin with `matchings:override` proceed with a reason. */
export const eligibilityResponseSchema = z.object({
  eligible: z.boolean(),
  issues: z.array(eligibilityIssueSchema),
});

export const matchingCreateSchema = z.object({
  jobPostId: z.number({ error: '채용공고를 선택해 주세요.' }).int().positive(),
  workerId: z.number({ error: '근로자를 선택해 주세요.' }).int().positive(),
  resumeId: z.number().int().positive().nullable().default(null),
  source: z.enum(MATCHING_SOURCES).default('admin'),
  startDate: dateString.nullable().default(null),
  agreedSalaryType: z.enum(SALARY_TYPES).nullable().default(null),
  agreedSalaryAmount: z.number().int().min(1).nullable().default(null),
  feeAmount: z.number().int().min(0).nullable().default(null),
  memo: optionalText(2000),
  /** Required to proceed past warnings (needs matchings:override); hard rules cannot be overridden. */
  overrideReason: z.string().trim().max(500).optional(),
});
export const matchingUpdateSchema = z.object({
  interviewAt: z.iso.datetime({ offset: true }).nullable().optional(),
  contractDate: dateString.nullable().optional(),
  startDate: dateString.nullable().optional(),
  endDate: dateString.nullable().optional(),
  agreedSalaryType: z.enum(SALARY_TYPES).nullable().optional(),
  agreedSalaryAmount: z.number().int().min(1).nullable().optional(),
  feeAmount: z.number().int().min(0).nullable().optional(),
  memo: optionalText(2000).optional(),
  version: versionField,
});
export const matchingStatusChangeSchema = z.object({
  status: z.enum(MATCHING_STATUSES),
  reason: z.string().trim().max(500).optional(),
  version: versionField,
  interviewAt: z.iso.datetime({ offset: true }).optional(),
  contractDate: dateString.optional(),
  startDate: dateString.optional(),
  endDate: dateString.optional(),
  overrideReason: z.string().trim().max(500).optional(),
});

export const matchingHistoryEntrySchema = z.object({
  fromStatus: z.enum(MATCHING_STATUSES).nullable(),
  toStatus: z.enum(MATCHING_STATUSES),
  reason: z.string().nullable(),
  changedAt: z.string(),
  changedByName: z.string().nullable(),
});

export const matchingSchema = z.object({
  id: z.number().int(),
  jobPostId: z.number().int(),
  jobPostTitle: z.string(),
  employerId: z.number().int(),
  employerName: z.string(),
  workerId: z.number().int(),
  workerName: z.string(),
  workerNationality: z.string(),
  workerVisaType: z.enum(VISA_TYPES).nullable(),
  industry: z.enum(INDUSTRIES),
  resumeId: z.number().int().nullable(),
  source: z.enum(MATCHING_SOURCES),
  managerAdminId: z.number().int().nullable(),
  managerName: z.string().nullable(),
  branchId: z.number().int(),
  branchName: z.string().nullable(),
  interviewAt: z.string().nullable(),
  contractDate: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  agreedSalaryType: z.enum(SALARY_TYPES).nullable(),
  agreedSalaryAmount: z.number().int().nullable(),
  feeAmount: z.number().int().nullable(),
  memo: z.string(),
  cancelReason: z.string().nullable(),
  overrideReason: z.string().nullable(),
  status: z.enum(MATCHING_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Matching = z.infer<typeof matchingSchema>;
export const matchingDetailSchema = matchingSchema.extend({
  statusHistory: z.array(matchingHistoryEntrySchema),
});

export const MATCHING_SORTS = ['created_at', 'start_date', 'contract_date', 'status'] as const;
export const matchingListQuerySchema = listQuerySchema.extend({
  sort: z.enum(MATCHING_SORTS).default('created_at'),
  status: z.enum(MATCHING_STATUSES).optional(),
  branchId: idQueryField.optional(),
  employerId: idQueryField.optional(),
  jobPostId: idQueryField.optional(),
  workerId: idQueryField.optional(),
  nationality: z.string().trim().toUpperCase().length(2).optional(),
  visaType: z.enum(VISA_TYPES).optional(),
  createdFrom: dateString.optional(),
  createdTo: dateString.optional(),
  /**
   * Contracted and working matchings paid below this year's minimum wage (with the 제56조 premium): the list an
   * operator revisits when a new rate takes effect on 1 January (docs/law-as-data.md#wages).
   */
  belowMinimumWageYear: z.coerce.number().int().min(2000).max(2100).optional(),
});
export type MatchingListQuery = z.input<typeof matchingListQuerySchema>;

export const matchingStatsQuerySchema = z.object({
  from: dateString,
  to: dateString,
  branchId: idQueryField.optional(),
});
const countRow = z.object({
  key: z.string(),
  label: z.string(),
  count: z.number().int(),
  contracted: z.number().int(),
});
/**
 * Matchings created from `from` to `to` (Seoul dates, inclusive). `byStatus`: by current status, every
 * status in MATCHING_STATUSES order (0 when none).
 * `monthly`: every month of the range (`YYYY-MM`), matchings created in it and contracts signed in it.
 * `conversion`: of the matchings created in the range (`proposed`), how many reached `contracted` (by their
 * status history, so a contract later cancelled still counts); `rate` = contracted / proposed, 0–1.
 * Breakdowns: `count` created in the range, `contracted` of those that reached a contract; nationality,
 * industry and visa are taken when the matching was made; `key` is the code (branch: its id).
 */
export const matchingStatsSchema = z.object({
  /** When these figures were computed (the server reuses a range's figures for up to a minute). */
  asOf: z.string().optional(),
  byStatus: z.array(z.object({ status: z.enum(MATCHING_STATUSES), count: z.number().int() })),
  monthly: z.array(z.object({ month: z.string(), created: z.number().int(), contracted: z.number().int() })),
  conversion: z.object({ proposed: z.number().int(), contracted: z.number().int(), rate: z.number() }),
  /** Mean days from creation to contract, over matchings contracted in the range; null when none. */
  avgDaysToContract: z.number().nullable(),
  byNationality: z.array(countRow),
  byIndustry: z.array(countRow),
  byVisaType: z.array(countRow),
  byBranch: z.array(countRow),
});
export type MatchingStats = z.infer<typeof matchingStatsSchema>;

export const matchingsApi = defineEndpoints('matchings', {
  list: {
    method: 'GET',
    path: '/matchings',
    access: 'matchings:read',
    summary: '매칭 목록 (상태·지점·사업주·공고·근로자·국적·체류자격·등록일·검색어)',
    query: matchingListQuerySchema,
    response: listResponseSchema(matchingSchema),
  },
  eligibility: {
    method: 'GET',
    path: '/matchings/eligibility',
    access: 'matchings:read',
    summary: '매칭 가능 여부 (체류자격 규칙: hard는 불가, warning은 예외 사유로 진행 가능)',
    query: eligibilityQuerySchema,
    response: eligibilityResponseSchema,
  },
  stats: {
    method: 'GET',
    path: '/matchings/stats',
    access: 'matchings:read',
    summary: '매칭 통계 (상태별·월별 추이·계약 전환율·평균 계약 소요일·국적·업종·체류자격·지점별)',
    query: matchingStatsQuerySchema,
    response: matchingStatsSchema,
  },
  get: {
    method: 'GET',
    path: '/matchings/:id',
    access: 'matchings:read',
    summary: '매칭 상세 (상태 변경 타임라인 포함)',
    params: idParamSchema,
    response: matchingDetailSchema,
  },
  create: {
    method: 'POST',
    path: '/matchings',
    access: 'matchings:write',
    summary: '매칭 등록 (체류자격 부적격 422, 같은 공고에 진행 중인 매칭이 있으면 409)',
    body: matchingCreateSchema,
    response: matchingDetailSchema,
    status: 201,
    idempotent: true,
  },
  update: {
    method: 'PATCH',
    path: '/matchings/:id',
    access: 'matchings:write',
    summary: '매칭 수정 (일정·급여·수수료·메모; version이 다르면 409)',
    params: idParamSchema,
    body: matchingUpdateSchema,
    response: matchingDetailSchema,
  },
  changeStatus: {
    method: 'POST',
    path: '/matchings/:id/status',
    access: 'matchings:write',
    summary: '매칭 상태 변경 (면접·합격·계약·근무 시작·종료·취소·중도 해지)',
    params: idParamSchema,
    body: matchingStatusChangeSchema,
    response: matchingDetailSchema,
  },
  history: {
    method: 'GET',
    path: '/matchings/:id/history',
    access: 'matchings:read',
    summary: '매칭 변경 이력',
    params: idParamSchema,
    response: historyResponseSchema,
  },
});
