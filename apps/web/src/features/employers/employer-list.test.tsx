import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { dialog, pickOption } from '../../test/antd';
import { createMockServer, type MockServer } from '../../test/mock-server';
import { listReply, signedInAs, wireEmployer, withLookups } from '../../test/records';
import { renderApp, signIn } from '../../test/render-app';

let server: MockServer;

const pending = wireEmployer({ id: 10, company_name: '가나다제조 주식회사' });
const pending2 = wireEmployer({ id: 11, company_name: '한빛정밀', business_reg_no: '2208162517' });
const approved = wireEmployer({ id: 12, company_name: '대한물류(주)', status: 'approved' });

beforeEach(() => {
  server = withLookups(createMockServer());
  signIn();
});

function lastListParams() {
  return server.callsTo('GET', 'employers').at(-1)?.params as Record<string, unknown>;
}

describe('employer list', () => {
  it('opens /employers?status=pending filtered: the request, the select, the title', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'employers', listReply([pending, pending2], 2));
    renderApp('/employers?status=pending', server);

    expect(await screen.findByText('가나다제조 주식회사')).toBeTruthy();
    expect(lastListParams()).toEqual({
      page: 1,
      page_size: 20,
      sort: 'created_at',
      order: 'desc',
      status: 'pending',
    });
    expect(screen.getByRole('heading', { name: '승인 대기 사업주' })).toBeTruthy();
    const status = screen.getByRole('combobox', { name: '상태' }).closest('.ant-select');
    expect(within(status as HTMLElement).getByText('승인 대기')).toBeTruthy();
    // The business number is shown dashed, the phone formatted.
    expect(screen.getByText('124-81-00998')).toBeTruthy();
    expect(screen.getAllByText('031-400-1234')).toHaveLength(2);
    expect(screen.getByText('총 2건')).toBeTruthy();
  });

  it('shows an estimated total as 약 n건 and pages only as far as the server serves', async () => {
    signedInAs(server, 'admin');
    const reply = listReply([pending, approved], 1_234_567);
    server.on('GET', 'employers', {
      ...reply,
      body: { ...reply.body, meta: { ...reply.body.meta, total_estimated: true } },
    });
    renderApp('/employers', server);

    expect(await screen.findByText('약 1,234,567건')).toBeTruthy();
    expect(screen.getByLabelText(/앞의 10,000건까지 넘겨 볼 수 있습니다/)).toBeTruthy();
    // 10,000 rows at 20 a page: the last page button is 500, not 61,729.
    expect(screen.getByTitle('500')).toBeTruthy();
    expect(screen.queryByTitle('61729')).toBeNull();
  });

  it('writes a changed filter, a sort and a search into the URL and asks the server with them', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'employers', listReply([pending], 1));
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/employers?status=pending&page=2', server);
    await screen.findByText('가나다제조 주식회사');

    await pickOption(user, '업종', '제조업');
    await waitFor(() => expect(view.location()).toBe('/employers?status=pending&industry=manufacturing'));
    await waitFor(() =>
      expect(lastListParams()).toMatchObject({ page: 1, status: 'pending', industry: 'manufacturing' }),
    );

    await pickOption(user, '담당 지점', '부산 지점');
    await waitFor(() => expect(view.location()).toContain('branch_id=2'));
    await waitFor(() => expect(lastListParams()).toMatchObject({ branch_id: '2' }));

    await user.click(screen.getByRole('columnheader', { name: /상호/ }));
    await waitFor(() => expect(view.location()).toContain('sort=company_name&order=asc'));
    await waitFor(() => expect(lastListParams()).toMatchObject({ sort: 'company_name', order: 'asc' }));

    await user.type(screen.getByRole('searchbox', { name: '검색' }), '124-81');
    await waitFor(() => expect(view.location()).toContain('q=124-81'));
    await waitFor(() => expect(lastListParams()).toMatchObject({ q: '124-81', industry: 'manufacturing' }));

    await user.click(screen.getByRole('button', { name: /필터 초기화/ }));
    await waitFor(() => expect(view.location()).toBe('/employers?sort=company_name&order=asc'));
  });

  it('shows a Korean empty state, offering to clear the filters', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'employers', listReply([], 0));
    const user = userEvent.setup({ delay: null });
    const view = renderApp(
      '/employers?region=%EC%A0%9C%EC%A3%BC%ED%8A%B9%EB%B3%84%EC%9E%90%EC%B9%98%EB%8F%84',
      server,
    );
    expect(await screen.findByText(/조건에 맞는 결과가 없습니다/)).toBeTruthy();
    const table = screen.getByRole('table');
    await user.click(
      within(table.closest('.ant-table-wrapper') as HTMLElement).getByRole('button', { name: /필터 초기화/ }),
    );
    await waitFor(() => expect(view.location()).toBe('/employers'));
    expect(await screen.findByText('등록된 사업주가 없습니다.')).toBeTruthy();
  });

  it('opens an employer from its row', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'employers', listReply([pending], 1));
    server.on('GET', 'employers/10', { status: 200, body: pending });
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/employers', server);
    await user.click(await screen.findByText('홍길동'));
    expect(await screen.findByRole('heading', { name: '가나다제조 주식회사' })).toBeTruthy();
    expect(view.location()).toBe('/employers/10');
  });

  it('approves the chosen rows as a server job, then lists the ones it refused with why', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'employers', listReply([pending, pending2, approved], 45));
    const job = (overrides: Record<string, unknown>) => ({
      id: 5,
      resource: 'employers',
      action: 'approve',
      action_label: '승인',
      status: 'running',
      scope: '선택한 2건',
      total: 2,
      processed: 0,
      succeeded: 0,
      failed: 0,
      cancel_requested: false,
      failure: null,
      created_by_name: '김관리',
      created_at: '2026-11-25T01:00:00.000Z',
      finished_at: null,
      ...overrides,
    });
    server.on('POST', 'employers/bulk-jobs', { status: 201, body: job({}) });
    server.on('GET', 'employers/bulk-jobs/5', {
      status: 200,
      body: job({
        status: 'done',
        processed: 2,
        succeeded: 1,
        failed: 1,
        finished_at: '2026-11-25T01:00:05.000Z',
      }),
    });
    server.on('GET', 'employers/bulk-jobs/5/failures', {
      status: 200,
      body: {
        data: [
          {
            record_id: 11,
            label: '한빛정밀',
            code: 'INVALID_TRANSITION',
            message: '이미 다른 관리자가 처리했습니다.',
          },
        ],
        meta: { page: 1, page_size: 10, total: 1 },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/employers', server);
    await screen.findByText('가나다제조 주식회사');

    const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
    await user.click(within(rowOf('가나다제조 주식회사')).getByRole('checkbox'));
    await user.click(within(rowOf('한빛정밀')).getByRole('checkbox'));
    expect(screen.getByText('이 페이지에서 2건 선택됨')).toBeTruthy();
    // Not the whole page yet: no offer of the whole filter.
    expect(screen.queryByRole('button', { name: /조건에 맞는 전체/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: '승인' }));
    const confirm = await dialog('승인: 2건');
    await user.click(confirm.getByRole('button', { name: '실행' }));

    const result = await dialog('일괄 승인 완료');
    expect(await result.findByText('한빛정밀')).toBeTruthy();
    expect(result.getByText('처리 1건 · 제외 1건')).toBeTruthy();
    expect(result.getByText('이미 다른 관리자가 처리했습니다.')).toBeTruthy();
    expect(server.callsTo('POST', 'employers/bulk-jobs')[0]?.body).toEqual({
      action: 'approve',
      ids: [10, 11],
    });
    await user.click(result.getAllByRole('button', { name: '닫기' }).at(-1)!);
    // The list is asked again, and the selection is gone.
    await waitFor(() => expect(server.callsTo('GET', 'employers').length).toBeGreaterThan(1));
    expect(screen.queryByText('이 페이지에서 2건 선택됨')).toBeNull();
  });

  it('offers the whole filter once the page is selected, and sends the filter instead of ids', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'employers', listReply([pending, pending2], 45));
    server.on('POST', 'employers/bulk-jobs', {
      status: 422,
      body: { error: { code: 'VALIDATION_ERROR', message: '입력값을 확인해 주세요.' } },
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/employers?status=pending', server);
    await screen.findByText('가나다제조 주식회사');
    await user.click(screen.getAllByRole('checkbox')[0]!);
    await user.click(screen.getByRole('button', { name: '조건에 맞는 전체 45건 선택' }));
    expect(screen.getByText('조건에 맞는 전체 45건 선택됨')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '반려' }));
    const confirm = await dialog('반려: 45건');
    await user.type(confirm.getByLabelText('사유'), '서류 미비');
    await user.click(confirm.getByRole('button', { name: '실행' }));
    await waitFor(() => expect(server.callsTo('POST', 'employers/bulk-jobs')).toHaveLength(1));
    expect(server.callsTo('POST', 'employers/bulk-jobs')[0]?.body).toEqual({
      action: 'reject',
      reason: '서류 미비',
      filter: { status: 'pending' },
    });
  });

  it('gives a viewer neither registration nor selection', async () => {
    signedInAs(server, 'viewer');
    server.on('GET', 'employers', listReply([pending], 1));
    renderApp('/employers?status=pending', server);
    await screen.findByText('가나다제조 주식회사');
    expect(screen.queryByRole('button', { name: /사업주 등록/ })).toBeNull();
    expect(within(screen.getByRole('table')).queryAllByRole('checkbox')).toHaveLength(0);
  });
});
