import type { MatchingStatus } from '@ilson/contracts';
import { screenHref } from '../../lib/screen-paths';
import type { Dashboard } from './api';

/** Where each card and queue item leads: the list filtered to exactly what it counts, or the record. */
export const dashboardLinks = {
  pendingEmployers: screenHref('employer-list', { status: 'pending' }),
  pendingJobPosts: screenHref('job-post-list', { status: 'pending' }),
  visaBucket: (bucket: string) => screenHref('worker-visa-expiry', { bucket }),
  visaBoard: screenHref('worker-visa-expiry'),
  matchingsOf(month: Dashboard['matchings']['month'], status?: MatchingStatus) {
    const params = new URLSearchParams({ created_from: month.from, created_to: month.to });
    if (status) params.set('status', status);
    return screenHref('matching-list', params);
  },
  matchingStats: screenHref('matching-stats'),
  /** Contracts paid below a year's minimum wage, to revisit when it takes effect (docs/law-as-data.md#wages). */
  belowMinimumWage: (year: number) => screenHref('matching-list', { below_minimum_wage_year: year }),
  pendingPayouts: screenHref('payout-list', { status: 'pending' }),
  moderation: screenHref('review-moderation'),
  overduePrivacyRequests: screenHref('privacy-requests', { overdue: 'true' }),
  employer: (id: number) => screenHref('employer-detail', { id }),
  worker: (id: number) => screenHref('worker-detail', { id }),
  review: (id: number) => screenHref('review-detail', { id }),
};
