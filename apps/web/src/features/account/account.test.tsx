import { fieldMessages } from '@ilson/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer, wireUser } from '../../test/mock-server';
import { renderApp, signIn } from '../../test/render-app';

let server: MockServer;

const wireProfile = {
  id: 1,
  login_id: 'admin',
  email: 'admin@ilson.local',
  name: '김관리',
  phone: '01012345678',
  role: 'branch_manager',
  branch_id: 3,
  branch_name: '안산지점',
  must_change_password: false,
  password_changed_at: '2024-04-01T00:00:00.000Z',
  last_login_at: '2024-05-01T01:30:00.000Z',
  last_login_ip: '10.1.2.3',
  version: 4,
};

const PASSWORD_CHANGE_REQUIRED = {
  status: 403,
  body: {
    error: {
      code: 'PASSWORD_CHANGE_REQUIRED',
      message: '임시 비밀번호로 로그인했습니다. 비밀번호를 변경한 뒤 이용해 주세요.',
    },
  },
};

beforeEach(() => {
  server = createMockServer();
  signIn();
  server.on('GET', 'auth/me', { status: 200, body: { user: wireUser } });
  server.on('GET', 'me', { status: 200, body: wireProfile });
});

async function openAccount(tab?: string) {
  const user = userEvent.setup({ delay: null });
  const view = renderApp('/dashboard', server);
  await user.click(await screen.findByRole('button', { name: /김관리/ }));
  const items = await screen.findAllByRole('menuitem', { name: /내 정보/ });
  await user.click(items.find((item) => item.closest('.ant-dropdown'))!);
  const dialog = await screen.findByRole('dialog', { name: '내 정보' });
  if (tab) await user.click(within(dialog).getByRole('tab', { name: tab }));
  return { user, view, dialog: within(dialog) };
}

describe('내 정보: profile', () => {
  it('shows what the admin cannot change and saves name, email and phone with the version read', async () => {
    server.on('PATCH', 'me', (request) => ({
      status: 200,
      body: {
        ...wireProfile,
        name: '김새이름',
        phone: '0212345678',
        version: 5,
        ...(request.body as object),
      },
    }));
    const { user, dialog } = await openAccount();

    expect(await dialog.findByText('안산지점')).toBeTruthy();
    expect(dialog.getByText('지점 관리자')).toBeTruthy();
    expect(dialog.getByText('2024-05-01 10:30 (10.1.2.3)')).toBeTruthy();
    expect(dialog.getByText('2024-04-01 09:00')).toBeTruthy();
    expect((dialog.getByLabelText('연락처') as HTMLInputElement).value).toBe('010-1234-5678');
    // Role and branch are facts here, not fields.
    expect(dialog.queryByRole('combobox')).toBeNull();

    const name = dialog.getByLabelText('이름');
    await user.clear(name);
    await user.type(name, '김새이름');
    const phone = dialog.getByLabelText('연락처');
    await user.clear(phone);
    await user.type(phone, '0212345678');
    server.on('GET', 'auth/me', { status: 200, body: { user: { ...wireUser, name: '김새이름' } } });
    await user.click(dialog.getByRole('button', { name: '저장' }));

    expect(await screen.findByText('내 정보가 저장되었습니다.')).toBeTruthy();
    expect(server.callsTo('PATCH', 'me')[0]?.body).toEqual({
      name: '김새이름',
      email: 'admin@ilson.local',
      phone: '0212345678',
      version: 4,
    });
    // The header follows the new name.
    expect(await screen.findByRole('button', { name: /김새이름/ })).toBeTruthy();
  });

  it('checks the fields before sending and puts the server’s field errors on them', async () => {
    server.on('PATCH', 'me', {
      status: 409,
      body: {
        error: {
          code: 'CONFLICT',
          message: '이미 사용 중인 이메일입니다.',
          details: [{ field: 'email', message: '이미 사용 중인 이메일입니다.' }],
        },
      },
    });
    const { user, dialog } = await openAccount();
    const email = await dialog.findByLabelText('이메일');
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(dialog.getByRole('button', { name: '저장' }));
    expect(await dialog.findByText(fieldMessages.email)).toBeTruthy();
    expect(server.callsTo('PATCH', 'me')).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'taken@ilson.local');
    await user.type(dialog.getByLabelText('현재 비밀번호'), 'Test-pass-1234');
    await user.click(dialog.getByRole('button', { name: '저장' }));
    expect(await dialog.findByText('이미 사용 중인 이메일입니다.')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });

  it('asks for the current password when the e-mail changes, sends it, and shows the server’s refusal on it', async () => {
    server.on('PATCH', 'me', {
      status: 422,
      body: {
        error: {
          code: 'VALIDATION_ERROR',
          message: '현재 비밀번호가 올바르지 않습니다.',
          details: [{ field: 'current_password', message: '현재 비밀번호가 올바르지 않습니다.' }],
        },
      },
    });
    const { user, dialog } = await openAccount();
    const email = await dialog.findByLabelText('이메일');
    // Not asked while the e-mail stays.
    expect(dialog.queryByLabelText('현재 비밀번호')).toBeNull();
    await user.clear(email);
    await user.type(email, 'moved@ilson.local');
    // The field appears with the change, as a person sees it before saving.
    await dialog.findByLabelText('현재 비밀번호');
    await user.click(dialog.getByRole('button', { name: '저장' }));
    expect(
      await dialog.findByText('로그인 이메일을 바꾸려면 현재 비밀번호를 입력해 주세요.', {
        selector: '.ant-form-item-explain-error',
      }),
    ).toBeTruthy();
    expect(server.callsTo('PATCH', 'me')).toHaveLength(0);
    await user.type(dialog.getByLabelText('현재 비밀번호'), 'Wrong-pass-1');
    await user.click(dialog.getByRole('button', { name: '저장' }));
    expect(await dialog.findByText('현재 비밀번호가 올바르지 않습니다.')).toBeTruthy();
    expect(server.callsTo('PATCH', 'me')[0]?.body).toEqual({
      name: '김관리',
      email: 'moved@ilson.local',
      phone: '01012345678',
      version: 4,
      current_password: 'Wrong-pass-1',
    });
  });
});

describe('내 정보: 비밀번호 변경', () => {
  it('checks the policy and the confirmation before sending', async () => {
    const { user, dialog } = await openAccount('비밀번호 변경');
    expect(dialog.getByText(/3종류 이상을 섞어 8자 이상/)).toBeTruthy();
    await user.type(dialog.getByLabelText('현재 비밀번호'), 'Old-pass-1');
    await user.type(dialog.getByLabelText('새 비밀번호'), 'abc12345');
    await user.type(dialog.getByLabelText('새 비밀번호 확인'), 'abc12346');
    await user.click(dialog.getByRole('button', { name: '비밀번호 변경' }));

    expect(await dialog.findByText(fieldMessages.passwordPolicy)).toBeTruthy();
    expect(await dialog.findByText('새 비밀번호가 일치하지 않습니다.')).toBeTruthy();
    expect(server.callsTo('POST', 'me/password')).toHaveLength(0);
  });

  it('shows a wrong current password on its field', async () => {
    server.on('POST', 'me/password', {
      status: 422,
      body: {
        error: {
          code: 'VALIDATION_ERROR',
          message: '현재 비밀번호가 올바르지 않습니다.',
          details: [{ field: 'current_password', message: '현재 비밀번호가 올바르지 않습니다.' }],
        },
      },
    });
    const { user, dialog } = await openAccount('비밀번호 변경');
    await user.type(dialog.getByLabelText('현재 비밀번호'), 'Wrong-pass-1');
    await user.type(dialog.getByLabelText('새 비밀번호'), 'New-pass-123');
    await user.type(dialog.getByLabelText('새 비밀번호 확인'), 'New-pass-123');
    await user.click(dialog.getByRole('button', { name: '비밀번호 변경' }));

    expect(await dialog.findByText('현재 비밀번호가 올바르지 않습니다.')).toBeTruthy();
    expect(dialog.getByLabelText('현재 비밀번호').getAttribute('aria-invalid')).toBe('true');
    // Not retried: a second try would count as one more wrong password.
    expect(server.callsTo('POST', 'me/password')).toHaveLength(1);
  });

  it('changes the password and says the other sessions were signed out', async () => {
    server.on('POST', 'me/password', { status: 200, body: { ok: true } });
    const { user, dialog } = await openAccount('비밀번호 변경');
    expect(dialog.getByText(/다른 기기와 브라우저의 로그인은 모두 종료됩니다/)).toBeTruthy();
    await user.type(dialog.getByLabelText('현재 비밀번호'), 'Old-pass-1');
    await user.type(dialog.getByLabelText('새 비밀번호'), 'New-pass-123');
    await user.type(dialog.getByLabelText('새 비밀번호 확인'), 'New-pass-123');
    await user.click(dialog.getByRole('button', { name: '비밀번호 변경' }));

    expect(
      await screen.findByText(
        '비밀번호가 변경되었습니다. 다른 기기와 브라우저의 로그인은 모두 종료되었습니다.',
      ),
    ).toBeTruthy();
    expect(server.callsTo('POST', 'me/password')[0]?.body).toEqual({
      current_password: 'Old-pass-1',
      new_password: 'New-pass-123',
    });
    expect((dialog.getByLabelText('현재 비밀번호') as HTMLInputElement).value).toBe('');
  });
});

describe('내 정보: 최근 로그인', () => {
  it('lists the own sign-ins with result, IP and browser', async () => {
    server.on('GET', 'me/logins', {
      status: 200,
      body: {
        data: [
          {
            id: 9,
            created_at: '2024-05-02T00:00:00.000Z',
            success: true,
            ip: '10.1.2.3',
            user_agent:
              'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
            summary: '로그인',
          },
          {
            id: 8,
            created_at: '2024-05-01T23:59:00.000Z',
            success: false,
            ip: '203.0.113.7',
            user_agent: null,
            summary: '비밀번호 불일치 (1회)',
          },
        ],
      },
    });
    const { dialog } = await openAccount('최근 로그인');
    // A fixed header makes two tables of one; the panel holds both.
    await dialog.findAllByRole('table', { name: '최근 로그인 기록' });
    const table = within(dialog.getByRole('tabpanel', { name: '최근 로그인' }));
    expect(await table.findByText('2024-05-02 09:00')).toBeTruthy();
    expect(table.getByText('성공')).toBeTruthy();
    expect(table.getByText('실패')).toBeTruthy();
    expect(table.getByText('203.0.113.7')).toBeTruthy();
    expect(table.getByText('Chrome 130 · Windows')).toBeTruthy();
    expect(table.getByText('비밀번호 불일치 (1회)')).toBeTruthy();
  });
});

describe('a temporary password (must_change_password)', () => {
  it('shows only the password change, at any address, until it is changed', async () => {
    server.on('GET', 'auth/me', { status: 200, body: { user: { ...wireUser, must_change_password: true } } });
    server.on('POST', 'me/password', () => {
      server.on('GET', 'auth/me', { status: 200, body: { user: wireUser } });
      return { status: 200, body: { ok: true } };
    });
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/employers', server);

    expect(await screen.findByRole('heading', { name: '비밀번호 변경' })).toBeTruthy();
    expect(screen.getByText('임시 비밀번호로 로그인했습니다.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: '주 메뉴' })).toBeNull();
    expect(server.callsTo('GET', 'employers')).toHaveLength(0);

    await user.type(screen.getByLabelText('현재 비밀번호'), 'Temp-pass-1');
    await user.type(screen.getByLabelText('새 비밀번호'), 'My-own-pass-9');
    await user.type(screen.getByLabelText('새 비밀번호 확인'), 'My-own-pass-9');
    await user.click(screen.getByRole('button', { name: '비밀번호 변경' }));

    expect(await screen.findByRole('navigation', { name: '주 메뉴' })).toBeTruthy();
    expect(view.location()).toBe('/employers');
  });

  it('may log out instead', async () => {
    server.on('GET', 'auth/me', { status: 200, body: { user: { ...wireUser, must_change_password: true } } });
    server.on('POST', 'auth/logout', { status: 200, body: { ok: true } });
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/dashboard', server);
    await user.click(await screen.findByRole('button', { name: '로그아웃' }));
    await waitFor(() => expect(view.location()).toBe('/login'));
  });

  it('switches to the change when the server refuses a call with PASSWORD_CHANGE_REQUIRED', async () => {
    server.on('GET', 'me', () => {
      server.on('GET', 'auth/me', {
        status: 200,
        body: { user: { ...wireUser, must_change_password: true } },
      });
      return PASSWORD_CHANGE_REQUIRED;
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/dashboard', server);
    await user.click(await screen.findByRole('button', { name: /김관리/ }));
    const items = await screen.findAllByRole('menuitem', { name: /내 정보/ });
    await user.click(items.find((item) => item.closest('.ant-dropdown'))!);

    expect(await screen.findByRole('heading', { name: '비밀번호 변경' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: '주 메뉴' })).toBeNull();
    // No "접근 권한이 없습니다" toast: the change screen is the answer.
    expect(screen.queryByText('접근 권한이 없습니다.')).toBeNull();
  });
});
