import { REFRESH_TOKEN_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@ilson/contracts';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMockServer, type MockReply, type MockServer, type RecordedRequest } from '../test/mock-server';
import { signIn } from '../test/render-app';
import { createApiClient, readRefreshResponse, withTrailingSlash } from './client';
import { ApiError } from './errors';

const unauthorized = {
  status: 401,
  body: { error: { code: 'UNAUTHORIZED', message: '인증이 필요합니다.' } },
};

/** A protected resource that accepts only the given access token. */
const acceptOnly = (token: string) => (request: RecordedRequest) =>
  request.headers.Authorization === `Bearer ${token}`
    ? { status: 200, body: { data: [{ company_name: '일손상사' }] } }
    : unauthorized;

let server: MockServer;
let onSessionExpired: ReturnType<typeof vi.fn<() => void>>;

function client() {
  return createApiClient({ adapter: server.adapter, onSessionExpired });
}

beforeEach(() => {
  server = createMockServer();
  onSessionExpired = vi.fn<() => void>();
});

describe('request and response conversion (docs/ARCHITECTURE.md#wire)', () => {
  it('sends snake_case bodies and params with ISO dates, and reads camelCase replies', async () => {
    server.on('POST', 'employers', {
      status: 201,
      body: { data: { id: 7, company_name: '일손상사', created_at: 'x' } },
    });
    const response = await client().post(
      'employers',
      {
        companyName: '일손상사',
        openingDate: dayjs('2024-03-01T00:00:00.000Z'),
        contact: { managerName: '이담당' },
      },
      { params: { pageSize: 20, createdFrom: new Date('2024-01-02T03:04:05.000Z') } },
    );
    const [request] = server.requests;
    expect(request?.body).toEqual({
      company_name: '일손상사',
      opening_date: '2024-03-01T00:00:00.000Z',
      contact: { manager_name: '이담당' },
    });
    expect(request?.params).toEqual({ page_size: 20, created_from: '2024-01-02T03:04:05.000Z' });
    expect(response.data).toEqual({ data: { id: 7, companyName: '일손상사', createdAt: 'x' } });
  });

  it('leaves uploads and downloaded files untouched', async () => {
    const seen: unknown[] = [];
    const file = new Blob(['a,b'], { type: 'text/csv' });
    const instance = createApiClient({
      onSessionExpired,
      adapter: async (config) => {
        seen.push(config.data);
        return { data: file, status: 200, statusText: 'OK', headers: {}, config, request: {} };
      },
    });
    const form = new FormData();
    form.append('file_name', 'a.csv');
    const response = await instance.post('uploads', form, { responseType: 'blob' });
    expect(seen[0]).toBe(form);
    expect(response.data).toBe(file);
  });

  it('uses /api/v1/ with a 30 s timeout, the bearer token and the XSRF cookie', async () => {
    signIn('access-1');
    // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server setting its XSRF cookie.
    document.cookie = 'XSRF-TOKEN=xsrf%20value; path=/';
    server.on('GET', 'employers', { status: 200, body: {} });
    const instance = client();
    await instance.get('employers');
    expect(instance.defaults.baseURL).toBe('/api/v1/');
    expect(instance.defaults.timeout).toBe(30_000);
    expect(server.requests[0]?.headers).toMatchObject({
      Authorization: 'Bearer access-1',
      'X-XSRF-TOKEN': 'xsrf value',
    });
    // biome-ignore lint/suspicious/noDocumentCookie: clean-up of the cookie set above.
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('sends no bearer token on the login and refresh calls', async () => {
    signIn('stale');
    server.on('POST', 'auth/login', { status: 200, body: {} });
    await client().post('auth/login', { email: 'admin', password: 'secret1' });
    expect(server.requests[0]?.headers.Authorization).toBeUndefined();
  });

  it('ensures the trailing slash of the base path', () => {
    expect(withTrailingSlash('/api/v1')).toBe('/api/v1/');
    expect(withTrailingSlash('/api/v1/')).toBe('/api/v1/');
  });
});

describe('401 and the refresh (docs/sessions-and-logs.md#the-browsers-session and docs/wire.md#errors-and-validation)', () => {
  it('shares one refresh among parallel 401s and retries each request once with the new token', async () => {
    signIn('old', 'refresh-old');
    let releaseRefresh: () => void = () => {};
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    server.on('GET', 'employers', acceptOnly('new'));
    server.on('GET', 'workers', acceptOnly('new'));
    server.on('GET', 'matchings', acceptOnly('new'));
    server.on('POST', 'auth/refresh', async () => {
      await refreshGate;
      return { status: 200, body: { token: 'new', refresh_token: 'refresh-new' } };
    });

    const instance = client();
    const pending = Promise.all([
      instance.get('employers'),
      instance.get('workers'),
      instance.get('matchings'),
    ]);
    await vi.waitFor(() => expect(server.callsTo('POST', 'auth/refresh')).toHaveLength(1));
    releaseRefresh();
    const responses = await pending;

    expect(responses.map((r) => r.data)).toEqual(Array(3).fill({ data: [{ companyName: '일손상사' }] }));
    expect(server.callsTo('POST', 'auth/refresh')).toHaveLength(1);
    expect(server.callsTo('POST', 'auth/refresh')[0]?.body).toEqual({ refresh_token: 'refresh-old' });
    for (const path of ['employers', 'workers', 'matchings']) {
      expect(server.callsTo('GET', path).map((r) => r.headers.Authorization)).toEqual([
        'Bearer old',
        'Bearer new',
      ]);
    }
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('new');
    expect(window.localStorage.getItem(REFRESH_TOKEN_STORAGE_KEY)).toBe('refresh-new');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('accepts the refreshed pair under data', async () => {
    signIn('old', 'refresh-old');
    server.on('GET', 'employers', acceptOnly('new'));
    server.on('POST', 'auth/refresh', { status: 200, body: { data: { token: 'new', refresh_token: 'r2' } } });
    await expect(client().get('employers')).resolves.toMatchObject({ status: 200 });
  });

  it('on a failed refresh clears both tokens, announces the expired session and rejects', async () => {
    signIn('old', 'refresh-old');
    server.on('GET', 'employers', unauthorized);
    server.on('GET', 'workers', unauthorized);
    server.on('POST', 'auth/refresh', unauthorized);

    const instance = client();
    const results = await Promise.allSettled([instance.get('employers'), instance.get('workers')]);

    expect(server.callsTo('POST', 'auth/refresh')).toHaveLength(1);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const reason = (result as PromiseRejectedResult).reason as ApiError;
      expect(reason).toBeInstanceOf(ApiError);
      expect(reason.type).toBe('authentication');
      expect(reason.handled).toBe(true);
    }
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(window.localStorage.getItem(REFRESH_TOKEN_STORAGE_KEY)).toBeNull();
    expect(onSessionExpired).toHaveBeenCalled();
  });

  it('counts a refresh reply without both tokens as a failure', async () => {
    signIn('old', 'refresh-old');
    server.on('GET', 'employers', acceptOnly('new'));
    server.on('POST', 'auth/refresh', { status: 200, body: { token: 'new' } });
    await expect(client().get('employers')).rejects.toMatchObject({ type: 'authentication' });
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('without a refresh token does not call refresh and ends the session', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'old');
    server.on('GET', 'employers', unauthorized);
    await expect(client().get('employers')).rejects.toMatchObject({ type: 'authentication' });
    expect(server.callsTo('POST', 'auth/refresh')).toHaveLength(0);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('refreshes at most once per request', async () => {
    signIn('old', 'refresh-old');
    server.on('GET', 'employers', unauthorized);
    server.on('POST', 'auth/refresh', { status: 200, body: { token: 'new', refresh_token: 'r2' } });
    await expect(client().get('employers')).rejects.toMatchObject({ type: 'authentication' });
    expect(server.callsTo('POST', 'auth/refresh')).toHaveLength(1);
    expect(server.callsTo('GET', 'employers')).toHaveLength(2);
  });

  it('retries with the token another tab stored meanwhile, without refreshing', async () => {
    signIn('old', 'refresh-old');
    server.on('GET', 'employers', (request, count) => {
      // Another tab refreshes while the first request is on its way.
      if (count === 1) window.localStorage.setItem(TOKEN_STORAGE_KEY, 'from-other-tab');
      return acceptOnly('from-other-tab')(request);
    });
    await expect(client().get('employers')).resolves.toMatchObject({ status: 200 });
    expect(server.callsTo('POST', 'auth/refresh')).toHaveLength(0);
    expect(server.callsTo('GET', 'employers').map((r) => r.headers.Authorization)).toEqual([
      'Bearer old',
      'Bearer from-other-tab',
    ]);
  });

  it('never refreshes for the login call itself', async () => {
    signIn('old', 'refresh-old');
    server.on('POST', 'auth/login', {
      status: 401,
      body: {
        error: { code: 'INVALID_CREDENTIALS', message: '아이디(이메일) 또는 비밀번호가 올바르지 않습니다.' },
      },
    });
    await expect(client().post('auth/login', { email: 'a', password: 'bbbbbb' })).rejects.toMatchObject({
      type: 'authentication',
      message: '아이디(이메일) 또는 비밀번호가 올바르지 않습니다.',
    });
    expect(server.callsTo('POST', 'auth/refresh')).toHaveLength(0);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('old');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('rejects other errors classified', async () => {
    server.on('GET', 'employers', { networkError: true });
    server.on('GET', 'workers', { status: 403, body: { error: { code: 'FORBIDDEN', message: 'x' } } });
    await expect(client().get('employers')).rejects.toMatchObject({ type: 'network', retryable: true });
    await expect(client().get('workers')).rejects.toMatchObject({ type: 'authorization', code: 'FORBIDDEN' });
  });
});

describe('readRefreshResponse', () => {
  it('finds the pair at the top level or under data', () => {
    expect(readRefreshResponse({ token: 'a', refreshToken: 'b' })).toEqual({ token: 'a', refreshToken: 'b' });
    expect(readRefreshResponse({ data: { token: 'a', refreshToken: 'b' } })).toEqual({
      token: 'a',
      refreshToken: 'b',
    });
    expect(readRefreshResponse({ token: 'a' })).toBeNull();
    expect(readRefreshResponse({ token: '', refreshToken: 'b' })).toBeNull();
    expect(readRefreshResponse(null)).toBeNull();
  });
});

describe('session activity (docs/SECURITY.md: the server counts every signed-in request it accepts)', () => {
  it('reports a signed-in reply other than 401, and nothing for anonymous calls, 401s or the logout', async () => {
    const onSessionActivity = vi.fn<(sentAt: number) => void>();
    const instance = createApiClient({ adapter: server.adapter, onSessionExpired, onSessionActivity });
    server.on('GET', 'employers', { status: 200, body: { data: [] } });
    server.on('GET', 'workers/9', {
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: '없음' } },
    });
    server.on('GET', 'settings/public', { status: 200, body: {} });
    server.on('POST', 'auth/logout', { status: 200, body: { ok: true } });
    server.on('GET', 'dashboard', unauthorized);
    server.on('POST', 'auth/refresh', unauthorized);

    await instance.get('settings/public');
    expect(onSessionActivity).not.toHaveBeenCalled();
    signIn();
    await instance.get('employers');
    await instance.get('workers/9').catch(() => {});
    expect(onSessionActivity).toHaveBeenCalledTimes(2);
    await instance.post('auth/logout', {});
    expect(onSessionActivity).toHaveBeenCalledTimes(2);
    signIn();
    await instance.get('dashboard').catch(() => {});
    expect(onSessionActivity).toHaveBeenCalledTimes(2);
  });

  it('dates the activity when the call was sent, as the server does, not when its reply came back', async () => {
    const sentAt = Date.parse('2025-03-01T09:00:00+09:00');
    vi.useFakeTimers({ toFake: ['Date'], now: sentAt });
    try {
      const onSessionActivity = vi.fn<(at: number) => void>();
      const instance = createApiClient({ adapter: server.adapter, onSessionExpired, onSessionActivity });
      // The reply takes three minutes (a slow export), and one fails after as long.
      const slowly = (reply: MockReply) => () => {
        vi.setSystemTime(Date.now() + 3 * 60_000);
        return reply;
      };
      server.on('GET', 'exports/workers', slowly({ status: 200, body: {} }));
      server.on(
        'GET',
        'workers/9',
        slowly({ status: 404, body: { error: { code: 'NOT_FOUND', message: '없음' } } }),
      );
      signIn();
      await instance.get('exports/workers');
      await instance.get('workers/9').catch(() => {});
      expect(onSessionActivity.mock.calls).toEqual([[sentAt], [sentAt + 3 * 60_000]]);
    } finally {
      vi.useRealTimers();
    }
  });
});
