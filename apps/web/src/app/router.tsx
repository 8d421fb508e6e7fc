import { type ComponentType, Suspense } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { RequireAuth } from '../auth/guards';
import { useSession } from '../auth/session-context';
import { SessionProvider } from '../auth/session-provider';
import { ErrorBoundary } from '../components/error-boundary';
import { FullPageSpinner } from '../components/spinners';
import { lazyPage } from './lazy';

const ForgotPasswordPage = lazyPage(() => import('./routes/forgot-password-page'));
const SignedInApp = lazyPage(() => import('./signed-in-app'));
const ForcedPasswordChangePage = lazyPage(() => import('./routes/forced-password-change-page'));
const ForcedSecondFactorPage = lazyPage(() => import('./routes/forced-second-factor-page'));

/**
 * While the stored session is checked, fetch the shell and the requested page too, instead of one after the
 * other once the answer is in. Failures surface later, when the page renders.
 */
function preloadScreen(pathname: string) {
  SignedInApp.preload()
    .then(() => import('./signed-in-app'))
    .then((module) => module.preloadPage(pathname))
    .catch(() => {});
}

/** Outside the shell (forgot password, the signed-in app itself): a full-page spinner while the chunk loads. */
function Standalone({ page: Page }: { page: ComponentType }) {
  return (
    <ErrorBoundary>
      <Suspense fallback={<FullPageSpinner />}>
        <Page />
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * Signed in: the app, or only the password change while the admin holds a temporary password, or only the
 * second factor's enrolment while the policy asks for one they lack (docs/second-factor.md#policy).
 */
function SignedInEntry() {
  const { user } = useSession();
  const page = user?.mustChangePassword
    ? ForcedPasswordChangePage
    : user?.secondFactorEnrolmentRequired
      ? ForcedSecondFactorPage
      : SignedInApp;
  return <Standalone page={page} />;
}

/**
 * docs/web-app.md#screens routes: /forgot-password is public; everything else is behind the guard. /login is not
 * a route of the app: it is the plain login page, a page of its own (docs/wire.md#the-login-page).
 */
export const routes: RouteObject[] = [
  { path: '/forgot-password', element: <Standalone page={ForgotPasswordPage} /> },
  {
    element: <RequireAuth onPending={preloadScreen} />,
    children: [{ path: '*', element: <SignedInEntry /> }],
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
