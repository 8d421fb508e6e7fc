import { SIDER_WIDTH } from '@ilson/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { dialog, pickOption } from '../../test/antd';
import { createMockServer, type MockServer, wireUser } from '../../test/mock-server';
import { payoutTotals, wirePayout } from '../../test/operations';
import { listReply, signedInAs, wireEmployer, withLookups } from '../../test/records';

import { renderApp, signIn } from '../../test/render-app';
import { payoutColumns } from './columns';

let server: MockServer;

beforeEach(() => {
  server = withLookups(createMockServer());
  signIn();
  signedInAs(server, 'admin');
  server.on('GET', 'employers', listReply([wireEmployer({ status: 'approved' })]));
  server.on('GET', 'matchings', listReply([]));
  server.on('GET', 'workers', listReply([]));
});

const total = () => screen.getByLabelText('합계', { selector: 'output' }).textContent;
const vatInput = () => screen.getByLabelText('부가세') as HTMLInputElement;

describe('payout list', () => {
  it('shows amounts in won and the totals by status of the current filter', async () => {
    server.on('GET', 'payouts', {
      status: 200,
      body: {
        data: [wirePayout()],
        meta: { page: 1, page_size: 20, total: 4 },
        totals: payoutTotals({ pending: [1, 300_000, 30_000], paid: [3, 1_200_000, 0] }),
        totals_as_of: null,
      },
    });
    renderApp('/payouts?type=matching_fee', server);

    const table = within(await screen.findByRole('table'));
    expect(await table.findByText('₩330,000')).toBeTruthy();
    expect(table.getByText('********6789')).toBeTruthy();
    const totals = within(screen.getByRole('list', { name: '상태별 합계' }));
    const pending = within(totals.getByRole('button', { name: /승인 대기/ }));
    expect(pending.getByText('₩330,000')).toBeTruthy();
    expect(pending.getByText('1건')).toBeTruthy();
    expect(within(totals.getByRole('button', { name: /지급 완료/ })).getByText('₩1,200,000')).toBeTruthy();
    expect(within(totals.getByRole('button', { name: /전체/ })).getByText('₩1,530,000')).toBeTruthy();
    // The table's own totals row: every page of the filter.
    const summary = within(document.querySelector('.payout-summary-row') as HTMLElement);
    expect(summary.getByText('4건')).toBeTruthy();
    expect(summary.getByText('₩1,500,000')).toBeTruthy();
    expect(summary.getByText('₩1,530,000')).toBeTruthy();
    expect(server.callsTo('GET', 'payouts').at(-1)?.params).toMatchObject({ type: 'matching_fee' });
    // Summed live: no "as of" time.
    expect(screen.queryByText(/기준 \(1분마다 다시 합산\)/)).toBeNull();
  });

  it('says as of when the server reused the sums of many payouts', async () => {
    server.on('GET', 'payouts', {
      status: 200,
      body: {
        data: [wirePayout()],
        meta: { page: 1, page_size: 20, total: 250_000, total_estimated: false },
        totals: payoutTotals({ pending: [250_000, 75_000_000_000, 7_500_000_000] }),
        totals_as_of: '2026-05-20T05:06:07.000Z',
      },
    });
    renderApp('/payouts', server);
    expect(await screen.findByText('14:06:07 기준 (1분마다 다시 합산)')).toBeTruthy();
  });
});

describe('payout list: columns at 1440 px', () => {
  it('fits beside the open menu, so the pinned status covers no column (지급일시 included)', () => {
    // 1440 px less the menu, the page and card paddings, a classic scrollbar and the selection boxes.
    const room = 1440 - SIDER_WIDTH - 2 * 24 - 2 * 24 - 17 - 32;
    const widths = payoutColumns.map((column) => column.width);
    expect(widths.every((width) => typeof width === 'number')).toBe(true);
    expect((widths as number[]).reduce((sum, width) => sum + width, 0)).toBeLessThanOrEqual(room);
    expect(payoutColumns.at(-1)).toMatchObject({ dataIndex: 'status', fixed: 'right' });
  });

  it('shows the paid time as day and time, and the method with the bank above the account number', async () => {
    server.on('GET', 'payouts', {
      status: 200,
      body: {
        data: [wirePayout({ status: 'paid', paid_at: '2024-05-10T05:30:00.000Z' })],
        meta: { page: 1, page_size: 20, total: 1 },
        totals: payoutTotals({ paid: [1, 300_000, 30_000] }),
        totals_as_of: null,
      },
    });
    renderApp('/payouts', server);
    const table = within(await screen.findByRole('table'));
    const cells = within((await table.findByText('14:30')).closest('tr') as HTMLElement);
    expect(cells.getByText('2024-05-10', { selector: 'span span' })).toBeTruthy();
    expect(cells.getByText('14:30')).toBeTruthy();
    expect(cells.getByText('계좌이체 · 국민은행')).toBeTruthy();
    expect(cells.getByText('********6789')).toBeTruthy();
    expect(table.getByRole('columnheader', { name: '지급 방법·계좌' })).toBeTruthy();
  });
});

describe('payout form', () => {
  it('defaults VAT live by type, keeps a VAT typed by hand, and shows the total', async () => {
    server.on('POST', 'payouts', { status: 201, body: wirePayout({ id: 201 }) });
    server.on('GET', 'payouts/201', { status: 200, body: wirePayout({ id: 201 }) });
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/payouts/new', server);
    await screen.findByLabelText('공급가액');
    await pickOption(user, '사업주', '가나다제조 주식회사');
    await user.type(screen.getByLabelText('공급가액'), '300000');

    await waitFor(() => expect(vatInput().value).toBe('30,000'));
    expect(total()).toBe('₩330,000');
    await user.click(screen.getByText('환불'));
    await waitFor(() => expect(vatInput().value).toBe('0'));
    expect(total()).toBe('₩300,000');
    await user.click(screen.getByText('매칭 수수료'));
    await waitFor(() => expect(vatInput().value).toBe('30,000'));

    await user.clear(vatInput());
    await user.type(vatInput(), '25000');
    await waitFor(() => expect(total()).toBe('₩325,000'));
    await user.clear(screen.getByLabelText('공급가액'));
    await user.type(screen.getByLabelText('공급가액'), '400000');
    await waitFor(() => expect(total()).toBe('₩425,000'));

    await user.type(screen.getByLabelText('계좌번호'), '110-123-456789');
    await user.click(screen.getByRole('button', { name: '등록' }));
    await waitFor(() => expect(view.location()).toBe('/payouts/201'));
    const [call] = server.callsTo('POST', 'payouts');
    expect(call?.body).toMatchObject({
      type: 'matching_fee',
      employer_id: 10,
      matching_id: null,
      worker_id: null,
      amount: 400_000,
      vat: 25_000,
      method: 'bank_transfer',
      account_no: '110123456789',
    });
    expect(call?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('asks for a worker for a wage payout', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp('/payouts/new', server);
    await screen.findByLabelText('공급가액');
    await pickOption(user, '사업주', '가나다제조 주식회사');
    await user.click(screen.getByText('임금 지급 대행'));
    await user.type(screen.getByLabelText('공급가액'), '2000000');
    await user.click(screen.getByRole('button', { name: '등록' }));
    expect(await screen.findByText('임금 지급 정산에는 근로자를 선택해 주세요.')).toBeTruthy();
    expect(server.callsTo('POST', 'payouts')).toHaveLength(0);
  });

  it('sends an account number on edit only when one is typed', async () => {
    server.on('GET', 'payouts/200', { status: 200, body: wirePayout() });
    server.on('PATCH', 'payouts/200', {
      status: 200,
      body: wirePayout({ memo: '세금계산서 발행', version: 3 }),
    });
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/payouts/200/edit', server);
    const account = await screen.findByLabelText('계좌번호');
    expect(account.getAttribute('placeholder')).toBe('변경할 때만 입력 (현재 ********6789)');
    await user.type(screen.getByLabelText('메모'), '세금계산서 발행');
    await user.click(screen.getByRole('button', { name: '저장' }));

    await waitFor(() => expect(view.location()).toBe('/payouts/200'));
    const body = server.callsTo('PATCH', 'payouts/200')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ memo: '세금계산서 발행', version: 2, amount: 300_000, vat: 30_000 });
    expect(body).not.toHaveProperty('account_no');
  });
});

describe('payout detail', () => {
  it('offers no edit for a paid payout, and its edit route says it cannot be edited', async () => {
    const paid = wirePayout({ status: 'paid', paid_at: '2024-05-10T05:00:00.000Z' });
    server.on('GET', 'payouts/200', { status: 200, body: paid });
    const first = renderApp('/payouts/200', server);
    await screen.findByRole('heading', { name: '정산 #200' });
    expect(screen.getByText('2024-05-10 14:00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /수정/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '취소' })).toBeNull();
    first.unmount();

    renderApp('/payouts/200/edit', server);
    expect(await screen.findByText('수정할 수 없는 정산입니다')).toBeTruthy();
    expect(screen.queryByLabelText('공급가액')).toBeNull();
  });

  it('reveals the account number with a reason', async () => {
    server.on('GET', 'payouts/200', { status: 200, body: wirePayout() });
    server.on('POST', 'payouts/200/reveal', { status: 200, body: { value: '110123456789' } });
    const user = userEvent.setup({ delay: null });
    renderApp('/payouts/200', server);
    await user.click(await screen.findByRole('button', { name: '계좌번호 열람' }));

    const modal = await dialog('열람 사유');
    await user.click(modal.getByRole('button', { name: '열람하기' }));
    expect(await modal.findByText('열람 사유를 2자 이상 입력해 주세요.')).toBeTruthy();
    expect(server.callsTo('POST', 'payouts/200/reveal')).toHaveLength(0);

    await user.type(modal.getByRole('textbox'), '지급 계좌 확인 요청');
    await user.click(modal.getByRole('button', { name: '열람하기' }));
    expect(await screen.findByText('110123456789')).toBeTruthy();
    expect(server.callsTo('POST', 'payouts/200/reveal')[0]?.body).toEqual({ reason: '지급 계좌 확인 요청' });
  });

  it('does not offer its maker the approval; a super_admin maker approves with a reason', async () => {
    server.on('GET', 'payouts/200', { status: 200, body: wirePayout({ last_edited_by: wireUser.id }) });
    renderApp('/payouts/200', server);
    const approve = await screen.findByRole('button', { name: '지급 승인' });
    expect(approve).toHaveProperty('disabled', true);
    expect(approve.getAttribute('title')).toContain('다른 승인 권한자가 승인해야 합니다');
  });

  it('asks a super_admin who made the payout for a reason before approving it', async () => {
    signedInAs(server, 'super_admin');
    server.on('GET', 'payouts/200', { status: 200, body: wirePayout({ last_edited_by: wireUser.id }) });
    server.on('POST', 'payouts/200/status', { status: 200, body: wirePayout({ status: 'approved' }) });
    const user = userEvent.setup({ delay: null });
    renderApp('/payouts/200', server);
    await user.click(await screen.findByRole('button', { name: '지급 승인' }));
    const modal = await dialog('지급 승인');
    expect(modal.getByText(/최고 관리자는 사유를 남기고 승인할 수 있습니다/)).toBeTruthy();
    await user.click(modal.getByRole('button', { name: '지급 승인' }));
    expect(await modal.findByText('사유를 입력해 주세요.')).toBeTruthy();
    expect(server.callsTo('POST', 'payouts/200/status')).toHaveLength(0);
    await user.type(modal.getByRole('textbox'), '담당자 부재');
    await user.click(modal.getByRole('button', { name: '지급 승인' }));
    await waitFor(() => expect(server.callsTo('POST', 'payouts/200/status')).toHaveLength(1));
    expect(server.callsTo('POST', 'payouts/200/status')[0]?.body).toMatchObject({
      status: 'approved',
      reason: '담당자 부재',
    });
  });

  it('marks an approved payout paid with its time', async () => {
    server.on('GET', 'payouts/200', { status: 200, body: wirePayout({ status: 'approved' }) });
    server.on('POST', 'payouts/200/status', { status: 200, body: wirePayout({ status: 'paid' }) });
    const user = userEvent.setup({ delay: null });
    renderApp('/payouts/200', server);
    await user.click(await screen.findByRole('button', { name: '지급 완료 처리' }));
    const modal = await dialog('지급일시');
    await user.click(modal.getByRole('button', { name: '지급 완료 처리' }));
    await waitFor(() => expect(server.callsTo('POST', 'payouts/200/status')).toHaveLength(1));
    const body = server.callsTo('POST', 'payouts/200/status')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ status: 'paid', version: 2 });
    expect(typeof body.paid_at).toBe('string');
  });
});

/** docs/law-as-data.md#fees: the fee rules the server applies, shown with their basis. */
describe('payout fee rules', () => {
  const E9_ISSUE = {
    code: 'FEE_PUBLIC_PLACEMENT',
    message: 'E-9 근로자의 알선 수수료는 받을 수 없습니다(외국인근로자의 고용 등에 관한 법률 제8조제6항).',
    basis: {
      law: '외국인근로자의 고용 등에 관한 법률',
      article: '제8조제6항',
      effective_from: null,
      verify: '시행일 확인 필요',
    },
    cap: null,
  };
  const refused = { status: 200, body: { issues: [E9_ISSUE], cap: null } };

  it('shows the refusal of an E-9 fee with its law and article, and no basis field to an admin', async () => {
    server.on('GET', 'payouts/fee-rule', refused);
    server.on('GET', 'payouts/200', { status: 200, body: wirePayout() });
    renderApp('/payouts/200/edit', server);
    const panel = await screen.findByTestId('fee-rule');
    expect(within(panel).getByText(/제8조제6항/, { selector: '.ant-alert-title' })).toBeTruthy();
    expect(within(panel).getByTestId('legal-basis').textContent).toContain('외국인고용법 제8조제6항');
    expect(screen.queryByLabelText('수수료 법적 근거')).toBeNull();
    expect(server.callsTo('GET', 'payouts/fee-rule')[0]?.params).toMatchObject({
      matching_id: 90,
      amount: 300_000,
    });
  });

  it('gives a super admin the legal basis field, and sends what they record', async () => {
    signedInAs(server, 'super_admin');
    server.on('GET', 'payouts/fee-rule', refused);
    server.on('GET', 'payouts/200', { status: 200, body: wirePayout() });
    server.on('PATCH', 'payouts/200', {
      status: 200,
      body: wirePayout({ legal_basis_note: '위탁 협약 제5조', version: 3 }),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/payouts/200/edit', server);
    await user.type(await screen.findByLabelText('수수료 법적 근거'), '위탁 협약 제5조');
    await user.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(server.callsTo('PATCH', 'payouts/200')).toHaveLength(1));
    expect(server.callsTo('PATCH', 'payouts/200')[0]?.body).toMatchObject({
      legal_basis_note: '위탁 협약 제5조',
    });
  });

  it('shows a recorded basis on the detail page, with who recorded it', async () => {
    server.on('GET', 'payouts/fee-rule', refused);
    server.on('GET', 'payouts/200', {
      status: 200,
      body: wirePayout({
        legal_basis_note: '위탁 협약 제5조',
        legal_basis_by: 1,
        legal_basis_by_name: '최고관리자',
        legal_basis_at: '2026-01-02T01:00:00.000Z',
      }),
    });
    renderApp('/payouts/200', server);
    expect(await screen.findByText(/위탁 협약 제5조/, { selector: 'span' })).toBeTruthy();
    expect(screen.getByText(/최고관리자/)).toBeTruthy();
    const panel = await screen.findByTestId('fee-rule');
    expect(within(panel).getByText(/법적 근거를 기록했습니다/)).toBeTruthy();
  });
});
