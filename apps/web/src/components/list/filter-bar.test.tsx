import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../test/mock-server';
import { listReply, signedInAs, wireEmployer, withLookups } from '../../test/records';
import { renderApp, signIn } from '../../test/render-app';

let server: MockServer;

const happyDom = () =>
  (window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } })
    .happyDOM;

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

afterEach(() => {
  happyDom().setViewport({ width: 1024, height: 768 });
});

describe('the filter bar on a phone', () => {
  it('keeps the search box in the bar and opens the other filters in a drawer whose button counts them', async () => {
    happyDom().setViewport({ width: 390, height: 844 });
    const user = userEvent.setup({ delay: null });
    renderApp('/employers?status=pending&region=경기도', server);
    await screen.findByText('가나다제조 주식회사');

    const search = screen.getByRole('search');
    expect(within(search).getByRole('searchbox', { name: '검색' })).toBeTruthy();
    // The filters themselves are not in the bar: only the button that opens them, counting the two set.
    expect(screen.queryByRole('combobox', { name: '상태' })).toBeNull();
    const open = screen.getByRole('button', { name: '필터 2개 적용됨' });
    await user.click(open);

    // (Under test antd gives every dialog the same title id, so the dialog is found by its title's text.)
    const drawer = (await screen.findByText('필터', { selector: '.ant-drawer-title' })).closest<HTMLElement>(
      '[role="dialog"]',
    )!;
    expect(within(drawer).getByRole('combobox', { name: '상태' })).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: /필터 초기화/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: '필터' })).toBeTruthy());
    await waitFor(() =>
      expect(server.callsTo('GET', 'employers').at(-1)?.params).not.toHaveProperty('status'),
    );
    await user.click(within(drawer).getByRole('button', { name: '결과 보기' }));
    await waitFor(() => expect(drawer.closest('.ant-drawer-open')).toBeNull());
  });

  it('shows the filters inline on a desk', async () => {
    renderApp('/employers?status=pending', server);
    await screen.findByText('가나다제조 주식회사');
    expect(screen.getByRole('combobox', { name: '상태' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^필터/ })).toBeNull();
  });
});
