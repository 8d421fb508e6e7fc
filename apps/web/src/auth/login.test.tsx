import { fieldMessages, REFRESH_TOKEN_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@ilson/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer, wireUser } from '../test/mock-server';
import { renderApp } from '../test/render-app';

let server: MockServer;

beforeEach(() => {
  server = createMockServer();
});

async function openLogin() {
  const view = renderApp('/login', server);
  await screen.findByRole('heading', { name: '일손 관리자' });
  return view;
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, loginId: string, password: string) {
  if (loginId) await user.type(screen.getByLabelText('아이디 또는 이메일'), loginId);
  if (password) await user.type(screen.getByLabelText('비밀번호'), password);
  await user.click(submitButton());
}

/** The submit button; its name keeps the spinner's "loading" label while antd's leave animation runs. */
function submitButton() {
  return screen.getByRole('button', { name: /로그인$/ });
}

describe('login page (docs/web-app.md#screens and docs/sessions-and-logs.md#the-browsers-session)', () => {
  it('shows the title, subtitle, fields, remember-me checked by default, the link and the footer', async () => {
    await openLogin();
    expect(screen.getByText('관리자 계정으로 로그인해 주세요.')).toBeTruthy();
    expect(screen.getByLabelText('아이디 또는 이메일').getAttribute('autocomplete')).toBe('username');
    expect(screen.getByLabelText('비밀번호').getAttribute('autocomplete')).toBe('current-password');
    expect((screen.getByRole('checkbox', { name: '로그인 상태 유지' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(screen.getByRole('link', { name: '비밀번호를 잊으셨나요?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.getByText(/© 2024/)).toBeTruthy();
    // The title is set in a passive effect, which React may run after the heading is on screen.
    await waitFor(() => expect(document.title).toBe('로그인 | 일손 관리자'));
  });

  it('asks for the identifier and the password in Korean', async () => {
    const user = userEvent.setup({ delay: null });
    await openLogin();
    await fillIn(user, '', '');
    expect(await screen.findByText(fieldMessages.loginIdRequired)).toBeTruthy();
    expect(await screen.findByText(fieldMessages.passwordRequired)).toBeTruthy();
    expect(screen.getByLabelText('아이디 또는 이메일').getAttribute('aria-invalid')).toBe('true');
    expect(server.requests).toHaveLength(0);
  });

  it('requires at least 6 characters of password', async () => {
    const user = userEvent.setup({ delay: null });
    await openLogin();
    await fillIn(user, 'admin', '12345');
    expect(await screen.findByText(fieldMessages.passwordMin)).toBeTruthy();
    expect(screen.queryByText(fieldMessages.loginIdRequired)).toBeNull();
    expect(server.requests).toHaveLength(0);
  });

  it('logs in: stores both tokens, shows the toast and opens the dashboard', async () => {
    server.on('POST', 'auth/login', {
      status: 200,
      body: { token: 'access-1', refresh_token: 'refresh-1', user: wireUser },
    });
    const user = userEvent.setup({ delay: null });
    const view = await openLogin();
    await user.click(screen.getByRole('checkbox', { name: '로그인 상태 유지' }));
    await fillIn(user, 'admin', 'secret-pass');

    expect(await screen.findByText('로그인되었습니다')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: '대시보드' })).toBeTruthy();
    expect(view.location()).toBe('/dashboard');
    expect(server.callsTo('POST', 'auth/login')[0]?.body).toEqual({
      email: 'admin',
      password: 'secret-pass',
      remember: false,
    });
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('access-1');
    expect(window.localStorage.getItem(REFRESH_TOKEN_STORAGE_KEY)).toBe('refresh-1');
    expect(screen.getByText('김관리님, 환영합니다.')).toBeTruthy();
  });

  it('rejects a login answer without token, refresh token and user', async () => {
    server.on('POST', 'auth/login', { status: 200, body: { token: 'access-1', user: wireUser } });
    const user = userEvent.setup({ delay: null });
    const view = await openLogin();
    await fillIn(user, 'admin', 'secret-pass');

    expect(await screen.findByText('로그인 응답 형식이 올바르지 않습니다')).toBeTruthy();
    expect(view.location()).toBe('/login');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    await waitFor(() => expect(submitButton().getAttribute('aria-busy')).toBe('false'));
  });

  it('shows the server reason of a failed login and ends the loading state', async () => {
    server.on('POST', 'auth/login', {
      status: 401,
      body: {
        error: { code: 'INVALID_CREDENTIALS', message: '아이디(이메일) 또는 비밀번호가 올바르지 않습니다.' },
      },
    });
    const user = userEvent.setup({ delay: null });
    const view = await openLogin();
    await fillIn(user, 'admin', 'wrong-pass');

    expect(await screen.findByText('아이디(이메일) 또는 비밀번호가 올바르지 않습니다.')).toBeTruthy();
    expect(view.location()).toBe('/login');
    expect(server.callsTo('POST', 'auth/refresh')).toHaveLength(0);
    await waitFor(() => expect(submitButton().getAttribute('aria-busy')).toBe('false'));
  });

  it('offers to retry a network failure, and clicking the toast retries', async () => {
    server.on('POST', 'auth/login', (_request, count) =>
      count === 1
        ? { networkError: true }
        : { status: 200, body: { token: 'access-1', refresh_token: 'refresh-1', user: wireUser } },
    );
    // antd lets clicks through its toast container only on the toast itself, which happy-dom cannot compute.
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const view = await openLogin();
    await fillIn(user, 'admin', 'secret-pass');

    const retryLine = await screen.findByText('클릭하여 다시 시도');
    expect(screen.getByText('서버에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.')).toBeTruthy();
    await user.click(retryLine);
    await waitFor(() => expect(view.location()).toBe('/dashboard'));
    expect(server.callsTo('POST', 'auth/login')).toHaveLength(2);
  });

  it('links to the forgot-password page, which shows the contact from the public settings', async () => {
    server.on('GET', 'settings/public', {
      status: 200,
      body: {
        service_name: '일손',
        contact_name: '박최고',
        contact_email: 'root@ilson.local',
        contact_phone: '02-1234-5678',
      },
    });
    const user = userEvent.setup({ delay: null });
    const view = await openLogin();
    await user.click(screen.getByRole('link', { name: '비밀번호를 잊으셨나요?' }));

    expect(await screen.findByRole('heading', { name: '비밀번호 찾기' })).toBeTruthy();
    expect(view.location()).toBe('/forgot-password');
    expect(screen.getByText(/최고 관리자에게 비밀번호 초기화를 요청/)).toBeTruthy();
    expect(await screen.findByText('박최고')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'root@ilson.local' }).getAttribute('href')).toBe(
      'mailto:root@ilson.local',
    );
    expect(screen.getByText('02-1234-5678')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: '로그인 화면으로 돌아가기' }));
    await waitFor(() => expect(view.location()).toBe('/login'));
  });
});
