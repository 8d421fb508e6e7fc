import { expect, test } from '@playwright/test';
import { SCREEN_PATHS } from '../../apps/web/src/lib/screen-paths';
import { createBranch, uniqueDigits } from './records';
import { signIn } from './support';

test.describe('the shell (docs/web-app.md#screens)', () => {
  test('unknown paths and / go to /dashboard', async ({ page }) => {
    await signIn(page);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('opens the menu group of the current path', async ({ page }) => {
    await signIn(page);
    await page.goto('/workers/visa-expiry');
    const nav = page.getByRole('navigation', { name: '주 메뉴' });
    const item = nav.getByRole('menuitem', { name: '비자 만료 임박' });
    await expect(item).toBeVisible();
    await expect(nav.getByRole('menuitem', { name: '신규 등록' })).toBeVisible();
    await expect(nav.getByRole('menuitem', { name: '승인 대기' })).toBeHidden();
    await expect(page.getByRole('heading', { name: '비자 만료 임박' })).toBeVisible();
  });

  test('collapses the sider to 80 px and back to 200 px', async ({ page }) => {
    await signIn(page);
    await page.goto('/dashboard');
    const sider = page.locator('.ant-layout-sider');
    await expect.poll(async () => (await sider.boundingBox())?.width).toBe(200);
    await page.getByRole('button', { name: '메뉴 접기' }).click();
    await expect.poll(async () => (await sider.boundingBox())?.width).toBe(80);
    await page.getByRole('button', { name: '메뉴 펼치기' }).click();
    await expect.poll(async () => (await sider.boundingBox())?.width).toBe(200);
  });

  test('every route of the screen table opens with its title', async ({ page }) => {
    test.setTimeout(240_000);
    await signIn(page);
    const routes: [string, string][] = [
      ['/dashboard', '대시보드'],
      ['/employers', '사업주 목록'],
      ['/employers?status=pending', '승인 대기 사업주'],
      ['/employers/new', '사업주 등록'],
      ['/employers/import', '사업주 가져오기'],
      ['/employers/5', '사업주 상세'],
      ['/workers', '근로자 목록'],
      ['/workers/new', '근로자 등록'],
      ['/workers/import', '근로자 가져오기'],
      ['/workers/visa-expiry', '비자 만료 임박'],
      ['/workers/7', '근로자 상세'],
      ['/job-posts', '채용공고 목록'],
      ['/job-posts?status=pending', '승인 대기 채용공고'],
      ['/job-posts?status=active', '게시 중인 채용공고'],
      ['/job-posts/new', '채용공고 등록'],
      ['/job-posts/3', '채용공고 상세'],
      ['/job-posts/3/edit', '채용공고 수정'],
      ['/matchings', '매칭 현황'],
      ['/matchings/new', '매칭 등록'],
      ['/matchings/stats', '매칭 통계'],
      ['/matchings/9', '매칭 상세'],
      ['/notices', '공지사항 목록'],
      ['/notices/new', '새 공지 작성'],
      ['/notices/2', '공지사항 상세'],
      ['/notices/2/edit', '공지사항 수정'],
      ['/branches', '지점 목록'],
      ['/branches/new', '지점 등록'],
      ['/branches/1/edit', '지점 수정'],
      ['/branches/1', '지점 상세'],
      ['/resumes', '이력서 목록'],
      ['/resumes?status=active', '공개 이력서'],
      ['/resumes?status=draft', '임시저장 이력서'],
      ['/resumes/4', '이력서 상세'],
      ['/resumes/workers/7', '근로자 이력서'],
      ['/reviews', '리뷰 목록'],
      ['/reviews/moderation', '리뷰 검수'],
      ['/reviews/6', '리뷰 상세'],
      ['/users', '회원 목록'],
      ['/payouts', '정산 목록'],
      ['/payouts/new', '정산 등록'],
      ['/payouts/8', '정산 상세'],
      ['/payouts/8/edit', '정산 수정'],
      ['/trash', '휴지통'],
      ['/privacy/requests', '정보주체 요청'],
      ['/privacy/destructions', '파기 대장'],
      ['/settings', '시스템 설정'],
      ['/settings/admins', '관리자 계정'],
      ['/settings/logs', '접속기록'],
      ['/settings/law', '법령 기준표'],
      ['/settings/network', '허용 네트워크'],
    ];
    // The list names each screen's title itself; the table says which screens there are.
    const unlisted = Object.entries(SCREEN_PATHS).filter(
      ([, pattern]) =>
        !routes.some(([path]) =>
          new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, '\\d+')}$`).test(path.split('?')[0]!),
        ),
    );
    expect(unlisted, 'screens of the table missing from this list').toEqual([]);
    const breadcrumb = page.getByRole('navigation', { name: '이동 경로' });
    for (const [index, [path, title]] of routes.entries()) {
      // The first route is loaded; the rest are reached as a link would reach them (the router follows the
      // history), a second each instead of a reload of the whole application. A deep link loading each screen is
      // the server's (apps/server: the web app answers every screen path with the application).
      if (index === 0) await page.goto(path);
      else
        await page.evaluate((to) => {
          window.history.pushState(null, '', to);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, path);
      if (/\/\d+/.test(path)) {
        // A record's own screen is headed by the record (or says it was not found); the breadcrumb names the screen.
        await expect(breadcrumb, path).toContainText(title);
      } else {
        await expect(page.getByRole('heading', { level: 1, name: title }), path).toBeVisible();
      }
      await expect(breadcrumb, path).toContainText('홈');
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
    }
  });

  test('logout clears the session and returns to /login with the toast', async ({ page }) => {
    await signIn(page);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /최고 관리자/ }).click();
    await page.getByRole('menuitem', { name: '로그아웃' }).click();
    await expect(page.getByText('로그아웃되었습니다')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(
      await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('refreshToken')]),
    ).toEqual([null, null]);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('the global search opens with Ctrl+K and takes the keyboard to a record (docs/ARCHITECTURE.md#global-search)', async ({
  page,
  request,
}) => {
  const branch = await createBranch(request, `검색지점 ${uniqueDigits(6)}`);
  await signIn(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: '대시보드' })).toBeVisible();
  await page.keyboard.press('Control+K');
  const box = page.getByRole('textbox', { name: '통합 검색' });
  await expect(box).toBeFocused();
  await box.fill(branch.name);
  await expect(page.getByRole('option', { name: new RegExp(`지점 ${branch.name}`) })).toBeVisible();
  await page.screenshot({ path: '/tmp/search-1280.png' });
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/branches/${branch.id}$`));
  await expect(page.getByRole('heading', { name: branch.name })).toBeVisible();

  // At a phone's width the window fits, and `/` opens it too; what was opened is offered first.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.keyboard.press('/');
  await expect(page.getByRole('option', { name: new RegExp(branch.name) })).toBeVisible();
  await page.screenshot({ path: '/tmp/search-390.png' });
});
