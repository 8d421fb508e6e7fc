import { TOKEN_STORAGE_KEY } from '@ilson/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer, wireUser } from '../test/mock-server';
import { renderApp } from '../test/render-app';

let server: MockServer;

beforeEach(() => {
  server = createMockServer();
  server.on('POST', 'auth/login', {
    status: 200,
    body: { mfa_required: true, mfa_token: 'challenge-1', methods: ['totp', 'recovery'] },
  });
});

async function passwordStep(user: ReturnType<typeof userEvent.setup>) {
  renderApp('/login', server);
  await user.type(await screen.findByLabelText('아이디 또는 이메일'), 'admin');
  await user.type(screen.getByLabelText('비밀번호'), 'secret-pass');
  await user.click(screen.getByRole('button', { name: /로그인$/ }));
  return screen.findByLabelText('인증 코드');
}

describe('the login second step (docs/second-factor.md#the-login-on-the-wire)', () => {
  it('asks for the code after the password, and the code signs in', async () => {
    server.on('POST', 'auth/mfa/verify', {
      status: 200,
      body: { token: 'access-2', refresh_token: 'refresh-2', user: wireUser },
    });
    const user = userEvent.setup({ delay: null });
    const field = await passwordStep(user);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    await user.click(screen.getByRole('button', { name: '확인' }));
    expect(await screen.findByText('인증 앱의 6자리 코드를 입력해 주세요.')).toBeTruthy();
    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: '확인' }));
    expect(await screen.findByRole('heading', { name: '대시보드' })).toBeTruthy();
    expect(server.callsTo('POST', 'auth/mfa/verify')[0]?.body).toEqual({
      mfa_token: 'challenge-1',
      code: '123456',
    });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('access-2');
  });

  it("shows the server's refusal of a wrong code at the field and stays on the step", async () => {
    server.on('POST', 'auth/mfa/verify', {
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
    expect(screen.getByLabelText('인증 코드')).toBeTruthy();
  });

  it('takes a recovery code instead', async () => {
    server.on('POST', 'auth/mfa/verify', {
      status: 200,
      body: { token: 'access-3', refresh_token: 'refresh-3', user: wireUser },
    });
    const user = userEvent.setup({ delay: null });
    await passwordStep(user);
    await user.click(screen.getByRole('button', { name: '복구 코드로 로그인' }));
    await user.type(screen.getByLabelText('복구 코드'), 'ABCDE-23456');
    await user.click(screen.getByRole('button', { name: '확인' }));
    expect(await screen.findByRole('heading', { name: '대시보드' })).toBeTruthy();
    expect(server.callsTo('POST', 'auth/mfa/verify')[0]?.body).toEqual({
      mfa_token: 'challenge-1',
      recovery_code: 'ABCDE-23456',
    });
  });

  it('goes back to the password when the token has expired', async () => {
    server.on('POST', 'auth/mfa/verify', {
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
  });

  it('shows only the enrolment to an admin the policy asks for a second factor', async () => {
    server.on('POST', 'auth/login', {
      status: 200,
      body: {
        token: 'access-4',
        refresh_token: 'refresh-4',
        user: { ...wireUser, second_factor_enrolment_required: true },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/login', server);
    await user.type(await screen.findByLabelText('아이디 또는 이메일'), 'admin');
    await user.type(screen.getByLabelText('비밀번호'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: /로그인$/ }));
    expect(await screen.findByRole('button', { name: '인증 앱 등록 시작' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '대시보드' })).toBeNull();
  });
});
