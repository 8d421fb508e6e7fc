import { workerPiiMessages } from '@ilson/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { dialog } from '../../test/antd';
import { createMockServer, type MockServer } from '../../test/mock-server';
import { listReply, signedInAs, wireWorker, withLookups } from '../../test/records';
import { renderApp, signIn } from '../../test/render-app';

let server: MockServer;

beforeEach(() => {
  server = withLookups(createMockServer());
  signIn();
});

type Params = { q?: string; reason?: string };
const searchesFor = (q: string) =>
  server.callsTo('GET', 'workers').filter((call) => (call.params as Params | undefined)?.q === q);
const searchBox = () => screen.getByRole('searchbox', { name: '검색' });

describe('searching workers by a full identifier', () => {
  it('asks for the purpose before it searches, and sends it with the search', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'workers', listReply([wireWorker()], 1));
    const user = userEvent.setup({ delay: null });
    renderApp('/workers', server);
    await screen.findByText('응우옌 반 안');

    await user.type(searchBox(), 'm12345678{Enter}');
    const modal = await dialog('검색 사유');
    expect(modal.getByText(/접속기록/)).toBeTruthy();
    expect(searchesFor('m12345678')).toHaveLength(0);

    await user.type(modal.getByRole('textbox'), '확');
    await user.click(modal.getByRole('button', { name: '검색' }));
    expect(await modal.findByText(workerPiiMessages.identifierSearchReasonRequired)).toBeTruthy();
    expect(searchesFor('m12345678')).toHaveLength(0);

    await user.type(modal.getByRole('textbox'), '인 서류 대조');
    await user.click(modal.getByRole('button', { name: '검색' }));
    await waitFor(() => expect(searchesFor('m12345678')).toHaveLength(1));
    expect(searchesFor('m12345678')[0]?.params).toMatchObject({ q: 'm12345678', reason: '확인 서류 대조' });
    // The reason stays out of the address bar.
    expect(window.location.href).not.toContain('reason');
  });

  it('asks for a 외국인등록번호 too, and cancelling clears the search without sending it', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'workers', listReply([wireWorker()], 1));
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/workers', server);
    await screen.findByText('응우옌 반 안');

    await user.type(searchBox(), '950412-5123456{Enter}');
    const modal = await dialog('검색 사유');
    await user.click(modal.getByRole('button', { name: '취소' }));
    await waitFor(() => expect(view.location()).toBe('/workers'));
    expect(searchesFor('950412-5123456')).toHaveLength(0);
  });

  it('asks when the address already holds an identifier (a reload or a shared link)', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'workers', listReply([wireWorker()], 1));
    renderApp('/workers?q=M12345678', server);
    expect(await dialog('검색 사유')).toBeTruthy();
    expect(searchesFor('M12345678')).toHaveLength(0);
  });

  it('searches names, phone digits and partial numbers at once', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'workers', listReply([wireWorker()], 1));
    const user = userEvent.setup({ delay: null });
    renderApp('/workers', server);
    await screen.findByText('응우옌 반 안');
    await user.type(searchBox(), 'Nguyen{Enter}');
    await waitFor(() => expect(searchesFor('Nguyen')).toHaveLength(1));
    expect(searchesFor('Nguyen')[0]?.params).not.toHaveProperty('reason');
    await user.clear(searchBox());
    await user.type(searchBox(), '950412{Enter}');
    await waitFor(() => expect(searchesFor('950412')).toHaveLength(1));
    expect(screen.queryByText('검색 사유')).toBeNull();
  });

  it('tells a viewer it may not search by identifier, without asking the server', async () => {
    signedInAs(server, 'viewer');
    server.on('GET', 'workers', listReply([wireWorker()], 1));
    const user = userEvent.setup({ delay: null });
    renderApp('/workers', server);
    await screen.findByText('응우옌 반 안');
    await user.type(searchBox(), 'M12345678{Enter}');
    expect(await screen.findByText(workerPiiMessages.identifierSearchForbidden)).toBeTruthy();
    expect(screen.queryByText('검색 사유')).toBeNull();
    expect(searchesFor('M12345678')).toHaveLength(0);
  });

  it('asks on the visa-expiry board as well', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'workers/visa-expiry', {
      status: 200,
      body: { buckets: [], data: [], meta: { page: 1, page_size: 20, total: 0 } },
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/workers/visa-expiry', server);
    await user.type(await screen.findByRole('searchbox', { name: '검색' }), 'M12345678{Enter}');
    const modal = await dialog('검색 사유');
    await user.type(modal.getByRole('textbox'), '연장 서류 확인');
    await user.click(modal.getByRole('button', { name: '검색' }));
    await waitFor(() =>
      expect(
        server
          .callsTo('GET', 'workers/visa-expiry')
          .some((call) => (call.params as Params).reason === '연장 서류 확인'),
      ).toBe(true),
    );
  });
});
