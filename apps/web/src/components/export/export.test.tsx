import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { todayInSeoul } from '../../lib/datetime';
import { dialog } from '../../test/antd';
import { createMockServer, type MockServer } from '../../test/mock-server';
import { payoutTotals } from '../../test/operations';
import { errorReply, listReply, signedInAs, withLookups } from '../../test/records';
import { renderApp, signIn } from '../../test/render-app';

let server: MockServer;
let saved: { name: string; href: string }[];

const xlsx = () =>
  new Blob(['PK fake workbook'], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });

function clientSettings(exportReasonRequired: boolean) {
  server.on('GET', 'settings/client', {
    status: 200,
    body: {
      export_reason_required: exportReasonRequired,
      session_timeout_minutes: 30,
      visa_alert_days: [30, 60],
    },
  });
}

beforeEach(() => {
  server = withLookups(createMockServer());
  signIn();
  server.on('GET', 'employers', listReply([]));
  server.on('GET', 'workers', listReply([]));
  server.on('GET', 'matchings', listReply([]));
  server.on('GET', 'payouts', {
    status: 200,
    body: { data: [], meta: { page: 1, page_size: 20, total: 0 }, totals: payoutTotals() },
  });
  server.on('GET', 'exports/employers', { status: 200, body: xlsx() });
  clientSettings(true);
  saved = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/export-1');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  // The browser would save the file; here we note what it would have been named.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.getAttribute('href') ?? '' });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const exportParams = (resource: string) =>
  server.callsTo('GET', `exports/${resource}`).at(-1)?.params as Record<string, unknown> | undefined;

async function openExport(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /내보내기/ }));
  return dialog('목록 내보내기');
}

describe('list export', () => {
  it("sends the list's filters and sort in snake_case with format and reason, and saves the file", async () => {
    signedInAs(server, 'admin');
    const user = userEvent.setup({ delay: null });
    renderApp(
      '/employers?status=pending&branch_id=2&registered_from=2024-01-01&sort=company_name&order=asc&page=3',
      server,
    );

    const modal = await openExport(user);
    expect((modal.getByRole('radio', { name: 'Excel (.xlsx)' }) as HTMLInputElement).checked).toBe(true);
    await user.click(modal.getByRole('radio', { name: 'CSV (.csv)' }));
    await user.type(modal.getByLabelText('다운로드 사유'), '  월간 보고  ');
    await user.click(modal.getByRole('button', { name: '다운로드' }));

    expect(await screen.findByText('사업주 데이터를 성공적으로 내보냈습니다.')).toBeTruthy();
    expect(exportParams('employers')).toEqual({
      status: 'pending',
      branch_id: '2',
      registered_from: '2024-01-01',
      sort: 'company_name',
      order: 'asc',
      format: 'csv',
      reason: '월간 보고',
    });
    expect(saved).toEqual([
      { name: `employers_${todayInSeoul()}.csv`, href: 'blob:http://localhost/export-1' },
    ]);
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/export-1'));
    await waitFor(() => expect(screen.queryByText('목록 내보내기')).toBeNull());
  });

  it.each([
    [
      '/workers?nationality=VN',
      'workers',
      '근로자',
      'Excel (.xlsx)',
      '근로자목록',
      'xlsx',
      { nationality: 'VN' },
    ],
    [
      '/matchings?status=contracted',
      'matchings',
      '매칭',
      'CSV (.csv)',
      '매칭목록',
      'csv',
      { status: 'contracted' },
    ],
    ['/payouts?type=wage', 'payments', '결제', 'Excel (.xlsx)', '결제목록', 'xlsx', { type: 'wage' }],
  ])(
    'exports %s as %s: its file name and its success message',
    async (path, resource, label, format, name, ext, filters) => {
      signedInAs(server, 'admin');
      server.on('GET', `exports/${resource}`, { status: 200, body: xlsx() });
      const user = userEvent.setup({ delay: null });
      renderApp(path, server);

      const modal = await openExport(user);
      await user.click(modal.getByRole('radio', { name: format }));
      await user.type(modal.getByLabelText('다운로드 사유'), '점검');
      await user.click(modal.getByRole('button', { name: '다운로드' }));

      expect(await screen.findByText(`${label} 데이터를 성공적으로 내보냈습니다.`)).toBeTruthy();
      expect(saved.map((file) => file.name)).toEqual([`${name}_${todayInSeoul()}.${ext}`]);
      expect(exportParams(resource)).toEqual({
        ...filters,
        sort: 'created_at',
        order: 'desc',
        format: ext === 'csv' ? 'csv' : 'excel',
        reason: '점검',
      });
    },
  );

  it('asks for the purpose when the settings require it, and sends nothing', async () => {
    signedInAs(server, 'admin');
    const user = userEvent.setup({ delay: null });
    renderApp('/employers', server);

    const modal = await openExport(user);
    await waitFor(() => expect(server.callsTo('GET', 'settings/client')).toHaveLength(1));
    await user.type(modal.getByLabelText('다운로드 사유'), '   ');
    await user.click(modal.getByRole('button', { name: '다운로드' }));

    expect(await modal.findByText('다운로드 사유를 입력해 주세요.')).toBeTruthy();
    expect(server.callsTo('GET', 'exports/employers')).toHaveLength(0);
  });

  it('lets the purpose be left empty when the settings do not require it', async () => {
    signedInAs(server, 'admin');
    clientSettings(false);
    const user = userEvent.setup({ delay: null });
    renderApp('/employers', server);

    const modal = await openExport(user);
    await waitFor(() => expect(server.callsTo('GET', 'settings/client')).toHaveLength(1));
    await user.click(modal.getByRole('button', { name: '다운로드' }));

    expect(await screen.findByText('사업주 데이터를 성공적으로 내보냈습니다.')).toBeTruthy();
    expect(exportParams('employers')).toEqual({ sort: 'created_at', order: 'desc', format: 'excel' });
  });

  it('offers unmasked identifiers only with exports:unmasked, and then always asks for the purpose', async () => {
    signedInAs(server, 'admin');
    clientSettings(false);
    const user = userEvent.setup({ delay: null });
    renderApp('/employers', server);

    const modal = await openExport(user);
    await waitFor(() => expect(server.callsTo('GET', 'settings/client')).toHaveLength(1));
    await user.click(modal.getByRole('checkbox', { name: '개인식별정보 포함 (마스킹 해제)' }));
    await user.click(modal.getByRole('button', { name: '다운로드' }));
    expect(await modal.findByText('다운로드 사유를 입력해 주세요.')).toBeTruthy();
    expect(server.callsTo('GET', 'exports/employers')).toHaveLength(0);

    await user.type(modal.getByLabelText('다운로드 사유'), '체류 연장 서류');
    await user.click(modal.getByRole('button', { name: '다운로드' }));
    await screen.findByText('사업주 데이터를 성공적으로 내보냈습니다.');
    expect(exportParams('employers')).toMatchObject({ unmasked: 'true', reason: '체류 연장 서류' });
  });

  it('shows no unmasking to a branch manager, and no export button to a viewer', async () => {
    signedInAs(server, 'branch_manager');
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/employers', server);
    const modal = await openExport(user);
    expect(modal.getByLabelText('다운로드 사유')).toBeTruthy();
    expect(modal.queryByRole('checkbox')).toBeNull();
    view.unmount();

    signedInAs(server, 'viewer');
    renderApp('/employers', server);
    await screen.findByText('등록된 사업주가 없습니다.');
    expect(screen.queryByRole('button', { name: /내보내기/ })).toBeNull();
  });

  it('reads a 422 that came as a Blob: its first detail on the purpose field and in a toast', async () => {
    signedInAs(server, 'admin');
    clientSettings(false);
    server.on(
      'GET',
      'exports/employers',
      errorReply(422, 'VALIDATION_ERROR', '입력값을 확인해 주세요.', [
        { field: 'reason', message: '다운로드 사유를 입력해 주세요.' },
      ]),
    );
    const user = userEvent.setup({ delay: null });
    renderApp('/employers', server);

    const modal = await openExport(user);
    await waitFor(() => expect(server.callsTo('GET', 'settings/client')).toHaveLength(1));
    await user.click(modal.getByRole('button', { name: '다운로드' }));

    expect(await screen.findByText('사업주 데이터 내보내기에 실패했습니다.')).toBeTruthy();
    // Once in the toast, once under the field.
    await waitFor(() => expect(screen.getAllByText('다운로드 사유를 입력해 주세요.')).toHaveLength(2));
    expect(modal.getByText('다운로드 사유를 입력해 주세요.')).toBeTruthy();
    expect(screen.queryByText('입력값을 확인해 주세요.')).toBeNull();
    expect(saved).toEqual([]);
  });

  it('shows a too-large Excel file on the format field', async () => {
    signedInAs(server, 'admin');
    const message = '엑셀 파일은 1,048,575행까지 담을 수 있습니다. CSV를 선택하거나 조건을 좁혀 주세요.';
    server.on(
      'GET',
      'exports/workers',
      errorReply(422, 'VALIDATION_ERROR', '입력값을 확인해 주세요.', [{ field: 'format', message }]),
    );
    const user = userEvent.setup({ delay: null });
    renderApp('/workers', server);

    const modal = await openExport(user);
    await user.type(modal.getByLabelText('다운로드 사유'), '전체 명단');
    await user.click(modal.getByRole('button', { name: '다운로드' }));

    expect(await screen.findByText('근로자 데이터 내보내기에 실패했습니다.')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    expect(modal.getByRole('button', { name: '다운로드' })).toBeTruthy();
  });

  it('shows the normalised message of a 422 without details', async () => {
    signedInAs(server, 'admin');
    server.on(
      'GET',
      'exports/employers',
      errorReply(422, 'VALIDATION_ERROR', '조회 기간이 올바르지 않습니다.'),
    );
    const user = userEvent.setup({ delay: null });
    renderApp('/employers', server);

    const modal = await openExport(user);
    await user.type(modal.getByLabelText('다운로드 사유'), '보고');
    await user.click(modal.getByRole('button', { name: '다운로드' }));

    expect(await screen.findByText('사업주 데이터 내보내기에 실패했습니다.')).toBeTruthy();
    expect(await screen.findByText('조회 기간이 올바르지 않습니다.')).toBeTruthy();
  });

  it('shows any other error as the app does, beside the failure message', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'exports/employers', {
      status: 403,
      body: { error: { code: 'FORBIDDEN', message: 'x' } },
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/employers', server);

    const modal = await openExport(user);
    await user.type(modal.getByLabelText('다운로드 사유'), '보고');
    await user.click(modal.getByRole('button', { name: '다운로드' }));

    expect(await screen.findByText('사업주 데이터 내보내기에 실패했습니다.')).toBeTruthy();
    expect(await screen.findByText('접근 권한이 없습니다.')).toBeTruthy();
  });

  it('shows the size received while the file streams, and cancels the download', async () => {
    signedInAs(server, 'admin');
    let aborted = false;
    server.on('GET', 'exports/employers', (_request, _count, exchange) => {
      exchange.downloadProgress(1.2 * 1024 * 1024);
      exchange.signal?.addEventListener('abort', () => {
        aborted = true;
      });
      return new Promise(() => {});
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/employers', server);

    const modal = await openExport(user);
    await user.type(modal.getByLabelText('다운로드 사유'), '보고');
    await user.click(modal.getByRole('button', { name: '다운로드' }));

    expect(await modal.findByText('1.2 MB 받는 중')).toBeTruthy();
    expect(modal.queryByRole('progressbar')).toBeNull();
    await user.click(modal.getByRole('button', { name: '다운로드 취소' }));

    expect(await screen.findByText('다운로드를 취소했습니다.')).toBeTruthy();
    expect(aborted).toBe(true);
    expect(saved).toEqual([]);
    expect(screen.queryByText('사업주 데이터 내보내기에 실패했습니다.')).toBeNull();
    // Still open, ready to try again.
    expect(modal.getByRole('button', { name: '취소' })).toBeTruthy();
  });

  it('shows a percentage when the length is known', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'exports/employers', (_request, _count, exchange) => {
      exchange.downloadProgress(512 * 1024, 2048 * 1024);
      return new Promise(() => {});
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/employers', server);

    const modal = await openExport(user);
    await user.type(modal.getByLabelText('다운로드 사유'), '보고');
    await user.click(modal.getByRole('button', { name: '다운로드' }));

    expect(await modal.findByText('512.0 KB / 2.0 MB 받는 중')).toBeTruthy();
    expect(modal.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
  });
});
