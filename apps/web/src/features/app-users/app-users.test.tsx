import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { dialog } from '../../test/antd';
import { createMockServer, type MockServer } from '../../test/mock-server';
import { wireAppUser } from '../../test/operations';
import { listReply, signedInAs } from '../../test/records';
import { renderApp, signIn } from '../../test/render-app';

let server: MockServer;

beforeEach(() => {
  server = createMockServer();
  signIn();
  signedInAs(server, 'admin');
  server.on(
    'GET',
    'users',
    listReply([
      wireAppUser(),
      wireAppUser({
        id: 13,
        user_type: 'employer',
        login_id: 'ganada',
        name: '이담당',
        employer_id: 10,
        worker_id: null,
        linked_name: '가나다제조 주식회사',
        status: 'dormant',
        last_login_at: null,
      }),
    ]),
  );
  server.on('GET', 'users/12', { status: 200, body: wireAppUser() });
  server.on('GET', 'users/13', {
    status: 200,
    body: wireAppUser({
      id: 13,
      name: '이담당',
      employer_id: 10,
      worker_id: null,
      linked_name: '가나다제조 주식회사',
    }),
  });
});

describe('app users', () => {
  it('lists members with their status, 휴면 included, and filters by it', async () => {
    renderApp('/users?status=dormant', server);
    const table = within(await screen.findByRole('table'));
    expect(await table.findByText('이담당')).toBeTruthy();
    expect(table.getByText('휴면')).toBeTruthy();
    expect(table.getByText('로그인 기록 없음')).toBeTruthy();
    expect(server.callsTo('GET', 'users').at(-1)?.params).toMatchObject({
      status: 'dormant',
      sort: 'joined_at',
    });
  });

  it('filters by the linked record’s branch from the URL', async () => {
    renderApp('/users?branch_id=2', server);
    await screen.findByRole('table');
    await waitFor(() =>
      expect(server.callsTo('GET', 'users').at(-1)?.params).toMatchObject({ branch_id: '2' }),
    );
  });

  it('opens the drawer from the URL, links the worker record, suspends with a reason', async () => {
    server.on('POST', 'users/12/status', {
      status: 200,
      body: wireAppUser({ status: 'suspended', version: 4 }),
    });
    const user = userEvent.setup();
    renderApp('/users?user=12', server);

    const drawer = within(await screen.findByRole('dialog'));
    expect(await drawer.findByText('nguyen95')).toBeTruthy();
    expect(drawer.getByRole('link', { name: /응우옌 반 안/ }).getAttribute('href')).toBe('/workers/20');
    expect(drawer.getByText('010-9876-5432')).toBeTruthy();
    expect(drawer.getByText('베트남어')).toBeTruthy();

    await user.click(drawer.getByRole('button', { name: '이용 정지' }));
    const confirm = await dialog('현재 상태');
    await user.click(confirm.getByRole('button', { name: '이용 정지' }));
    expect(await confirm.findByText('사유를 입력해 주세요.')).toBeTruthy();
    expect(server.callsTo('POST', 'users/12/status')).toHaveLength(0);

    await user.type(confirm.getByRole('textbox'), '부정 이용 신고 확인');
    await user.click(confirm.getByRole('button', { name: '이용 정지' }));
    await waitFor(() =>
      expect(server.callsTo('POST', 'users/12/status')[0]?.body).toEqual({
        status: 'suspended',
        reason: '부정 이용 신고 확인',
        version: 3,
      }),
    );
  });

  it('opens a member from the row and keeps its id in the URL', async () => {
    const user = userEvent.setup();
    const view = renderApp('/users', server);
    await user.click(await screen.findByText('ganada'));
    await waitFor(() => expect(view.location()).toBe('/users?user=13'));
    const drawer = within(await screen.findByRole('dialog'));
    expect((await drawer.findByRole('link', { name: /가나다제조 주식회사/ })).getAttribute('href')).toBe(
      '/employers/10',
    );
  });

  it('offers a viewer no status actions', async () => {
    signedInAs(server, 'viewer');
    renderApp('/users?user=12', server);
    const drawer = within(await screen.findByRole('dialog'));
    await drawer.findByText('nguyen95');
    expect(drawer.queryByRole('button', { name: '이용 정지' })).toBeNull();
    expect(drawer.queryByRole('button', { name: '탈퇴 처리' })).toBeNull();
  });
});
