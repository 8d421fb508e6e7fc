import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../test/mock-server';
import { signedInAs, withLookups } from '../../test/records';
import { renderApp, signIn } from '../../test/render-app';

let server: MockServer;

const rule = {
  id: 1,
  cidr: '203.0.113.0/24',
  role: 'admin',
  admin_id: null,
  admin_name: null,
  memo: '본사',
  created_at: '2026-12-01T00:00:00Z',
  updated_at: '2026-12-01T00:00:00Z',
  version: 1,
};

beforeEach(() => {
  server = withLookups(createMockServer());
  signIn();
  signedInAs(server, 'super_admin');
  server.on('GET', 'network-rules', { status: 200, body: { data: [rule] } });
  server.on('GET', 'network-rules/my-address', { status: 200, body: { ip: '198.51.100.7' } });
  server.on('GET', 'admins/options', { status: 200, body: { data: [] } });
});

describe('설정 › 허용 네트워크 (docs/SECURITY.md#network-rules)', () => {
  it('lists the rules with their target and shows the current address', async () => {
    renderApp('/settings/network', server);
    expect(await screen.findByText('203.0.113.0/24')).toBeTruthy();
    expect(screen.getByText('역할: 관리자')).toBeTruthy();
    expect(await screen.findByText('현재 접속 주소: 198.51.100.7')).toBeTruthy();
  });

  it("adds a rule for a role, and shows the server's self-lockout refusal at the CIDR", async () => {
    let calls = 0;
    server.on('POST', 'network-rules', () =>
      ++calls === 1
        ? {
            status: 422,
            body: {
              error: {
                code: 'VALIDATION_ERROR',
                message: '입력한 정보를 확인해 주세요.',
                details: [
                  { field: 'cidr', message: '이 변경을 저장하면 지금 접속한 주소에서 내 계정이 차단됩니다.' },
                ],
              },
            },
          }
        : { status: 201, body: { ...rule, id: 2, cidr: '198.51.100.0/24', role: 'super_admin' } },
    );
    const user = userEvent.setup({ delay: null });
    renderApp('/settings/network', server);
    await user.click(await screen.findByRole('button', { name: /규칙 추가/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('IP 대역 (CIDR)'), '10.0.0.0/8');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(
      await within(dialog).findByText('이 변경을 저장하면 지금 접속한 주소에서 내 계정이 차단됩니다.'),
    ).toBeTruthy();
    expect(server.callsTo('POST', 'network-rules')[0]?.body).toEqual({
      cidr: '10.0.0.0/8',
      role: 'admin',
      admin_id: null,
      memo: '',
    });
    await user.clear(within(dialog).getByLabelText('IP 대역 (CIDR)'));
    await user.type(within(dialog).getByLabelText('IP 대역 (CIDR)'), '198.51.100.0/24');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(calls).toBe(2));
  }, 45_000);

  it('is refused to an admin who may not manage admins', async () => {
    signedInAs(server, 'admin');
    renderApp('/settings/network', server);
    await waitFor(() => expect(screen.queryByText('203.0.113.0/24')).toBeNull());
    expect(server.callsTo('GET', 'network-rules')).toHaveLength(0);
  });
});
