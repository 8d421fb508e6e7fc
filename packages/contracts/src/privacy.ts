import { dateString } from './common';
import { defineEndpoints } from './endpoint';
import { listMetaSchema } from './pagination';
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
} as const;

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

export const retentionRulesSchema = z.object(
  Object.fromEntries(RETENTION_KINDS.map((kind) => [kind, retentionRuleSchema])) as Record<
    RetentionKind,
    typeof retentionRuleSchema
  >,
);
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

/** The kinds the destruction job processes so far (docs/privacy-lifecycle.md#what-is-destroyed). */
export const DESTRUCTION_KINDS = ['appUsers', 'workers'] as const satisfies readonly RetentionKind[];
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
});
