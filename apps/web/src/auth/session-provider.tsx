import {
  type CurrentUser,
  errorMessages,
  TOAST_DURATION_SECONDS,
  TOKEN_STORAGE_KEY,
  UNAUTHORIZED_REDIRECT_DELAY_MS,
} from '@ilson/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { setPasswordChangeListener, setSessionExpiredListener } from '../api/session-expiry';
import { localTokenStore } from '../api/tokens';
import { useToast } from '../components/toast';
import { ko } from '../locales/ko/common';
import { fetchCurrentUser, requestLogout } from './auth-api';
import { markIdleLogout } from './idle-activity';
import { goToLogin, takeNotice } from './page-handoff';
import { type LogoutOptions, type Session, SessionContext, type SessionStatus } from './session-context';

type SessionState = { status: SessionStatus; user: CurrentUser | null };

const ANONYMOUS: SessionState = { status: 'anonymous', user: null };

function initialState(): SessionState {
  return localTokenStore.getToken() ? { status: 'loading', user: null } : ANONYMOUS;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [state, setState] = useState(initialState);
  const started = useRef(false);
  const expiring = useRef(false);

  // The plain login page signed in and came here by a full navigation (docs/wire.md#the-login-page): its toast.
  useEffect(() => {
    if (takeNotice() === 'login') {
      toast.open({ type: 'success', content: ko.login.success, duration: TOAST_DURATION_SECONDS });
    }
  }, [toast]);

  // docs/sessions-and-logs.md#the-browsers-session: with a stored token, ask who we are; anything but a user with an id means logged out.
  useEffect(() => {
    if (started.current || state.status !== 'loading') return;
    started.current = true;
    fetchCurrentUser()
      .catch(() => null)
      .then((user) => {
        if (user) {
          setState({ status: 'authenticated', user });
        } else {
          localTokenStore.clear();
          setState(ANONYMOUS);
        }
      });
  }, [state.status]);

  // docs/wire.md#errors-and-validation: a refresh that failed shows the message, then /login after the delay.
  useEffect(() => {
    let timer: number | undefined;
    const stopListening = setSessionExpiredListener(() => {
      if (expiring.current) return;
      expiring.current = true;
      toast.open({
        type: 'error',
        content: errorMessages.UNAUTHORIZED,
        duration: TOAST_DURATION_SECONDS,
      });
      timer = window.setTimeout(() => {
        expiring.current = false;
        queryClient.clear();
        setState(ANONYMOUS);
        goToLogin();
      }, UNAUTHORIZED_REDIRECT_DELAY_MS);
    });
    // Unmounted (a test's app): no later trip to the login from a session that is gone.
    return () => {
      stopListening();
      window.clearTimeout(timer);
      expiring.current = false;
    };
  }, [toast, queryClient]);

  // Logging out in another tab logs out this one too (/login tells an idle logout from its marker).
  useEffect(() => {
    const handleStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_STORAGE_KEY && !event.newValue) {
        queryClient.clear();
        setState(ANONYMOUS);
      }
    };
    window.addEventListener('storage', handleStorage);
    return () => window.removeEventListener('storage', handleStorage);
  }, [queryClient]);

  const reloadUser = useCallback(async () => {
    const user = await fetchCurrentUser();
    if (user) setState({ status: 'authenticated', user });
  }, []);

  // An admin whose password was reset meanwhile: the server refuses with 403; show the forced change.
  useEffect(() => setPasswordChangeListener(() => void reloadUser().catch(() => {})), [reloadUser]);

  const logout = useCallback(
    async ({ idleMinutes }: LogoutOptions = {}) => {
      if (idleMinutes !== undefined) markIdleLogout(idleMinutes);
      try {
        // Another tab may have logged this session out already.
        if (localTokenStore.getToken()) await requestLogout(localTokenStore.getRefreshToken());
      } catch {
        // docs/sessions-and-logs.md#the-browsers-session: the tokens go even when the server call fails.
      } finally {
        localTokenStore.clear();
        queryClient.clear();
        setState(ANONYMOUS);
        // The login page says so; after an idle logout it explains that instead (idle-activity.ts).
        goToLogin(idleMinutes === undefined ? 'logout' : undefined);
      }
    },
    [queryClient],
  );

  const session = useMemo<Session>(() => ({ ...state, logout, reloadUser }), [state, logout, reloadUser]);
  return <SessionContext value={session}>{children}</SessionContext>;
}
