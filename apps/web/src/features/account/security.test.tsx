import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer, wireUser } from '../../test/mock-server';
import { renderApp, signIn } from '../../test/render-app';

let server: MockServer;

beforeEach(() => {
  server = createMockServer();
  signIn();
  server.on('GET', 'auth/me', { status: 200, body: { user: wireUser } });
});

async function openAccount(tab: string) {
  const user = userEvent.setup({ delay: null });
  renderApp('/dashboard', server);
  await user.click(await screen.findByRole('button', { name: /김관리/ }));
  const items = await screen.findAllByRole('menuitem', { name: /내 정보/ });
  await user.click(items.find((item) => item.closest('.ant-dropdown'))!);
  const dialog = await screen.findByRole('dialog', { name: '내 정보' });
  await user.click(within(dialog).getByRole('tab', { name: tab }));
  return { user, dialog: within(dialog) };
}

const session = (id: string, current: boolean, userAgent: string) => ({
  id,
  current,
  ip: current ? '127.0.0.1' : '10.9.8.7',
  user_agent: userAgent,
  remember: true,
  created_at: '2026-12-05T01:00:00Z',
  last_used_at: '2026-12-05T02:00:00Z',
  expires_at: '2026-12-19T01:00:00Z',
  second_factor: false,
});

describe('내 정보: 2단계 인증 (docs/second-factor.md#enrolment)', () => {
  it('enrols the app: QR and secret, the first code, then the recovery codes shown once', async () => {
    server.on('GET', 'me/second-factor', {
      status: 200,
      body: { totp: null, recovery_codes_left: 0, required: true, step_up_until: null, step_up_minutes: 15 },
    });
    server.on('POST', 'me/second-factor/totp', {
      status: 200,
      body: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', otpauth_uri: 'otpauth://totp/x', qr_svg: '<svg></svg>' },
    });
    const codes = Array.from({ length: 10 }, (_, i) => `ABCDE-2345${i}`);
    server.on('POST', 'me/second-factor/totp/confirm', {
      status: 200,
      body: { recovery_codes: codes, user: wireUser },
    });
    const { user, dialog } = await openAccount('2단계 인증');
    expect(await dialog.findByText('이 계정은 지금 접속한 곳에서 2단계 인증이 필요합니다.')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: '인증 앱 등록 시작' }));
    expect(await dialog.findByRole('img', { name: '인증 앱 등록용 QR 코드' })).toBeTruthy();
    expect(dialog.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeTruthy();
    await user.type(dialog.getByLabelText('인증 코드'), '123456');
    await user.click(dialog.getByRole('button', { name: '등록 확인' }));
    const list = await dialog.findByRole('list', { name: '복구 코드' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(server.callsTo('POST', 'me/second-factor/totp/confirm')[0]?.body).toEqual({ code: '123456' });
    const done = dialog.getByRole('button', { name: '완료' });
    expect(done.hasAttribute('disabled')).toBe(true);
    await user.click(dialog.getByRole('checkbox', { name: '복구 코드를 안전한 곳에 보관했습니다' }));
    expect(done.hasAttribute('disabled')).toBe(false);
  });

  it('removes the app with the password and a code, showing a wrong password at its field', async () => {
    server.on('GET', 'me/second-factor', {
      status: 200,
      body: {
        totp: { confirmed_at: '2026-12-01T00:00:00Z' },
        recovery_codes_left: 7,
        required: false,
        step_up_until: null,
        step_up_minutes: 15,
      },
    });
    let calls = 0;
    server.on('POST', 'me/second-factor/totp/remove', () =>
      ++calls === 1
        ? {
            status: 422,
            body: {
              error: {
                code: 'VALIDATION_ERROR',
                message: '현재 비밀번호가 올바르지 않습니다.',
                details: [{ field: 'password', message: '현재 비밀번호가 올바르지 않습니다.' }],
              },
            },
          }
        : { status: 200, body: { ok: true } },
    );
    const { user, dialog } = await openAccount('2단계 인증');
    expect(await dialog.findByText('남은 복구 코드 7개')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: '인증 앱 해제' }));
    let guard!: HTMLElement;
    await waitFor(() => {
      guard = screen
        .queryAllByRole('dialog')
        .find((d) => d.textContent?.includes('비밀번호와 인증 앱의 현재 코드'))!;
      expect(guard).toBeTruthy();
    });
    await user.type(within(guard).getByLabelText('비밀번호'), 'wrong-pass-1');
    await user.type(within(guard).getByLabelText('인증 코드'), '654321');
    await user.click(within(guard).getByRole('button', { name: '확인' }));
    expect(await within(guard).findByText('현재 비밀번호가 올바르지 않습니다.')).toBeTruthy();
    await user.click(within(guard).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(calls).toBe(2));
    expect(server.callsTo('POST', 'me/second-factor/totp/remove')[1]?.body).toEqual({
      password: 'wrong-pass-1',
      code: '654321',
    });
  });
});

describe('내 정보: 로그인 세션 (docs/sessions-and-logs.md#seeing-and-ending-sessions)', () => {
  it('lists my sessions with this one marked, and ends another and all others', async () => {
    server.on('GET', 'me/sessions', {
      status: 200,
      body: {
        data: [
          session('aaaaaaaa-1d2f-4a5b-9c8d-0e1f2a3b4c5d', true, 'Mozilla/5.0 (Windows NT 10.0) Chrome/130.0'),
          session(
            'bbbbbbbb-1d2f-4a5b-9c8d-0e1f2a3b4c5d',
            false,
            'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Version/17.0 Safari/604.1',
          ),
        ],
      },
    });
    server.on('POST', 'me/sessions/bbbbbbbb-1d2f-4a5b-9c8d-0e1f2a3b4c5d/end', {
      status: 200,
      body: { ok: true },
    });
    server.on('POST', 'me/sessions/end-others', { status: 200, body: { ended: 1 } });
    const { user, dialog } = await openAccount('로그인 세션');
    expect(await dialog.findByText('이 기기')).toBeTruthy();
    expect(dialog.getByText('Safari 17 · iOS')).toBeTruthy();
    expect(dialog.getAllByRole('button', { name: '종료' })).toHaveLength(1);
    await user.click(dialog.getByRole('button', { name: '종료' }));
    const confirm = (await screen.findAllByRole('dialog')).find((d) =>
      d.textContent?.includes('이 세션을 종료할까요?'),
    )!;
    await user.click(within(confirm).getByRole('button', { name: '종료' }));
    await waitFor(() =>
      expect(server.callsTo('POST', 'me/sessions/bbbbbbbb-1d2f-4a5b-9c8d-0e1f2a3b4c5d/end')).toHaveLength(1),
    );
    await user.click(dialog.getByRole('button', { name: '이 기기 외 모두 종료' }));
    const all = (await screen.findAllByRole('dialog')).find((d) =>
      d.textContent?.includes('다른 세션을 모두 종료할까요?'),
    )!;
    await user.click(within(all).getByRole('button', { name: '이 기기 외 모두 종료' }));
    await waitFor(() => expect(server.callsTo('POST', 'me/sessions/end-others')).toHaveLength(1));
  });
});
