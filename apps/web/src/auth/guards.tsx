import { type ReactNode, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '../components/spinners';
import { ko } from '../locales/ko/common';
import { useSession } from './session-context';

type RequireAuthProps = {
  /** Called while the stored session is being checked: a chance to fetch the screen's chunks meanwhile. */
  onPending?: (pathname: string) => void;
};

/** docs/web-app.md#screens access rule: everything but the public pages needs a signed-in user. */
export function RequireAuth({ onPending }: RequireAuthProps) {
  const { status, user } = useSession();
  const { pathname } = useLocation();
  const pending = status === 'loading';
  useEffect(() => {
    if (pending) onPending?.(pathname);
  }, [pending, pathname, onPending]);
  if (status === 'loading') return <FullPageSpinner label={ko.app.sessionLoading} />;
  if (!user) return <Navigate to="/login" replace />;
  return <Outlet />;
}

/** /login: a signed-in user goes straight to the dashboard. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  if (status === 'loading') return <FullPageSpinner label={ko.app.sessionLoading} />;
  if (user) return <Navigate to="/dashboard" replace />;
  return children;
}
