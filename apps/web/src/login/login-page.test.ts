import { errorMessages, fieldMessages, REFRESH_TOKEN_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@ilson/contracts';
import { screen, waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markIdleLogout, readLastActivity } from '../auth/idle-activity';
import { leaveNotice, pageNavigation, takeNotice } from '../auth/page-handoff';
import { wireUser } from '../test/mock-server';
import { startLoginPage } from './login-page';

const { startAuthentication } = vi.hoisted(() => ({ startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({ startAuthentication }));

type Reply = { status: number; body?: unknown } | { networkError: true };
type Sent = { path: string; headers: Record<string, string>; body: unknown };

/** The API as the login page's `fetch` meets it: replies by path, every request kept as it left. */
function fakeServer() {
  const handlers = new Map<string, (count: number) => Reply>();
  const sent: Sent[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const path = url.replace('/api/v1/', '');
    sent.push({ path, headers: init.headers as Record<string, string>, body: JSON.parse(String(init.body)) });
    const reply = handlers.get(path)?.(sent.filter((request) => request.path === path).length) ?? {
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: '요청한 경로를 찾을 수 없습니다.' } },
    };
    if ('networkError' in reply) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body), { status: reply.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    sent,
    on(path: string, reply: Reply | ((count: number) => Reply)) {
      handlers.set(path, typeof reply === 'function' ? reply : () => reply);
    },
    callsTo: (path: string) => sent.filter((request) => request.path === path),
  };
}

const SIGNED_IN = { status: 200, body: { token: 'access-1', refresh_token: 'refresh-1', user: wireUser } };
const CHALLENGE = {
  status: 200,
  body: { mfa_required: true, mfa_token: 'challenge-1', methods: ['totp', 'recovery'] },
};

let server: ReturnType<typeof fakeServer>;
let replace: ReturnType<typeof vi.fn<(url: string) => void>>;

beforeEach(() => {
  server = fakeServer();
  replace = vi.fn<(url: string) => void>();
  vi.spyOn(pageNavigation, 'replace').mockImplementation(replace);
  document.documentElement.removeAttribute('data-theme');
});

afterEach(() => {
  document.body.replaceChildren();
  // biome-ignore lint/suspicious/noDocumentCookie: the XSRF cookie as the server sets it, removed again.
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  startAuthentication.mockReset();
});

function open() {
  const root = document.createElement('div');
  document.body.append(root);
  startLoginPage(root);
  return root;
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, loginId: string, password: string) {
  if (loginId) await user.type(screen.getByLabelText('아이디 또는 이메일'), loginId);
  if (password) await user.type(screen.getByLabelText('비밀번호'), password);
  await user.click(submitButton());
}

const submitButton = () => screen.getByRole('button', { name: /로그인$/ });

describe('the plain login page (docs/wire.md#the-login-page)', () => {
  it('shows the title, subtitle, fields, remember-me checked, the link and the footer', () => {
    open();
    expect(screen.getByRole('heading', { name: '일손 관리자' })).toBeTruthy();
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
    expect(document.title).toBe('로그인 | 일손 관리자');
    expect(document.activeElement).toBe(screen.getByLabelText('아이디 또는 이메일'));
  });

  it('asks for the identifier and the password in Korean, field by field', async () => {
    const user = userEvent.setup({ delay: null });
    open();
    await fillIn(user, '', '');
    expect(screen.getByText(fieldMessages.loginIdRequired)).toBeTruthy();
    expect(screen.getByText(fieldMessages.passwordRequired)).toBeTruthy();
    const loginId = screen.getByLabelText('아이디 또는 이메일');
    expect(loginId.getAttribute('aria-invalid')).toBe('true');
    expect(loginId.getAttribute('aria-describedby')).toBe('login-email-error');
    expect(document.activeElement).toBe(loginId);
    // Typing clears that field's message only.
    await user.type(loginId, 'admin');
    expect(screen.queryByText(fieldMessages.loginIdRequired)).toBeNull();
    expect(screen.getByText(fieldMessages.passwordRequired)).toBeTruthy();
    await user.type(screen.getByLabelText('비밀번호'), '12345');
    expect(screen.getByText(fieldMessages.passwordMin)).toBeTruthy();
    await user.click(submitButton());
    expect(document.activeElement).toBe(screen.getByLabelText('비밀번호'));
    expect(server.sent).toHaveLength(0);
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup({ delay: null });
    open();
    const password = screen.getByLabelText('비밀번호') as HTMLInputElement;
    await user.click(screen.getByRole('button', { name: '비밀번호 표시' }));
    expect(password.type).toBe('text');
    await user.click(screen.getByRole('button', { name: '비밀번호 숨기기' }));
    expect(password.type).toBe('password');
  });

  it('logs in: the same call, both tokens stored, then the dashboard with the toast left for the app', async () => {
    server.on('auth/login', SIGNED_IN);
    // biome-ignore lint/suspicious/noDocumentCookie: the XSRF cookie as the server sets it.
    document.cookie = 'XSRF-TOKEN=xsrf-1; path=/';
    const user = userEvent.setup({ delay: null });
    open();
    await user.click(screen.getByRole('checkbox', { name: '로그인 상태 유지' }));
    await fillIn(user, '  admin ', 'secret-pass');

    await waitFor(() => expect(replace).toHaveBeenCalledWith('/dashboard'));
    expect(server.callsTo('auth/login')[0]?.body).toEqual({
      email: 'admin',
      password: 'secret-pass',
      remember: false,
    });
    expect(server.callsTo('auth/login')[0]?.headers).toMatchObject({
      'X-XSRF-TOKEN': 'xsrf-1',
      'Content-Type': 'application/json',
    });
    expect(server.callsTo('auth/login')[0]?.headers.Authorization).toBeUndefined();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('access-1');
    expect(window.localStorage.getItem(REFRESH_TOKEN_STORAGE_KEY)).toBe('refresh-1');
    expect(readLastActivity()).toBeGreaterThan(Date.now() - 5_000);
    expect(takeNotice()).toBe('login');
  });

  it("shows the server's reason of a failed login, ends the loading state and stays", async () => {
    server.on('auth/login', {
      status: 401,
      body: {
        error: { code: 'INVALID_CREDENTIALS', message: '아이디(이메일) 또는 비밀번호가 올바르지 않습니다.' },
      },
    });
    const user = userEvent.setup({ delay: null });
    open();
    await fillIn(user, 'admin', 'wrong-pass');

    expect(await screen.findByText('아이디(이메일) 또는 비밀번호가 올바르지 않습니다.')).toBeTruthy();
    expect(submitButton().getAttribute('aria-busy')).toBe('false');
    expect(replace).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(server.callsTo('auth/refresh')).toHaveLength(0);
  });

  it('rejects a login answer without token, refresh token and user', async () => {
    server.on('auth/login', { status: 200, body: { token: 'access-1', user: wireUser } });
    const user = userEvent.setup({ delay: null });
    open();
    await fillIn(user, 'admin', 'secret-pass');
    expect(await screen.findByText('로그인 응답 형식이 올바르지 않습니다')).toBeTruthy();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(replace).not.toHaveBeenCalled();
  });

  it('offers to retry a network failure, and clicking the toast retries', async () => {
    server.on('auth/login', (count) => (count === 1 ? { networkError: true } : SIGNED_IN));
    const user = userEvent.setup({ delay: null });
    open();
    await fillIn(user, 'admin', 'secret-pass');
    const retryLine = await screen.findByText('클릭하여 다시 시도');
    expect(screen.getByText('서버에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.')).toBeTruthy();
    await user.click(retryLine);
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/dashboard'));
    expect(server.callsTo('auth/login')).toHaveLength(2);
    expect(screen.queryByText('클릭하여 다시 시도')).toBeNull();
  });

  it('goes straight on to the app when a session is stored', () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'access-1');
    const root = open();
    expect(replace).toHaveBeenCalledWith('/dashboard');
    expect(root.childElementCount).toBe(0);
  });

  it("says the logout's message, or why an idle logout happened", async () => {
    leaveNotice('logout');
    open();
    expect(screen.getByText('로그아웃되었습니다')).toBeTruthy();
    expect(takeNotice()).toBeNull();
    document.body.replaceChildren();
    markIdleLogout(5);
    open();
    expect(screen.getByRole('alert').textContent).toBe(
      '5분 동안 사용하지 않아 자동으로 로그아웃되었습니다. 다시 로그인해 주세요.',
    );
    expect(screen.queryByText('로그아웃되었습니다')).toBeNull();
  });

  it('takes the theme the admin chose in the app', () => {
    window.localStorage.setItem('themeMode', 'dark');
    open();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    window.localStorage.setItem('themeMode', 'light');
    open();
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});

describe('its second step (docs/second-factor.md#the-login-on-the-wire)', () => {
  async function passwordStep(user: ReturnType<typeof userEvent.setup>) {
    open();
    await fillIn(user, 'admin', 'secret-pass');
    return screen.findByLabelText('인증 코드');
  }

  it('asks for the code after the password, and the code signs in', async () => {
    server.on('auth/login', CHALLENGE);
    server.on('auth/mfa/verify', SIGNED_IN);
    const user = userEvent.setup({ delay: null });
    const field = await passwordStep(user);
    expect(screen.getByRole('heading', { name: '2단계 인증' })).toBeTruthy();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(field));
    await user.click(screen.getByRole('button', { name: '확인' }));
    expect(screen.getByText('인증 앱의 6자리 코드를 입력해 주세요.')).toBeTruthy();
    await user.type(field, '12a');
    await user.click(screen.getByRole('button', { name: '확인' }));
    expect(screen.getByText('인증 코드는 숫자 6자리입니다.')).toBeTruthy();
    await user.clear(field);
    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: '확인' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/dashboard'));
    expect(server.callsTo('auth/mfa/verify')[0]?.body).toEqual({ mfa_token: 'challenge-1', code: '123456' });
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('access-1');
    expect(takeNotice()).toBe('login');
  });

  it("shows the server's refusal of a wrong code at the field and stays on the step", async () => {
    server.on('auth/login', CHALLENGE);
    server.on('auth/mfa/verify', {
      status: 422,
      body: {
        error: {
          code: 'VALIDATION_ERROR',
          message: '인증 코드가 올바르지 않습니다.',
          details: [
            { field: 'code', message: '인증 코드가 올바르지 않습니다. 인증 앱의 현재 코드를 입력해 주세요.' },
          ],
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    await user.type(await passwordStep(user), '000000');
    await user.click(screen.getByRole('button', { name: '확인' }));
    expect(
      await screen.findByText('인증 코드가 올바르지 않습니다. 인증 앱의 현재 코드를 입력해 주세요.'),
    ).toBeTruthy();
    expect((screen.getByLabelText('인증 코드') as HTMLInputElement).value).toBe('');
    expect(replace).not.toHaveBeenCalled();
  });

  it('takes a recovery code instead', async () => {
    server.on('auth/login', CHALLENGE);
    server.on('auth/mfa/verify', SIGNED_IN);
    const user = userEvent.setup({ delay: null });
    await passwordStep(user);
    await user.click(screen.getByRole('button', { name: '복구 코드로 로그인' }));
    await user.click(screen.getByRole('button', { name: '확인' }));
    expect(screen.getByText('복구 코드를 입력해 주세요.')).toBeTruthy();
    await user.type(screen.getByLabelText('복구 코드'), 'ABCDE-23456');
    await user.click(screen.getByRole('button', { name: '확인' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/dashboard'));
    expect(server.callsTo('auth/mfa/verify')[0]?.body).toEqual({
      mfa_token: 'challenge-1',
      recovery_code: 'ABCDE-23456',
    });
  });

  it('goes back to the password, with the message, when the step has expired', async () => {
    server.on('auth/login', CHALLENGE);
    server.on('auth/mfa/verify', {
      status: 401,
      body: {
        error: {
          code: 'UNAUTHORIZED',
          message: '로그인 확인 시간이 지났습니다. 처음부터 다시 로그인해 주세요.',
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    await user.type(await passwordStep(user), '123456');
    await user.click(screen.getByRole('button', { name: '확인' }));
    expect(await screen.findByLabelText('아이디 또는 이메일')).toBeTruthy();
    expect(screen.queryByLabelText('인증 코드')).toBeNull();
    // A bare UNAUTHORIZED reads as the app's client reads it (api/errors.ts).
    expect(screen.getByText(errorMessages.UNAUTHORIZED)).toBeTruthy();
  });

  it('goes back to the password when asked', async () => {
    server.on('auth/login', CHALLENGE);
    const user = userEvent.setup({ delay: null });
    await passwordStep(user);
    await user.click(screen.getByRole('button', { name: '다른 계정으로 로그인' }));
    expect(screen.getByLabelText('아이디 또는 이메일')).toBeTruthy();
  });

  it('signs in with a passkey, loading its library only when chosen', async () => {
    vi.stubGlobal('PublicKeyCredential', vi.fn());
    server.on('auth/login', {
      status: 200,
      body: { mfa_required: true, mfa_token: 'challenge-2', methods: ['passkey', 'recovery'] },
    });
    server.on('auth/mfa/passkey-options', { status: 200, body: { options_json: '{"challenge":"abc"}' } });
    server.on('auth/mfa/verify', SIGNED_IN);
    startAuthentication.mockResolvedValue({ id: 'credential-1' });
    const user = userEvent.setup({ delay: null });
    open();
    await fillIn(user, 'admin', 'secret-pass');
    // Without an app, the recovery code is the field.
    const step = (await screen.findByLabelText('복구 코드')).closest('form')!;
    expect(within(step).queryByRole('button', { name: '인증 앱 코드로 로그인' })).toBeNull();
    expect(startAuthentication).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '패스키로 로그인' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/dashboard'));
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: { challenge: 'abc' } });
    expect(server.callsTo('auth/mfa/passkey-options')[0]?.body).toEqual({ mfa_token: 'challenge-2' });
    expect(server.callsTo('auth/mfa/verify')[0]?.body).toEqual({
      mfa_token: 'challenge-2',
      passkey_json: '{"id":"credential-1"}',
    });
  });
});
