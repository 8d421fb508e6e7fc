import {
  API_BASE_PATH,
  type ErrorCode,
  fromWire,
  REQUEST_TIMEOUT_MS,
  type RefreshResponse,
  toWire,
  XSRF_COOKIE_NAME,
  XSRF_HEADER_NAME,
} from '@ilson/contracts';
import axios, {
  type AxiosAdapter,
  type AxiosError,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
  isAxiosError,
} from 'axios';
import { recordRequest } from '../auth/idle-activity';
import { classifyError } from './errors';
import { announcePasswordChangeRequired, announceSessionExpired, askForStepUp } from './session-expiry';
import { localTokenStore, type TokenStore } from './tokens';

declare module 'axios' {
  // Augmenting axios' own config type needs an interface.
  interface AxiosRequestConfig {
    /** A refresh that fails during this call clears the tokens without the expired-session message. */
    quietSessionExpiry?: boolean;
    _sentToken?: string | null;
    /** When the request left (epoch ms): the server counts its activity on arrival, not when the reply comes back. */
    _sentAt?: number;
    _retriedWithStoredToken?: boolean;
    _refreshAttempted?: boolean;
    _steppedUp?: boolean;
  }
}

export type ApiClientOptions = {
  tokens?: TokenStore;
  onSessionExpired?: () => void;
  /** A 403 PASSWORD_CHANGE_REQUIRED: the admin holds a temporary password and must change it first. */
  onPasswordChangeRequired?: () => void;
  /** A 403 STEP_UP_REQUIRED: asks for a fresh second factor; true when it was given (the request goes again). */
  onStepUpRequired?: () => Promise<boolean>;
  adapter?: AxiosAdapter;
  baseURL?: string;
  /** A signed-in request the server accepted, which it counts as the session's activity as of `sentAt`. */
  onSessionActivity?: (sentAt: number) => void;
};

/** The server's 403 code for an admin who must change a temporary password (a literal: no zod here). */
const PASSWORD_CHANGE_REQUIRED = 'PASSWORD_CHANGE_REQUIRED' satisfies ErrorCode;
/** docs/second-factor.md: the session reaches only the enrolment; the app shows it. */
const SECOND_FACTOR_ENROLMENT_REQUIRED = 'SECOND_FACTOR_ENROLMENT_REQUIRED' satisfies ErrorCode;
/** docs/second-factor.md#step-up: the action needs a fresh code; the dialog asks, and the request is sent again. */
const STEP_UP_REQUIRED = 'STEP_UP_REQUIRED' satisfies ErrorCode;

/** The auth calls themselves never carry a bearer token and never trigger a refresh. */
const AUTH_CALLS = new Set(['auth/login', 'auth/refresh', 'auth/mfa/verify', 'auth/mfa/passkey-options']);
const LOGOUT_CALL = 'auth/logout';

export function withTrailingSlash(path: string): string {
  return path.endsWith('/') ? path : `${path}/`;
}

function callPath(config: InternalAxiosRequestConfig): string {
  return (config.url ?? '').replace(/^\/+/, '').split('?')[0] ?? '';
}

function isAuthCall(config: InternalAxiosRequestConfig): boolean {
  return AUTH_CALLS.has(callPath(config));
}

/**
 * When the server counted this call as the session's activity (it passed the session check: anything but a 401):
 * the time it was sent. Undefined for calls without a session, 401s and the logout.
 */
function activityAt(
  config: InternalAxiosRequestConfig | undefined,
  status: number | undefined,
): number | undefined {
  if (!config?._sentToken || status === undefined || status === 401 || callPath(config) === LOGOUT_CALL)
    return;
  return config._sentAt;
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function isSameOrigin(config: InternalAxiosRequestConfig): boolean {
  try {
    const base = new URL(config.baseURL ?? '/', window.location.href);
    return new URL(config.url ?? '', base).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** Only JSON bodies are converted; downloaded files stay as they came. */
function isJsonResponse(response: AxiosResponse): boolean {
  const type = response.config.responseType;
  return (
    (type === undefined || type === 'json') && typeof response.data === 'object' && response.data !== null
  );
}

function isTokenPair(value: unknown): value is RefreshResponse {
  if (typeof value !== 'object' || value === null) return false;
  const { token, refreshToken } = value as Record<string, unknown>;
  return typeof token === 'string' && token !== '' && typeof refreshToken === 'string' && refreshToken !== '';
}

/** docs/wire.md#errors-and-validation: token and refreshToken, at the top level or under `data`; anything else is a failed refresh. */
export function readRefreshResponse(body: unknown): RefreshResponse | null {
  const nested = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  const pair = [body, nested].find(isTokenPair);
  return pair ? { token: pair.token, refreshToken: pair.refreshToken } : null;
}

export function createApiClient(options: ApiClientOptions = {}): AxiosInstance {
  const tokens = options.tokens ?? localTokenStore;
  const onSessionExpired = options.onSessionExpired ?? announceSessionExpired;
  const onPasswordChangeRequired = options.onPasswordChangeRequired ?? announcePasswordChangeRequired;
  const onStepUpRequired = options.onStepUpRequired ?? askForStepUp;
  const onSessionActivity = options.onSessionActivity ?? recordRequest;
  const instance = axios.create({
    baseURL: withTrailingSlash(options.baseURL ?? API_BASE_PATH),
    timeout: REQUEST_TIMEOUT_MS,
    headers: { Accept: 'application/json' },
    xsrfCookieName: XSRF_COOKIE_NAME,
    xsrfHeaderName: XSRF_HEADER_NAME,
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });

  let refreshing: Promise<string> | null = null;

  async function refreshTokens(): Promise<string> {
    const refreshToken = tokens.getRefreshToken();
    if (!refreshToken) throw new Error('No refresh token');
    const response = await instance.post('auth/refresh', { refreshToken });
    const pair = readRefreshResponse(response.data);
    if (!pair) throw new Error('Invalid refresh response');
    tokens.setTokens(pair.token, pair.refreshToken);
    return pair.token;
  }

  /** Parallel 401s share one refresh call. */
  function refreshOnce(): Promise<string> {
    refreshing ??= refreshTokens().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  instance.interceptors.request.use((config) => {
    const token = isAuthCall(config) ? null : tokens.getToken();
    config._sentToken = token;
    config._sentAt = Date.now();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    if (isSameOrigin(config)) {
      const xsrf = readCookie(XSRF_COOKIE_NAME);
      if (xsrf) config.headers.set(XSRF_HEADER_NAME, xsrf);
    }
    config.data = toWire(config.data);
    if (config.params) config.params = toWire(config.params);
    return config;
  });

  instance.interceptors.response.use(
    (response) => {
      const at = activityAt(response.config, response.status);
      if (at !== undefined) onSessionActivity(at);
      if (isJsonResponse(response)) response.data = fromWire(response.data);
      return response;
    },
    async (error: AxiosError) => {
      const config = isAxiosError(error) ? error.config : undefined;
      const at = activityAt(config, error.response?.status);
      if (at !== undefined) onSessionActivity(at);
      if (error.response?.status === 403) {
        const classified = classifyError(error);
        if (
          classified.serverCode === PASSWORD_CHANGE_REQUIRED ||
          classified.serverCode === SECOND_FACTOR_ENROLMENT_REQUIRED
        ) {
          onPasswordChangeRequired();
          classified.handled = true;
        }
        if (classified.serverCode === STEP_UP_REQUIRED && config && !config._steppedUp) {
          config._steppedUp = true;
          if (await onStepUpRequired()) return instance.request(config);
          classified.handled = true;
        }
        throw classified;
      }
      if (!config || error.response?.status !== 401 || isAuthCall(config)) throw classifyError(error);

      // Another tab may have refreshed since this request left: try its token before refreshing again.
      const stored = tokens.getToken();
      if (stored && stored !== config._sentToken && !config._retriedWithStoredToken) {
        config._retriedWithStoredToken = true;
        return instance.request(config);
      }

      if (!config._refreshAttempted) {
        config._refreshAttempted = true;
        const refreshed = await refreshOnce().then(
          () => true,
          () => false,
        );
        if (refreshed) return instance.request(config);
      }

      tokens.clear();
      const classified = classifyError(error);
      if (!config.quietSessionExpiry) {
        onSessionExpired();
        classified.handled = true;
      }
      throw classified;
    },
  );

  return instance;
}

/** The one client every screen uses. */
export const api = createApiClient();
