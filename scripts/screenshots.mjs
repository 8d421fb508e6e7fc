#!/usr/bin/env node
// Retakes the README's screenshots (docs/screenshots/) from a running product with the demo data:
//   DATA_DIR=/tmp/shots ADMIN_PASSWORD=… npm start      (a fresh data folder seeds the demo records)
//   SHOTS_URL=http://127.0.0.1:3000 ADMIN_PASSWORD=… node scripts/screenshots.mjs
// Each screen at 1440×900 and 390×844, light and dark, through Debian's Chromium (docs/ARCHITECTURE.md#phones).
// SHOTS_ONLY=law,worker-permit retakes only the named screens.
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

/**
 * A worker of the demo's first branch made for a picture (the demo data has no student with a permit, and its
 * workers' entry dates are not ours to rely on): its page's path.
 */
async function workerPath(api, headers, body) {
  const branches = await api.get('/api/v1/branches?page_size=1', { headers });
  const branchId = (await branches.json()).data[0].id;
  const created = await api.post('/api/v1/workers', {
    headers: { ...headers, 'idempotency-key': `shots-${body.last_name}-${Date.now()}` },
    data: {
      gender: 'male',
      date_of_birth: '2000-03-15',
      nationality: 'VN',
      visa_expiry_date: '2028-02-28',
      branch_id: branchId,
      ...body,
    },
  });
  if (!created.ok()) throw new Error(`worker: ${created.status()} ${await created.text()}`);
  return `/workers/${(await created.json()).id}`;
}

/** Scrolls the section titled `title` to the top of the page, for a phone's picture of it. */
const showSection = (title) => async (page) => {
  await page
    .getByText(title, { exact: true })
    .first()
    .evaluate((el) => el.scrollIntoView({ block: 'start' }));
};

/**
 * name, path (or how to make the record it shows), and what to do on the page before the picture (at a phone width
 * only, when `phoneOnly`; at one width or scheme only, when `views` names them).
 */
const SCREENS = [
  { name: 'login', path: '/login', signedIn: false },
  { name: 'dashboard', path: '/dashboard' },
  { name: 'employers', path: '/employers' },
  { name: 'workers', path: '/workers' },
  { name: 'matching', path: '/matchings/9' },
  { name: 'access-log', path: '/settings/logs' },
  { name: 'trash', path: '/trash' },
  { name: 'law', path: '/settings/law' },
  {
    name: 'worker-period',
    path: (api, headers) =>
      workerPath(api, headers, {
        name_ko: '응우옌 반 남',
        first_name: 'VAN NAM',
        last_name: 'NGUYEN',
        visa_type: 'E-9',
        entry_date: '2024-03-04',
      }),
    views: ['1440-light', '390-dark'],
    before: showSection('신분·체류'),
  },
  {
    name: 'worker-permit',
    path: (api, headers) =>
      workerPath(api, headers, {
        name_ko: '쩐 티 마이',
        first_name: 'THI MAI',
        last_name: 'TRAN',
        gender: 'female',
        visa_type: 'D-2',
        korean_level: 'topik3',
        study_course: 'bachelor',
        part_time_permit_no: 'PT-2026-0412',
        part_time_permit_weekly_hours: 25,
        part_time_permit_valid_from: '2026-09-01',
        part_time_permit_valid_to: '2027-02-28',
      }),
    views: ['1440-dark', '390-light'],
    before: showSection('시간제취업허가 (D-2·D-4)'),
  },
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
const only = process.env.SHOTS_ONLY?.split(',').map((name) => name.trim());
const shown = SCREENS.filter((screen) => !only || only.includes(screen.name));
const xsrf = (await api.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
const headers = { authorization: `Bearer ${token}`, ...(xsrf ? { 'x-xsrf-token': xsrf } : {}) };
const paths = new Map();
for (const screen of shown) {
  paths.set(screen.name, typeof screen.path === 'function' ? await screen.path(api, headers) : screen.path);
}

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
    for (const screen of shown) {
      if (screen.phoneOnly && view.width >= 768) continue;
      if (screen.views && !screen.views.includes(`${view.width}-${colorScheme}`)) continue;
      await page.evaluate(
        ({ signIn, token, refreshToken }) => {
          if (signIn) {
            localStorage.setItem('token', token);
            localStorage.setItem('refreshToken', refreshToken);
          } else localStorage.clear();
        },
        { signIn: screen.signedIn !== false, token, refreshToken },
      );
      await page.goto(paths.get(screen.name));
      await page.waitForLoadState('networkidle');
      if (screen.signedIn !== false) {
        // A lazily loaded page on a busy machine: its title, and no spinner left.
        await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
        await page.getByText('로딩 중...').first().waitFor({ state: 'detached', timeout: 60_000 });
      }
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
