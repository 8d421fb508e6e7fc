import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '../components/spinners';
import { ko } from '../locales/ko/common';
import { goToLogin } from './page-handoff';
import { useSession } from './session-context';

type RequireAuthProps = {
  /** Called while the stored session is being checked: a chance to fetch the screen's chunks meanwhile. */
  onPending?: (pathname: string) => void;
};

/**
 * docs/web-app.md#screens access rule: everything but the public pages needs a signed-in user. Without one the
 * browser goes to the plain login page, a page of its own (docs/wire.md#the-login-page), replacing this entry.
 */
export function RequireAuth({ onPending }: RequireAuthProps) {
  const { status, user } = useSession();
  const { pathname } = useLocation();
  const pending = status === 'loading';
  const anonymous = status === 'anonymous' || (status === 'authenticated' && !user);
  useEffect(() => {
    if (pending) onPending?.(pathname);
  }, [pending, pathname, onPending]);
  useEffect(() => {
    if (anonymous) goToLogin();
  }, [anonymous]);
  if (status === 'loading') return <FullPageSpinner label={ko.app.sessionLoading} />;
  if (!user) return null;
  return <Outlet />;
}
