import { chromium } from '@playwright/test';

export type BrowserResult = { loginUsableMs: number; dashboardRenderedMs: number };

/** Time to a usable /login and, after signing in, to a rendered /dashboard, in headless Chromium. */
export async function measureBrowser(baseUrl: string, password: string): Promise<BrowserResult> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    let started = performance.now();
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: '로그인' }).waitFor();
    const loginUsableMs = performance.now() - started;
    await page.getByLabel('아이디 또는 이메일').fill('admin');
    await page.getByLabel('비밀번호', { exact: true }).fill(password);
    started = performance.now();
    await page.getByRole('button', { name: '로그인' }).click();
    await page.getByRole('heading', { level: 1, name: '대시보드' }).waitFor();
    const dashboardRenderedMs = performance.now() - started;
    return { loginUsableMs: Math.round(loginUsableMs), dashboardRenderedMs: Math.round(dashboardRenderedMs) };
  } finally {
    await browser.close();
  }
}
