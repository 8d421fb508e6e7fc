import { dateString, idParamSchema, versionField } from './common';
import { defineEndpoints } from './endpoint';
import { listMetaSchema } from './pagination';
import { RETENTION_FLOORS } from './retention-floors';
import { z } from './zod-setup';

/**
 * The personal-data lifecycle (docs/privacy-lifecycle.md): how long each kind of record keeps its personal data
 * after its purpose ends, on what legal basis, and what its destruction does.
 */

/** The kinds of record a retention rule covers, in the order the settings screen lists them. */
export const RETENTION_KINDS = [
  'appUsers',
  'workers',
  'employers',
  'resumes',
  'matchings',
  'payouts',
  'auditLogs',
] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

/** Which records of a kind a rule applies to, and from when its period counts. */
export const RETENTION_KIND_LABELS: Record<RetentionKind, { label: string; subject: string }> = {
  appUsers: { label: '앱 회원', subject: '탈퇴한 회원 (탈퇴일부터)' },
  workers: { label: '근로자', subject: '출국했거나 삭제된 근로자 (출국·삭제일부터)' },
  employers: { label: '사업주', subject: '반려·탈퇴했거나 삭제된 사업주 (그날부터)' },
  resumes: { label: '이력서', subject: '삭제된 이력서 (삭제일부터)' },
  matchings: { label: '매칭·계약', subject: '끝난 매칭과 근로계약 (종료·취소일부터)' },
  payouts: { label: '정산', subject: '지급 완료·취소된 정산 (그날부터)' },
  auditLogs: { label: '접속기록', subject: '접속기록 (기록된 날부터)' },
};

/**
 * What happens at the end of a kind's period. `fields`: the personal fields are destroyed (names, identifiers and
 * their search hashes, contacts, addresses, account numbers, free text) and the row stays with what is not personal
 * (dates, amounts, statuses), so counts and statistics do not change. `rows`: the rows are deleted.
 */
export const RETENTION_METHODS = ['fields', 'rows'] as const;
export type RetentionMethod = (typeof RETENTION_METHODS)[number];
export const RETENTION_METHOD_LABELS: Record<RetentionMethod, string> = {
  fields: '개인정보 항목 파기 (통계용 값은 유지)',
  rows: '기록 삭제',
};
export const RETENTION_METHOD_BY_KIND: Record<RetentionKind, RetentionMethod> = {
  appUsers: 'fields',
  workers: 'fields',
  employers: 'fields',
  resumes: 'fields',
  matchings: 'fields',
  payouts: 'fields',
  auditLogs: 'rows',
};

export const privacyMessages = {
  months: '보존 기간은 0~120개월 사이의 정수로 입력해 주세요.',
  basisRequired: '보존 근거를 입력해 주세요.',
  basisTooLong: '보존 근거는 200자 이하로 입력해 주세요.',
  destroyed: '보존 기간이 지나 개인정보가 파기된 기록입니다.',
  destroyedUnchangeable: '개인정보가 파기된 기록은 수정하거나 되살릴 수 없습니다.',
  reasonRequired: '파기 실행 사유를 입력해 주세요.',
  auditLogsMinimum: '접속기록은 2년(24개월) 이상 보관해야 합니다 (개인정보의 안전성 확보조치 기준 제8조).',
  stagedRowDestroyed:
    '개인정보가 파기된 행이라 가져올 수 없습니다 (보관 기간이 지났거나 그 사람의 개인정보가 파기되었습니다). 파일을 다시 올려 주세요.',
  bulkScopeDestroyed: '조건: (개인정보 파기로 지움)',
} as const;

/** The refusal of a period under its kind's legal floor, naming the floor and its basis. */
export const retentionFloorMessage = (kind: RetentionKind): string =>
  kind === 'auditLogs'
    ? privacyMessages.auditLogsMinimum
    : `${RETENTION_KIND_LABELS[kind].label} 보존 기간은 ${RETENTION_FLOORS[kind].minMonths}개월 이상이어야 합니다 (${RETENTION_FLOORS[kind].basis}).`;

/** The least the access log may be kept: it records unique identifiers (고유식별정보) being handled. */
export const AUDIT_LOG_MINIMUM_MONTHS = RETENTION_FLOORS.auditLogs.minMonths;

/** The text shown (and stored) in place of a destroyed record's name. */
export const DESTROYED_LABEL = '파기됨';

export const retentionRuleSchema = z.object({
  months: z
    .number({ error: privacyMessages.months })
    .int(privacyMessages.months)
    .min(0, privacyMessages.months)
    .max(120, privacyMessages.months),
  basis: z.string().trim().min(1, privacyMessages.basisRequired).max(200, privacyMessages.basisTooLong),
});
export type RetentionRule = z.infer<typeof retentionRuleSchema>;

export const retentionRulesSchema = z
  .object(
    Object.fromEntries(RETENTION_KINDS.map((kind) => [kind, retentionRuleSchema])) as Record<
      RetentionKind,
      typeof retentionRuleSchema
    >,
  )
  .superRefine((rules, ctx) => {
    for (const kind of RETENTION_KINDS) {
      if (rules[kind].months < RETENTION_FLOORS[kind].minMonths) {
        ctx.addIssue({ code: 'custom', path: [kind, 'months'], message: retentionFloorMessage(kind) });
      }
    }
  });
export type RetentionRules = z.infer<typeof retentionRulesSchema>;

/** The periods the law sets or that are usual where it sets none (docs/privacy-lifecycle.md#periods). */
export const RETENTION_DEFAULTS: RetentionRules = {
  appUsers: { months: 1, basis: '개인정보 보호법 제21조 (탈퇴 후 지체 없이 파기; 부정 이용 확인 1개월)' },
  workers: { months: 36, basis: '근로기준법 제42조 (근로자 명부·근로계약 서류 3년 보존)' },
  employers: { months: 36, basis: '근로기준법 제42조 (고용 관련 서류 3년 보존)' },
  resumes: { months: 12, basis: '개인정보 보호법 제21조 (구직 목적 달성 후 1년, 내부 방침)' },
  matchings: { months: 36, basis: '근로기준법 제42조 (근로계약 서류 3년 보존)' },
  payouts: { months: 60, basis: '전자상거래법 제6조 (대금 결제·공급 기록 5년 보존)' },
  auditLogs: { months: 24, basis: '개인정보의 안전성 확보조치 기준 제8조 (접속기록 2년 이상 보관)' },
};

/** Every kind, in the order the destruction job processes them (docs/privacy-lifecycle.md#the-job). */
export const DESTRUCTION_KINDS = [
  'appUsers',
  'resumes',
  'employers',
  'workers',
  'matchings',
  'payouts',
  'auditLogs',
] as const satisfies readonly RetentionKind[];
export type DestructionKind = (typeof DESTRUCTION_KINDS)[number];

/** Who started a destruction: the schedule, a super admin's run, or a data subject's 삭제 request. */
export const DESTRUCTION_TRIGGERS = ['schedule', 'manual', 'request'] as const;
export type DestructionTrigger = (typeof DESTRUCTION_TRIGGERS)[number];
export const DESTRUCTION_TRIGGER_LABELS: Record<DestructionTrigger, string> = {
  schedule: '정기 파기',
  manual: '수동 실행',
  request: '정보주체 요청',
};

export const destructionRunSchema = z.object({
  /** Only count and list what would be destroyed; nothing changes and nothing is registered. */
  dryRun: z.boolean().default(true),
  reason: z.string().trim().max(500).default(''),
});
export type DestructionRun = z.input<typeof destructionRunSchema>;

/** One kind's part of a run: how many records, which (the first ids), under which rule. */
export const destructionKindResultSchema = z.object({
  kind: z.enum(RETENTION_KINDS),
  count: z.number().int(),
  /** Up to 100 record ids, oldest first. */
  ids: z.array(z.number().int()),
  months: z.number().int(),
  basis: z.string(),
  /** The last day a record's period may have ended on to be due (Seoul calendar day). */
  dueBefore: z.string(),
});
export type DestructionKindResult = z.infer<typeof destructionKindResultSchema>;

export const destructionResultSchema = z.object({
  dryRun: z.boolean(),
  ranAt: z.string(),
  kinds: z.array(destructionKindResultSchema),
  total: z.number().int(),
});
export type DestructionResult = z.infer<typeof destructionResultSchema>;

/** 파기 대장: one row per kind per run that destroyed something. */
export const destructionRecordSchema = z.object({
  id: z.number().int(),
  destroyedAt: z.string(),
  kind: z.enum(RETENTION_KINDS),
  method: z.enum(RETENTION_METHODS),
  count: z.number().int(),
  months: z.number().int(),
  basis: z.string(),
  trigger: z.enum(DESTRUCTION_TRIGGERS),
  reason: z.string(),
  /** The super admin who ran or approved it; null for the schedule. */
  approvedByAdminId: z.number().int().nullable(),
  approvedByName: z.string().nullable(),
  targetIds: z.array(z.number().int()),
});
export type DestructionRecord = z.infer<typeof destructionRecordSchema>;

export const destructionListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  kind: z.enum(RETENTION_KINDS).optional(),
  from: dateString.optional(),
  to: dateString.optional(),
});
export type DestructionListQuery = z.input<typeof destructionListQuerySchema>;

export const destructionListResponseSchema = z.object({
  data: z.array(destructionRecordSchema),
  meta: listMetaSchema,
});

export const destructionRegisterFileName = (date: string) => `파기대장_${date}.csv`;

/** 정보주체의 권리 행사 (개인정보 보호법 제35~37조): what a data subject asked for. */
export const PRIVACY_REQUEST_KINDS = ['access', 'rectification', 'erasure', 'restriction'] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];
export const PRIVACY_REQUEST_KIND_LABELS: Record<PrivacyRequestKind, string> = {
  access: '열람',
  rectification: '정정',
  erasure: '삭제',
  restriction: '처리정지',
};

export const PRIVACY_SUBJECT_TYPES = ['worker', 'app_user'] as const;
export type PrivacySubjectType = (typeof PRIVACY_SUBJECT_TYPES)[number];
export const PRIVACY_SUBJECT_TYPE_LABELS: Record<PrivacySubjectType, string> = {
  worker: '근로자',
  app_user: '앱 회원',
};

export const PRIVACY_REQUEST_CHANNELS = ['phone', 'visit', 'email', 'app', 'mail'] as const;
export type PrivacyRequestChannel = (typeof PRIVACY_REQUEST_CHANNELS)[number];
export const PRIVACY_REQUEST_CHANNEL_LABELS: Record<PrivacyRequestChannel, string> = {
  phone: '전화',
  visit: '방문',
  email: '이메일',
  app: '앱',
  mail: '우편',
};

export const PRIVACY_REQUEST_STATUSES = ['received', 'in_progress', 'completed', 'rejected'] as const;
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number];
export const PRIVACY_REQUEST_STATUS_LABELS: Record<PrivacyRequestStatus, string> = {
  received: '접수',
  in_progress: '처리 중',
  completed: '완료',
  rejected: '거절',
};
/** Finished: nothing changes a request once it is completed or rejected. */
export const PRIVACY_REQUEST_CLOSED = [
  'completed',
  'rejected',
] as const satisfies readonly PrivacyRequestStatus[];

/** 10 days to answer (시행령 제41조 등), counted in Seoul calendar days from the day the request arrived. */
export const PRIVACY_REQUEST_DEADLINE_DAYS = 10;

export const privacyRequestMessages = {
  receivedInFuture: '접수일은 오늘 이후일 수 없습니다.',
  outcomeRequired: '완료하거나 거절하려면 처리 결과를 입력해 주세요.',
  closed: '완료되거나 거절된 요청은 바꿀 수 없습니다.',
  subjectNotFound: '요청한 정보주체(근로자 또는 앱 회원)를 찾을 수 없습니다.',
  reasonRequired: '열람 파일을 만드는 사유를 입력해 주세요.',
  wrongKind: (kind: string) => `${kind} 요청에서는 할 수 없는 처리입니다.`,
  erasureHeld: '법령에 따른 보존 기간이 남아 있어 지금은 삭제할 수 없습니다.',
  erased: '정보주체의 개인정보를 파기했습니다.',
  alreadyDestroyed: '이미 개인정보가 파기된 정보주체입니다.',
} as const;

export const privacyRequestCreateSchema = z.object({
  subjectType: z.enum(PRIVACY_SUBJECT_TYPES),
  subjectId: z.number().int().min(1),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  channel: z.enum(PRIVACY_REQUEST_CHANNELS),
  receivedAt: dateString,
  /** What the data subject asked for, in the admin's words. */
  details: z.string().trim().max(2000).default(''),
  assigneeAdminId: z.number().int().min(1).nullable().default(null),
});
export type PrivacyRequestCreate = z.input<typeof privacyRequestCreateSchema>;

export const privacyRequestUpdateSchema = z.object({
  status: z.enum(PRIVACY_REQUEST_STATUSES).optional(),
  assigneeAdminId: z.number().int().min(1).nullable().optional(),
  outcome: z.string().trim().max(2000).optional(),
  version: versionField,
});
export type PrivacyRequestUpdate = z.input<typeof privacyRequestUpdateSchema>;

export const privacyRequestSchema = z.object({
  id: z.number().int(),
  subjectType: z.enum(PRIVACY_SUBJECT_TYPES),
  subjectId: z.number().int(),
  /** The subject's name as the record holds it now (파기됨 once destroyed). */
  subjectName: z.string(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  channel: z.enum(PRIVACY_REQUEST_CHANNELS),
  status: z.enum(PRIVACY_REQUEST_STATUSES),
  receivedAt: z.string(),
  dueDate: z.string(),
  /** Open past its due date (Seoul). */
  overdue: z.boolean(),
  details: z.string(),
  outcome: z.string(),
  assigneeAdminId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  createdByName: z.string().nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type PrivacyRequest = z.infer<typeof privacyRequestSchema>;

export const privacyRequestListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(PRIVACY_REQUEST_STATUSES).optional(),
  kind: z.enum(PRIVACY_REQUEST_KINDS).optional(),
  /** Open requests past their due date only. */
  overdue: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type PrivacyRequestListQuery = z.input<typeof privacyRequestListQuerySchema>;

export const privacyRequestListResponseSchema = z.object({
  data: z.array(privacyRequestSchema),
  meta: listMetaSchema,
});

/** 삭제: what the destruction did, or why it may not yet (the holds, one Korean reason each). */
export const privacyErasureResultSchema = z.object({
  destroyed: z.boolean(),
  holds: z.array(z.string()),
});
export type PrivacyErasureResult = z.infer<typeof privacyErasureResultSchema>;

export const privacyAccessFileQuerySchema = z.object({
  reason: z.string().trim().min(1, privacyRequestMessages.reasonRequired).max(500),
});

export const privacyAccessFileName = (requestId: number, date: string) =>
  `개인정보열람_요청${requestId}_${date}.json`;

export const privacyApi = defineEndpoints('privacy', {
  destructions: {
    method: 'GET',
    path: '/privacy/destructions',
    access: 'privacy:read',
    summary: '파기 대장 (무엇을, 몇 건, 근거, 언제, 누가 승인했는지; 최근 것부터)',
    query: destructionListQuerySchema,
    response: destructionListResponseSchema,
  },
  exportDestructions: {
    method: 'GET',
    path: '/privacy/destructions/export',
    access: 'privacy:read',
    summary: '파기 대장 내보내기 (파기대장_{날짜}.csv, 목록과 같은 필터; 내보내기도 기록됨)',
    query: destructionListQuerySchema.omit({ page: true, pageSize: true }),
    response: 'file',
    produces: ['text/csv', 'application/json'],
  },
  runDestruction: {
    method: 'POST',
    path: '/privacy/destructions/run',
    access: 'privacy:destroy',
    summary: '보존 기간이 지난 개인정보 파기 (dry_run이면 대상만 세고 바꾸지 않음)',
    body: destructionRunSchema,
    response: destructionResultSchema,
  },
  requests: {
    method: 'GET',
    path: '/privacy/requests',
    access: 'privacy:read',
    summary: '정보주체 요청 목록 (열람·정정·삭제·처리정지; 처리 기한 임박 순)',
    query: privacyRequestListQuerySchema,
    response: privacyRequestListResponseSchema,
  },
  request: {
    method: 'GET',
    path: '/privacy/requests/:id',
    access: 'privacy:read',
    summary: '정보주체 요청 상세',
    params: idParamSchema,
    response: privacyRequestSchema,
  },
  createRequest: {
    method: 'POST',
    path: '/privacy/requests',
    access: 'privacy:handle',
    summary: '정보주체 요청 접수 (처리 기한: 접수일부터 10일)',
    body: privacyRequestCreateSchema,
    response: privacyRequestSchema,
    status: 201,
    idempotent: true,
  },
  updateRequest: {
    method: 'PATCH',
    path: '/privacy/requests/:id',
    access: 'privacy:handle',
    summary: '정보주체 요청 처리 (담당자, 상태, 처리 결과)',
    params: idParamSchema,
    body: privacyRequestUpdateSchema,
    response: privacyRequestSchema,
  },
  accessFile: {
    method: 'GET',
    path: '/privacy/requests/:id/access-file',
    access: 'privacy:handle',
    summary: '열람 요청: 정보주체에 대해 보유한 모든 정보를 담은 파일 (복호화, 사유와 함께 접속기록에 남음)',
    params: idParamSchema,
    query: privacyAccessFileQuerySchema,
    response: 'file',
    produces: ['application/json'],
  },
  erase: {
    method: 'POST',
    path: '/privacy/requests/:id/erase',
    access: 'privacy:destroy',
    summary: '삭제 요청: 그 정보주체의 개인정보 파기 (법령상 보존 기간이 남으면 사유와 함께 거절)',
    params: idParamSchema,
    response: privacyErasureResultSchema,
  },
});
