import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer, wireUser } from '../test/mock-server';
import { wireEmployer } from '../test/records';
import { renderApp, signIn } from '../test/render-app';

let server: MockServer;

const reply = {
  groups: [
    {
      kind: 'employers',
      items: [{ id: 10, label: '가나다제조 주식회사', detail: '124-81-00998 · 홍길동 · 승인' }],
    },
    {
      kind: 'workers',
      items: [
        { id: 7, label: '응우옌 반 안', detail: '베트남 · E-9 · 010-****-5678' },
        { id: 8, label: '응우옌 티 마이', detail: '베트남 · E-9 · 010-****-1234' },
      ],
    },
  ],
  refused: null,
};

beforeEach(() => {
  window.localStorage.removeItem('ilson.search.recent');
  server = createMockServer();
  signIn();
  server.on('GET', 'auth/me', { status: 200, body: { user: wireUser } });
  server.on('GET', 'search', { status: 200, body: reply });
  server.on('GET', 'employers/10', { status: 200, body: wireEmployer() });
});

async function openShell() {
  const view = renderApp('/dashboard', server);
  await screen.findByRole('navigation', { name: '주 메뉴' });
  return view;
}

const dialog = () => screen.findByRole('dialog');

describe('global search (docs/ARCHITECTURE.md#global-search)', () => {
  it('opens with Ctrl+K, lists the results by kind and opens one with the keyboard', async () => {
    const user = userEvent.setup({ delay: null });
    const view = await openShell();
    await user.keyboard('{Control>}k{/Control}');
    const box = within(await dialog()).getByRole('textbox', { name: '통합 검색' });
    await waitFor(() => expect(document.activeElement).toBe(box));
    await user.type(box, '가나다');
    const options = await within(await dialog()).findAllByRole('option');
    expect(options.map((option) => option.getAttribute('aria-label'))).toEqual([
      '사업주 가나다제조 주식회사 124-81-00998 · 홍길동 · 승인',
      '근로자 응우옌 반 안 베트남 · E-9 · 010-****-5678',
      '근로자 응우옌 티 마이 베트남 · E-9 · 010-****-1234',
    ]);
    expect(server.callsTo('GET', 'search').at(-1)?.params).toEqual({ q: '가나다' });
    // Down and back up again: the first result stays chosen.
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}{ArrowUp}{Enter}');
    await waitFor(() => expect(view.location()).toBe('/employers/10'));
  });

  it('opens with / outside a field, and shows the records opened from it as recent', async () => {
    const user = userEvent.setup({ delay: null });
    const view = await openShell();
    await user.keyboard('/');
    const box = within(await dialog()).getByRole('textbox', { name: '통합 검색' });
    expect(within(await dialog()).getByText(/최근에 연 항목이 없습니다/)).toBeTruthy();
    await user.type(box, '응우옌');
    await user.click(await within(await dialog()).findByRole('option', { name: /응우옌 티 마이/ }));
    await waitFor(() => expect(view.location()).toBe('/workers/8'));

    await user.click(screen.getByRole('button', { name: /검색/ }));
    const recent = await within(await dialog()).findAllByRole('option');
    expect(recent.map((option) => option.getAttribute('aria-label'))).toEqual([
      '근로자 응우옌 티 마이 베트남 · E-9 · 010-****-1234',
    ]);
  });

  it('says where a full 외국인등록번호 is searched instead', async () => {
    server.on('GET', 'search', {
      status: 200,
      body: {
        groups: [],
        refused: '외국인등록번호·여권번호 검색은 근로자 목록에서 사유와 함께 할 수 있습니다.',
      },
    });
    const user = userEvent.setup({ delay: null });
    await openShell();
    await user.click(screen.getByRole('button', { name: /검색/ }));
    await user.type(within(await dialog()).getByRole('textbox', { name: '통합 검색' }), '900101-5123456');
    expect(await within(await dialog()).findByText(/근로자 목록에서 사유와 함께/)).toBeTruthy();
  });
});
