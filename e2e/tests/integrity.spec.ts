import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  apiCreate,
  businessRegNo,
  createBranch,
  grantPermits,
  pickDate,
  seoulDate,
  statusStep,
  uniqueDigits,
} from './records';
import { apiHeaders, apiLogin, signIn } from './support';

async function post(request: APIRequestContext, path: string, data: unknown) {
  const { token } = await apiLogin(request);
  const response = await request.post(`/api/v1/${path}`, { headers: await apiHeaders(request, token), data });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/** An approved employer, an active post allowing E-9, an E-9 worker whose visa runs ~1 year, and their matching. */
async function proposedMatching(request: APIRequestContext) {
  const branch = await createBranch(request, `E2E 무결성지점 ${uniqueDigits(4)}`);
  const employer = await apiCreate<{ id: number; version: number }>(request, 'employers', {
    company_name: `무결성정밀 ${uniqueDigits(5)}`,
    business_reg_no: businessRegNo(`31${uniqueDigits(7)}`),
    ceo_name: '최대표',
    biz_entity_type: 'corporation',
    industry: 'manufacturing',
    region: '경기도',
    zip_code: '15588',
    road_address: '경기도 안산시 단원구 산단로 3',
    phone: '031-400-3000',
    branch_id: branch.id,
  });
  await post(request, `employers/${employer.id}/status`, { status: 'approved', version: employer.version });
  await grantPermits(request, employer.id);
  const title = `용접공 모집 ${uniqueDigits(5)}`;
  const jobPost = await apiCreate<{ id: number; version: number }>(request, 'job-posts', {
    employer_id: employer.id,
    title,
    industry: 'manufacturing',
    job_description: '배관 용접',
    headcount: 2,
    // Shorter than the visa's year left: contracting asks no override for a visa ending mid-contract.
    contract_months: 6,
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
  const worker = await apiCreate<{ id: number }>(request, 'workers', {
    first_name: 'VAN BINH',
    last_name: `PHAM${uniqueDigits(5)}`,
    gender: 'male',
    date_of_birth: '1994-04-04',
    nationality: 'VN',
    visa_type: 'E-9',
    visa_expiry_date: seoulDate(365),
    branch_id: branch.id,
  });
  const matching = await apiCreate<{ id: number }>(request, 'matchings', {
    job_post_id: jobPost.id,
    worker_id: worker.id,
  });
  return { workerId: worker.id, matchingId: matching.id, title };
}

test('an edit that would break a contracted matching is refused with a link to it; the skipped interview shows', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { workerId, matchingId } = await proposedMatching(request);
  const startDate = seoulDate(30);
  await signIn(page);

  await page.goto(`/matchings/${matchingId}`);
  const skip = page.getByRole('button', { name: '면접 생략 후 합격', exact: true });
  await skip.click();
  const dialog = page.getByRole('dialog');
  // The reason is required: without it nothing is sent.
  await dialog.getByRole('button', { name: '면접 생략 후 합격', exact: true }).click();
  await expect(dialog.getByText('사유를 입력해 주세요.', { exact: true })).toBeVisible();
  await dialog.getByLabel('사유', { exact: true }).fill('재입사 근로자로 이전 근무 평가가 있음');
  await dialog.getByRole('button', { name: '면접 생략 후 합격', exact: true }).click();
  await expect(dialog).toBeHidden();
  await statusStep(page, '계약 체결', { dates: { 계약일: seoulDate(0), '근무 시작일': startDate } });
  await expect(page.getByText('계약 완료').first()).toBeVisible();

  // (b) The stepper shows the interview as skipped, the timeline the reason.
  const flow = page.getByRole('region', { name: '진행 단계' });
  await expect(flow.getByText('면접 생략', { exact: true })).toBeVisible();
  await expect(flow.getByText('면접', { exact: true })).toHaveCount(0);
  await expect(page.getByText('재입사 근로자로 이전 근무 평가가 있음')).toBeVisible();

  // (a) An expiry date before the start date would make the contract unlawful: refused, naming the matching.
  await page.goto(`/workers/${workerId}?mode=edit`);
  await pickDate(page, '체류 만료일', seoulDate(10));
  await page.getByRole('button', { name: '저장', exact: true }).click();
  const refusal = page.getByRole('alert').filter({ hasText: '진행 중인 매칭' });
  await expect(refusal).toBeVisible();
  const link = refusal.getByRole('link', { name: new RegExp(`^#${matchingId} `) });
  await expect(link).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/workers/${workerId}\\?mode=edit$`));

  await link.click();
  // The form holds unsaved input: leaving asks first.
  const unsaved = page.getByRole('dialog').filter({ hasText: '저장하지 않은 변경 사항' });
  await unsaved.getByRole('button', { name: '나가기' }).click();
  await expect(unsaved).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/matchings/${matchingId}$`));
  await expect(page.getByRole('region', { name: '진행 단계' }).getByText('면접 생략')).toBeVisible();
});
