import type { MatchingStatus } from '@ilson/contracts';
import type { Dashboard } from './api';

/** Where each card and queue item leads: the list filtered to exactly what it counts, or the record. */
export const dashboardLinks = {
  pendingEmployers: '/employers?status=pending',
  pendingJobPosts: '/job-posts?status=pending',
  visaBucket: (bucket: string) => `/workers/visa-expiry?bucket=${bucket}`,
  visaBoard: '/workers/visa-expiry',
  matchingsOf(month: Dashboard['matchings']['month'], status?: MatchingStatus) {
    const params = new URLSearchParams({ created_from: month.from, created_to: month.to });
    if (status) params.set('status', status);
    return `/matchings?${params}`;
  },
  matchingStats: '/matchings/stats',
  /** Contracts paid below a year's minimum wage, to revisit when it takes effect (docs/law-as-data.md#wages). */
  belowMinimumWage: (year: number) => `/matchings?below_minimum_wage_year=${year}`,
  pendingPayouts: '/payouts?status=pending',
  moderation: '/reviews/moderation',
  overduePrivacyRequests: '/privacy/requests?overdue=true',
  employer: (id: number) => `/employers/${id}`,
  worker: (id: number) => `/workers/${id}`,
  review: (id: number) => `/reviews/${id}`,
};
