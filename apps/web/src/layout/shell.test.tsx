import { REFRESH_TOKEN_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@ilson/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { pageInfo, SCREENS } from '../app/screens';
import { takeNotice } from '../auth/page-handoff';
import { createMockServer, type MockServer, wireUser } from '../test/mock-server';
import { wireUserWithRole } from '../test/records';
import { renderApp, signIn } from '../test/render-app';

let server: MockServer;

beforeEach(() => {
  server = createMockServer();
  signIn();
  server.on('GET', 'auth/me', { status: 200, body: { user: wireUser } });
});

async function openShell(path: string) {
  const view = renderApp(path, server);
  await screen.findByRole('navigation', { name: '주 메뉴' });
  return view;
}

function menu() {
  return within(screen.getByRole('navigation', { name: '주 메뉴' }));
}

/** An item of the user dropdown (the sider has its own 설정). */
async function userMenuItem(name: string) {
  const items = await screen.findAllByRole('menuitem', { name: new RegExp(name) });
  const item = items.find((element) => element.closest('.ant-dropdown'));
  if (!item) throw new Error(`no ${name} in the user menu`);
  return item;
}

function sider() {
  return screen.getByTestId('app-sider');
}

describe('shell (docs/web-app.md#screens)', () => {
  it('lists the sidebar menu in the specified order with its links', async () => {
    await openShell('/dashboard');
    const topLevel = menu()
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(topLevel).toEqual([
      '대시보드',
      '사업주 관리',
      '근로자 관리',
      '채용공고 관리',
      '공지사항 관리',
      '이력서 관리',
      '매칭 관리',
      '지점 관리',
      '리뷰 관리',
      '회원 관리',
      '정산 관리',
      '휴지통',
      '개인정보 보호',
      '설정',
    ]);
    expect(menu().getByRole('link', { name: '회원 관리' }).getAttribute('href')).toBe('/users');
  });

  it('opens the group of the current path and selects its item: /workers/visa-expiry', async () => {
    await openShell('/workers/visa-expiry');
    const group = menu().getByRole('menuitem', { name: /근로자 관리/ });
    expect(group.getAttribute('aria-expanded')).toBe('true');
    const item = menu().getByRole('link', { name: '비자 만료 임박' });
    expect(item.closest('li')?.className).toContain('ant-menu-item-selected');
    expect(menu().getByRole('link', { name: '신규 등록' }).getAttribute('href')).toBe('/workers/new');
    expect(
      menu()
        .getByRole('menuitem', { name: /사업주 관리/ })
        .getAttribute('aria-expanded'),
    ).toBe('false');
    expect(await screen.findByRole('heading', { name: '비자 만료 임박' })).toBeTruthy();
  });

  it('selects the ?status= item, with the breadcrumbs and title of that view', async () => {
    await openShell('/job-posts?status=active');
    const item = menu().getByRole('link', { name: '게시 중' });
    expect(item.getAttribute('href')).toBe('/job-posts?status=active');
    expect(item.closest('li')?.className).toContain('ant-menu-item-selected');
    expect(menu().getByRole('link', { name: '승인 대기' }).closest('li')?.className).not.toContain(
      'selected',
    );

    expect(await screen.findByRole('heading', { name: '게시 중인 채용공고' })).toBeTruthy();
    const crumbs = within(screen.getByRole('navigation', { name: '이동 경로' }));
    expect(crumbs.getByRole('link', { name: '홈' }).getAttribute('href')).toBe('/dashboard');
    expect(crumbs.getByRole('link', { name: '채용공고 관리' }).getAttribute('href')).toBe('/job-posts');
    expect(crumbs.getByText('게시 중')).toBeTruthy();
    // The list itself, filtered by the same view.
    expect(await screen.findByRole('table', { name: '게시 중인 채용공고' })).toBeTruthy();
    // Set in a passive effect, which may run after the table is on screen.
    await waitFor(() => expect(document.title).toBe('게시 중인 채용공고 | 일손 관리자'));
  });

  it('collapses the sider to 80 px with the short mark, and expands it again', async () => {
    const user = userEvent.setup({ delay: null });
    await openShell('/dashboard');
    expect(sider().style.width).toBe('200px');
    expect(within(sider()).getByText('일손 관리자')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '메뉴 접기' }));
    expect(sider().style.width).toBe('80px');
    expect(within(sider()).getByText('일')).toBeTruthy();
    expect(within(sider()).queryByText('일손 관리자')).toBeNull();

    await user.click(screen.getByRole('button', { name: '메뉴 펼치기' }));
    expect(sider().style.width).toBe('200px');
  });

  it('opens the current group again when the sider expands', async () => {
    const user = userEvent.setup({ delay: null });
    await openShell('/reviews/moderation');
    await user.click(screen.getByRole('button', { name: '메뉴 접기' }));
    await user.click(screen.getByRole('button', { name: '메뉴 펼치기' }));
    await waitFor(() =>
      expect(
        menu()
          .getByRole('menuitem', { name: /리뷰 관리/ })
          .getAttribute('aria-expanded'),
      ).toBe('true'),
    );
    expect(menu().getByRole('link', { name: '리뷰 검수' }).closest('li')?.className).toContain(
      'ant-menu-item-selected',
    );
  });

  it('switches to the dark theme from 화면 모드 and remembers it (docs/web-app.md#themes)', async () => {
    const user = userEvent.setup({ delay: null });
    await openShell('/dashboard');
    expect(document.documentElement.dataset.theme).toBe('light');
    await user.click(screen.getByRole('button', { name: /김관리/ }));
    await user.hover(await userMenuItem('화면 모드'));
    const dark = await screen.findByRole('menuitemradio', { name: /어둡게/ });
    expect(
      screen.getByRole('menuitemradio', { name: /시스템 설정 따르기/ }).getAttribute('aria-checked'),
    ).toBe('true');
    await user.click(dark);
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
    expect(window.localStorage.getItem('themeMode')).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
  });

  it('has a skip link first, to the main element, and one H1 (docs/web-app.md#accessibility)', async () => {
    await openShell('/dashboard');
    const skip = screen.getByRole('link', { name: '본문으로 건너뛰기' });
    expect(skip.getAttribute('href')).toBe('#main-content');
    const main = screen.getByRole('main');
    expect(main.id).toBe('main-content');
    expect(main.getAttribute('tabindex')).toBe('-1');
    expect(await screen.findAllByRole('heading', { level: 1 })).toHaveLength(1);
    // The skip link comes before every other link and button of the shell.
    const focusable = [...document.querySelectorAll<HTMLElement>('a[href], button')];
    expect(focusable[0]).toBe(skip);
  });

  it('below 768 px: the menu is a drawer that starts closed and closes after a choice', async () => {
    const viewport = (
      window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
    ).happyDOM;
    viewport.setViewport({ width: 390, height: 844 });
    try {
      const user = userEvent.setup({ delay: null });
      renderApp('/dashboard', server);
      await screen.findByRole('button', { name: '메뉴 열기' });
      expect(screen.queryByTestId('app-sider')).toBeNull();
      expect(screen.queryByRole('navigation', { name: '주 메뉴' })).toBeNull();
      await user.click(screen.getByRole('button', { name: '메뉴 열기' }));
      const nav = await screen.findByRole('navigation', { name: '주 메뉴' });
      await user.click(within(nav).getByRole('link', { name: '휴지통' }));
      await waitFor(() => expect(screen.queryByRole('navigation', { name: '주 메뉴' })).toBeNull());
    } finally {
      viewport.setViewport({ width: 1024, height: 768 });
    }
  });

  it('shows the initial avatar and name; 내 정보 opens the profile', async () => {
    const user = userEvent.setup({ delay: null });
    await openShell('/dashboard');
    const trigger = screen.getByRole('button', { name: /김관리/ });
    expect(within(trigger).getByText('김')).toBeTruthy();

    await user.click(trigger);
    const dropdown = (await userMenuItem('내 정보')).closest('ul')!;
    expect(
      within(dropdown)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['내 정보', '설정', '화면 모드', '로그아웃']);
    expect(within(dropdown).getByRole('separator')).toBeTruthy();

    await user.click(await userMenuItem('내 정보'));
    // Its tabs are tested with the account feature (features/account/account.test.tsx).
    const dialog = await screen.findByRole('dialog', { name: '내 정보' });
    expect(within(dialog).getByText('최고 관리자')).toBeTruthy();
    expect(within(dialog).getByRole('tab', { name: '비밀번호 변경' })).toBeTruthy();
  });

  it('설정 goes to /settings', async () => {
    const user = userEvent.setup({ delay: null });
    const view = await openShell('/dashboard');
    await user.click(screen.getByRole('button', { name: /김관리/ }));
    await user.click(await userMenuItem('설정'));
    await waitFor(() => expect(view.location()).toBe('/settings'));
    expect(await screen.findByRole('heading', { name: '시스템 설정' })).toBeTruthy();
  });

  it('logs out even when the server call fails: tokens cleared, toast, /login', async () => {
    server.on('POST', 'auth/logout', { networkError: true });
    const user = userEvent.setup({ delay: null });
    const view = await openShell('/employers');
    await user.click(screen.getByRole('button', { name: /김관리/ }));
    await user.click(await userMenuItem('로그아웃'));

    await waitFor(() => expect(view.location()).toBe('/login'));
    // The login page shows the logout's toast (login/login-page.test.ts).
    expect(takeNotice()).toBe('logout');
    expect(server.callsTo('POST', 'auth/logout')[0]?.body).toEqual({ refresh_token: 'refresh-1' });
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(window.localStorage.getItem(REFRESH_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('hides from a viewer the screens it cannot open, and answers their address with a 403 page', async () => {
    server.on('GET', 'auth/me', { status: 200, body: { user: wireUserWithRole('viewer') } });
    const user = userEvent.setup({ delay: null });
    await openShell('/notices/new');
    expect(
      await screen.findByText('이 화면을 볼 권한이 없습니다. 필요한 권한은 최고 관리자에게 요청해 주세요.'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: '새 공지 작성' })).toBeTruthy();
    await user.click(menu().getByRole('menuitem', { name: /공지사항 관리/ }));
    expect(menu().getByRole('link', { name: '전체' })).toBeTruthy();
    expect(menu().queryByRole('link', { name: '새 공지 작성' })).toBeNull();
    expect(server.callsTo('GET', 'notices')).toHaveLength(0);
    await user.click(screen.getByRole('link', { name: '대시보드로 가기' }));
    expect(await screen.findByRole('heading', { level: 1, name: '대시보드' })).toBeTruthy();
  });

  it.each(SCREENS.map((route) => [route.path.replace(/:\w+/g, '7'), route] as const))(
    '%s opens with its title and breadcrumbs',
    async (path, route) => {
      await openShell(path);
      const { title, crumbs } = pageInfo(route, '');
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
      const trail = screen.getByRole('navigation', { name: '이동 경로' });
      expect(
        within(trail)
          .getAllByRole('listitem')
          .map((item) => item.textContent?.replace('/', '')),
      ).toEqual(crumbs.map((crumb) => crumb.label));
    },
  );
});
