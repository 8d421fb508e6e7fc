import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import iconv from 'iconv-lite';
import { businessRegNo, createBranch, employerBody, jobPostBody, uniqueDigits } from './records';
import { apiHeaders, apiLogin, signIn } from './support';

/**
 * Refusals of a way back (docs/undo-and-trash.md): a restore or an undo that would break a rule now is refused
 * with a Korean message naming the rule and the records in the way, shown in a dialog that stays until closed;
 * an import's refused rows carry their reasons and the error report. E2E_SCREENSHOTS=<dir> keeps the dialogs at
 * the desk's and a phone's width.
 */

const SHOTS = process.env.E2E_SCREENSHOTS;

// Set-up through the API and a dialog each: a little over the default on a loaded machine.
test.describe.configure({ timeout: 60_000 });

/** One signed-in API client for a test's set-up: several calls on one login. */
async function api(request: APIRequestContext) {
  const { token } = await apiLogin(request);
  const send = async <T>(method: 'post' | 'delete', path: string, data?: unknown): Promise<T> => {
    const response = await request[method](`/api/v1/${path}`, {
      headers: await apiHeaders(request, token),
      ...(data === undefined ? {} : { data }),
    });
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
    return response.json() as Promise<T>;
  };
  return {
    post: <T = { id: number; version: number }>(path: string, data: unknown) => send<T>('post', path, data),
    remove: (path: string) => send('delete', path),
  };
}

const refusedEmployerBody = (company: string, branchId: number) =>
  employerBody(branchId, {
    company_name: company,
    business_reg_no: businessRegNo(`43${uniqueDigits(7)}`),
    ceo_name: '거절대표',
  });

const postBody = (employerId: number, title: string) => jobPostBody(employerId, { title });

/** The refusal dialog, at the desk's width and at a phone's, for a look (Korean, nothing cut off). */
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-phone.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function restoreFromTrash(page: Page, type: string, label: string) {
  await page.goto(`/trash?type=${type}`);
  const row = page.getByRole('row', { name: new RegExp(label) });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await row.getByRole('button', { name: /복원/ }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '복원', exact: true }).click();
}

test('a restore into a branch closed since the delete is refused, naming and linking the branch', async ({
  page,
  request,
}) => {
  const client = await api(request);
  const branch = await createBranch(request, `E2E 폐쇄지점 ${uniqueDigits(4)}`);
  const company = `폐쇄지점상사 ${uniqueDigits(5)}`;
  const employer = await client.post('employers', refusedEmployerBody(company, branch.id));
  await client.remove(`employers/${employer.id}`);
  const read = await request.get(`/api/v1/branches/${branch.id}`, {
    headers: await apiHeaders(request, (await apiLogin(request)).token),
  });
  const { version } = (await read.json()) as { version: number };
  await client.post(`branches/${branch.id}/status`, { status: 'inactive', version });

  await signIn(page);
  await restoreFromTrash(page, 'employer', company);
  const dialog = page.getByRole('dialog').filter({ hasText: '복원할 수 없습니다' });
  await expect(dialog).toBeVisible();
  // 은/는 follows how the name is read (es-hangul): the branch, then the rule.
  await expect(dialog).toContainText(branch.name);
  await expect(dialog).toContainText(
    '운영 중지된 지점이어서 복원할 수 없습니다. 지점을 다시 운영한 뒤 복원해 주세요.',
  );
  await expect(dialog).toContainText('걸리는 기록');
  const link = dialog.getByRole('link', { name: branch.name });
  await expect(link).toHaveAttribute('href', `/branches/${branch.id}`);
  await shoot(page, 'restore-branch-closed');
  // Not a passing toast: still there after the toasts' time.
  await page.waitForTimeout(3_500);
  await expect(dialog).toBeVisible();
  // The link closes it and opens the branch.
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/branches/${branch.id}$`));
  await expect(page.getByRole('heading', { name: branch.name })).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('a post whose employer is in the trash is refused until the employer comes back', async ({
  page,
  request,
}) => {
  const client = await api(request);
  const branch = await createBranch(request, `E2E 휴지통지점 ${uniqueDigits(4)}`);
  const company = `삭제된사업주 ${uniqueDigits(5)}`;
  const employer = await client.post('employers', refusedEmployerBody(company, branch.id));
  const title = `부모없는공고 ${uniqueDigits(4)}`;
  const post = await client.post('job-posts', postBody(employer.id, title));
  await client.remove(`job-posts/${post.id}`);
  await client.remove(`employers/${employer.id}`);

  await signIn(page);
  await restoreFromTrash(page, 'job_post', title);
  const dialog = page.getByRole('dialog').filter({ hasText: '복원할 수 없습니다' });
  await expect(dialog).toContainText('이 공고의 사업주가 삭제되어 있습니다. 사업주를 먼저 복원해 주세요.');
  await expect(dialog).toContainText(`사업주 ${company}: 휴지통에 있습니다.`);
  await shoot(page, 'restore-employer-deleted');
  await dialog.getByRole('button', { name: '닫기' }).click();
  await expect(dialog).toBeHidden();
  // The row is still in the trash.
  await expect(page.getByRole('row', { name: new RegExp(title) })).toBeVisible();
});

test("an employer's approval is not undone once a post of it was approved since", async ({
  page,
  request,
}) => {
  const client = await api(request);
  const branch = await createBranch(request, `E2E 되돌림거절지점 ${uniqueDigits(4)}`);
  const company = `되돌림거절 ${uniqueDigits(5)}`;
  const employer = await client.post('employers', refusedEmployerBody(company, branch.id));
  const title = `승인후공고 ${uniqueDigits(4)}`;
  // Submitted for review while the employer waits (a pending employer may hold one): only its approval is left
  // for the toast's seconds.
  const post = await client.post('job-posts', { ...postBody(employer.id, title), submit: true });

  await signIn(page);
  await page.goto(`/employers/${employer.id}`);
  await expect(page.getByRole('heading', { name: company })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: '승인', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: '승인', exact: true }).click();
  await expect(page.getByText("'승인' 처리되었습니다.")).toBeVisible();
  // Within the toast's seconds, a post of the employer is published (another admin's work, here the API).
  await client.post(`job-posts/${post.id}/status`, { status: 'active', version: post.version });
  await page.getByRole('button', { name: '되돌리기' }).click();

  const dialog = page.getByRole('dialog').filter({ hasText: '되돌릴 수 없습니다' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('사업주를 승인 대기 상태로 되돌릴 수 없습니다.');
  await expect(dialog).toContainText(
    '게시 중인 채용공고와 진행 중인 매칭은 승인된 사업주에게만 있을 수 있습니다.',
  );
  const link = dialog.getByRole('link', { name: `#${post.id} ${title}` });
  await expect(link).toHaveAttribute('href', `/job-posts/${post.id}`);
  await shoot(page, 'undo-refused');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/job-posts/${post.id}$`));
  await expect(dialog).toBeHidden();
});

test('an import shows each refused row with its Korean reason and the error report', async ({
  page,
  request,
}) => {
  const branch = await createBranch(request, `E2E 거절가져오기 ${uniqueDigits(4)}`);
  const stamp = uniqueDigits(5);
  const headers = [
    '상호',
    '사업자등록번호',
    '대표자명',
    '사업자 유형',
    '업종',
    '시도',
    '우편번호',
    '도로명 주소',
    '대표 전화',
    '담당 지점',
  ];
  const row = (n: number, regNo: string, entity = '법인') => [
    `거절가져오기 ${stamp}-${n}`,
    regNo,
    '박대표',
    entity,
    '제조업',
    '경기도',
    '15588',
    '경기도 안산시 단원구 산단로 7',
    '031-400-7000',
    branch.name,
  ];
  const good = businessRegNo(`33${uniqueDigits(7)}`);
  const csv = [headers, row(1, good), row(2, '123-45-67890'), row(3, good)]
    .map((cells) => cells.join(','))
    .join('\r\n');

  await signIn(page);
  await page.goto('/employers/import');
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: '거절명단.csv', mimeType: 'text/csv', buffer: iconv.encode(csv, 'cp949') });
  await expect(page.getByText('3행 · CP949')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: '검사 시작' }).click();
  await expect(page.getByRole('button', { name: '정상 1건 가져오기' })).toBeVisible();
  // Each refused row with its row number and its reason.
  await expect(page.getByText('올바른 사업자등록번호가 아닙니다. (10자리, 검증번호 확인)')).toBeVisible();
  await expect(page.getByText('파일의 2행과 중복입니다.')).toBeVisible();
  const report = page.waitForEvent('download');
  await page.getByRole('button', { name: '오류 보고서 내려받기' }).click();
  expect((await report).suggestedFilename()).toMatch(/^사업주_가져오기_\d+_오류\.xlsx$/);
  await shoot(page, 'import-refused-rows');
});
