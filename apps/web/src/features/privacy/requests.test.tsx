import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../test/mock-server';
import { errorReply, listReply, signedInAs, wireWorker, withLookups } from '../../test/records';
import { renderApp, signIn } from '../../test/render-app';

let server: MockServer;

const request = (values: Record<string, unknown> = {}) => ({
  id: 7,
  subject_type: 'worker',
  subject_id: 3,
  subject_name: '응우옌 반 안',
  kind: 'erasure',
  channel: 'phone',
  status: 'received',
  received_at: '2026-11-10',
  due_date: '2026-11-20',
  overdue: true,
  details: '모든 정보 삭제 요구',
  outcome: '',
  assignee_admin_id: null,
  assignee_name: null,
  created_by_name: '김관리',
  completed_at: null,
  created_at: '2026-11-10T01:00:00Z',
  version: 1,
  ...values,
});

beforeEach(() => {
  server = withLookups(createMockServer());
  signIn();
});

describe('정보주체 요청', () => {
  it('lists an overdue request and registers a new one about a worker picked by name', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'privacy/requests', () => listReply([request()]));
    server.on('GET', 'workers', () => listReply([wireWorker({ id: 3, name_ko: '응우옌 반 안' })]));
    server.on('POST', 'privacy/requests', () => ({
      status: 201,
      body: request({ id: 8, kind: 'access', overdue: false }),
    }));
    server.on('GET', 'privacy/requests/8', () => ({
      status: 200,
      body: request({ id: 8, kind: 'access', overdue: false }),
    }));
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderApp('/privacy/requests', server);

    const row = (await screen.findByText('응우옌 반 안')).closest('tr') as HTMLElement;
    expect(within(row).getByText('기한 지남')).toBeTruthy();
    expect(within(row).getByText('삭제')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /요청 접수/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '접수' }));
    expect(await within(dialog).findByText('정보주체를 골라 주세요.')).toBeTruthy();
    const picker = within(dialog).getByRole('combobox', { name: '근로자' });
    await user.click(picker);
    await user.type(picker, '응우옌');
    await user.click(await screen.findByTitle('응우옌 반 안'));
    await user.click(within(dialog).getByRole('radio', { name: '열람' }));
    await user.click(within(dialog).getByRole('button', { name: '접수' }));
    await waitFor(() => expect(server.callsTo('POST', 'privacy/requests')).toHaveLength(1));
    expect(server.callsTo('POST', 'privacy/requests')[0]?.body).toMatchObject({
      subject_type: 'worker',
      subject_id: 3,
      kind: 'access',
      channel: 'phone',
    });
    expect(await screen.findByText('요청을 접수했습니다.')).toBeTruthy();
    expect(await screen.findByText('정보주체 요청 #8')).toBeTruthy();
  });

  it('shows why a 삭제 is refused while a retention holds, then closes the request as rejected with an outcome', async () => {
    signedInAs(server, 'super_admin');
    let current: Record<string, unknown> = request();
    server.on('GET', 'privacy/requests', () => listReply([current]));
    server.on('GET', 'privacy/requests/7', () => ({ status: 200, body: current }));
    server.on('POST', 'privacy/requests/7/erase', () =>
      errorReply(409, 'CONFLICT', '법령에 따른 보존 기간이 남아 있어 지금은 삭제할 수 없습니다.', [
        { message: '정산(지급) 기록의 보존 기간(전자상거래법 제6조, 5년)이 끝나지 않았습니다.' },
      ]),
    );
    server.on('PATCH', 'privacy/requests/7', (call) => {
      current = { ...current, ...(call.body as object), completed_at: '2026-11-26T01:00:00Z', version: 2 };
      return { status: 200, body: current };
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderApp('/privacy/requests?request=7', server);

    const drawer = await screen.findByRole('dialog');
    await user.click(await within(drawer).findByRole('button', { name: /개인정보 파기/ }));
    const confirm = await screen.findByText(/지금 파기합니다/);
    await user.click(
      within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: /개인정보 파기/ }),
    );
    expect(await within(drawer).findByText(/전자상거래법 제6조/)).toBeTruthy();

    await user.type(
      within(drawer).getByLabelText('처리 결과'),
      '5년 보존 대상 정산이 있어 삭제 거절, 처리정지로 안내',
    );
    await user.click(within(drawer).getByRole('button', { name: '거절' }));
    await waitFor(() => expect(server.callsTo('PATCH', 'privacy/requests/7')).toHaveLength(1));
    expect(server.callsTo('PATCH', 'privacy/requests/7')[0]?.body).toMatchObject({
      status: 'rejected',
      outcome: '5년 보존 대상 정산이 있어 삭제 거절, 처리정지로 안내',
      version: 1,
    });
    expect(await screen.findByText('요청을 저장했습니다.')).toBeTruthy();
  });
});
