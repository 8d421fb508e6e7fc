import { recordMessages } from '@ilson/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { dialog } from '../../test/antd';
import { createMockServer, type MockServer } from '../../test/mock-server';
import { signedInAs, withLookups } from '../../test/records';
import { renderApp, signIn } from '../../test/render-app';

let server: MockServer;

const buckets = [
  { key: 'overdue', label: '만료 경과', max_days: null, count: 2 },
  { key: 'd30', label: 'D-30', max_days: 30, count: 3 },
  { key: 'd60', label: 'D-60', max_days: 60, count: 1 },
  { key: 'd90', label: 'D-90', max_days: 90, count: 0 },
  { key: 'd120', label: 'D-120', max_days: 120, count: 4 },
];

function row(overrides: Record<string, unknown> = {}) {
  return {
    id: 20,
    name_ko: '응우옌 반 안',
    first_name: 'VAN AN',
    last_name: 'NGUYEN',
    nationality: 'VN',
    visa_type: 'E-9',
    visa_status: 'valid',
    visa_validity: 'valid',
    visa_expiry_date: '2026-12-13',
    days_left: 20,
    extension_status: 'none',
    extension_applied_at: null,
    extension_approved_at: null,
    phone_number: '01098765432',
    branch_id: 1,
    branch_name: '서울 본점',
    status: 'seeking',
    version: 2,
    ...overrides,
  };
}

function board(rows: ReturnType<typeof row>[]) {
  return { status: 200, body: { buckets, data: rows, meta: { page: 1, page_size: 20, total: rows.length } } };
}

beforeEach(() => {
  server = withLookups(createMockServer());
  signIn();
  signedInAs(server, 'admin');
});

const lastParams = () =>
  server.callsTo('GET', 'workers/visa-expiry').at(-1)?.params as Record<string, unknown>;

describe('visa expiry', () => {
  it('shows the buckets with their counts and keeps the chosen one in the URL', async () => {
    server.on('GET', 'workers/visa-expiry', board([row(), row({ id: 21, name_ko: '바트', days_left: -3 })]));
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/workers/visa-expiry', server);

    const d30 = await screen.findByRole('button', { name: /D-30/ });
    expect(d30.textContent).toContain('3');
    expect(d30.textContent).toContain('30일 이내 만료');
    expect(screen.getByRole('button', { name: /D-60/ }).textContent).toContain('31~60일 후 만료');
    expect(screen.getByRole('button', { name: /전체/ }).textContent).toContain('10');
    expect(screen.getByRole('button', { name: /전체/ }).getAttribute('aria-pressed')).toBe('true');
    expect(lastParams()).toEqual({ page: 1, page_size: 20 });

    // Days left as a coloured D-day: overdue red, within 30 days volcano.
    expect(screen.getByText('D+3').className).toContain('red');
    expect(screen.getByText('D-20').className).toContain('volcano');

    await user.click(d30);
    await waitFor(() => expect(view.location()).toBe('/workers/visa-expiry?bucket=d30'));
    await waitFor(() => expect(lastParams()).toEqual({ page: 1, page_size: 20, bucket: 'd30' }));
    expect(screen.getByRole('button', { name: /D-30/ }).getAttribute('aria-pressed')).toBe('true');
  });

  it("shows a visa's standing today beside its type unless it is simply valid", async () => {
    server.on(
      'GET',
      'workers/visa-expiry',
      board([
        row(),
        row({ id: 21, name_ko: '바트', days_left: -3, visa_status: 'valid', visa_validity: 'expired' }),
        row({ id: 22, name_ko: '아잠', visa_status: 'pending', visa_validity: 'pending' }),
      ]),
    );
    renderApp('/workers/visa-expiry', server);
    const cells = (name: string) => within(screen.getByText(name).closest('tr') as HTMLElement);
    await screen.findByText('바트');
    expect(cells('바트').getByText('만료')).toBeTruthy();
    expect(cells('아잠').getByText('심사 중')).toBeTruthy();
    expect(cells('응우옌 반 안').queryByText('유효')).toBeNull();
  });

  it('opens on the bucket of its URL', async () => {
    server.on('GET', 'workers/visa-expiry', board([row({ days_left: -3 })]));
    renderApp('/workers/visa-expiry?bucket=overdue&nationality=VN', server);
    const overdue = await screen.findByRole('button', { name: /^만료 경과/ });
    expect(overdue.getAttribute('aria-pressed')).toBe('true');
    expect(lastParams()).toMatchObject({ bucket: 'overdue', nationality: 'VN' });
  });

  it('records an extension application, then its approval with the new expiry date', async () => {
    let current = row();
    server.on('GET', 'workers/visa-expiry', () => board([current]));
    server.on('PATCH', 'workers/20/extension', (request) => {
      const body = request.body as Record<string, unknown>;
      current = row({
        extension_status: body.extension_status,
        extension_applied_at: body.extension_applied_at ?? current.extension_applied_at,
        version: current.version + 1,
      });
      return { status: 200, body: {} };
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/workers/visa-expiry', server);

    const table = within(await screen.findByRole('table'));
    await user.click(await table.findByRole('button', { name: '연장 신청 등록' }));
    const apply = await dialog('체류기간 연장 신청 등록');
    await user.click(apply.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(server.callsTo('PATCH', 'workers/20/extension')).toHaveLength(1));
    const applied = server.callsTo('PATCH', 'workers/20/extension')[0]?.body as Record<string, unknown>;
    expect(applied).toMatchObject({ extension_status: 'applied', version: 2 });
    expect(applied.extension_applied_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    expect(await table.findByText('연장 신청')).toBeTruthy();
    await user.click(await table.findByRole('button', { name: '연장 승인 등록' }));
    const approve = await dialog('체류기간 연장 승인 등록');
    await user.click(approve.getByRole('button', { name: '저장' }));
    expect(await approve.findByText(recordMessages.newExpiryRequired)).toBeTruthy();
    expect(server.callsTo('PATCH', 'workers/20/extension')).toHaveLength(1);

    const newExpiry = approve.getByLabelText('새 체류 만료일');
    await user.click(newExpiry);
    await user.type(newExpiry, '2029-12-12{Enter}');
    await user.click(approve.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(server.callsTo('PATCH', 'workers/20/extension')).toHaveLength(2));
    expect(server.callsTo('PATCH', 'workers/20/extension')[1]?.body).toMatchObject({
      extension_status: 'approved',
      new_visa_expiry_date: '2029-12-12',
      version: 3,
    });
  });

  it('gives a viewer no extension action', async () => {
    signedInAs(server, 'viewer');
    server.on('GET', 'workers/visa-expiry', board([row()]));
    renderApp('/workers/visa-expiry', server);
    await screen.findByText('응우옌 반 안');
    expect(screen.queryByRole('button', { name: '연장 신청 등록' })).toBeNull();
  });
});
