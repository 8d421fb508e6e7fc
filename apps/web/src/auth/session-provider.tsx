import {
  type CurrentUser,
  errorMessages,
  type LoginRequest,
  type SecondFactorProof,
  TOAST_DURATION_SECONDS,
  TOKEN_STORAGE_KEY,
  UNAUTHORIZED_REDIRECT_DELAY_MS,
} from '@ilson/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../api/errors';
import { setPasswordChangeListener, setSessionExpiredListener } from '../api/session-expiry';
import { localTokenStore } from '../api/tokens';
import { useToast } from '../components/toast';
import { screenHref } from '../lib/screen-paths';
import { ko } from '../locales/ko/common';
import {
  fetchCurrentUser,
  type LoginResult,
  requestLogin,
  requestLogout,
  requestSecondStep,
} from './auth-api';
import { markIdleLogout, startActivity } from './idle-activity';
import { type LogoutOptions, type Session, SessionContext, type SessionStatus } from './session-context';

type SessionState = { status: SessionStatus; user: CurrentUser | null };

const ANONYMOUS: SessionState = { status: 'anonymous', user: null };

function initialState(): SessionState {
  return localTokenStore.getToken() ? { status: 'loading', user: null } : ANONYMOUS;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [state, setState] = useState(initialState);
  const started = useRef(false);
  const expiring = useRef(false);

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
  useEffect(
    () =>
      setSessionExpiredListener(() => {
        if (expiring.current) return;
        expiring.current = true;
        toast.open({
          type: 'error',
          content: errorMessages.UNAUTHORIZED,
          duration: TOAST_DURATION_SECONDS,
        });
        window.setTimeout(() => {
          expiring.current = false;
          queryClient.clear();
          setState(ANONYMOUS);
          navigate('/login', { replace: true });
        }, UNAUTHORIZED_REDIRECT_DELAY_MS);
      }),
    [toast, navigate, queryClient],
  );

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

  const signIn = useCallback(
    (result: LoginResult | null) => {
      if (!result) {
        localTokenStore.clear();
        throw new ApiError({
          type: 'unknown',
          code: 'INVALID_LOGIN_RESPONSE',
          message: ko.login.invalidResponse,
          retryable: false,
        });
      }
      localTokenStore.setTokens(result.token, result.refreshToken);
      startActivity();
      queryClient.clear();
      setState({ status: 'authenticated', user: result.user });
      toast.open({ type: 'success', content: ko.login.success, duration: TOAST_DURATION_SECONDS });
      navigate(screenHref('dashboard'), { replace: true });
    },
    [toast, navigate, queryClient],
  );

  const login = useCallback(
    async (credentials: LoginRequest) => {
      const result = await requestLogin(credentials);
      if (result && 'mfaRequired' in result) return result;
      signIn(result);
      return undefined;
    },
    [signIn],
  );

  const completeLogin = useCallback(
    async (mfaToken: string, proof: SecondFactorProof) => {
      signIn(await requestSecondStep(mfaToken, proof));
    },
    [signIn],
  );

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
        // After an idle logout /login explains it instead of the usual message.
        if (idleMinutes === undefined) {
          toast.open({ type: 'success', content: ko.logout.success, duration: TOAST_DURATION_SECONDS });
        }
        navigate('/login', { replace: true });
      }
    },
    [toast, navigate, queryClient],
  );

  const session = useMemo<Session>(
    () => ({ ...state, login, completeLogin, logout, reloadUser }),
    [state, login, completeLogin, logout, reloadUser],
  );
  return <SessionContext value={session}>{children}</SessionContext>;
}
