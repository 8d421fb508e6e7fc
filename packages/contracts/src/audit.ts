import { dateString, idParamSchema, idQueryField } from './common';
import { MAX_PAGE_SIZE } from './constants';
import { defineEndpoints } from './endpoint';
import { listMetaSchema, listQuerySchema } from './pagination';
import { z } from './zod-setup';

/** docs/DOMAIN.md access-log (접속기록) actions. */
export const AUDIT_ACTIONS = [
  'LOGIN',
  'LOGOUT',
  'LOGIN_FAILED',
  'VIEW_PII',
  'CREATE',
  'UPDATE',
  'DELETE',
  'EXPORT',
  'REVEAL',
  'PERMISSION_CHANGE',
  'SETTINGS_CHANGE',
  /** A second factor enrolled, removed or reset, recovery codes drawn anew (docs/second-factor.md). */
  'SECURITY_CHANGE',
  /** Personal data destroyed at the end of its retention (docs/privacy-lifecycle.md). */
  'DESTROY',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  LOGIN: '로그인',
  LOGOUT: '로그아웃',
  LOGIN_FAILED: '로그인 실패',
  VIEW_PII: '개인정보 조회',
  CREATE: '등록',
  UPDATE: '수정',
  DELETE: '삭제',
  EXPORT: '다운로드',
  REVEAL: '개인정보 열람',
  PERMISSION_CHANGE: '권한 변경',
  SETTINGS_CHANGE: '설정 변경',
  SECURITY_CHANGE: '보안 설정 변경',
  DESTROY: '파기',
};

/** The `targetType` values the modules write; a log row may carry another one, shown as it is. */
export const AUDIT_TARGET_TYPES = [
  'employer',
  'worker',
  'job_post',
  'resume',
  'matching',
  'notice',
  'review',
  'app_user',
  'payout',
  'branch',
  'admin',
  'settings',
  'audit_log',
  'audit_review',
  'destruction',
  'privacy_request',
  'import_batch',
  'saved_view',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const AUDIT_TARGET_TYPE_LABELS: Record<AuditTargetType, string> = {
  employer: '사업주',
  worker: '근로자',
  job_post: '채용공고',
  resume: '이력서',
  matching: '매칭',
  notice: '공지사항',
  review: '리뷰',
  app_user: '앱 회원',
  payout: '정산',
  branch: '지점',
  admin: '관리자',
  settings: '설정',
  audit_log: '접속기록',
  audit_review: '접속기록 점검',
  destruction: '파기 대장',
  privacy_request: '정보주체 요청',
  import_batch: '가져오기',
  saved_view: '저장한 보기',
};

export function auditTargetTypeLabel(type: string | null): string {
  if (!type) return '';
  return (AUDIT_TARGET_TYPE_LABELS as Record<string, string>)[type] ?? type;
}

export const auditMessages = {
  unknownAction: '알 수 없는 작업 유형입니다.',
  targetType: '대상 유형은 영문 소문자와 밑줄(_)로 입력해 주세요.',
  ip: 'IP 주소에는 숫자, 영문 a~f, 점(.)과 콜론(:)만 쓸 수 있습니다.',
  period: '점검 월은 YYYY-MM 형식으로 입력해 주세요.',
  periodInFuture: '아직 오지 않은 달은 점검할 수 없습니다.',
  reviewedAtInFuture: '점검일은 오늘 이후일 수 없습니다.',
  reviewedBeforePeriod: '점검일은 점검 월의 1일 이후여야 합니다.',
  findingsRequired: '점검 결과를 입력해 주세요.',
  exportReasonRequired: '다운로드 사유를 입력해 주세요.',
  exportBusy: '다른 접속기록 내려받기가 진행 중입니다. 잠시 후 다시 시도해 주세요.',
} as const;

/** `action=CREATE,UPDATE` (or the key repeated): one or several actions. */
const actionsFilter = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((part) => part.split(','))
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(AUDIT_ACTIONS, { error: auditMessages.unknownAction })).max(AUDIT_ACTIONS.length));

/** The access-log list's filters (docs/ARCHITECTURE.md#wire list query). Dates are Seoul calendar days, both ends included. */
export const auditLogFiltersSchema = z.object({
  /** An admin id, or (part of) the login id the row recorded. */
  actor: z.string().trim().max(100).optional(),
  action: actionsFilter.optional(),
  targetType: z
    .string()
    .trim()
    .regex(/^[a-z_]{1,40}$/, auditMessages.targetType)
    .optional(),
  targetId: z.string().trim().max(100).optional(),
  dateFrom: dateString.optional(),
  dateTo: dateString.optional(),
  /** An address, or its beginning (`10.0.`). */
  ip: z
    .string()
    .trim()
    .max(45)
    .regex(/^[0-9a-fA-F.:]*$/, auditMessages.ip)
    .optional(),
  /** Rows up to this id only: the range a 무결성 확인 walked (its `last_id`), docs/access-log.md#what-verification-reports. */
  toId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type AuditLogFilters = z.output<typeof auditLogFiltersSchema>;

/** Newest first by default; the order is the chain's (the id), which is also the time order. */
export const AUDIT_LOG_SORTS = ['created_at'] as const;
export const auditLogListQuerySchema = listQuerySchema
  .omit({ q: true })
  .extend({ sort: z.enum(AUDIT_LOG_SORTS).default('created_at') })
  .extend(auditLogFiltersSchema.shape);
export type AuditLogListQuery = z.input<typeof auditLogListQuerySchema>;

export const auditLogExportQuerySchema = auditLogFiltersSchema.extend({
  order: z.enum(['asc', 'desc']).default('desc'),
  /** 다운로드 사유: required while the `exportReasonRequired` setting is on. */
  reason: z.string().trim().max(200).optional(),
});

export const auditLogRowSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  actorAdminId: z.number().int().nullable(),
  actorLoginId: z.string().nullable(),
  /** The admin's current name, when the row's admin still exists. */
  actorName: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  summary: z.string(),
  recordCount: z.number().int().nullable(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditLogRow = z.infer<typeof auditLogRowSchema>;

export const auditLogDetailSchema = auditLogRowSchema.extend({
  /** `{ field: { before, after } }` for changes; an export's options and filters; null when none. */
  diff: z.unknown().nullable(),
  userAgent: z.string().nullable(),
  prevHash: z.string(),
  hash: z.string(),
});
export type AuditLogDetail = z.infer<typeof auditLogDetailSchema>;

export const auditLogListResponseSchema = z.object({
  data: z.array(auditLogRowSchema),
  meta: listMetaSchema,
});

/**
 * What a walk of the whole chain can find (docs/access-log.md): a row whose hash no longer matches its
 * content (`content`), a row after the keyed start hashed the old unkeyed way (`downgrade`), a row that does
 * not link to the one before (`link`: a row before it was removed or rewritten), a checkpoint that is forged,
 * unlinked or whose row's hash changed (`checkpoint`), or whose row or rows up to it are gone (`truncated`).
 */
export const AUDIT_CHAIN_PROBLEMS = ['content', 'link', 'downgrade', 'checkpoint', 'truncated'] as const;
export type AuditChainProblem = (typeof AUDIT_CHAIN_PROBLEMS)[number];
/** The reply lists at most this many problems, the first in id order; `problemCount` counts them all. */
export const AUDIT_VERIFY_PROBLEM_LIMIT = 100;

export const auditChainProblemSchema = z.object({
  /** The row's id; for a checkpoint's problem, the id of the row it names. */
  id: z.number().int(),
  /** The row's created_at; for a checkpoint's problem, the checkpoint's. */
  createdAt: z.string().nullable(),
  problem: z.enum(AUDIT_CHAIN_PROBLEMS),
  /** Set when the problem was found through a checkpoint. */
  checkpointId: z.number().int().nullable(),
});
export type AuditChainProblemRow = z.infer<typeof auditChainProblemSchema>;

export const auditVerifyResultSchema = z.object({
  ok: z.boolean(),
  /** Rows walked: the whole log up to `lastId`, which the list filtered with `to_id=lastId` counts alike. */
  checked: z.number().int(),
  /** The last row walked (0 when the log is empty) and its time: where the checked range ends. */
  lastId: z.number().int(),
  lastAt: z.string().nullable(),
  /** The first problem (lowest id), as the list below starts. */
  brokenAtId: z.number().int().nullable(),
  brokenAt: z.string().nullable(),
  problem: z.enum(AUDIT_CHAIN_PROBLEMS).nullable(),
  problemCount: z.number().int(),
  problems: z.array(auditChainProblemSchema),
  /** Rows written before the chain was keyed, checked with sha256. */
  legacyRows: z.number().int(),
  /** Checkpoints compared with the rows. */
  checkpoints: z.number().int(),
  /** Where the keyed chain starts: the last row before it and how the check of those rows came out then. */
  keyedStart: z
    .object({
      lastId: z.number().int(),
      createdAt: z.string(),
      legacyOk: z.boolean(),
      legacyProblems: z.number().int(),
    })
    .nullable(),
  verifiedAt: z.string(),
  durationMs: z.number().int(),
});
export type AuditVerifyResult = z.infer<typeof auditVerifyResultSchema>;

/** `YYYY-MM`, a real month. */
export const monthString = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, auditMessages.period);

/** 월간 접속기록 점검 (안전성 확보조치 기준 §8): who checked which month, when, what they found and did. */
export const auditReviewCreateSchema = z.object({
  period: monthString,
  reviewedAt: dateString,
  findings: z.string().trim().min(1, auditMessages.findingsRequired).max(5000),
  actionsTaken: z.string().trim().max(5000).default(''),
});
export type AuditReviewCreate = z.input<typeof auditReviewCreateSchema>;

export const auditReviewSchema = z.object({
  id: z.number().int(),
  period: z.string(),
  reviewedAt: z.string(),
  reviewerAdminId: z.number().int(),
  reviewerLoginId: z.string().nullable(),
  reviewerName: z.string().nullable(),
  findings: z.string(),
  actionsTaken: z.string(),
  createdAt: z.string(),
});
export type AuditReview = z.infer<typeof auditReviewSchema>;

export const auditReviewListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(12),
  /** One year's months (`2025`). */
  year: z
    .string()
    .regex(/^\d{4}$/)
    .optional(),
});
export const auditReviewListResponseSchema = z.object({
  data: z.array(auditReviewSchema),
  meta: listMetaSchema,
});

/**
 * Automatic findings of the monthly review (docs/privacy-lifecycle.md#access-review): per admin and month, far more
 * reveals or exported rows than their usual, reveals and downloads outside working hours, downloads without a clear
 * reason, and logins from several new IP addresses. Each is acknowledged once, with a note.
 */
export const ACCESS_FINDING_KINDS = ['volume', 'off_hours', 'vague_export_reason', 'new_ip'] as const;
export type AccessFindingKind = (typeof ACCESS_FINDING_KINDS)[number];

export const ACCESS_FINDING_KIND_LABELS: Record<AccessFindingKind, string> = {
  volume: '열람·다운로드 급증',
  off_hours: '업무 시간 외 열람',
  vague_export_reason: '불명확한 다운로드 사유',
  new_ip: '새 IP에서 반복 로그인',
};

/** The thresholds of the findings, a system setting (`accessReview`). */
export const accessReviewSettingsSchema = z
  .object({
    /** A month counts as unusual when it exceeds this many times the admin's average of the three months before. */
    volumeFactor: z.number({ error: '2~20 사이의 정수로 입력해 주세요.' }).int().min(2).max(20),
    /** …and has at least this many reveals (개인정보 열람) … */
    minimumReveals: z.number({ error: '1~100,000 사이의 정수로 입력해 주세요.' }).int().min(1).max(100_000),
    /** …or at least this many downloaded rows. */
    minimumExportRows: z
      .number({ error: '1~10,000,000 사이의 정수로 입력해 주세요.' })
      .int()
      .min(1)
      .max(10_000_000),
    /** Working hours on weekdays, Seoul time: [start, end). */
    workdayStartHour: z.number({ error: '0~23 사이의 정수로 입력해 주세요.' }).int().min(0).max(23),
    workdayEndHour: z.number({ error: '1~24 사이의 정수로 입력해 주세요.' }).int().min(1).max(24),
    /** Distinct IP addresses not used in the 90 days before, within one month, that make a finding. */
    newIpMinimum: z.number({ error: '1~20 사이의 정수로 입력해 주세요.' }).int().min(1).max(20),
  })
  .refine((s) => s.workdayStartHour < s.workdayEndHour, {
    path: ['workdayEndHour'],
    message: '업무 종료 시각은 시작 시각보다 늦어야 합니다.',
  });
export type AccessReviewSettings = z.infer<typeof accessReviewSettingsSchema>;

export const ACCESS_REVIEW_DEFAULTS: AccessReviewSettings = {
  volumeFactor: 3,
  minimumReveals: 30,
  minimumExportRows: 5_000,
  workdayStartHour: 8,
  workdayEndHour: 20,
  newIpMinimum: 2,
};

export const accessFindingMessages = {
  noteRequired: '확인 내용(소명·조치)을 입력해 주세요.',
  notFound: '해당 달에 이 점검 결과가 없습니다. 화면을 새로 고쳐 주세요.',
  alreadyAcknowledged: '이미 확인한 점검 결과입니다.',
  ownFinding: '본인에 대한 점검 결과는 확인할 수 없습니다. 다른 관리자가 확인해야 합니다.',
  reopenReasonRequired: '재검토 사유를 입력해 주세요.',
  notAcknowledged: '아직 확인되지 않은 점검 결과입니다.',
} as const;

export const accessFindingSchema = z.object({
  period: z.string(),
  kind: z.enum(ACCESS_FINDING_KINDS),
  adminId: z.number().int(),
  adminLoginId: z.string().nullable(),
  adminName: z.string().nullable(),
  /** What was counted: reveals, rows, off-hours events, downloads or new addresses. */
  count: z.number().int(),
  /** The finding in one Korean sentence, with the figures. */
  description: z.string(),
  /** Up to five access-log ids behind the finding (newest first), to open in the log. */
  logIds: z.array(z.number().int()),
  /** The acknowledgement in force; null while open (never acknowledged, or reopened since). */
  acknowledgement: z
    .object({
      note: z.string(),
      byLoginId: z.string().nullable(),
      byName: z.string().nullable(),
      at: z.string(),
    })
    .nullable(),
  /** The last reopening, when the finding was reopened: why, by whom and when. */
  reopened: z
    .object({
      reason: z.string(),
      byLoginId: z.string().nullable(),
      byName: z.string().nullable(),
      at: z.string(),
    })
    .nullable(),
});
export type AccessFinding = z.infer<typeof accessFindingSchema>;

export const accessFindingQuerySchema = z.object({ period: monthString });
export const accessFindingListResponseSchema = z.object({
  period: z.string(),
  data: z.array(accessFindingSchema),
});

export const accessFindingAckSchema = z.object({
  period: monthString,
  kind: z.enum(ACCESS_FINDING_KINDS),
  adminId: idQueryField,
  note: z.string().trim().min(1, accessFindingMessages.noteRequired).max(2000),
});
export type AccessFindingAck = z.input<typeof accessFindingAckSchema>;

export const accessFindingReopenSchema = z.object({
  period: monthString,
  kind: z.enum(ACCESS_FINDING_KINDS),
  adminId: idQueryField,
  reason: z.string().trim().min(2, accessFindingMessages.reopenReasonRequired).max(2000),
});
export type AccessFindingReopen = z.input<typeof accessFindingReopenSchema>;

/** The download name of the access-log export, dated like the list exports (docs/exports.md#endpoints-and-file-names). */
export const auditLogExportFileName = (date: string) => `접속기록_${date}.csv`;

export const auditLogsApi = defineEndpoints('audit-logs', {
  list: {
    method: 'GET',
    path: '/audit-logs',
    access: 'audit_logs:read',
    summary: '접속기록 목록 (관리자·작업·대상·기간(서울 기준 일자)·IP, 최신순)',
    description: 'action은 쉼표로 여러 개(예: CREATE,UPDATE). ip는 앞부분 일치.',
    query: auditLogListQuerySchema,
    response: auditLogListResponseSchema,
  },
  export: {
    method: 'GET',
    path: '/audit-logs/export',
    access: 'audit_logs:read',
    summary: '접속기록 내보내기 (접속기록_{날짜}.csv, 목록과 같은 필터; 내보내기 자체도 기록됨)',
    description: '다운로드 사유(reason)는 설정에 따라 필수.',
    query: auditLogExportQuerySchema,
    response: 'file',
    produces: ['text/csv', 'application/json'],
  },
  verify: {
    method: 'POST',
    path: '/audit-logs/verify',
    access: 'audit_logs:read',
    summary: '무결성 확인 (체인 전체와 체크포인트를 검증하고 어긋난 곳을 모두 알려 줌; 처음 100건과 총 건수)',
    response: auditVerifyResultSchema,
  },
  get: {
    method: 'GET',
    path: '/audit-logs/:id',
    access: 'audit_logs:read',
    summary: '접속기록 상세 (변경 전후, 사용자 에이전트, 해시)',
    params: idParamSchema,
    response: auditLogDetailSchema,
  },
  reviews: {
    method: 'GET',
    path: '/audit-reviews',
    access: 'audit_logs:read',
    summary: '접속기록 월간 점검 기록 목록 (최근 달부터)',
    query: auditReviewListQuerySchema,
    response: auditReviewListResponseSchema,
  },
  createReview: {
    method: 'POST',
    path: '/audit-reviews',
    access: 'audit_logs:review',
    summary: '접속기록 월간 점검 기록 등록 (점검자는 본인; 수정·삭제 없이 새 기록으로 보완)',
    body: auditReviewCreateSchema,
    response: auditReviewSchema,
    status: 201,
    idempotent: true,
  },
  findings: {
    method: 'GET',
    path: '/audit-reviews/findings',
    access: 'audit_logs:read',
    summary:
      '월간 점검의 자동 점검 결과 (열람·다운로드 급증, 업무 시간 외 열람, 불명확한 다운로드 사유, 새 IP 로그인)',
    query: accessFindingQuerySchema,
    response: accessFindingListResponseSchema,
  },
  acknowledgeFinding: {
    method: 'POST',
    path: '/audit-reviews/findings/acknowledge',
    access: 'audit_logs:review',
    summary: '자동 점검 결과 확인 (확인 내용 필수; 본인에 대한 결과는 다른 관리자가; 수정·삭제 없음)',
    body: accessFindingAckSchema,
    response: accessFindingSchema,
    status: 201,
  },
  reopenFinding: {
    method: 'POST',
    path: '/audit-reviews/findings/reopen',
    access: 'audit_logs:reopen',
    summary: '확인된 자동 점검 결과 재검토 (최고 관리자, 사유 필수; 기록으로 남음)',
    body: accessFindingReopenSchema,
    response: accessFindingSchema,
  },
});
