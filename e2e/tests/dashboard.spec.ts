import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  apiCreate,
  apiGet,
  businessRegNo,
  createBranch,
  grantPermits,
  seoulDate,
  uniqueDigits,
} from './records';
import { apiHeaders, apiLogin, signIn } from './support';

type Dashboard = { employers: { pending: number } };

function employerBody(branchId: number, company: string) {
  return {
    company_name: company,
    business_reg_no: businessRegNo(`52${uniqueDigits(7)}`),
    ceo_name: '한대표',
    biz_entity_type: 'corporation',
    industry: 'manufacturing',
    region: '경기도',
    zip_code: '15588',
    road_address: '경기도 안산시 단원구 산단로 7',
    phone: '031-400-7000',
    branch_id: branchId,
  };
}

async function post<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const { token } = await apiLogin(request);
  const response = await request.post(`/api/v1/${path}`, { headers: await apiHeaders(request, token), data });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

/** Workers whose visas fall in and beyond the alert windows, of a few nationalities; two of them matched. */
async function workersAndMatchings(request: APIRequestContext, branchId: number) {
  const employer = await apiCreate<{ id: number; version: number }>(
    request,
    'employers',
    employerBody(branchId, `대시보드정밀 ${uniqueDigits(5)}`),
  );
  await post(request, `employers/${employer.id}/status`, { status: 'approved', version: employer.version });
  await grantPermits(request, employer.id);
  const jobPost = await apiCreate<{ id: number; version: number }>(request, 'job-posts', {
    employer_id: employer.id,
    title: `조립 ${uniqueDigits(4)}`,
    industry: 'manufacturing',
    job_description: '부품 조립',
    headcount: 5,
    region: '경기도',
    work_address: '경기도 안산시',
    work_days: ['mon', 'tue', 'wed', 'thu', 'fri'],
    work_start_time: '09:00',
    work_end_time: '18:00',
    salary_type: 'monthly',
    salary_amount: 2_600_000,
    allowed_visa_types: ['E-9'],
    submit: true,
  });
  await post(request, `job-posts/${jobPost.id}/status`, { status: 'active', version: jobPost.version });
  const rows = [
    ['PH', 3],
    ['VN', 12],
    ['VN', -2],
    ['KH', 45],
    ['NP', 400],
  ] as const;
  for (const [index, [nationality, days]] of rows.entries()) {
    const worker = await apiCreate<{ id: number }>(request, 'workers', {
      first_name: 'DASH',
      last_name: `${nationality}${uniqueDigits(5)}`,
      gender: 'female',
      date_of_birth: '1994-04-04',
      nationality,
      visa_type: 'E-9',
      visa_expiry_date: seoulDate(days),
      branch_id: branchId,
    });
    if (index === 1 || index === 3) {
      const matching = await apiCreate<{ id: number; version: number }>(request, 'matchings', {
        job_post_id: jobPost.id,
        worker_id: worker.id,
      });
      if (index === 3) {
        await post(request, `matchings/${matching.id}/status`, {
          status: 'interview',
          version: matching.version,
          interview_at: new Date(Date.now() + 86_400_000).toISOString(),
        });
      }
    }
  }
}

test('the pending-employers card counts a new pending employer and opens the filtered list', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const branch = await createBranch(request, `E2E 대시보드지점 ${uniqueDigits(4)}`);
  await workersAndMatchings(request, branch.id);
  const before = await apiGet<Dashboard>(request, 'dashboard');
  const company = `대시보드제조 ${uniqueDigits(5)}`;
  const employer = await apiCreate<{ id: number; status: string }>(
    request,
    'employers',
    employerBody(branch.id, company),
  );
  expect(employer.status).toBe('pending');

  await signIn(page);
  await page.goto('/dashboard');
  const card = page.getByRole('link', { name: `승인 대기 사업주 ${before.employers.pending + 1}곳` });
  await expect(card).toBeVisible();
  await expect(
    page.getByRole('figure', { name: '월별 매칭 추이 차트' }).locator('svg').first(),
  ).toBeVisible();
  await expect(page.getByRole('figure', { name: '국적별 근로자 차트' }).locator('svg').first()).toBeVisible();
  await page.screenshot({ path: '/tmp/dash-1280.png' });
  // The shell scrolls its content area, not the page.
  await page.locator('.ant-layout-content').evaluate((content) => content.scrollTo(0, content.scrollHeight));
  await page.screenshot({ path: '/tmp/dash-1280-bottom.png' });
  await page.locator('.ant-layout-content').evaluate((content) => content.scrollTo(0, 0));
  await page.setViewportSize({ width: 1920, height: 1080 });
  await expect(card).toBeVisible();
  await page.screenshot({ path: '/tmp/dash-1920.png' });
  await page.setViewportSize({ width: 1280, height: 800 });

  await card.click();
  await expect(page).toHaveURL(/\/employers\?status=pending$/);
  await expect(page.getByRole('heading', { level: 1, name: '승인 대기 사업주' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(company) })).toBeVisible();
});
