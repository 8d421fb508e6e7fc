import { defineEndpoints } from './endpoint';
import { MATCHING_STATUSES } from './matchings';
import { REVIEW_STATUSES, REVIEWER_TYPES } from './reviews';
import { VISA_TYPES } from './visas';
import { visaBucketKey } from './workers';
import { z } from './zod-setup';

/** How many items each to-do queue of the dashboard lists. */
export const DASHBOARD_QUEUE_SIZE = 5;

const count = z.number().int();
/** A `YYYY-MM-DD` day of the Asia/Seoul calendar. */
const day = z.string();

const pendingEmployerItem = z.object({
  id: z.number().int(),
  companyName: z.string(),
  branchName: z.string().nullable(),
  createdAt: z.string(),
});

const expiringVisaItem = z.object({
  id: z.number().int(),
  name: z.string(),
  nationality: z.string(),
  visaType: z.enum(VISA_TYPES),
  visaExpiryDate: day,
  /** Days from today (Seoul) to the expiry date: 0 when it expires today. */
  daysLeft: count,
  branchName: z.string().nullable(),
});

const reportedReviewItem = z.object({
  id: z.number().int(),
  employerName: z.string(),
  workerName: z.string(),
  reviewerType: z.enum(REVIEWER_TYPES),
  rating: count,
  reportCount: count,
  status: z.enum(REVIEW_STATUSES),
  /** The beginning of the review's text. */
  excerpt: z.string(),
  createdAt: z.string(),
});

/**
 * `GET /dashboard`: the numbers behind the KPI cards, the charts and the to-do queues, all within the
 * admin's branches (a branch manager's own). Days and months are the Asia/Seoul calendar's.
 *
 * - `visas`: workers not departed whose visa expires within the first window of `visaAlertDays`
 *   (`expiring`, days left 0…`windowDays`, the board's `bucket`) or has expired (`overdue`).
 * - `matchings`: created this month (`month.from`…`month.to`), by current status in MATCHING_STATUSES order.
 * - `payouts`: pending ones, their count and sums (`total` = amount + VAT, as the payout list sums them).
 * - `reviews`: the moderation queue (pending, or published and reported); `reported` of those have reports.
 * - `monthly`: the last 12 months, this one included (`YYYY-MM`, 0 when none): matchings created in each and
 *   contracts signed in each.
 * - `byNationality`: workers not departed, by nationality code, most first.
 * - `queues`: the oldest pending employers; the visas that expire soonest (not yet expired, within the
 *   largest alert window); the most reported reviews awaiting moderation.
 */
export const dashboardSchema = z.object({
  today: day,
  /** When these figures were computed (the server reuses them for up to a minute); the server always sends it. */
  asOf: z.string().optional(),
  /**
   * Data subjects' requests still open and those past their ten days (docs/privacy-lifecycle.md), counted live;
   * only for an admin who reads them (privacy:read).
   */
  privacyRequests: z.object({ open: count, overdue: count }).optional(),
  employers: z.object({ pending: count }),
  jobPosts: z.object({ pending: count }),
  visas: z.object({ windowDays: count, bucket: visaBucketKey, expiring: count, overdue: count }),
  matchings: z.object({
    month: z.object({ from: day, to: day }),
    total: count,
    byStatus: z.array(z.object({ status: z.enum(MATCHING_STATUSES), count })),
  }),
  payouts: z.object({ pending: count, amount: count, vat: count, total: count }),
  reviews: z.object({ awaiting: count, reported: count }),
  monthly: z.array(z.object({ month: z.string(), created: count, contracted: count })),
  byNationality: z.array(z.object({ nationality: z.string(), count })),
  queues: z.object({
    pendingEmployers: z.array(pendingEmployerItem),
    expiringVisas: z.array(expiringVisaItem),
    reportedReviews: z.array(reportedReviewItem),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const dashboardApi = defineEndpoints('dashboard', {
  get: {
    method: 'GET',
    path: '/dashboard',
    access: 'dashboard:read',
    summary:
      '대시보드 (승인 대기·비자 만료 임박·이번 달 매칭·정산 대기·리뷰 검수 건수, 12개월 추이, 국적별, 할 일)',
    response: dashboardSchema,
  },
});
