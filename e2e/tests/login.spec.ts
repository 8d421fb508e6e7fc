import { expect, test } from '@playwright/test';
import { uiLogin } from './support';

test.describe('login page (docs/web-app.md#screens and #session, docs/wire.md#the-login-page)', () => {
  test('is the plain page: no React, no antd, the theme the app keeps', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
    });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: '로그인' })).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((script) => /react|antd|signed-in-app|index-/.test(script))).toEqual([]);
    expect(await page.evaluate(() => document.querySelector('#root'))).toBeNull();
    await page.evaluate(() => localStorage.setItem('themeMode', 'dark'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  test('a visitor without a session is sent to /login, which replaces the history entry', async ({
    page,
  }) => {
    await page.goto('/employers?status=pending');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: '일손 관리자' })).toBeVisible();
    await expect(page.getByText('관리자 계정으로 로그인해 주세요.')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: '로그인 상태 유지' })).toBeChecked();
    await expect(page.getByRole('link', { name: '비밀번호를 잊으셨나요?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await expect(page.getByText('© 2024')).toBeVisible();
  });

  test('shows the Korean validation messages', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: '로그인' }).click();
    await expect(page.getByText('아이디 또는 이메일을 입력해 주세요.')).toBeVisible();
    await expect(page.getByText('비밀번호를 입력해 주세요.')).toBeVisible();
    await page.getByLabel('비밀번호', { exact: true }).fill('12345');
    await page.getByRole('button', { name: '로그인' }).click();
    await expect(page.getByText('비밀번호는 6자 이상이어야 합니다.')).toBeVisible();
  });

  test('a wrong password shows the server’s message and stays on /login', async ({ page }) => {
    await uiLogin(page, 'admin', 'wrong-password-1');
    await expect(page.getByText('아이디(이메일) 또는 비밀번호가 올바르지 않습니다.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: '로그인' })).toBeEnabled();
  });

  test('logging in leads to the dashboard with the toast', async ({ page }) => {
    await uiLogin(page);
    // The login page is a page of its own (docs/wire.md#the-login-page): the app loads cold after it.
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('로그인되었습니다')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('heading', { name: '대시보드' })).toBeVisible();
    expect(
      await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('refreshToken')]),
    ).not.toContain(null);
  });

  test('the forgot-password page shows the contact from the settings', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: '비밀번호를 잊으셨나요?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByText('admin@ilson.local')).toBeVisible();
  });
});
