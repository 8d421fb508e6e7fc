import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../test/mock-server';
import { listReply, signedInAs, withLookups } from '../../test/records';
import { renderApp, signIn } from '../../test/render-app';

let server: MockServer;

const record = (values: Record<string, unknown> = {}) => ({
  id: 3,
  destroyed_at: '2026-11-20T01:00:00Z',
  kind: 'workers',
  method: 'fields',
  count: 12,
  months: 36,
  basis: '근로기준법 제42조 (근로자 명부·근로계약 서류 3년 보존)',
  trigger: 'manual',
  reason: '11월 정기 파기',
  approved_by_admin_id: 1,
  approved_by_name: '최고 관리자',
  target_ids: [101, 102],
  ...values,
});

const result = (dryRun: boolean, count: number) => ({
  dry_run: dryRun,
  ran_at: '2026-11-26T01:00:00Z',
  total: count + 1,
  kinds: [
    {
      kind: 'appUsers',
      count: 1,
      ids: [7],
      months: 1,
      basis: '개인정보 보호법 제21조',
      due_before: '2026-10-26',
    },
    { kind: 'workers', count, ids: [101], months: 36, basis: '근로기준법 제42조', due_before: '2023-11-26' },
  ],
});

beforeEach(() => {
  server = withLookups(createMockServer());
  signIn();
});

describe('파기 대장', () => {
  it('lists each destruction with its basis and approver, the schedule as 시스템', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'privacy/destructions', () =>
      listReply([
        record(),
        record({
          id: 2,
          trigger: 'schedule',
          approved_by_admin_id: null,
          approved_by_name: null,
          kind: 'appUsers',
          count: 3,
          reason: '',
        }),
      ]),
    );
    renderApp('/privacy/destructions', server);

    const row = (await screen.findByText('11월 정기 파기')).closest('tr') as HTMLElement;
    expect(within(row).getByText('근로자')).toBeTruthy();
    expect(within(row).getByText('12건')).toBeTruthy();
    expect(within(row).getByText('36개월')).toBeTruthy();
    expect(within(row).getByText('최고 관리자')).toBeTruthy();
    const scheduled = screen.getByText('정기 파기').closest('tr') as HTMLElement;
    expect(within(scheduled).getByText('시스템')).toBeTruthy();
    expect(within(scheduled).getByText('앱 회원')).toBeTruthy();
    // An admin reads the register; only a super admin runs the destruction.
    expect(screen.queryByRole('button', { name: /파기 실행/ })).toBeNull();
  });

  it('a super admin sees what is due, gives a reason, confirms, and the register refreshes', async () => {
    signedInAs(server, 'super_admin');
    let destroyed = false;
    server.on('GET', 'privacy/destructions', () => listReply(destroyed ? [record()] : []));
    server.on('POST', 'privacy/destructions/run', (request) => {
      const body = request.body as { dry_run: boolean };
      if (!body.dry_run) destroyed = true;
      return { status: 200, body: result(body.dry_run, 12) };
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderApp('/privacy/destructions', server);

    expect(await screen.findByText('아직 파기한 기록이 없습니다.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /파기 실행/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('보존 기간이 지난 13건을 파기합니다.')).toBeTruthy();
    expect(within(dialog).getByText('근로자 12건')).toBeTruthy();
    expect(within(dialog).getByText('2023-11-26 이전에 보존 기간이 시작된 기록')).toBeTruthy();
    expect(server.callsTo('POST', 'privacy/destructions/run')[0]?.body).toMatchObject({ dry_run: true });

    await user.type(within(dialog).getByLabelText('실행 사유'), '11월 정기 파기');
    await user.click(within(dialog).getByRole('button', { name: '파기' }));
    const confirm = await screen.findByText('되돌릴 수 없습니다. 파기할까요?');
    await user.click(
      within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: '파기' }),
    );

    await waitFor(() => expect(server.callsTo('POST', 'privacy/destructions/run')).toHaveLength(2));
    expect(server.callsTo('POST', 'privacy/destructions/run')[1]?.body).toMatchObject({
      dry_run: false,
      reason: '11월 정기 파기',
    });
    expect(await screen.findByText('개인정보 13건을 파기했습니다.')).toBeTruthy();
    expect(await screen.findByText('11월 정기 파기')).toBeTruthy();
  });

  it('says so when nothing is due, and offers no destruction', async () => {
    signedInAs(server, 'super_admin');
    server.on('GET', 'privacy/destructions', () => listReply([]));
    server.on('POST', 'privacy/destructions/run', () => ({
      status: 200,
      body: { dry_run: true, ran_at: '2026-11-26T01:00:00Z', total: 0, kinds: [] },
    }));
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderApp('/privacy/destructions', server);

    await user.click(await screen.findByRole('button', { name: /파기 실행/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('지금 파기할 개인정보가 없습니다.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: '파기' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
