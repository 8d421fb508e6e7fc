import { type ComponentType, Suspense } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { PublicOnly, RequireAuth } from '../auth/guards';
import { SessionProvider } from '../auth/session-provider';
import { ErrorBoundary } from '../components/error-boundary';
import { FullPageSpinner } from '../components/spinners';
import { type LazyPage, lazyPage } from './lazy';
import { findRoute, ROUTE_TABLE, type RouteId } from './routes/route-table';

const ShellLayout = lazyPage(() => import('../layout/shell-layout'));
const LoginPage = lazyPage(() => import('./routes/login-page'));
const ForgotPasswordPage = lazyPage(() => import('./routes/forgot-password-page'));
const PlaceholderPage = lazyPage(() => import('./routes/placeholder-page'));

/** Screens that have their own page; the rest show the placeholder until their issue lands. */
const branchForm = lazyPage(() => import('../features/branches/branch-form-page'));
const jobPostForm = lazyPage(() => import('../features/job-posts/job-post-form-page'));
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
};

function pageFor(id: RouteId | undefined) {
  return (id && PAGES[id]) || PlaceholderPage;
}

/**
 * While the stored session is checked, fetch the shell and the requested page too, instead of one after the
 * other once the answer is in. Failures surface later, when the page renders.
 */
function preloadScreen(pathname: string) {
  const route = findRoute(pathname);
  for (const page of [ShellLayout, pageFor(route?.id)]) page.preload().catch(() => {});
}

/** Outside the shell (login, forgot password, the shell itself): a full-page spinner while the chunk loads. */
function Standalone({ page: Page }: { page: ComponentType }) {
  return (
    <ErrorBoundary>
      <Suspense fallback={<FullPageSpinner />}>
        <Page />
      </Suspense>
    </ErrorBoundary>
  );
}

/** SPEC §2 routes. Inside the shell each page loads on demand; see shell-layout for its spinner. */
export const routes: RouteObject[] = [
  {
    path: '/login',
    element: (
      <PublicOnly>
        <Standalone page={LoginPage} />
      </PublicOnly>
    ),
  },
  { path: '/forgot-password', element: <Standalone page={ForgotPasswordPage} /> },
  {
    element: <RequireAuth onPending={preloadScreen} />,
    children: [
      {
        element: <Standalone page={ShellLayout} />,
        children: [
          { index: true, element: <Navigate to="/dashboard" replace /> },
          ...ROUTE_TABLE.map((route): RouteObject => {
            const Page = pageFor(route.id);
            return { path: route.path, element: <Page /> };
          }),
          { path: '*', element: <Navigate to="/dashboard" replace /> },
        ],
      },
    ],
  },
];

function AppRoutes() {
  return useRoutes(routes);
}

/** The whole application below the router: the session, then the routes. */
export function AppRouter() {
  return (
    <ErrorBoundary>
      <SessionProvider>
        <AppRoutes />
      </SessionProvider>
    </ErrorBoundary>
  );
}
