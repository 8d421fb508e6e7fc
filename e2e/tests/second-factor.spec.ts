import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { E2E_PORT } from '../env';
import { apiHeaders, apiLogin, signIn, uiLogin } from './support';

/**
 * docs/second-factor.md and docs/sessions-and-logs.md#seeing-and-ending-sessions, as an admin does them: enrol the
 * authenticator app from 내 정보 (the code computed from the secret the page shows), sign in with a code and with a
 * recovery code, and end another session from 내 정보 and see it signed out.
 */

const PASSWORD = 'Second-factor-1';
let seq = 0;

async function createAdmin(request: APIRequestContext, role: 'admin' | 'viewer', name: string) {
  const { token } = await apiLogin(request);
  const loginId = `sf${Date.now().toString(36)}${++seq}`;
  const response = await request.post('/api/v1/admins', {
    headers: await apiHeaders(request, token),
    data: {
      login_id: loginId,
      email: `${loginId}@ilson.test`,
      name,
      role,
      invite: false,
      password: PASSWORD,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return loginId;
}

async function openAccount(page: Page, tab: string) {
  await page.locator('header button[aria-haspopup="menu"]').click();
  await page.getByRole('menuitem', { name: '내 정보' }).click();
  const dialog = page.getByRole('dialog', { name: '내 정보' });
  await expect(dialog).toBeVisible();
  await expect(page.locator('.ant-modal.ant-zoom-appear, .ant-modal.ant-zoom-enter')).toHaveCount(0);
  await dialog.getByRole('tab', { name: tab }).click();
  return dialog;
}

/** The app's code for `offsetSteps` steps from now (one step ahead is inside the server's window and unused). */
const codeOf = (secret: string, offsetSteps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

async function logout(page: Page) {
  await page.locator('header button[aria-haspopup="menu"]').click();
  await page.getByRole('menuitem', { name: '로그아웃' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test.describe('2단계 인증', () => {
  test.describe.configure({ timeout: 120_000 });

  test('enrol the app, then sign in with a code and with a recovery code', async ({ page, request }) => {
    const loginId = await createAdmin(request, 'admin', '한보안');
    await uiLogin(page, loginId, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);

    const dialog = await openAccount(page, '2단계 인증');
    await dialog.getByRole('button', { name: '인증 앱 등록 시작' }).click();
    await expect(dialog.getByRole('img', { name: '인증 앱 등록용 QR 코드' })).toBeVisible();
    const secret = ((await dialog.locator('code').first().textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.screenshot({ path: '/tmp/second-factor-enrol-1280.png' });
    await dialog.getByLabel('인증 코드').fill(await codeOf(secret));
    await dialog.getByRole('button', { name: '등록 확인' }).click();
    const list = dialog.getByRole('list', { name: '복구 코드' });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    const codes = await list.getByRole('listitem').allInnerTexts();
    await page.screenshot({ path: '/tmp/second-factor-codes-1280.png' });
    await dialog.getByRole('checkbox', { name: '복구 코드를 안전한 곳에 보관했습니다' }).check();
    await dialog.getByRole('button', { name: '완료' }).click();
    await expect(dialog.getByText('남은 복구 코드 10개')).toBeVisible();
    await page.keyboard.press('Escape');
    await logout(page);

    // The password, then the code (of the next step: the enrolment took this one).
    await uiLogin(page, loginId, PASSWORD);
    await expect(page.getByLabel('인증 코드')).toBeVisible();
    await page.screenshot({ path: '/tmp/second-factor-login-1280.png' });
    await page.getByLabel('인증 코드').fill('000000');
    await page.getByRole('button', { name: '확인' }).click();
    await expect(page.getByText('인증 코드가 올바르지 않습니다.', { exact: false })).toBeVisible();
    await page.getByLabel('인증 코드').fill(await codeOf(secret, 1));
    await page.getByRole('button', { name: '확인' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await logout(page);

    // A recovery code instead, once.
    await uiLogin(page, loginId, PASSWORD);
    await page.getByRole('button', { name: '복구 코드로 로그인' }).click();
    await page.getByLabel('복구 코드').fill(codes[0]!);
    await page.getByRole('button', { name: '확인' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const again = await openAccount(page, '2단계 인증');
    await expect(again.getByText('남은 복구 코드 9개')).toBeVisible();
  });

  test('end another session from 내 정보; the other browser is signed out', async ({
    page,
    browser,
    request,
  }) => {
    const loginId = await createAdmin(request, 'viewer', '문세션');
    const elsewhere: BrowserContext = await browser.newContext();
    try {
      const other = await elsewhere.newPage();
      await signIn(other, await apiLogin(other.request, loginId, PASSWORD));
      await other.goto('/dashboard');
      await expect(other.getByRole('heading', { name: '대시보드' })).toBeVisible();

      await uiLogin(page, loginId, PASSWORD);
      await expect(page).toHaveURL(/\/dashboard$/);
      const dialog = await openAccount(page, '로그인 세션');
      await expect(dialog.getByText('이 기기', { exact: true })).toBeVisible();
      await expect(dialog.getByRole('button', { name: '종료', exact: true })).toHaveCount(1);
      await page.screenshot({ path: '/tmp/sessions-1280.png' });
      await dialog.getByRole('button', { name: '종료', exact: true }).click();
      await page
        .getByRole('dialog')
        .filter({ hasText: '이 세션을 종료할까요?' })
        .getByRole('button', { name: '종료', exact: true })
        .click();
      await expect(page.getByText('세션을 종료했습니다.')).toBeVisible();
      await expect(dialog.getByRole('button', { name: '종료', exact: true })).toHaveCount(0);

      // The other browser's next request is refused; it is taken to the login.
      await other.goto('/workers');
      await expect(other).toHaveURL(/\/login/, { timeout: 15_000 });
    } finally {
      await elsewhere.close();
    }
  });
});

test.describe('패스키', () => {
  test.describe.configure({ timeout: 120_000 });

  test("register a passkey with Chromium's virtual authenticator, then sign in with it", async ({
    page,
    request,
  }) => {
    const loginId = await createAdmin(request, 'admin', '윤패스');
    // WebAuthn takes a domain, not an IP address: the same server under localhost.
    const origin = `http://localhost:${E2E_PORT}`;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });

    await page.goto(`${origin}/login`);
    await page.getByLabel('아이디 또는 이메일').fill(loginId);
    await page.getByLabel('비밀번호', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: '로그인' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const dialog = await openAccount(page, '2단계 인증');
    await dialog.getByLabel('패스키 이름').fill('사무실 PC');
    await dialog.getByRole('button', { name: '패스키 등록' }).click();
    // The first second factor brings the recovery codes.
    await expect(dialog.getByRole('list', { name: '복구 코드' }).getByRole('listitem')).toHaveCount(10);
    await dialog.getByRole('checkbox', { name: '복구 코드를 안전한 곳에 보관했습니다' }).check();
    await dialog.getByRole('button', { name: '완료' }).click();
    await expect(dialog.getByText('사무실 PC', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await logout(page);

    await page.getByLabel('아이디 또는 이메일').fill(loginId);
    await page.getByLabel('비밀번호', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: '로그인' }).click();
    await page.getByRole('button', { name: '패스키로 로그인' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const again = await openAccount(page, '2단계 인증');
    await expect(again.getByText(/마지막 사용/)).toBeVisible();
  });
});
