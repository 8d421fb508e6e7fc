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
    const user = userEvent.setup({ delay: null });
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
    const user = userEvent.setup({ delay: null });
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

  it('shows the consents and records a withdrawal taken by phone, with the call noted', async () => {
    const consent = (id: number, item: string, values: Record<string, unknown> = {}) => ({
      id,
      app_user_id: 12,
      item,
      required: item === 'terms' || item === 'privacy_collection',
      text_version: '2025.03',
      consented_at: '2025-04-01T01:00:00.000Z',
      channel: 'app',
      withdrawn_at: null,
      withdrawal_channel: null,
      withdrawal_note: '',
      withdrawn_by_name: null,
      ...values,
    });
    server.on('GET', 'users/12/consents', {
      status: 200,
      body: {
        data: [
          consent(1, 'terms'),
          consent(2, 'privacy_collection'),
          consent(3, 'marketing_sms'),
          consent(4, 'marketing_push', {
            withdrawn_at: '2025-05-02T03:00:00.000Z',
            withdrawal_channel: 'app',
          }),
        ],
      },
    });
    server.on('POST', 'users/12/consents/3/withdraw', (request) => ({
      status: 200,
      body: consent(3, 'marketing_sms', {
        withdrawn_at: '2026-11-27T05:00:00.000Z',
        withdrawal_channel: 'phone',
        withdrawal_note: (request.body as { note: string }).note,
        withdrawn_by_name: '관리자',
      }),
    }));
    const user = userEvent.setup({ delay: null });
    renderApp('/users?user=12', server);
    const drawer = within(await screen.findByRole('dialog'));
    await user.click(await drawer.findByRole('tab', { name: '동의 내역' }));
    const list = within(await drawer.findByRole('list', { name: '동의 내역' }));
    expect(list.getByText('서비스 이용약관')).toBeTruthy();
    expect(list.getAllByText('필수')).toHaveLength(2);
    expect(list.getByText('2025-05-02 12:00 (앱)')).toBeTruthy();
    // Required items and withdrawn ones offer nothing to record.
    expect(list.getAllByRole('button')).toHaveLength(1);

    await user.click(list.getByRole('button', { name: '마케팅 정보 수신 (문자·이메일) 철회 기록' }));
    const form = await dialog('전화로 받은 동의 철회 기록');
    await user.click(form.getByRole('button', { name: '철회 기록' }));
    expect(await form.findByText('통화 내용(본인 확인 방법, 철회 의사)을 입력해 주세요.')).toBeTruthy();
    expect(server.callsTo('POST', 'users/12/consents/3/withdraw')).toHaveLength(0);
    await user.type(form.getByRole('textbox'), '본인 전화, 생년월일 확인, 문자 수신 거부');
    await user.click(form.getByRole('button', { name: '철회 기록' }));
    await waitFor(() =>
      expect(server.callsTo('POST', 'users/12/consents/3/withdraw')[0]?.body).toEqual({
        note: '본인 전화, 생년월일 확인, 문자 수신 거부',
      }),
    );
    expect(await screen.findByText('동의 철회를 기록했습니다.')).toBeTruthy();
  });

  it('lets a viewer read the consents but record nothing', async () => {
    signedInAs(server, 'viewer');
    server.on('GET', 'users/12/consents', {
      status: 200,
      body: {
        data: [
          {
            id: 3,
            app_user_id: 12,
            item: 'marketing_sms',
            required: false,
            text_version: '2025.03',
            consented_at: '2025-04-01T01:00:00.000Z',
            channel: 'web',
            withdrawn_at: null,
            withdrawal_channel: null,
            withdrawal_note: '',
            withdrawn_by_name: null,
          },
        ],
      },
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/users?user=12', server);
    const drawer = within(await screen.findByRole('dialog'));
    await user.click(await drawer.findByRole('tab', { name: '동의 내역' }));
    const list = within(await drawer.findByRole('list', { name: '동의 내역' }));
    expect(list.getByText('마케팅 정보 수신 (문자·이메일)')).toBeTruthy();
    expect(list.queryByRole('button')).toBeNull();
  });
});
