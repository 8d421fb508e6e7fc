import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it } from 'vitest';
import { todayInSeoul } from '../../lib/datetime';
import { dialog } from '../../test/antd';
import { createMockServer, type MockServer } from '../../test/mock-server';
import { errorReply, signedInAs, wireWorker, withLookups } from '../../test/records';
import { renderApp, signIn } from '../../test/render-app';

let server: MockServer;

beforeEach(() => {
  server = withLookups(createMockServer());
  signIn();
  signedInAs(server, 'admin');
});

const today = dayjs(todayInSeoul());
const departedOn = today.subtract(40, 'day').format('YYYY-MM-DD');
const departed = wireWorker({
  status: 'departed',
  status_changed_at: `${departedOn}T03:00:00Z`,
  entry_date: '2021-01-04',
});

describe('재입국 처리 (docs/law-as-data.md#reentry)', () => {
  it('asks for the entry date and kind, shows the first allowed day with its basis, and sends them', async () => {
    server.on('GET', 'workers/20', { status: 200, body: departed });
    server.on('GET', 'workers/20/workplace-changes', {
      status: 200,
      body: { data: [], count: null, job_search: null },
    });
    server.on('POST', 'workers/20/status', { status: 200, body: wireWorker() });
    const user = userEvent.setup({ delay: null });
    renderApp('/workers/20', server);
    await user.click(await screen.findByRole('button', { name: '재입국 처리' }));
    const modal = await dialog('출국 처리일');
    expect(modal.getByText(departedOn)).toBeTruthy();
    // 일반 재입국: six months from the departure (제18조의3).
    const sixMonths = dayjs(departedOn).add(6, 'month').format('YYYY-MM-DD');
    expect(modal.getByText(`${sixMonths}부터 다시 취업할 수 있습니다.`)).toBeTruthy();
    expect(modal.getByTestId('legal-basis').textContent).toContain('제18조의3');

    // Without the date an E-9 worker is not sent.
    await user.click(modal.getByRole('button', { name: '재입국 처리' }));
    expect(await modal.findByText('입국일을 입력해 주세요.')).toBeTruthy();
    expect(server.callsTo('POST', 'workers/20/status')).toHaveLength(0);

    await user.click(modal.getByLabelText('성실근로자 재입국(특례)'));
    const oneMonth = dayjs(departedOn).add(1, 'month').format('YYYY-MM-DD');
    expect(await modal.findByText(`${oneMonth}부터 다시 취업할 수 있습니다.`)).toBeTruthy();
    expect(modal.getByTestId('legal-basis').textContent).toContain('제18조의4');
    const entry = today.subtract(2, 'day').format('YYYY-MM-DD');
    const input = modal.getByLabelText('입국일');
    await user.click(input);
    await user.type(input, `${entry}{Enter}`);
    await user.click(modal.getByRole('button', { name: '재입국 처리' }));
    await waitFor(() => expect(server.callsTo('POST', 'workers/20/status')).toHaveLength(1));
    expect(server.callsTo('POST', 'workers/20/status')[0]?.body).toMatchObject({
      status: 'seeking',
      entry_date: entry,
      reentry_kind: 'faithful',
    });
  });

  it('shows the server refusal at the entry date field', async () => {
    server.on('GET', 'workers/20', { status: 200, body: departed });
    server.on('GET', 'workers/20/workplace-changes', {
      status: 200,
      body: { data: [], count: null, job_search: null },
    });
    const message = '출국일부터 6개월이 지나야 다시 취업할 수 있습니다(외국인고용법 제18조의3).';
    server.on(
      'POST',
      'workers/20/status',
      errorReply(422, 'VALIDATION_ERROR', message, [{ field: 'entry_date', message }]),
    );
    const user = userEvent.setup({ delay: null });
    renderApp('/workers/20', server);
    await user.click(await screen.findByRole('button', { name: '재입국 처리' }));
    const modal = await dialog('출국 처리일');
    const input = modal.getByLabelText('입국일');
    await user.click(input);
    await user.type(input, `${today.subtract(1, 'day').format('YYYY-MM-DD')}{Enter}`);
    await user.click(modal.getByRole('button', { name: '재입국 처리' }));
    expect(await modal.findByText(message)).toBeTruthy();
  });
});
