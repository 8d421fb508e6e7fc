import { expect as baseExpect, test } from '@playwright/test';
import {
  apiCreate,
  apiPost,
  businessRegNo,
  createBranch,
  jobPostBody,
  pickOption,
  seoulDate,
  uniqueDigits,
  uniqueLetters,
} from './records';
import { signIn } from './support';

// Each test opens a lazily loaded screen or two on a machine shared with other suites: patient, not flaky.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 150_000 });

/**
 * The law as data on screen (docs/law-as-data.md): a refusal names its rule and basis, the worker page shows the
 * 취업활동 기간 the rules compute, the 법령 기준표 lists every row, and the worker form asks a student for the permit.
 */

function workerBody(
  branchId: number,
  lastName: string,
  visaType: string,
  extra: Record<string, unknown> = {},
) {
  return {
    first_name: 'LAW',
    last_name: lastName,
    gender: 'male',
    date_of_birth: '1995-05-05',
    nationality: 'VN',
    visa_type: visaType,
    visa_expiry_date: seoulDate(700),
    branch_id: branchId,
    ...extra,
  };
}

test('a worker a law rule refuses: the eligibility panel names the rule and its basis', async ({
  page,
  request,
}) => {
  const branch = await createBranch(request, `E2E 법령지점 ${uniqueDigits(4)}`);
  const employer = await apiCreate<{ id: number; version: number }>(request, 'employers', {
    company_name: `이투이목장 ${uniqueDigits(5)}`,
    business_reg_no: businessRegNo(`31${uniqueDigits(7)}`),
    ceo_name: '한대표',
    biz_entity_type: 'individual',
    industry: 'livestock',
    region: '충청남도',
    zip_code: '31000',
    road_address: '충청남도 천안시 동남구 목장로 1',
    phone: '041-500-2000',
    branch_id: branch.id,
  });
  await apiPost(request, `employers/${employer.id}/status`, {
    status: 'approved',
    version: employer.version,
  });
  const title = `축사 관리 ${uniqueDigits(5)}`;
  const post = await apiCreate<{ id: number; version: number }>(
    request,
    'job-posts',
    jobPostBody(employer.id, {
      title,
      industry: 'livestock',
      job_description: '축사 관리',
      region: '충청남도',
      work_address: '충청남도 천안시',
      submit: true,
    }),
  );
  await apiPost(request, `job-posts/${post.id}/status`, { status: 'active', version: post.version });
  const lastName = `SEASON${uniqueLetters(5)}`;
  await apiCreate(request, 'workers', workerBody(branch.id, lastName, 'E-8'));
  await signIn(page);

  await page.goto('/matchings/new');
  await pickOption(page, page, '채용공고', title);
  await pickOption(page, page, '근로자', lastName);
  const refused = page.getByRole('alert').filter({ hasText: '매칭할 수 없습니다' });
  await expect(refused).toBeVisible();
  await expect(refused.getByText(/E-8 계절근로는 축산업에서 일할 수 없습니다/)).toBeVisible();
  const basis = refused.getByTestId('legal-basis').first();
  await expect(basis).toBeVisible();
  await expect(basis).toContainText('출입국관리법 시행령');
  await expect(basis).toContainText('계절근로');
  await expect(page.getByRole('button', { name: '매칭 등록' }).last()).toBeDisabled();
});

test('an E-9 worker with an entry date: the page shows the period end and the 재고용 request deadline', async ({
  page,
  request,
}) => {
  const branch = await createBranch(request, `E2E 취업기간지점 ${uniqueDigits(4)}`);
  const worker = await apiCreate<{ id: number }>(
    request,
    'workers',
    workerBody(branch.id, `PERIOD${uniqueLetters(5)}`, 'E-9', { entry_date: '2024-03-04' }),
  );
  await signIn(page);
  await page.goto(`/workers/${worker.id}`);
  // 3 years from entry (외국인고용법 제18조), the request a week before its end (제18조의2).
  const end = page.getByRole('cell').filter({ hasText: '2027-03-03' });
  await expect(end).toBeVisible();
  await expect(end.getByTestId('legal-basis')).toContainText('외국인고용법 제18조');
  await expect(page.getByText('재고용 신청 기한')).toBeVisible();
  const deadline = page.getByRole('cell').filter({ hasText: '2027-02-24' });
  await expect(deadline.getByTestId('legal-basis')).toContainText('제18조의2');
});

test('the 법령 기준표 lists every table with its rows, and 확인 필요만 keeps the unconfirmed ones', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/settings');
  await page.getByRole('tab', { name: '법령 기준표' }).click();
  await expect(page).toHaveURL(/\/settings\/law$/);
  await expect(page.getByRole('heading', { level: 1, name: '법령 기준표' })).toBeVisible();
  const rows = page.getByTestId('law-row');
  const all = await rows.count();
  expect(all).toBeGreaterThan(20);
  await expect(page.getByRole('list', { name: '연도별 최저임금' })).toContainText('최저임금법');
  const verified = all - (await page.getByTestId('law-verify-tag').count());

  // A click, then the state: re-listing the rows may take a moment on a busy machine.
  const verifyOnly = page.getByRole('checkbox', { name: '확인 필요만' });
  await verifyOnly.click();
  await expect(verifyOnly).toBeChecked();
  await expect(page).toHaveURL(/verify=1/);
  await expect.poll(() => rows.count()).toBe(all - verified);
  expect(await page.getByTestId('law-verify-tag').count()).toBe(all - verified);
  await expect(rows.first()).toContainText('확인할 내용');

  await verifyOnly.click();
  await expect(verifyOnly).not.toBeChecked();
  await expect.poll(() => rows.count()).toBe(all);

  // A phone reads it without scrolling sideways: cards and lists, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the worker form asks a D-2 student for the 시간제취업허가, and the page shows it', async ({
  page,
  request,
}) => {
  const branch = await createBranch(request, `E2E 유학생지점 ${uniqueDigits(4)}`);
  const lastName = `STUDENT${uniqueLetters(5)}`;
  await signIn(page);
  await page.goto('/workers/new');
  await expect(page.getByLabel('허가 주당 시간', { exact: true })).toHaveCount(0);
  await pickOption(page, page, '체류자격', 'D-2 유학');
  await expect(page.getByText('시간제취업허가 (D-2·D-4)')).toBeVisible();
  await expect(page.getByLabel('허가 주당 시간', { exact: true })).toBeVisible();

  await page.getByLabel('성 (영문)').fill(lastName);
  await page.getByLabel('이름 (영문)').fill('MINH');
  await page.getByText('남성', { exact: true }).click();
  const birth = page.getByLabel('생년월일', { exact: true });
  await birth.click();
  await birth.fill('2001-09-09');
  await birth.press('Enter');
  await pickOption(page, page, '국적', '베트남');
  const expiry = page.getByLabel('체류 만료일', { exact: true });
  await expiry.click();
  await expiry.fill(seoulDate(400));
  await expiry.press('Enter');
  await pickOption(page, page, '담당 지점', branch.name);
  await pickOption(page, page, '유학·연수 과정', '석사·박사');
  await page.getByLabel('시간제취업허가 번호').fill('PT-E2E-01');
  await page.getByLabel('허가 주당 시간', { exact: true }).fill('15');
  const from = page.getByLabel('허가 시작일', { exact: true });
  await from.click();
  await from.fill(seoulDate(-30));
  await from.press('Enter');
  await page.getByRole('button', { name: '등록', exact: true }).click();

  await expect(page).toHaveURL(/\/workers\/\d+$/);
  await expect(page.getByText('PT-E2E-01')).toBeVisible();
  await expect(page.getByText('주 15시간', { exact: true })).toBeVisible();
  await expect(page.getByText('석사·박사', { exact: true })).toBeVisible();
});

test('the employer page shows its permits and the 고용허용인원 in use, with their basis', async ({
  page,
  request,
}) => {
  const branch = await createBranch(request, `E2E 고용허가지점 ${uniqueDigits(4)}`);
  const company = `이투이정밀 ${uniqueDigits(5)}`;
  const employer = await apiCreate<{ id: number }>(request, 'employers', {
    company_name: company,
    business_reg_no: businessRegNo(`32${uniqueDigits(7)}`),
    ceo_name: '정대표',
    biz_entity_type: 'individual',
    industry: 'manufacturing',
    employee_count: 8,
    region: '경기도',
    zip_code: '18000',
    road_address: '경기도 화성시 공단로 1',
    phone: '031-500-2000',
    branch_id: branch.id,
  });
  await apiCreate(request, `employers/${employer.id}/permits`, {
    type: 'employment_permit',
    permit_no: `E2E-${uniqueDigits(6)}`,
    valid_from: seoulDate(-30),
    valid_to: seoulDate(700),
    headcount: 10,
  });
  await signIn(page);
  await page.goto(`/employers/${employer.id}`);
  await page.getByRole('tab', { name: '고용허가' }).click();
  // 8 employees in manufacturing: the table allows 5 E-9/H-2 workers, fewer than the permit's 10.
  const usage = page.getByTestId('permit-usage-E-9');
  await expect(usage).toHaveText('고용허용인원 사용: 0 / 5명');
  const card = page.locator('.ant-card').filter({ has: usage });
  await expect(card.getByText('허가 인원 10명 · 업종 한도 5명 (상시 근로자 8명 기준)')).toBeVisible();
  await expect(card.getByTestId('legal-basis').first()).toContainText('외국인고용법');
  await expect(page.getByRole('cell', { name: /E2E-\d{6}/ })).toBeVisible();
});

test('a worker who used every 사업장 변경: the page shows none left, with its basis', async ({
  page,
  request,
}) => {
  const branch = await createBranch(request, `E2E 사업장변경지점 ${uniqueDigits(4)}`);
  const worker = await apiCreate<{ id: number }>(
    request,
    'workers',
    workerBody(branch.id, `MOVER${uniqueLetters(5)}`, 'E-9', { entry_date: seoulDate(-500) }),
  );
  for (const daysAgo of [400, 300, 200]) {
    await apiCreate(request, `workers/${worker.id}/workplace-changes`, {
      request_date: seoulDate(-daysAgo),
      cause: 'worker_request',
      approved: true,
      approval_date: seoulDate(-daysAgo + 10),
    });
  }
  // One the employer caused does not count (외국인고용법 제25조 제4항).
  await apiCreate(request, `workers/${worker.id}/workplace-changes`, {
    request_date: seoulDate(-100),
    cause: 'employer_caused',
    approved: true,
    approval_date: seoulDate(-95),
  });
  await signIn(page);
  await page.goto(`/workers/${worker.id}`);
  const section = page.getByTestId('workplace-changes');
  await expect(section.getByText('3회 사용 / 3회 중 0회 남음')).toBeVisible();
  await expect(section.getByText('새 사업장 계약 불가')).toBeVisible();
  await expect(section.getByTestId('legal-basis').first()).toContainText('제25조');
  await expect(section.getByText('미산입')).toBeVisible();
});
