import { errorMessages, REFRESH_TOKEN_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@ilson/contracts';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { api } from '../api/client';
import { createMockServer, type MockServer, wireUser } from '../test/mock-server';
import { renderApp, signIn } from '../test/render-app';
import { leaveNotice, pageNavigation, takeNotice } from './page-handoff';

let server: MockServer;

beforeEach(() => {
  server = createMockServer();
});

describe('access rule and session start (docs/web-app.md#screens and docs/sessions-and-logs.md#the-browsers-session)', () => {
  it('sends a visitor without a token to the plain login page, replacing the entry', async () => {
    const view = renderApp('/employers?status=pending', server);
    await waitFor(() => expect(view.location()).toBe('/login'));
    expect(pageNavigation.replace).toHaveBeenCalledWith('/login');
    expect(server.requests).toHaveLength(0);
  });

  it('shows a large spinner while the stored session is checked', async () => {
    signIn();
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    server.on('GET', 'auth/me', () => new Promise((resolve) => (answer = resolve)));
    renderApp('/dashboard', server);

    const spinner = await screen.findByRole('status', { name: '로그인 정보를 확인하는 중...' });
    expect(spinner.querySelector('.ilson-spinner[data-size="large"]')).toBeTruthy();
    answer({ status: 200, body: { user: wireUser } });
    expect(await screen.findByRole('heading', { name: '대시보드' })).toBeTruthy();
  });

  it.each([
    ['data.user', { data: { user: wireUser } }],
    ['user', { user: wireUser }],
    ['the body itself', wireUser],
  ])('accepts the user found at %s', async (_where, body) => {
    signIn();
    server.on('GET', 'auth/me', { status: 200, body });
    renderApp('/dashboard', server);
    expect(await screen.findByText('김관리님, 환영합니다.')).toBeTruthy();
    expect(screen.getByText('현재 권한: 최고 관리자')).toBeTruthy();
  });

  it('clears both tokens when the answer holds no user with an id', async () => {
    signIn();
    server.on('GET', 'auth/me', { status: 200, body: { user: { name: '이름만' } } });
    const view = renderApp('/dashboard', server);
    await waitFor(() => expect(view.location()).toBe('/login'));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(window.localStorage.getItem(REFRESH_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('ends at /login with the message when the token is expired and the refresh is refused', async () => {
    signIn('expired', 'revoked');
    server.on('GET', 'auth/me', {
      status: 401,
      body: { error: { code: 'UNAUTHORIZED', message: 'expired' } },
    });
    server.on('POST', 'auth/refresh', {
      status: 401,
      body: { error: { code: 'UNAUTHORIZED', message: 'revoked' } },
    });
    const view = renderApp('/workers', server);
    await waitFor(() => expect(view.location()).toBe('/login'));
    expect(await screen.findByText(errorMessages.UNAUTHORIZED)).toBeTruthy();
    expect(server.callsTo('POST', 'auth/refresh')).toHaveLength(1);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('when a refresh fails mid-session: the message, then /login after 2 seconds', async () => {
    signIn('access-1', 'revoked');
    server.on('GET', 'auth/me', { status: 200, body: { user: wireUser } });
    server.on('GET', 'employers', {
      status: 401,
      body: { error: { code: 'UNAUTHORIZED', message: 'expired' } },
    });
    server.on('POST', 'auth/refresh', {
      status: 401,
      body: { error: { code: 'UNAUTHORIZED', message: 'revoked' } },
    });
    const view = renderApp('/employers', server);
    await screen.findByRole('heading', { name: '사업주 목록' });

    const failedAt = Date.now();
    await expect(api.get('employers')).rejects.toMatchObject({ type: 'authentication', handled: true });
    expect(await screen.findByText(errorMessages.UNAUTHORIZED)).toBeTruthy();
    expect(view.location()).toBe('/employers');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();

    await waitFor(() => expect(view.location()).toBe('/login'));
    expect(Date.now() - failedAt).toBeGreaterThanOrEqual(1900);
  });

  it('refreshes an expired access token without the user noticing', async () => {
    signIn('expired', 'refresh-1');
    server.on('GET', 'auth/me', (request) =>
      request.headers.Authorization === 'Bearer fresh'
        ? { status: 200, body: { user: wireUser } }
        : { status: 401, body: { error: { code: 'UNAUTHORIZED', message: 'expired' } } },
    );
    server.on('POST', 'auth/refresh', { status: 200, body: { token: 'fresh', refresh_token: 'refresh-2' } });
    const view = renderApp('/dashboard', server);
    expect(await screen.findByText('김관리님, 환영합니다.')).toBeTruthy();
    expect(view.location()).toBe('/dashboard');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('fresh');
  });

  it('shows the toast the plain login page left when it signed in (docs/wire.md#the-login-page)', async () => {
    signIn();
    leaveNotice('login');
    server.on('GET', 'auth/me', { status: 200, body: { user: wireUser } });
    renderApp('/dashboard', server);
    expect(await screen.findByText('로그인되었습니다')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: '대시보드' })).toBeTruthy();
    expect(takeNotice()).toBeNull();
  });

  it.each(['/', '/no/such/page'])('redirects %s to /dashboard', async (path) => {
    signIn();
    server.on('GET', 'auth/me', { status: 200, body: { user: wireUser } });
    const view = renderApp(path, server);
    expect(await screen.findByRole('heading', { name: '대시보드' })).toBeTruthy();
    expect(view.location()).toBe('/dashboard');
  });

  it('keeps /forgot-password reachable without a session', async () => {
    server.on('GET', 'settings/public', { networkError: true });
    const view = renderApp('/forgot-password', server);
    expect(await screen.findByRole('heading', { name: '비밀번호 찾기' })).toBeTruthy();
    expect(await screen.findByText(/연락처 정보를 불러오지 못했습니다/)).toBeTruthy();
    expect(view.location()).toBe('/forgot-password');
  });
});
