import {
  API_BASE_PATH,
  fromWire,
  REQUEST_TIMEOUT_MS,
  toWire,
  XSRF_COOKIE_NAME,
  XSRF_HEADER_NAME,
} from '@ilson/contracts';
import { ApiError, CLIENT_ERROR_CODES, classifyResponse } from '../api/errors';
import { ko } from '../locales/ko/common';

/**
 * The login's three calls over `fetch` (docs/wire.md#the-login-page): the wire of the app's client without axios —
 * the same base path, timeout, JSON in snake_case, the XSRF double-submit header, no bearer token (the auth calls
 * never carry one), and the same classification of a refusal (api/errors.ts), so the same messages.
 */
function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

async function readBody(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text());
  } catch {
    return undefined;
  }
}

/** POSTs `body` to `auth/…`; the answer in camelCase, or an ApiError as the app's client would throw it. */
export async function postAuth(path: string, body: object): Promise<unknown> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
  };
  const xsrf = readCookie(XSRF_COOKIE_NAME);
  if (xsrf) headers[XSRF_HEADER_NAME] = xsrf;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(`${API_BASE_PATH}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(toWire(body)),
      credentials: 'same-origin',
      signal: timeout.signal,
    });
  } catch (cause) {
    throw timeout.signal.aborted
      ? new ApiError({
          type: 'timeout',
          code: CLIENT_ERROR_CODES.TIMEOUT,
          message: ko.errors.timeout,
          retryable: true,
          cause,
        })
      : new ApiError({
          type: 'network',
          code: CLIENT_ERROR_CODES.NETWORK_ERROR,
          message: ko.errors.network,
          retryable: true,
          cause,
        });
  } finally {
    clearTimeout(timer);
  }
  const data = await readBody(response);
  if (!response.ok) throw classifyResponse(response.status, data);
  return fromWire(data);
}
