#!/usr/bin/env node
// Retakes the README's screenshots (docs/screenshots/) from a running product with the demo data:
//   DATA_DIR=/tmp/shots ADMIN_PASSWORD=… npm start      (a fresh data folder seeds the demo records)
//   SHOTS_URL=http://127.0.0.1:3000 ADMIN_PASSWORD=… node scripts/screenshots.mjs
// Each screen at 1440×900 and 390×844, light and dark, through Debian's Chromium (docs/web-app.md#phones).
// SHOTS_ONLY=law,worker-permit retakes only the named screens.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { generate } from 'otplib';

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

/** 내 정보, at one of its tabs. */
async function openAccount(page, tab) {
  await page.locator('header button[aria-haspopup="menu"]').click();
  await page.getByRole('menuitem', { name: '내 정보' }).click();
  const dialog = page.getByRole('dialog', { name: '내 정보' });
  await dialog.getByRole('tab', { name: tab }).click();
}

const SHOT_PASSWORD = 'Shots-second-1';
let secondFactorLogin = '';
let forcedLogin = '';
/** Screens seen as another admin than the demo's: their tokens. */
const sessions = new Map();

/** The XSRF header the API's cookie asks for (none before the first reply sets it). */
async function xsrfHeader(api) {
  const value = (await api.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  return value ? { 'x-xsrf-token': value } : {};
}

/** An admin made for a picture, with SHOT_PASSWORD and no invitation: its login id and record. */
async function createAdmin(api, headers, { prefix, name, role }) {
  const loginId = `${prefix}${Date.now().toString(36)}`;
  const created = await api.post('/api/v1/admins', {
    headers,
    data: {
      login_id: loginId,
      email: `${loginId}@ilson.test`,
      name,
      role,
      invite: false,
      password: SHOT_PASSWORD,
    },
  });
  if (!created.ok()) throw new Error(`admin: ${created.status()} ${await created.text()}`);
  return { loginId, admin: (await created.json()).admin };
}

/** An admin with the authenticator app enrolled (the code computed from the secret), for the login's second step. */
async function enrolledAdmin(api, headers, withSecret = false) {
  const { loginId } = await createAdmin(api, headers, { prefix: 'shots', name: '한보안', role: 'admin' });
  const session = await api.post('/api/v1/auth/login', {
    headers: await xsrfHeader(api),
    data: { email: loginId, password: SHOT_PASSWORD },
  });
  if (!session.ok()) throw new Error(`login: ${session.status()} ${await session.text()}`);
  const own = { authorization: `Bearer ${(await session.json()).token}`, ...(await xsrfHeader(api)) };
  const setup = await api.post('/api/v1/me/second-factor/totp', { headers: own });
  if (!setup.ok()) throw new Error(`totp setup: ${setup.status()} ${await setup.text()}`);
  const { secret } = await setup.json();
  const confirmed = await api.post('/api/v1/me/second-factor/totp/confirm', {
    headers: own,
    data: { code: await generate({ secret }) },
  });
  if (!confirmed.ok()) throw new Error(`totp: ${confirmed.status()} ${await confirmed.text()}`);
  return withSecret ? { loginId, recoveryCode: (await confirmed.json()).recovery_codes[0] } : loginId;
}

/** Sets the second-factor policy (the settings' version read first), as the signed-in super admin. */
async function patchPolicy(api, headers, change) {
  const current = await (await api.get('/api/v1/settings', { headers })).json();
  const patched = await api.patch('/api/v1/settings', {
    headers,
    data: { version: current.version, second_factor: { ...current.second_factor, ...change } },
  });
  if (!patched.ok()) throw new Error(`settings: ${patched.status()} ${await patched.text()}`);
}

/**
 * Signs the enrolled admin in through both steps and returns its tokens: with a recovery code, as the app's code
 * was just spent on the enrolment and a code is accepted once.
 */
async function signInWithRecoveryCode(api, loginId, recoveryCode) {
  const first = await api.post('/api/v1/auth/login', {
    headers: await xsrfHeader(api),
    data: { email: loginId, password: SHOT_PASSWORD },
  });
  if (!first.ok()) throw new Error(`login: ${first.status()} ${await first.text()}`);
  const { mfa_token: mfaToken } = await first.json();
  const second = await api.post('/api/v1/auth/mfa/verify', {
    headers: await xsrfHeader(api),
    data: { mfa_token: mfaToken, recovery_code: recoveryCode },
  });
  if (!second.ok()) throw new Error(`verify: ${second.status()} ${await second.text()}`);
  const { token, refresh_token: refreshToken } = await second.json();
  return { token, refreshToken };
}

/** A manufacturer of the demo's first branch with 8 employees and a 고용허가서 for 10: its page's path. */
async function employerWithPermitPath(api, headers) {
  const branches = await api.get('/api/v1/branches?page_size=1', { headers });
  const branchId = (await branches.json()).data[0].id;
  const suffix = String(Date.now()).slice(-7);
  const created = await api.post('/api/v1/employers', {
    headers: { ...headers, 'idempotency-key': `shots-employer-${suffix}` },
    data: {
      company_name: '한빛정밀',
      business_reg_no: bizNo(`21${suffix}`),
      ceo_name: '김한빛',
      biz_entity_type: 'corporation',
      industry: 'manufacturing',
      employee_count: 8,
      region: '경기도',
      zip_code: '18400',
      road_address: '경기도 화성시 동탄산단로 12',
      phone: '031-370-1200',
      branch_id: branchId,
    },
  });
  if (!created.ok()) throw new Error(`employer: ${created.status()} ${await created.text()}`);
  const id = (await created.json()).id;
  const permit = await api.post(`/api/v1/employers/${id}/permits`, {
    headers,
    data: {
      type: 'employment_permit',
      permit_no: '2026-경기-004512',
      valid_from: '2026-03-01',
      valid_to: '2029-02-28',
      headcount: 10,
    },
  });
  if (!permit.ok()) throw new Error(`permit: ${permit.status()} ${await permit.text()}`);
  return `/employers/${id}`;
}

/** 사업자등록번호 with its check digit (docs/DOMAIN.md#identifiers) from nine digits. */
function bizNo(nine) {
  const weights = [1, 3, 7, 1, 3, 7, 1, 3, 5];
  const digits = [...nine].map(Number);
  let sum = digits.reduce((total, digit, i) => total + digit * weights[i], 0);
  sum += Math.floor((digits[8] * 5) / 10);
  return `${nine}${(10 - (sum % 10)) % 10}`;
}

/** A worker with two recorded 사업장 변경 (one the employer caused): its page's path. */
async function workerWithChangesPath(api, headers) {
  const path = await workerPath(api, headers, {
    name_ko: '바하두르 구룽',
    first_name: 'BAHADUR',
    last_name: 'GURUNG',
    nationality: 'NP',
    visa_type: 'E-9',
    entry_date: '2024-06-10',
  });
  for (const [request, cause] of [
    ['2025-04-02', 'worker_request'],
    ['2026-08-20', 'employer_caused'],
  ]) {
    const reply = await api.post(`/api/v1${path}/workplace-changes`, {
      headers,
      data: {
        request_date: request,
        cause,
        approved: true,
        approval_date: request,
        approval_no: `고용-${request}`,
      },
    });
    if (!reply.ok()) throw new Error(`workplace change: ${reply.status()} ${await reply.text()}`);
  }
  return path;
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
    before: showSection('시간제취업허가 (D-2·D-4)'),
  },
  {
    name: 'employer-permits',
    path: employerWithPermitPath,
    before: (page) => page.getByRole('tab', { name: '고용허가' }).click(),
  },
  {
    name: 'worker-changes',
    path: workerWithChangesPath,
    before: showSection('사업장 변경'),
  },
  {
    name: 'worker-reentry',
    path: async (api, headers) => {
      const path = await workerPath(api, headers, {
        name_ko: '타파 라제시',
        first_name: 'RAJESH',
        last_name: 'THAPA',
        nationality: 'NP',
        visa_type: 'E-9',
        entry_date: '2022-05-09',
      });
      const departed = await api.post(`/api/v1${path}/status`, {
        headers,
        data: { status: 'departed', reason: '취업활동 기간 만료 출국', version: 1 },
      });
      if (!departed.ok()) throw new Error(`departed: ${departed.status()} ${await departed.text()}`);
      return path;
    },
    before: async (page) => {
      await page.getByRole('button', { name: '재입국 처리' }).click();
      await page.getByText('성실근로자 재입국(특례)').click();
    },
  },
  {
    name: 'settings-quota',
    path: '/settings',
    before: (page) =>
      page
        .locator('label', { hasText: '고용허용인원 표' })
        .first()
        .evaluate((el) => el.scrollIntoView({ block: 'start' })),
  },
  {
    name: 'account-second-factor',
    path: '/dashboard',
    before: async (page) => {
      await openAccount(page, '2단계 인증');
      await page.getByRole('button', { name: '인증 앱 등록 시작' }).click();
      await page.getByRole('img', { name: '인증 앱 등록용 QR 코드' }).waitFor();
    },
  },
  {
    name: 'account-sessions',
    path: '/dashboard',
    before: (page) => openAccount(page, '로그인 세션'),
  },
  {
    name: 'settings-second-factor',
    path: '/settings',
    before: (page) =>
      page
        .locator('label', { hasText: '2단계 인증 정책' })
        .first()
        .evaluate((el) => el.scrollIntoView({ block: 'start' })),
  },
  {
    name: 'login-second-factor',
    signedIn: false,
    path: async (api, headers) => {
      secondFactorLogin = await enrolledAdmin(api, headers);
      return '/login';
    },
    before: async (page) => {
      await page.getByLabel('아이디 또는 이메일').fill(secondFactorLogin);
      await page.getByLabel('비밀번호', { exact: true }).fill(SHOT_PASSWORD);
      await page.getByRole('button', { name: '로그인' }).click();
      await page.getByLabel('인증 코드').waitFor();
    },
  },
  {
    name: 'settings-network',
    path: async (api, headers) => {
      // Rules for an admin made for the picture and for a role nobody of the demo signs in with from elsewhere.
      const { admin } = await createAdmin(api, headers, { prefix: 'net', name: '정원격', role: 'viewer' });
      for (const data of [
        {
          cidr: '203.0.113.0/24',
          admin_id: admin.id,
          memo: '재택 근무 (통신사 고정 IP)',
        },
        { cidr: '198.51.100.0/24', role: 'viewer', memo: '본사 사무실' },
      ]) {
        const rule = await api.post('/api/v1/network-rules', { headers, data });
        if (!rule.ok()) throw new Error(`rule: ${rule.status()} ${await rule.text()}`);
      }
      return '/settings/network';
    },
  },
  {
    // 열람 asks for the second factor again once the last proof is older than the policy's minutes: the policy is set
    // to one minute and the enrolled admin's proof left to age past it.
    name: 'step-up',
    path: async (api, headers) => {
      const { loginId, recoveryCode } = await enrolledAdmin(api, headers, true);
      const worker = await workerPath(api, headers, {
        name_ko: '쩐 티 란',
        first_name: 'THI LAN',
        last_name: 'TRAN',
        gender: 'female',
        visa_type: 'E-9',
        entry_date: '2024-03-04',
        alien_reg_no: `000315-8${String(Date.now()).slice(-6)}`,
      });
      await patchPolicy(api, headers, { step_up_minutes: 1 });
      sessions.set('step-up', await signInWithRecoveryCode(api, loginId, recoveryCode));
      await new Promise((done) => setTimeout(done, 61_000));
      return worker;
    },
    before: async (page) => {
      await showSection('신분·체류')(page);
      await page.getByRole('button', { name: '외국인등록번호 열람' }).click();
      const reveal = page.getByRole('dialog', { name: '외국인등록번호 열람' });
      await reveal.getByLabel('열람 사유').fill('체류기간 연장 서류 확인');
      await reveal.getByRole('button', { name: '열람하기' }).click();
      await page.getByRole('dialog', { name: '2단계 인증 확인' }).waitFor();
    },
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
  {
    // Last: it turns the policy to every role, everywhere, so a viewer without a factor is sent to enrol.
    name: 'forced-second-factor',
    signedIn: false,
    path: async (api, headers) => {
      ({ loginId: forcedLogin } = await createAdmin(api, headers, {
        prefix: 'enrol',
        name: '오신입',
        role: 'viewer',
      }));
      await patchPolicy(api, headers, {
        where: 'everywhere',
        required_roles: ['super_admin', 'admin', 'branch_manager', 'viewer'],
      });
      return '/login';
    },
    before: async (page) => {
      await page.getByLabel('아이디 또는 이메일').fill(forcedLogin);
      await page.getByLabel('비밀번호', { exact: true }).fill(SHOT_PASSWORD);
      await page.getByRole('button', { name: '로그인' }).click();
      await page.getByRole('button', { name: '인증 앱 등록 시작' }).waitFor();
    },
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
const headers = { authorization: `Bearer ${token}`, ...(await xsrfHeader(api)) };
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
        { signIn: screen.signedIn !== false, ...(sessions.get(screen.name) ?? { token, refreshToken }) },
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
