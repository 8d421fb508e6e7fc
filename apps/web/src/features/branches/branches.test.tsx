import { recordMessages } from '@ilson/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../test/mock-server';
import { errorReply, listReply, signedInAs, wireBranch, withLookups } from '../../test/records';
import { renderApp, signIn } from '../../test/render-app';

let server: MockServer;

beforeEach(() => {
  server = withLookups(createMockServer());
  signIn();
});

describe('branches', () => {
  it('lists branches with their status, and opens a branch from its row', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'branches/1', {
      status: 200,
      body: { ...wireBranch(), employer_count: 12, worker_count: 40 },
    });
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/branches?status=active', server);

    const table = await screen.findByRole('table');
    expect(await within(table).findByText('SEOUL-01')).toBeTruthy();
    expect(within(table).getByText('02-1234-5678')).toBeTruthy();
    expect(within(table).getByText('운영 중')).toBeTruthy();
    expect(screen.getByText('총 1건')).toBeTruthy();
    expect(server.callsTo('GET', 'branches').at(-1)?.params).toMatchObject({ status: 'active', page: 1 });

    await user.click(within(table).getByText('서울특별시'));
    expect(await screen.findByRole('heading', { name: '서울 본점' })).toBeTruthy();
    expect(view.location()).toBe('/branches/1');
    expect(screen.getByText('소속 사업주')).toBeTruthy();
    expect(screen.getByRole('link', { name: '사업주 보기' }).getAttribute('href')).toBe(
      '/employers?branch_id=1',
    );
    expect(screen.getByRole('button', { name: '운영 중지' })).toBeTruthy();
  });

  it('shows the duplicate code on the code field', async () => {
    signedInAs(server, 'admin');
    server.on(
      'POST',
      'branches',
      errorReply(409, 'CONFLICT', recordMessages.duplicateBranchCode, [
        { field: 'code', message: recordMessages.duplicateBranchCode },
      ]),
    );
    const user = userEvent.setup({ delay: null });
    renderApp('/branches/new', server);

    await user.type(await screen.findByLabelText('지점명'), '대구 지점');
    await user.type(screen.getByLabelText('지점 코드'), 'seoul-01');
    await user.click(screen.getByLabelText('시도'));
    await user.click(await screen.findByTitle('대구광역시'));
    await user.click(screen.getByRole('button', { name: '등록' }));

    expect(await screen.findByText(recordMessages.duplicateBranchCode)).toBeTruthy();
    const [call] = server.callsTo('POST', 'branches');
    expect(call?.body).toMatchObject({ name: '대구 지점', code: 'SEOUL-01', region: '대구광역시' });
    expect(call?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.getByLabelText('지점 코드').getAttribute('aria-invalid')).toBe('true'));
  });

  it('hides create, edit and status actions from a viewer', async () => {
    signedInAs(server, 'viewer');
    server.on('GET', 'branches', listReply([wireBranch()]));
    server.on('GET', 'branches/1', {
      status: 200,
      body: { ...wireBranch(), employer_count: 0, worker_count: 0 },
    });
    renderApp('/branches', server);
    expect(await screen.findByText('SEOUL-01')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /지점 등록/ })).toBeNull();
  });
});

describe('branch edit and status', () => {
  it('edits with the version it read, then shows the branch', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'branches/1', {
      status: 200,
      body: { ...wireBranch(), employer_count: 3, worker_count: 9 },
    });
    server.on('PATCH', 'branches/1', {
      status: 200,
      body: { ...wireBranch({ name: '서울 중앙점', version: 2 }), employer_count: 3, worker_count: 9 },
    });
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/branches/1/edit', server);

    const name = await screen.findByLabelText('지점명');
    expect((name as HTMLInputElement).value).toBe('서울 본점');
    expect((screen.getByLabelText('전화번호') as HTMLInputElement).value).toBe('02-1234-5678');
    await user.clear(name);
    await user.type(name, '서울 중앙점');
    await user.click(screen.getByRole('button', { name: '저장' }));

    await waitFor(() => expect(view.location()).toBe('/branches/1'));
    expect(server.callsTo('PATCH', 'branches/1')[0]?.body).toEqual({
      name: '서울 중앙점',
      code: 'SEOUL-01',
      region: '서울특별시',
      address: '서울특별시 중구 세종대로 110',
      phone: '0212345678',
      manager_admin_id: 1,
      version: 1,
    });
  });

  it('stops a branch with the status action', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'branches/1', {
      status: 200,
      body: { ...wireBranch(), employer_count: 3, worker_count: 9 },
    });
    server.on('POST', 'branches/1/status', {
      status: 200,
      body: { ...wireBranch({ status: 'inactive', version: 2 }), employer_count: 3, worker_count: 9 },
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/branches/1', server);
    await user.click(await screen.findByRole('button', { name: '운영 중지' }));
    const modal = within(
      (await screen.findAllByRole('dialog')).find((d) =>
        d.textContent?.includes('(으)로 변경합니다'),
      ) as HTMLElement,
    );
    await user.click(modal.getByRole('button', { name: '운영 중지' }));
    await waitFor(() =>
      expect(server.callsTo('POST', 'branches/1/status')[0]?.body).toEqual({
        status: 'inactive',
        version: 1,
      }),
    );
  });
});
