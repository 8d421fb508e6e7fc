import { expect, test } from '@playwright/test';
import {
  apiCreate,
  businessRegNo,
  createBranch,
  grantPermits,
  pickOption,
  seoulDate,
  statusStep,
  uniqueDigits,
  uniqueLetters,
} from './records';
import { apiHeaders, apiLogin, signIn } from './support';

async function approvedEmployer(request: Parameters<typeof apiCreate>[0], branchId: number, name: string) {
  const employer = await apiCreate<{ id: number; version: number }>(request, 'employers', {
    company_name: name,
    business_reg_no: businessRegNo(`30${uniqueDigits(7)}`),
    ceo_name: '박대표',
    biz_entity_type: 'corporation',
    industry: 'manufacturing',
    region: '경기도',
    zip_code: '15588',
    road_address: '경기도 안산시 단원구 산단로 2',
    phone: '031-400-2000',
    branch_id: branchId,
  });
  const { token } = await apiLogin(request);
  const approved = await request.post(`/api/v1/employers/${employer.id}/status`, {
    headers: await apiHeaders(request, token),
    data: { status: 'approved', version: employer.version },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  await grantPermits(request, employer.id);
  return employer;
}

function worker(branchId: number, lastName: string, visaType: string) {
  return {
    first_name: 'TEST',
    last_name: lastName,
    gender: 'male',
    date_of_birth: '1994-04-04',
    nationality: 'VN',
    visa_type: visaType,
    visa_expiry_date: seoulDate(700),
    branch_id: branchId,
  };
}

test('a job post for an approved employer is approved, matched with an eligible worker and walked to working', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const branch = await createBranch(request, `E2E 채용지점 ${uniqueDigits(4)}`);
  const company = `이투이정밀 ${uniqueDigits(5)}`;
  await approvedEmployer(request, branch.id, company);
  const lastName = `TRAN${uniqueLetters(5)}`;
  const eligible = await apiCreate<{ id: number }>(request, 'workers', worker(branch.id, lastName, 'E-9'));
  const title = `프레스 생산직 ${uniqueDigits(5)}`;
  await signIn(page);

  await page.goto('/job-posts/new');
  await pickOption(page, page, '사업주', company);
  await page.getByLabel('공고 제목').fill(title);
  await pickOption(page, page, '업종', '제조업');
  await pickOption(page, page, '근무지 시도', '경기도');
  await page.getByLabel('근무지 주소').fill('경기도 안산시 단원구 산단로 2');
  await page.getByLabel('담당 업무').fill('프레스 기계 조작 및 부품 검수');
  await page.getByLabel('급여액').fill('2600000');
  await pickOption(page, page, '허용 체류자격', 'E-9 비전문취업');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '검토 요청' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('승인 대기').first()).toBeVisible();

  await statusStep(page, '승인(게시)');
  await expect(page.getByText('게시 중').first()).toBeVisible();

  await page.goto('/matchings/new');
  await pickOption(page, page, '채용공고', title);
  await pickOption(page, page, '근로자', lastName);
  await expect(page.getByText('매칭 가능', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '매칭 등록' }).last().click();
  await expect(page).toHaveURL(/\/matchings\/\d+/);
  await expect(page.getByText('제안').first()).toBeVisible();

  // The worker was interviewed by the employer before: the skip is recorded with its reason.
  await statusStep(page, '면접 생략 후 합격', { reason: '사업주 사전 면접 완료' });
  await statusStep(page, '계약 체결', { dates: { 계약일: seoulDate(0), '근무 시작일': seoulDate(0) } });
  await statusStep(page, '근무 시작', { dates: { '근무 시작일': seoulDate(0) } });
  await expect(page.getByText('근무 중').first()).toBeVisible();

  await page.goto(`/workers/${eligible.id}`);
  await expect(page.getByText('근무 중').first()).toBeVisible();
});

test('an ineligible pair shows why and cannot be matched', async ({ page, request }) => {
  test.setTimeout(90_000);
  const branch = await createBranch(request, `E2E 부적격지점 ${uniqueDigits(4)}`);
  const company = `이투이물류 ${uniqueDigits(5)}`;
  const employer = await approvedEmployer(request, branch.id, company);
  const title = `상하차 보조 ${uniqueDigits(5)}`;
  const post = await apiCreate<{ id: number; version: number }>(request, 'job-posts', {
    employer_id: employer.id,
    title,
    industry: 'manufacturing',
    job_description: '상하차 보조',
    headcount: 2,
    region: '경기도',
    work_address: '경기도 안산시',
    work_days: ['mon', 'tue', 'wed', 'thu', 'fri'],
    work_start_time: '09:00',
    work_end_time: '18:00',
    salary_type: 'monthly',
    salary_amount: 2_600_000,
    allowed_visa_types: ['E-9', 'H-2'],
    submit: true,
  });
  const { token } = await apiLogin(request);
  const approved = await request.post(`/api/v1/job-posts/${post.id}/status`, {
    headers: await apiHeaders(request, token),
    data: { status: 'active', version: post.version },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  const lastName = `KIM${uniqueLetters(5)}`;
  await apiCreate(request, 'workers', worker(branch.id, lastName, 'E-8'));
  await signIn(page);

  await page.goto('/matchings/new');
  await pickOption(page, page, '채용공고', title);
  await pickOption(page, page, '근로자', lastName);
  await expect(page.getByText('매칭할 수 없습니다')).toBeVisible();
  await expect(page.getByText('E-8 계절근로는 제조업에서 일할 수 없습니다.')).toBeVisible();
  await expect(page.getByRole('button', { name: '매칭 등록' }).last()).toBeDisabled();
});
