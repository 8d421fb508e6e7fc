import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { patchSettings } from './records';
import { apiHeaders, apiLogin, signIn, uiLogin } from './support';

/** /settings (system settings) and /settings/admins (admin accounts), as the suite's only super admin. */

const WIDE = { width: 1920, height: 1080 };
const NARROW = { width: 1280, height: 800 };

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/admins-${name}-1280.png` });
  await page.setViewportSize(WIDE);
  await page.screenshot({ path: `/tmp/admins-${name}-1920.png` });
  await page.setViewportSize(NARROW);
}

async function settingsValue(request: APIRequestContext, key: string) {
  const { token } = await apiLogin(request);
  const response = await request.get('/api/v1/settings', { headers: await apiHeaders(request, token) });
  return (await response.json())[key];
}

const uniqueLoginId = () => `inv${Date.now().toString(36)}`;

test.describe('admin accounts', () => {
  test.describe.configure({ timeout: 120_000 });

  test('invite an admin, who signs in with the temporary password; reset it; the only super admin stays', async ({
    page,
    browser,
    request,
  }) => {
    const loginId = uniqueLoginId();
    await signIn(page);
    await page.goto('/settings/admins');
    await expect(page.getByRole('heading', { name: '관리자 계정' })).toBeVisible();
    await expect(
      page.getByRole('table', { name: '관리자 계정' }).getByText('admin', { exact: true }),
    ).toBeVisible();

    // Invite.
    await page.getByRole('button', { name: '관리자 등록' }).click();
    const form = page.getByRole('form', { name: '관리자 등록' });
    await form.getByLabel('아이디').fill(loginId);
    await form.getByLabel('이름').fill('윤초대');
    await form.getByLabel('이메일').fill(`${loginId}@ilson.test`);
    await form.getByLabel('연락처').fill('01055557777');
    await form.getByLabel('역할').click();
    await page.getByTitle('관리자', { exact: true }).click();
    await expect(form.getByLabel('초대 (임시 비밀번호 발급)')).toBeChecked();
    await shoot(page, 'create');
    await page.getByRole('button', { name: '등록', exact: true }).click();

    const shown = page.getByRole('dialog', { name: '관리자를 등록했습니다' });
    await expect(shown.getByText('이 임시 비밀번호는 지금 한 번만 표시됩니다.')).toBeVisible();
    await expect(shown.getByRole('button', { name: /복사/ })).toBeVisible();
    const temporary = ((await shown.getByTestId('temporary-password').textContent()) ?? '').trim();
    expect(temporary.length).toBeGreaterThanOrEqual(12);
    await shoot(page, 'temporary-password');
    await shown.getByRole('button', { name: '전달했습니다. 닫기' }).click();
    await expect(shown).toBeHidden();

    const row = page.getByRole('row', { name: new RegExp(loginId) });
    await expect(row.getByText('비밀번호 변경 필요')).toBeVisible();
    await shoot(page, 'list');

    // The invited admin, in a browser of their own: the temporary password signs in and must be changed.
    const other = await browser.newContext({ viewport: NARROW, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
    const invited = await other.newPage();
    await uiLogin(invited, loginId, temporary);
    await expect(invited.getByText('임시 비밀번호로 로그인했습니다.')).toBeVisible();
    const me = await invited.evaluate(async () => {
      const response = await fetch('/api/v1/auth/me', {
        headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      return response.json();
    });
    expect(me.user).toMatchObject({ login_id: loginId, must_change_password: true, role: 'admin' });

    // Reset the password: the invited admin's session ends, a new temporary password is shown once.
    await row.getByRole('button', { name: /더보기/ }).click();
    await page.getByRole('menuitem', { name: '비밀번호 초기화' }).click();
    const confirm = page.getByRole('dialog', { name: /비밀번호를 초기화하시겠습니까/ });
    await expect(confirm.getByText(/모든 로그인\(다른 기기 포함\)이 즉시 종료됩니다/)).toBeVisible();
    await confirm.getByRole('button', { name: '비밀번호 초기화' }).click();
    const reset = page.getByRole('dialog', { name: '비밀번호를 초기화했습니다' });
    const second = ((await reset.getByTestId('temporary-password').textContent()) ?? '').trim();
    expect(second).not.toBe(temporary);
    await reset.getByRole('button', { name: '전달했습니다. 닫기' }).click();

    const stale = await invited.evaluate(async () => {
      const response = await fetch('/api/v1/auth/me', {
        headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      return response.status;
    });
    expect(stale).toBe(401);
    const fresh = await apiLogin(request, loginId, second);
    expect(fresh.userId).toBeGreaterThan(0);
    await other.close();

    // The only super admin cannot demote themselves: the Korean reason on the role field.
    const selfRow = page.getByRole('row').filter({ has: page.getByText('나', { exact: true }) });
    await selfRow.getByRole('button', { name: '수정' }).click();
    const edit = page.getByRole('form', { name: /정보 수정/ });
    await expect(edit.getByText('자신의 역할은 바꿀 수 없습니다.')).toBeVisible();
    await edit.getByLabel('역할').click();
    await page.getByTitle('조회 전용', { exact: true }).click();
    await page.getByRole('button', { name: '저장', exact: true }).click();
    await expect(
      edit.getByText(
        '마지막 최고 관리자입니다. 다른 최고 관리자를 먼저 지정해야 역할을 바꾸거나 사용 중지할 수 있습니다.',
      ),
    ).toBeVisible();
    await shoot(page, 'last-super-admin');
    const { token } = await apiLogin(request);
    const meAgain = await request.get('/api/v1/auth/me', { headers: await apiHeaders(request, token) });
    expect((await meAgain.json()).user.role).toBe('super_admin');
  });

  test('a settings change is saved and still there after a reload', async ({ page, request }) => {
    const before = await settingsValue(request, 'visa_alert_days');
    await signIn(page);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: '시스템 설정' })).toBeVisible();
    await expect(
      page.getByText('이 시간 동안 아무 조작이 없으면 자동으로 로그아웃됩니다.', { exact: false }),
    ).toBeVisible();
    await shoot(page, 'settings');

    const days = page.getByLabel('비자 만료 알림 구간');
    await days.click();
    await days.fill('45');
    await days.press('Enter');
    await page.getByRole('button', { name: '설정 저장' }).click();
    await expect(page.getByText('설정이 저장되었습니다. 바로 적용됩니다.')).toBeVisible();
    await page.getByRole('button', { name: /연도 추가/ }).scrollIntoViewIfNeeded();
    await shoot(page, 'settings-wages');

    await page.reload();
    const saved = page.getByRole('form', { name: '시스템 설정' });
    await expect(saved.locator('[title="45"]')).toBeVisible();
    expect(await settingsValue(request, 'visa_alert_days')).toEqual([...before, 45].sort((a, b) => a - b));

    // Put it back for the other specs.
    const restore = await patchSettings(request, { visa_alert_days: before });
    expect(restore.status()).toBe(200);
  });
});
