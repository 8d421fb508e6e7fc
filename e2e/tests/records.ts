import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { apiHeaders, apiLogin } from './support';

/** A valid 사업자등록번호 built from nine digits (docs/DOMAIN.md check digit). */
export function businessRegNo(first9: string): string {
  const weights = [1, 3, 7, 1, 3, 7, 1, 3, 5];
  const d = [...first9].map(Number);
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += d[i]! * weights[i]!;
  const p = d[8]! * 5;
  sum += p + Math.floor(p / 10);
  return `${first9}${(10 - (sum % 10)) % 10}`;
}

export function uniqueDigits(length: number): string {
  return String(Date.now() * 1000 + Math.floor(Math.random() * 1000))
    .slice(-length)
    .padStart(length, '1');
}

/**
 * Unique capital letters, for a marker typed into the worker search box: letters mixed with digits read as a
 * 여권번호 there, and a search by identifier asks for its purpose first (docs/pii-search.md).
 */
export function uniqueLetters(length: number): string {
  return uniqueDigits(length).replace(/\d/g, (digit) => 'ABCDEFGHJK'[Number(digit)]!);
}

/** Today in Asia/Seoul plus `days`, as YYYY-MM-DD. */
export function seoulDate(days: number): string {
  const now = new Date(Date.now() + 9 * 3_600_000 + days * 86_400_000);
  return now.toISOString().slice(0, 10);
}

/** An employer's create body in the branch, with its own business number; `overrides` for what a test names. */
export function employerBody(branchId: number, overrides: Record<string, unknown> = {}) {
  return {
    company_name: `이투이상사 ${uniqueDigits(5)}`,
    business_reg_no: businessRegNo(`4${uniqueDigits(8)}`),
    ceo_name: '최대표',
    biz_entity_type: 'corporation',
    industry: 'manufacturing',
    region: '경기도',
    zip_code: '15588',
    road_address: '경기도 안산시 단원구 산단로 9',
    phone: '031-400-9000',
    branch_id: branchId,
    ...overrides,
  };
}

/** A job post's create body for the employer: full-time assembly work on weekdays, E-9 allowed. */
export function jobPostBody(employerId: number, overrides: Record<string, unknown> = {}) {
  return {
    employer_id: employerId,
    title: `조립 보조 ${uniqueDigits(4)}`,
    industry: 'manufacturing',
    job_description: '조립 보조',
    headcount: 2,
    region: '경기도',
    work_address: '경기도 안산시',
    work_days: ['mon', 'tue', 'wed', 'thu', 'fri'],
    work_start_time: '08:00',
    work_end_time: '17:00',
    salary_type: 'monthly',
    salary_amount: 2_700_000,
    allowed_visa_types: ['E-9'],
    ...overrides,
  };
}

export async function apiCreate<T = { id: number }>(
  request: APIRequestContext,
  path: string,
  data: unknown,
): Promise<T> {
  const { token } = await apiLogin(request);
  const response = await request.post(`/api/v1/${path}`, { headers: await apiHeaders(request, token), data });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

export async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const { token } = await apiLogin(request);
  const response = await request.get(`/api/v1/${path}`, { headers: await apiHeaders(request, token) });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

export async function createBranch(request: APIRequestContext, name: string) {
  return apiCreate<{ id: number; name: string }>(request, 'branches', {
    name,
    code: `E2E-${uniqueDigits(6)}`,
    region: '경기도',
    address: '경기도 안산시 단원구',
    phone: '031-400-1000',
  });
}

/** An antd Select reached through its form label: open it, type, pick the option. */
export async function pickOption(page: Page, scope: Locator | Page, label: string, option: string) {
  const select = scope.getByLabel(label, { exact: true });
  await select.click();
  // Searchable selects filter as you type; the others list every option (the wanted ones are near the top).
  if (await select.isEditable()) await select.fill(option);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
    .first()
    .click();
}

/** An antd DatePicker reached through its form label. */
export async function pickDate(scope: Locator | Page, label: string, date: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(date);
  await input.press('Enter');
}

/**
 * One status step from a record's detail page: the dialog's dates and reason filled in, then its
 * confirm button, which carries the step's own label.
 */
export async function statusStep(
  page: Page,
  button: string,
  fill: { dates?: Record<string, string>; reason?: string } = {},
) {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog');
  for (const [label, date] of Object.entries(fill.dates ?? {})) await pickDate(dialog, label, date);
  if (fill.reason) await dialog.getByLabel('사유', { exact: true }).fill(fill.reason);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** PATCH settings with the version just read, as the settings screen sends it (a stale one is refused). */
export async function patchSettings(request: APIRequestContext, data: Record<string, unknown>) {
  const { token } = await apiLogin(request);
  const headers = await apiHeaders(request, token);
  const read = await request.get('/api/v1/settings', { headers });
  const { version } = (await read.json()) as { version: number };
  return request.patch('/api/v1/settings', { headers, data: { ...data, version } });
}

export async function apiPost(request: APIRequestContext, path: string, data: unknown) {
  const { token } = await apiLogin(request);
  const response = await request.post(`/api/v1/${path}`, { headers: await apiHeaders(request, token), data });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

/**
 * A 고용허가서 (E-9) and a 특례고용가능확인서 (H-2) of the employer, valid from a year ago for three years: an E-9 or
 * H-2 worker is proposed only with a warning, and contracted not at all, without one
 * (docs/law-as-data.md#employer-permits-and-quota).
 */
export async function grantPermits(request: APIRequestContext, employerId: number) {
  for (const type of ['employment_permit', 'special_employment_confirmation']) {
    await apiCreate(request, `employers/${employerId}/permits`, {
      type,
      permit_no: `E2E-${uniqueDigits(6)}`,
      valid_from: seoulDate(-365),
      valid_to: seoulDate(1095),
      headcount: 10,
    });
  }
}

/** An approved employer, an active post and `count` workers matched to it and working. */
export async function workingMatchings(request: APIRequestContext, count: number) {
  const branch = await createBranch(request, `E2E 리뷰지점 ${uniqueDigits(4)}`);
  const employer = await apiCreate<{ id: number; version: number }>(
    request,
    'employers',
    employerBody(branch.id, {
      company_name: `이투이리뷰 ${uniqueDigits(5)}`,
      biz_entity_type: 'individual',
      region: '충청남도',
      zip_code: '31000',
      road_address: '충청남도 천안시 서북구 1',
      phone: '041-500-1000',
    }),
  );
  await apiPost(request, `employers/${employer.id}/status`, {
    status: 'approved',
    version: employer.version,
  });
  await grantPermits(request, employer.id);
  const jobPost = await apiCreate<{ id: number; version: number }>(
    request,
    'job-posts',
    jobPostBody(employer.id, {
      title: `도장 보조 ${uniqueDigits(4)}`,
      job_description: '도장 보조',
      headcount: 5,
      region: '충청남도',
      work_address: '충청남도 천안시',
      submit: true,
    }),
  );
  await apiPost(request, `job-posts/${jobPost.id}/status`, { status: 'active', version: jobPost.version });
  const matchings: number[] = [];
  const workers: number[] = [];
  for (let i = 0; i < count; i++) {
    const worker = await apiCreate<{ id: number }>(request, 'workers', {
      first_name: 'REVIEW',
      last_name: `LE${uniqueDigits(5)}`,
      gender: 'female',
      date_of_birth: '1996-06-06',
      nationality: 'VN',
      visa_type: 'E-9',
      visa_expiry_date: seoulDate(800),
      branch_id: branch.id,
    });
    let matching = await apiCreate<{ id: number; version: number }>(request, 'matchings', {
      job_post_id: jobPost.id,
      worker_id: worker.id,
    });
    for (const [status, extra] of [
      ['interview', {}],
      ['accepted', {}],
      ['contracted', { contract_date: seoulDate(0), start_date: seoulDate(0) }],
      ['working', { start_date: seoulDate(0) }],
    ] as const) {
      matching = await apiPost(request, `matchings/${matching.id}/status`, {
        status,
        version: matching.version,
        ...extra,
      });
    }
    matchings.push(matching.id);
    workers.push(worker.id);
  }
  return { branchId: branch.id, employerId: employer.id, jobPostId: jobPost.id, matchings, workers };
}
