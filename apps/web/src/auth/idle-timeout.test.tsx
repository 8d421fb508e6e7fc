import { REFRESH_TOKEN_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@ilson/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api/client';
import { createMockServer, type MockServer, wireUser } from '../test/mock-server';
import { renderApp, signIn } from '../test/render-app';
import { markIdleLogout, readLastActivity, recentIdleLogout } from './idle-activity';
import { IDLE_LOGOUT_EARLY_MS, KEEPALIVE_AFTER_MS } from './idle-timeout';
import { takeNotice } from './page-handoff';

const MINUTE = 60_000;
let server: MockServer;

beforeEach(() => {
  // Time runs by itself (so the screens load) and jumps when the test says so.
  vi.useFakeTimers({ shouldAdvanceTime: true });
  server = createMockServer();
  signIn();
  server.on('GET', 'auth/me', { status: 200, body: { user: wireUser } });
  server.on('GET', 'settings/client', {
    status: 200,
    body: { export_reason_required: true, session_timeout_minutes: 5, visa_alert_days: [30, 60, 90, 120] },
  });
  server.on('POST', 'auth/logout', { status: 200, body: { ok: true } });
});
afterEach(() => {
  vi.useRealTimers();
});

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

async function openShell() {
  const view = renderApp('/dashboard', server);
  await screen.findByRole('navigation', { name: '주 메뉴' });
  await waitFor(() => expect(server.callsTo('GET', 'settings/client')).toHaveLength(1));
  return view;
}

describe('idle logout (docs/SECURITY.md, the settings’ minutes)', () => {
  // Retried: on a loaded machine a request of the shell's first loads can be answered inside the 20-second jump,
  // and an answered request is activity (the countdown starts again) — a timing of the test, not of the product.
  it('warns a minute before with a countdown; 계속 사용 keeps the session', { retry: 2 }, async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await openShell();
    // The browser ends the session a little before the server could (see IDLE_LOGOUT_EARLY_MS).
    await advance(4 * MINUTE - IDLE_LOGOUT_EARLY_MS);
    const dialog = await screen.findByRole('dialog', { name: '자동 로그아웃 안내' });
    expect(dialog.textContent).toContain('5분 동안 사용하지 않아 곧 자동으로 로그아웃됩니다.');
    expect(screen.getByRole('timer').textContent).toMatch(/^(60|59)초 후 로그아웃$/);
    await advance(20_000);
    expect(screen.getByRole('timer').textContent).toMatch(/^(40|39)초 후 로그아웃$/);

    const checks = server.callsTo('GET', 'auth/me').length;
    await user.click(screen.getByRole('button', { name: '계속 사용' }));
    // The server hears of it too, or it would end the session on its own.
    await waitFor(() => expect(server.callsTo('GET', 'auth/me')).toHaveLength(checks + 1));
    // The dialog closes (happy-dom never ends antd's leave animation, so it stays in the DOM leaving).
    await waitFor(() => expect(dialog.className).toContain('ant-zoom-leave'));
    expect(readLastActivity()).toBeGreaterThan(Date.now() - 5_000);

    // Without 계속 사용 the logout came 40 seconds later; now it is a whole timeout away.
    await advance(3 * MINUTE);
    expect(server.callsTo('POST', 'auth/logout')).toHaveLength(0);
    await advance(2 * MINUTE);
    await waitFor(() => expect(server.callsTo('POST', 'auth/logout')).toHaveLength(1));
  });

  it('then logs out as the session rules say and lands on /login saying why', async () => {
    const view = await openShell();
    await advance(4 * MINUTE);
    expect(await screen.findByRole('dialog', { name: '자동 로그아웃 안내' })).toBeTruthy();
    await advance(MINUTE);

    await waitFor(() => expect(view.location()).toBe('/login'));
    // The login page says why (login/login-page.test.ts draws it from this mark).
    expect(recentIdleLogout()).toEqual({ minutes: 5 });
    expect(server.callsTo('POST', 'auth/logout')[0]?.body).toEqual({ refresh_token: 'refresh-1' });
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(window.localStorage.getItem(REFRESH_TOKEN_STORAGE_KEY)).toBeNull();
    // Not the manual logout's message.
    expect(takeNotice()).toBeNull();
  });

  it('counts a signed-in request as activity, as the server does', async () => {
    await openShell();
    await advance(3 * MINUTE);
    await act(async () => {
      await api.get('auth/me');
    });
    await advance(3 * MINUTE);
    expect(screen.queryByRole('dialog', { name: '자동 로그아웃 안내' })).toBeNull();
    expect(server.callsTo('POST', 'auth/logout')).toHaveLength(0);
    await advance(MINUTE + 10_000);
    expect(await screen.findByRole('dialog', { name: '자동 로그아웃 안내' })).toBeTruthy();
  });

  it('tells the server of activity in the page with a light request, at most every few seconds', async () => {
    await openShell();
    const checks = () => server.callsTo('GET', 'auth/me').length;
    const before = checks();
    await advance(MINUTE);
    fireEvent.pointerMove(window);
    await waitFor(() => expect(checks()).toBe(before + 1));
    // Moving on within the interval: recorded here, not sent again.
    await advance(KEEPALIVE_AFTER_MS / 2);
    fireEvent.pointerMove(window);
    await advance(1_000);
    expect(checks()).toBe(before + 1);
    await advance(KEEPALIVE_AFTER_MS);
    fireEvent.pointerMove(window);
    await waitFor(() => expect(checks()).toBe(before + 2));
  });

  it('uses 30 minutes while the settings cannot be read', async () => {
    server.on('GET', 'settings/client', {
      status: 500,
      body: { error: { code: 'SERVER_ERROR', message: 'x' } },
    });
    renderApp('/dashboard', server);
    await screen.findByRole('navigation', { name: '주 메뉴' });
    await advance(28 * MINUTE);
    expect(screen.queryByRole('dialog', { name: '자동 로그아웃 안내' })).toBeNull();
    await advance(MINUTE);
    const dialog = await screen.findByRole('dialog', { name: '자동 로그아웃 안내' });
    expect(dialog.textContent).toContain('30분 동안');
  });

  it('explains an idle logout done by another tab too', async () => {
    const view = await openShell();
    act(() => {
      markIdleLogout(5);
      window.localStorage.removeItem(TOKEN_STORAGE_KEY);
      window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_STORAGE_KEY, newValue: null }));
    });
    await waitFor(() => expect(view.location()).toBe('/login'));
    expect(recentIdleLogout()).toEqual({ minutes: 5 });
  });
});
