import { idParamSchema } from './common';
import { EMPLOYER_TRANSITIONS, employerListQuerySchema } from './employers';
import { defineEndpoints } from './endpoint';
import { JOB_POST_TRANSITIONS, jobPostListQuerySchema } from './job-posts';
import { listMetaSchema } from './pagination';
import { PAYOUT_TRANSITIONS, payoutListQuerySchema } from './payouts';
import { REVIEW_TRANSITIONS, reviewListQuerySchema } from './reviews';
import type { Permission } from './roles';
import { workerListQuerySchema } from './workers';
import { z } from './zod-setup';

/**
 * Bulk actions (docs/bulk-actions.md): one action over chosen rows or over every row a list's filter matches, run
 * on the server as a job with progress; each record goes through the same rule as its own status change, and the
 * ones refused are listed with why.
 */
export const BULK_RESOURCES = ['employers', 'job-posts', 'reviews', 'payouts', 'workers'] as const;
export type BulkResource = (typeof BULK_RESOURCES)[number];

export type BulkActionSpec = {
  label: string;
  /** The status a record is moved to; none for a change of another field (a worker's branch). */
  status?: string;
  /** The states it moves from, when the transition table allows more (승인 is not 정지 해제). */
  only?: readonly string[];
  /** The permission the action needs (each record's transition checks it again). */
  permission: Permission;
  reasonRequired: boolean;
  /** The action names a branch (a worker's 담당 지점). */
  needsBranch?: boolean;
  /** Which records of the result set it applies to, as the confirmation says it. */
  appliesTo: string;
};

const reasonFor = (transitions: readonly { to: string; reasonRequired: boolean }[], to: string) =>
  transitions.some((t) => t.to === to && t.reasonRequired);

export const BULK_ACTIONS = {
  employers: {
    approve: {
      label: '승인',
      status: 'approved',
      only: ['pending'],
      permission: 'employers:approve',
      reasonRequired: reasonFor(EMPLOYER_TRANSITIONS, 'approved'),
      appliesTo: '승인 대기인 사업주',
    },
    reject: {
      label: '반려',
      status: 'rejected',
      only: ['pending'],
      permission: 'employers:approve',
      reasonRequired: reasonFor(EMPLOYER_TRANSITIONS, 'rejected'),
      appliesTo: '승인 대기인 사업주',
    },
  },
  'job-posts': {
    approve: {
      label: '승인(게시)',
      status: 'active',
      only: ['pending'],
      permission: 'job_posts:approve',
      reasonRequired: reasonFor(JOB_POST_TRANSITIONS, 'active'),
      appliesTo: '검토 대기인 채용공고',
    },
    close: {
      label: '마감',
      status: 'closed',
      permission: 'job_posts:write',
      reasonRequired: reasonFor(JOB_POST_TRANSITIONS, 'closed'),
      appliesTo: '게시 중인 채용공고',
    },
  },
  reviews: {
    publish: {
      label: '게시',
      status: 'published',
      permission: 'reviews:moderate',
      reasonRequired: reasonFor(REVIEW_TRANSITIONS, 'published'),
      appliesTo: '검수 대기이거나 신고된 리뷰',
    },
    hide: {
      label: '숨김',
      status: 'hidden',
      permission: 'reviews:moderate',
      reasonRequired: reasonFor(REVIEW_TRANSITIONS, 'hidden'),
      appliesTo: '검수 대기이거나 게시된 리뷰',
    },
  },
  payouts: {
    approve: {
      label: '지급 승인',
      status: 'approved',
      permission: 'payouts:approve',
      reasonRequired: reasonFor(PAYOUT_TRANSITIONS, 'approved'),
      appliesTo: '대기 중인 정산 (직접 등록·수정한 건은 승인할 수 없습니다)',
    },
    pay: {
      label: '지급 완료 처리',
      status: 'paid',
      permission: 'payouts:approve',
      reasonRequired: reasonFor(PAYOUT_TRANSITIONS, 'paid'),
      appliesTo: '지급 승인된 정산',
    },
  },
  workers: {
    'change-branch': {
      label: '담당 지점 변경',
      permission: 'workers:write',
      reasonRequired: false,
      needsBranch: true,
      appliesTo: '선택한 근로자',
    },
  },
} as const satisfies Record<BulkResource, Record<string, BulkActionSpec>>;

export type BulkAction<R extends BulkResource = BulkResource> = keyof (typeof BULK_ACTIONS)[R] & string;

/** The most ids a selection may name; more is what "조건에 맞는 전체" is for. */
export const BULK_MAX_IDS = 1000;
/** The most records one job goes through. */
export const BULK_MAX_RECORDS = 200_000;

export const bulkMessages = {
  chooseOne: '선택한 행이나 조건 중 하나만 보내 주세요.',
  chooseSome: '처리할 행을 선택해 주세요.',
  unknownAction: '알 수 없는 일괄 작업입니다.',
  reasonRequired: '사유를 입력해 주세요.',
  branchRequired: '담당 지점을 선택해 주세요.',
  nothingMatched: '조건에 맞는 기록이 없습니다.',
  tooMany: `한 번에 ${BULK_MAX_RECORDS.toLocaleString('ko-KR')}건까지 처리할 수 있습니다. 조건을 좁혀 주세요.`,
  identifierFilter: '외국인등록번호·여권번호 검색 결과에는 일괄 작업을 할 수 없습니다.',
  notCancellable: '진행 중인 작업만 중지할 수 있습니다.',
} as const;

export const BULK_JOB_STATUSES = ['running', 'done', 'cancelled', 'failed'] as const;
export type BulkJobStatus = (typeof BULK_JOB_STATUSES)[number];
export const BULK_JOB_STATUS_LABELS: Record<BulkJobStatus, string> = {
  running: '진행 중',
  done: '완료',
  cancelled: '중지됨',
  failed: '실패',
};

/** A list's filters without its paging and sort: the result set a job goes through. */
const filterOf = <S extends z.ZodObject>(schema: S) =>
  schema.omit({ page: true, pageSize: true, sort: true, order: true } as never);

export const BULK_FILTER_SCHEMAS = {
  employers: filterOf(employerListQuerySchema),
  'job-posts': filterOf(jobPostListQuerySchema),
  reviews: filterOf(reviewListQuerySchema),
  payouts: filterOf(payoutListQuerySchema),
  workers: filterOf(workerListQuerySchema),
} as const;

const bulkStartSchema = <R extends BulkResource>(resource: R) =>
  z
    .object({
      action: z.enum(Object.keys(BULK_ACTIONS[resource]) as [BulkAction<R>, ...BulkAction<R>[]], {
        error: bulkMessages.unknownAction,
      }),
      reason: z.string().trim().max(500).optional(),
      branchId: z.number().int().positive().optional(),
      ids: z.array(z.number().int().positive()).min(1, bulkMessages.chooseSome).max(BULK_MAX_IDS).optional(),
      filter: BULK_FILTER_SCHEMAS[resource].optional(),
    })
    .refine((body) => (body.ids === undefined) !== (body.filter === undefined), {
      message: bulkMessages.chooseOne,
      path: ['ids'],
    });

export const bulkJobSchema = z.object({
  id: z.number().int(),
  resource: z.enum(BULK_RESOURCES),
  action: z.string(),
  actionLabel: z.string(),
  status: z.enum(BULK_JOB_STATUSES),
  /** What the job goes through: "선택한 3건" or the filter as the access log shows it. */
  scope: z.string(),
  total: z.number().int(),
  processed: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  cancelRequested: z.boolean(),
  failure: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type BulkJob = z.infer<typeof bulkJobSchema>;

export const bulkFailureSchema = z.object({
  recordId: z.number().int(),
  label: z.string(),
  code: z.string(),
  message: z.string(),
});
export type BulkFailure = z.infer<typeof bulkFailureSchema>;

const failuresQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

const bulkEndpoints = <R extends BulkResource>(resource: R, access: Permission, label: string) => {
  const base = `/${resource}/bulk-jobs` as const;
  return {
    start: {
      method: 'POST',
      path: base,
      access,
      summary: `${label} 일괄 작업 시작 (선택한 행 또는 목록 조건 전체, 서버에서 진행)`,
      description:
        'ids(최대 1,000) 또는 filter(목록 화면과 같은 필터) 중 하나. 각 기록은 개별 상태 변경과 같은 규칙으로 처리되고, ' +
        '거절된 기록은 사유와 함께 남습니다.',
      body: bulkStartSchema(resource),
      response: bulkJobSchema,
      status: 201,
    },
    get: {
      method: 'GET',
      path: `${base}/:id`,
      access,
      summary: `${label} 일괄 작업 진행 상황`,
      params: idParamSchema,
      response: bulkJobSchema,
    },
    failures: {
      method: 'GET',
      path: `${base}/:id/failures`,
      access,
      summary: `${label} 일괄 작업에서 처리되지 않은 기록과 사유`,
      params: idParamSchema,
      query: failuresQuery,
      response: z.object({ data: z.array(bulkFailureSchema), meta: listMetaSchema }),
    },
    cancel: {
      method: 'POST',
      path: `${base}/:id/cancel`,
      access,
      summary: `${label} 일괄 작업 중지 (처리된 기록은 그대로)`,
      params: idParamSchema,
      response: bulkJobSchema,
    },
  } as const;
};

export const BULK_API = {
  employers: defineEndpoints('employer-bulk-jobs', bulkEndpoints('employers', 'employers:approve', '사업주')),
  'job-posts': defineEndpoints(
    'job-post-bulk-jobs',
    bulkEndpoints('job-posts', 'job_posts:write', '채용공고'),
  ),
  reviews: defineEndpoints('review-bulk-jobs', bulkEndpoints('reviews', 'reviews:moderate', '리뷰')),
  payouts: defineEndpoints('payout-bulk-jobs', bulkEndpoints('payouts', 'payouts:approve', '정산')),
  workers: defineEndpoints('worker-bulk-jobs', bulkEndpoints('workers', 'workers:write', '근로자')),
} as const;
