import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { patchSettings } from './records';
import { apiHeaders, apiLogin, signIn, uiLogin } from './support';

/** 내 정보 (profile, password, recent logins), the forced change of a temporary password, idle logout. */

const WIDE = { width: 1920, height: 1080 };
const NARROW = { width: 1280, height: 800 };

let seq = 0;
function uniqueLoginId(prefix: string) {
  seq++;
  return `${prefix}${Date.now().toString(36)}${seq}`;
}

/** A new admin through the admins API, by the suite's super admin. */
async function createAdmin(
  request: APIRequestContext,
  body: { password?: string; invite?: boolean; name: string },
) {
  const { token } = await apiLogin(request);
  const loginId = uniqueLoginId('acct');
  const response = await request.post('/api/v1/admins', {
    headers: await apiHeaders(request, token),
    data: {
      login_id: loginId,
      email: `${loginId}@ilson.test`,
      name: body.name,
      role: 'admin',
      invite: body.invite ?? false,
      ...(body.password ? { password: body.password } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const created = await response.json();
  return { loginId, temporaryPassword: created.temporary_password as string | null };
}

async function openAccount(page: Page, tab?: string) {
  await page.locator('header button[aria-haspopup="menu"]').click();
  await page.getByRole('menuitem', { name: '내 정보' }).click();
  const dialog = page.getByRole('dialog', { name: '내 정보' });
  await expect(dialog).toBeVisible();
  // Let the opening animation end before anything is photographed.
  await expect(page.locator('.ant-modal.ant-zoom-appear, .ant-modal.ant-zoom-enter')).toHaveCount(0);
  if (tab) await dialog.getByRole('tab', { name: tab }).click();
  return dialog;
}

async function fillPasswordForm(scope: Page | ReturnType<Page['getByRole']>, current: string, next: string) {
  await scope.getByLabel('현재 비밀번호').fill(current);
  await scope.getByLabel('새 비밀번호', { exact: true }).fill(next);
  await scope.getByLabel('새 비밀번호 확인').fill(next);
  await scope.getByRole('button', { name: '비밀번호 변경' }).click();
}

test.describe('내 정보', () => {
  test.describe.configure({ timeout: 90_000 });
  test('change the own password: other sessions end, the new password signs in', async ({
    page,
    request,
  }) => {
    const oldPassword = 'Account-old-1';
    const newPassword = 'Account-new-2';
    const { loginId } = await createAdmin(request, { password: oldPassword, name: '정계정' });
    // Another session of the same admin (another browser), and one failed attempt to see in the history.
    const other = await apiLogin(request, loginId, oldPassword);
    const failed = await request.post('/api/v1/auth/login', {
      headers: await apiHeaders(request),
      data: { email: loginId, password: 'Wrong-pass-9' },
    });
    expect(failed.status()).toBe(401);

    await uiLogin(page, loginId, oldPassword);
    await expect(page).toHaveURL(/\/dashboard$/);

    const dialog = await openAccount(page);
    await expect(dialog.getByText(loginId, { exact: true })).toBeVisible();
    await expect(dialog.getByLabel('이름')).toHaveValue('정계정');
    await page.screenshot({ path: '/tmp/account-profile-1280.png' });
    await page.setViewportSize(WIDE);
    await page.screenshot({ path: '/tmp/account-profile-1920.png' });
    await page.setViewportSize(NARROW);

    await dialog.getByRole('tab', { name: '최근 로그인' }).click();
    const logins = dialog.getByRole('tabpanel', { name: '최근 로그인' });
    await expect(logins.getByText('성공', { exact: true }).first()).toBeVisible();
    await expect(logins.getByText('실패', { exact: true })).toBeVisible();
    await expect(logins.getByText(/비밀번호 불일치/)).toBeVisible();
    await page.screenshot({ path: '/tmp/account-logins-1280.png' });

    await dialog.getByRole('tab', { name: '비밀번호 변경' }).click();
    await fillPasswordForm(dialog, oldPassword, newPassword);
    await expect(
      page.getByText('비밀번호가 변경되었습니다. 다른 기기와 브라우저의 로그인은 모두 종료되었습니다.'),
    ).toBeVisible();
    await page.setViewportSize(WIDE);
    await page.screenshot({ path: '/tmp/account-password-1920.png' });
    await page.setViewportSize(NARROW);

    // The other session is over; this one goes on.
    const refresh = await request.post('/api/v1/auth/refresh', {
      headers: await apiHeaders(request),
      data: { refresh_token: other.refreshToken },
    });
    expect(refresh.status()).toBe(401);
    await dialog.getByRole('tab', { name: '기본 정보' }).click();
    await expect(dialog.getByText('비밀번호 변경일')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto('/employers');
    await expect(page.getByRole('heading', { name: '사업주 목록' })).toBeVisible();

    // Out, and in again with the new password.
    await page.getByRole('button', { name: /정계정/ }).click();
    await page.getByRole('menuitem', { name: '로그아웃' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await uiLogin(page, loginId, newPassword);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: /정계정/ })).toBeVisible();
  });

  test('an invited admin changes the temporary password before anything else', async ({ page, request }) => {
    const { loginId, temporaryPassword } = await createAdmin(request, { invite: true, name: '한초대' });
    expect(temporaryPassword).toBeTruthy();

    await uiLogin(page, loginId, temporaryPassword!);
    await expect(page.getByRole('heading', { name: '비밀번호 변경' })).toBeVisible();
    await expect(page.getByText('임시 비밀번호로 로그인했습니다.')).toBeVisible();
    await expect(page.getByRole('navigation', { name: '주 메뉴' })).toHaveCount(0);
    await page.screenshot({ path: '/tmp/account-forced-1280.png' });
    await page.setViewportSize(WIDE);
    await page.screenshot({ path: '/tmp/account-forced-1920.png' });
    await page.setViewportSize(NARROW);

    // No other screen while the temporary password stands, whatever the address.
    await page.goto('/employers');
    await expect(page.getByRole('heading', { name: '비밀번호 변경' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: '주 메뉴' })).toHaveCount(0);

    await fillPasswordForm(page, temporaryPassword!, 'Invited-own-7');
    await expect(page.getByRole('navigation', { name: '주 메뉴' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '사업주 목록' })).toBeVisible();
  });
});

test.describe('idle logout', () => {
  test.describe.configure({ timeout: 90_000 });
  test('warns a minute before, then ends the session at /login with the reason', async ({
    page,
    request,
  }) => {
    const setTimeoutMinutes = async (minutes: number) => {
      const response = await patchSettings(request, { session_timeout_minutes: minutes });
      expect(response.status()).toBe(200);
    };
    await setTimeoutMinutes(5);
    try {
      await page.clock.install();
      await signIn(page);
      await page.goto('/dashboard');
      await expect(page.getByRole('navigation', { name: '주 메뉴' })).toBeVisible();

      // 계속 사용 keeps the session.
      await page.clock.fastForward('04:05');
      const warning = page.getByRole('dialog', { name: '자동 로그아웃 안내' });
      await expect(warning).toBeVisible();
      await expect(warning.getByRole('timer')).toHaveText(/^\d{1,2}초 후 로그아웃$/);
      await expect(warning).toContainText('5분 동안 사용하지 않아');
      await page.screenshot({ path: '/tmp/account-idle-warning-1280.png' });
      // Its keep-alive call comes back 25 s later (a slow network; still within the request timeout): the activity is
      // the moment it was sent, as the server counts it, not the late reply (docs/sessions-and-logs.md#the-browser-agrees).
      let replyLate: () => void = () => {};
      const late = new Promise<void>((resolve) => {
        replyLate = resolve;
      });
      await page.route('**/api/v1/auth/me', async (route) => {
        await late;
        await route.continue();
      });
      const keptAlive = page.waitForResponse('**/api/v1/auth/me');
      await warning.getByRole('button', { name: '계속 사용' }).click();
      await expect(warning).toBeHidden();
      await page.clock.fastForward('00:25');
      replyLate();
      expect((await keptAlive).status()).toBe(200);
      await page.unroute('**/api/v1/auth/me');
      // With 5 minutes set, the browser logs out 20 s early (IDLE_LOGOUT_EARLY_MS): the warning shows 3:40 after the
      // last activity (4:05 → 7:45), the logout comes at 8:45. A reply dated on its arrival (4:30) would put them later.
      await page.clock.fastForward('03:10');
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(warning).toBeHidden();

      // Then nothing for the whole time.
      await page.clock.fastForward('00:10');
      await expect(warning).toBeVisible();
      await page.clock.fastForward('01:00');
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('alert')).toHaveText(
        '5분 동안 사용하지 않아 자동으로 로그아웃되었습니다. 다시 로그인해 주세요.',
      );
      expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeNull();
      await page.screenshot({ path: '/tmp/account-idle-login-1280.png' });
    } finally {
      await setTimeoutMinutes(30);
    }
  });
});

test('/forgot-password names whom to ask, from the settings', async ({ page, request }) => {
  const contact = await (await request.get('/api/v1/settings/public')).json();
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: '비밀번호 찾기' })).toBeVisible();
  await expect(page.getByText(/최고 관리자에게 비밀번호 초기화를 요청/)).toBeVisible();
  await expect(page.getByText(contact.contact_name, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: contact.contact_email })).toHaveAttribute(
    'href',
    `mailto:${contact.contact_email}`,
  );
  await page.screenshot({ path: '/tmp/account-forgot-1280.png' });
  await page.setViewportSize(WIDE);
  await page.screenshot({ path: '/tmp/account-forgot-1920.png' });
  await page.getByRole('link', { name: '로그인 화면으로 돌아가기' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
