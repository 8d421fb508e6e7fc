import type { ComponentType } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import ShellLayout from '../layout/shell-layout';
import { type LazyPage, lazyPage } from './lazy';
import { findRoute, ROUTE_TABLE, type RouteId } from './routes/route-table';

const PlaceholderPage = lazyPage(() => import('./routes/placeholder-page'));

/** Screens that have their own page; the rest show the placeholder until their issue lands. */
const branchForm = lazyPage(() => import('../features/branches/branch-form-page'));
const jobPostForm = lazyPage(() => import('../features/job-posts/job-post-form-page'));
const noticeForm = lazyPage(() => import('../features/notices/notice-form-page'));
const payoutForm = lazyPage(() => import('../features/payouts/payout-form-page'));
const PAGES: Partial<Record<RouteId, LazyPage<ComponentType>>> = {
  dashboard: lazyPage(() => import('./routes/dashboard-page')),
  'branch-list': lazyPage(() => import('../features/branches/branch-list-page')),
  'branch-new': branchForm,
  'branch-edit': branchForm,
  'branch-detail': lazyPage(() => import('../features/branches/branch-detail-page')),
  'employer-list': lazyPage(() => import('../features/employers/employer-list-page')),
  'employer-new': lazyPage(() => import('../features/employers/employer-new-page')),
  'employer-detail': lazyPage(() => import('./routes/employer-detail-route')),
  'worker-list': lazyPage(() => import('../features/workers/worker-list-page')),
  'worker-new': lazyPage(() => import('../features/workers/worker-new-page')),
  'worker-visa-expiry': lazyPage(() => import('../features/workers/visa-expiry-page')),
  'worker-detail': lazyPage(() => import('./routes/worker-detail-route')),
  'job-post-list': lazyPage(() => import('../features/job-posts/job-post-list-page')),
  'job-post-new': jobPostForm,
  'job-post-edit': jobPostForm,
  'job-post-detail': lazyPage(() => import('./routes/job-post-detail-route')),
  'resume-list': lazyPage(() => import('../features/resumes/resume-list-page')),
  'resume-detail': lazyPage(() => import('../features/resumes/resume-detail-page')),
  'resume-of-worker': lazyPage(() => import('../features/resumes/worker-resumes-page')),
  'matching-list': lazyPage(() => import('../features/matchings/matching-list-page')),
  'matching-new': lazyPage(() => import('../features/matchings/matching-new-page')),
  'matching-stats': lazyPage(() => import('../features/matchings/stats/matching-stats-page')),
  'matching-detail': lazyPage(() => import('../features/matchings/matching-detail-page')),
  'notice-list': lazyPage(() => import('../features/notices/notice-list-page')),
  'notice-new': noticeForm,
  'notice-edit': noticeForm,
  'notice-detail': lazyPage(() => import('../features/notices/notice-detail-page')),
  'review-list': lazyPage(() => import('../features/reviews/review-list-page')),
  'review-moderation': lazyPage(() => import('../features/reviews/moderation/moderation-page')),
  'review-detail': lazyPage(() => import('../features/reviews/review-detail-page')),
  'user-list': lazyPage(() => import('../features/app-users/user-list-page')),
  'payout-list': lazyPage(() => import('../features/payouts/payout-list-page')),
  'payout-new': payoutForm,
  'payout-edit': payoutForm,
  'payout-detail': lazyPage(() => import('../features/payouts/payout-detail-page')),
  settings: lazyPage(() => import('../features/settings/settings-page')),
  'settings-admins': lazyPage(() => import('../features/admins/admin-list-page')),
  'settings-logs': lazyPage(() => import('../features/audit-logs/audit-log-page')),
};

function pageFor(id: RouteId | undefined) {
  return (id && PAGES[id]) || PlaceholderPage;
}

/** Fetch the page of `pathname` ahead of rendering it (while the session is still being checked). */
export function preloadPage(pathname: string): void {
  pageFor(findRoute(pathname)?.id)
    .preload()
    .catch(() => {});
}

/** Every screen behind the login, inside the shell. Each page loads on demand; see shell-layout for its spinner. */
const signedInRoutes: RouteObject[] = [
  {
    element: <ShellLayout />,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      ...ROUTE_TABLE.map((route): RouteObject => {
        const Page = pageFor(route.id);
        return { path: route.path, element: <Page /> };
      }),
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
];

/**
 * The signed-in application: the shell and the table of pages. It is its own chunk, so /login carries neither the
 * shell nor the list of every page's chunk.
 */
export default function SignedInApp() {
  return useRoutes(signedInRoutes);
}
