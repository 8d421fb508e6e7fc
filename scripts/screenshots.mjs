#!/usr/bin/env node
// Retakes the README's screenshots (docs/screenshots/) from a running product with the demo data:
//   DATA_DIR=/tmp/shots ADMIN_PASSWORD=… npm start      (a fresh data folder seeds the demo records)
//   SHOTS_URL=http://127.0.0.1:3000 ADMIN_PASSWORD=… node scripts/screenshots.mjs
// Each screen at 1440×900 and 390×844, light and dark, through Debian's Chromium (docs/ARCHITECTURE.md#phones).
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const baseURL = process.env.SHOTS_URL ?? 'http://127.0.0.1:3000';
const login = process.env.ADMIN_LOGIN ?? 'admin';
const password = process.env.ADMIN_PASSWORD;
if (!password) throw new Error('ADMIN_PASSWORD: the password of the first admin of the running product');
const out = join(root, 'docs', 'screenshots');
mkdirSync(out, { recursive: true });

/** name, path, and what to do on the page before the picture (at a phone width only, when `phoneOnly`). */
const SCREENS = [
  { name: 'login', path: '/login', signedIn: false },
  { name: 'dashboard', path: '/dashboard' },
  { name: 'employers', path: '/employers' },
  { name: 'workers', path: '/workers' },
  { name: 'matching', path: '/matchings/9' },
  { name: 'access-log', path: '/settings/logs' },
  { name: 'trash', path: '/trash' },
  {
    name: 'menu',
    path: '/dashboard',
    phoneOnly: true,
    before: (page) => page.getByRole('button', { name: '메뉴 열기' }).click(),
  },
  {
    name: 'filters',
    path: '/workers',
    phoneOnly: true,
    before: (page) => page.getByRole('button', { name: /^필터/ }).click(),
  },
];
const VIEWS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
const api = await (await browser.newContext({ baseURL })).request;
const signedIn = await api.post('/api/v1/auth/login', { data: { email: login, password, remember: false } });
if (!signedIn.ok()) throw new Error(`login: ${signedIn.status()} ${await signedIn.text()}`);
const { token, refresh_token: refreshToken } = await signedIn.json();

for (const view of VIEWS) {
  for (const colorScheme of ['light', 'dark']) {
    const context = await browser.newContext({
      baseURL,
      viewport: view,
      colorScheme,
      locale: 'ko-KR',
      timezoneId: 'Asia/Seoul',
    });
    const page = await context.newPage();
    await page.goto('/login');
    for (const screen of SCREENS) {
      if (screen.phoneOnly && view.width >= 768) continue;
      await page.evaluate(
        ({ signIn, token, refreshToken }) => {
          if (signIn) {
            localStorage.setItem('token', token);
            localStorage.setItem('refreshToken', refreshToken);
          } else localStorage.clear();
        },
        { signIn: screen.signedIn !== false, token, refreshToken },
      );
      await page.goto(screen.path);
      await page.waitForLoadState('networkidle');
      await screen.before?.(page);
      await page.waitForTimeout(600); // drawers and charts finish their entrance
      const file = join(out, `${screen.name}-${view.width}-${colorScheme}.png`);
      await page.screenshot({ path: file });
      console.log(file);
    }
    await context.close();
  }
}
await browser.close();
