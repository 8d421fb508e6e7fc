import { expect, test } from '@playwright/test';
import { apiHeaders, apiLogin, expiredAccessToken, signIn } from './support';

test.describe('session refresh (docs/sessions-and-logs.md#the-browsers-session)', () => {
  test('an expired access token is refreshed without the user noticing', async ({ page }) => {
    const tokens = await signIn(page);
    await page.evaluate(
      async (expired) => localStorage.setItem('token', expired),
      await expiredAccessToken(tokens.token),
    );
    const refreshes: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/v1/auth/refresh')) refreshes.push(response.status());
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: '대시보드' })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(refreshes).toEqual([200]);
    const stored = await page.evaluate(() => [
      localStorage.getItem('token'),
      localStorage.getItem('refreshToken'),
    ]);
    expect(stored[1]).not.toBe(tokens.refreshToken);
    await expect(page.locator('.ant-message-error, .ant-notification-notice-error')).toHaveCount(0);
  });

  test('a revoked refresh token ends at /login', async ({ page, request }) => {
    const tokens = await apiLogin(request);
    await signIn(page, tokens);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: '대시보드' })).toBeVisible();
    const logout = await request.post('/api/v1/auth/logout', {
      headers: await apiHeaders(request, tokens.token),
      data: {},
    });
    expect(logout.status()).toBe(200);
    await page.evaluate(
      async (expired) => localStorage.setItem('token', expired),
      await expiredAccessToken(tokens.token),
    );
    await page.goto('/matchings');
    await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
    expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeNull();
  });
});
