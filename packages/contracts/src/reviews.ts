import {
  allowedTransitions,
  dateString,
  historyResponseSchema,
  idParamSchema,
  idQueryField,
  statusChangeSchema,
  type Transition,
} from './common';
import { defineEndpoints } from './endpoint';
import { listQuerySchema, listResponseSchema } from './pagination';
import type { Permission } from './roles';
import { z } from './zod-setup';

export const REVIEW_STATUSES = ['pending', 'published', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: '검수 대기',
  published: '게시',
  hidden: '숨김',
};

export const REVIEWER_TYPES = ['employer', 'worker'] as const;
export type ReviewerType = (typeof REVIEWER_TYPES)[number];
export const REVIEWER_TYPE_LABELS: Record<ReviewerType, string> = {
  employer: '사업주 → 근로자',
  worker: '근로자 → 사업주',
};

/**
 * docs/DOMAIN.md: pending → published | hidden, published ↔ hidden. Hiding always needs a reason. Every move to
 * `published` clears the report count (the reports were looked at); `published → published` does only that,
 * for a reported review the moderator keeps (refused while it has no reports).
 */
export const REVIEW_TRANSITIONS: readonly Transition<ReviewStatus, Permission>[] = [
  {
    from: 'pending',
    to: 'published',
    action: 'publish',
    label: '게시',
    reasonRequired: false,
    permission: 'reviews:moderate',
  },
  {
    from: 'pending',
    to: 'hidden',
    action: 'hide',
    label: '숨김',
    reasonRequired: true,
    permission: 'reviews:moderate',
  },
  {
    from: 'published',
    to: 'hidden',
    action: 'hide',
    label: '숨김',
    reasonRequired: true,
    permission: 'reviews:moderate',
  },
  {
    from: 'published',
    to: 'published',
    action: 'dismiss_reports',
    label: '게시 유지 (신고 해제)',
    reasonRequired: false,
    permission: 'reviews:moderate',
  },
  {
    from: 'hidden',
    to: 'published',
    action: 'publish',
    label: '다시 게시',
    reasonRequired: false,
    permission: 'reviews:moderate',
  },
];

/** The moderation actions a review offers: keeping a published one only while it has reports. */
export function reviewTransitionsFor(
  review: { status: ReviewStatus; reportCount: number },
  can: (permission: Permission) => boolean,
): Transition<ReviewStatus, Permission>[] {
  return allowedTransitions(REVIEW_TRANSITIONS, review.status, can).filter(
    (t) => t.action !== 'dismiss_reports' || review.reportCount > 0,
  );
}

export const reviewSchema = z.object({
  id: z.number().int(),
  matchingId: z.number().int(),
  reviewerType: z.enum(REVIEWER_TYPES),
  employerId: z.number().int(),
  employerName: z.string(),
  workerId: z.number().int(),
  workerName: z.string(),
  branchId: z.number().int(),
  rating: z.number().int().min(1).max(5),
  content: z.string(),
  reportCount: z.number().int(),
  status: z.enum(REVIEW_STATUSES),
  moderationReason: z.string().nullable(),
  moderatedBy: z.number().int().nullable(),
  moderatedByName: z.string().nullable(),
  moderatedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Review = z.infer<typeof reviewSchema>;

/** A review entered by an operator on a user's behalf (e.g. told by phone); app users write theirs in the app. */
export const reviewCreateSchema = z.object({
  matchingId: z.number().int().positive(),
  reviewerType: z.enum(REVIEWER_TYPES),
  rating: z.number().int().min(1, '평점은 1~5점입니다.').max(5, '평점은 1~5점입니다.'),
  content: z.string().trim().min(5, '내용을 5자 이상 입력해 주세요.').max(2000),
});

export const REVIEW_SORTS = ['created_at', 'rating', 'report_count'] as const;
export const reviewListQuerySchema = listQuerySchema.extend({
  sort: z.enum(REVIEW_SORTS).default('created_at'),
  status: z.enum(REVIEW_STATUSES).optional(),
  rating: z.coerce.number().int().min(1).max(5).optional(),
  reviewerType: z.enum(REVIEWER_TYPES).optional(),
  reportedOnly: z.enum(['true', 'false']).optional(),
  branchId: idQueryField.optional(),
  createdFrom: dateString.optional(),
  createdTo: dateString.optional(),
});
/** The moderation queue: pending and reported reviews, oldest first; `next` skips the ones already seen. */
export const moderationQueueQuerySchema = z.object({
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
  afterId: idQueryField.optional(),
});
export const moderationQueueResponseSchema = z.object({
  data: z.array(reviewSchema),
  meta: z.object({
    pageSize: z.number().int(),
    /** Everything in the queue (in the admin's branches), not only after `afterId`. */
    total: z.number().int(),
    /** Pass as `after_id` for the next page; null on the last one. */
    nextAfterId: z.number().int().nullable(),
  }),
});
export const reviewStatusChangeSchema = statusChangeSchema(REVIEW_STATUSES);

export const reviewsApi = defineEndpoints('reviews', {
  list: {
    method: 'GET',
    path: '/reviews',
    access: 'reviews:read',
    summary: '리뷰 목록 (상태·평점·작성자 유형·신고된 리뷰만·지점·작성일·내용 검색)',
    query: reviewListQuerySchema,
    response: listResponseSchema(reviewSchema),
  },
  moderation: {
    method: 'GET',
    path: '/reviews/moderation',
    access: 'reviews:read',
    summary: '검수 대기열 (검수 대기·신고된 게시 리뷰, 오래된 순; after_id로 다음 페이지)',
    query: moderationQueueQuerySchema,
    response: moderationQueueResponseSchema,
  },
  get: {
    method: 'GET',
    path: '/reviews/:id',
    access: 'reviews:read',
    summary: '리뷰 상세',
    params: idParamSchema,
    response: reviewSchema,
  },
  create: {
    method: 'POST',
    path: '/reviews',
    access: 'reviews:moderate',
    summary: '리뷰 대리 등록 (근무 중·근무 종료 매칭만; 매칭·작성자 유형당 하나)',
    body: reviewCreateSchema,
    response: reviewSchema,
    status: 201,
    idempotent: true,
  },
  changeStatus: {
    method: 'POST',
    path: '/reviews/:id/status',
    access: 'reviews:moderate',
    summary: '리뷰 검수 (게시·숨김(사유 필수)·게시 유지; 게시하면 신고 수 초기화)',
    params: idParamSchema,
    body: reviewStatusChangeSchema,
    response: reviewSchema,
  },
  history: {
    method: 'GET',
    path: '/reviews/:id/history',
    access: 'reviews:read',
    summary: '리뷰 검수 이력',
    params: idParamSchema,
    response: historyResponseSchema,
  },
});
