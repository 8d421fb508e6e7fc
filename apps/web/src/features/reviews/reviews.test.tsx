import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { dialog } from '../../test/antd';
import { createMockServer, type MockServer } from '../../test/mock-server';
import { wireReview } from '../../test/operations';
import { listReply, signedInAs, withLookups } from '../../test/records';
import { renderApp, signIn } from '../../test/render-app';

let server: MockServer;

beforeEach(() => {
  server = withLookups(createMockServer());
  signIn();
  signedInAs(server, 'admin');
});

describe('review list', () => {
  it('shows stars, direction, reports and status, and filters reported ones', async () => {
    server.on('GET', 'reviews', listReply([wireReview({ status: 'published', report_count: 2, rating: 2 })]));
    const user = userEvent.setup({ delay: null });
    renderApp('/reviews', server);
    const table = within(await screen.findByRole('table'));
    expect(await table.findByRole('img', { name: '5점 만점에 2점' })).toBeTruthy();
    expect(table.getByText('사업주 → 근로자')).toBeTruthy();
    expect(table.getByText('신고 2건')).toBeTruthy();
    expect(table.getByText('게시')).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: '신고된 리뷰만' }));
    await waitFor(() =>
      expect(server.callsTo('GET', 'reviews').at(-1)?.params).toMatchObject({ reported_only: 'true' }),
    );
  });
});

describe('review list: long texts', () => {
  it('cuts a long review to its column and shows the whole text, line breaks kept, in a tooltip', async () => {
    const content = `${'야간 근무가 잦았지만 관리자분들이 배려해 주셔서 적응이 빨랐습니다. '.repeat(6)}\n다시 일하고 싶습니다.`;
    server.on('GET', 'reviews', listReply([wireReview({ content })]));
    const user = userEvent.setup({ delay: null });
    renderApp('/reviews', server);
    const table = within(await screen.findByRole('table'));
    const excerpt = await table.findByText(
      (_, element) => element?.textContent === content && element.tagName === 'SPAN',
    );
    expect(excerpt.style.textOverflow).toBe('ellipsis');
    expect(excerpt.style.whiteSpace).toBe('nowrap');
    expect(excerpt.closest('a')?.getAttribute('href')).toBe('/reviews/100');
    await user.hover(excerpt);
    expect((await screen.findByRole('tooltip')).textContent).toBe(content);
  });
});

describe('review detail', () => {
  it('links the matching and hides only with a reason', async () => {
    server.on('GET', 'reviews/100', { status: 200, body: wireReview() });
    server.on('POST', 'reviews/100/status', { status: 200, body: wireReview({ status: 'hidden' }) });
    const user = userEvent.setup({ delay: null });
    renderApp('/reviews/100', server);
    expect((await screen.findByRole('link', { name: '매칭 #90 보기' })).getAttribute('href')).toBe(
      '/matchings/90',
    );
    // Nothing reported: no "게시 유지 (신고 해제)".
    expect(screen.queryByRole('button', { name: '게시 유지 (신고 해제)' })).toBeNull();

    await user.click(screen.getByRole('button', { name: '숨김' }));
    const modal = await dialog('현재 상태');
    await user.click(modal.getByRole('button', { name: '숨김' }));
    expect(await modal.findByText('사유를 입력해 주세요.')).toBeTruthy();
    await user.type(modal.getByRole('textbox'), '개인정보 노출');
    await user.click(modal.getByRole('button', { name: '숨김' }));
    await waitFor(() =>
      expect(server.callsTo('POST', 'reviews/100/status')[0]?.body).toEqual({
        status: 'hidden',
        reason: '개인정보 노출',
        version: 1,
      }),
    );
  });
});
