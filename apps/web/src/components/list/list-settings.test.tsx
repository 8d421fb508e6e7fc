import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../test/mock-server';
import { listReply, signedInAs, wireEmployer, withLookups } from '../../test/records';
import { renderApp, signIn } from '../../test/render-app';

let server: MockServer;

beforeEach(() => {
  server = withLookups(createMockServer());
  signIn();
  signedInAs(server, 'admin');
  server.on(
    'GET',
    'employers',
    listReply([wireEmployer({ id: 10, company_name: '가나다제조 주식회사' })], 1),
  );
});

const view = (overrides: Record<string, unknown>) => ({
  id: 1,
  list: 'employers',
  name: '승인 대기 · 경기',
  query: { status: 'pending', region: '경기도' },
  shared: false,
  mine: true,
  owner_name: '김관리',
  created_at: '2026-11-25T01:00:00.000Z',
  updated_at: '2026-11-25T01:00:00.000Z',
  version: 1,
  ...overrides,
});

describe('list settings and saved views', () => {
  it("shows the admin's columns in their order and density, and saves a change", async () => {
    server.on('GET', 'me/list-settings/employers', {
      status: 200,
      body: { columns: ['status', 'company_name'], density: 'small', page_size: null },
    });
    server.on('PUT', 'me/list-settings/employers', (request) => ({ status: 200, body: request.body }));
    const user = userEvent.setup({ delay: null });
    renderApp('/employers', server);
    await screen.findByText('가나다제조 주식회사');

    const table = screen.getByRole('table');
    await waitFor(() => {
      const headers = within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.trim())
        .filter(Boolean);
      expect(headers).toEqual(['상태', '상호(회사명)']);
    });
    expect(table.closest('.ant-table')?.className).toContain('ant-table-small');

    await user.click(screen.getByText('넓게'));
    await waitFor(() => expect(server.callsTo('PUT', 'me/list-settings/employers')).toHaveLength(1));
    expect(server.callsTo('PUT', 'me/list-settings/employers')[0]?.body).toEqual({
      columns: ['status', 'company_name'],
      density: 'large',
      page_size: null,
    });
  });

  it("opens a saved view as the list's address, and saves the current filters as a new one", async () => {
    server.on('GET', 'saved-views', {
      status: 200,
      body: {
        data: [
          view({}),
          view({ id: 2, name: '팀 · 반려', query: { status: 'rejected' }, shared: true, mine: false }),
        ],
      },
    });
    server.on('POST', 'saved-views', (request) => ({
      status: 201,
      body: view({ id: 3, ...(request.body as Record<string, unknown>) }),
    }));
    const user = userEvent.setup({ delay: null });
    const app = renderApp('/employers?industry=manufacturing', server);
    await screen.findByText('가나다제조 주식회사');

    await user.click(screen.getByRole('button', { name: /^보기/ }));
    expect(await screen.findByText('팀 · 반려')).toBeTruthy();
    await user.click(screen.getByText('승인 대기 · 경기'));
    await waitFor(() =>
      expect(app.location()).toBe('/employers?status=pending&region=%EA%B2%BD%EA%B8%B0%EB%8F%84'),
    );

    await user.click(screen.getByRole('button', { name: /^보기/ }));
    await user.click(await screen.findByText('지금 조건을 보기로 저장…'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('보기 이름'), '경기 대기');
    await user.click(within(dialog).getByLabelText('팀과 공유'));
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(server.callsTo('POST', 'saved-views')).toHaveLength(1));
    expect(server.callsTo('POST', 'saved-views')[0]?.body).toEqual({
      list: 'employers',
      name: '경기 대기',
      query: { status: 'pending', region: '경기도' },
      shared: true,
    });
  });
});
