import { expect, test } from '@playwright/test';
import { apiCreate, businessRegNo, createBranch, pickOption, uniqueDigits } from './records';
import { apiHeaders, apiLogin, signIn } from './support';

test('register an employer, find it under pending approval, approve it with the bulk action', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const branch = await createBranch(request, `E2E 사업주지점 ${uniqueDigits(4)}`);
  const company = `이투이제조 ${uniqueDigits(5)}`;
  const regNo = businessRegNo(`21081${uniqueDigits(4)}`);
  await signIn(page);

  await page.goto('/employers/new');
  await page.getByLabel('상호(회사명)').fill(company);
  await page.getByLabel('사업자등록번호').fill(regNo);
  await page.getByLabel('대표자명').fill('김대표');
  await page.getByRole('radiogroup').getByText('법인', { exact: true }).click();
  await pickOption(page, page, '업종', '제조업');
  await pickOption(page, page, '시도', '경기도');
  await page.getByLabel('우편번호').fill('15588');
  await page.getByLabel('도로명 주소').fill('경기도 안산시 단원구 산단로 1');
  await page.getByLabel('대표 전화').fill('031-400-1234');
  await pickOption(page, page, '담당 지점', branch.name);
  await page.getByRole('button', { name: '등록', exact: true }).click();
  await expect(page.getByText('등록되었습니다.')).toBeVisible();
  await expect(page.getByRole('heading', { name: company })).toBeVisible();

  // The sidebar's 사업주 관리 group is open on an employer's page: its 승인 대기 link is the filtered list.
  await page
    .getByRole('navigation', { name: '주 메뉴' })
    .getByRole('link', { name: '승인 대기' })
    .first()
    .click();
  await expect(page).toHaveURL(/\/employers\?status=pending/);
  const row = page.getByRole('row', { name: new RegExp(company) });
  await expect(row).toBeVisible();
  await expect(row.getByText('승인 대기')).toBeVisible();

  await row.getByRole('checkbox').check();
  await expect(page.getByText('이 페이지에서 1건 선택됨')).toBeVisible();
  await page.getByRole('toolbar').getByRole('button', { name: '승인', exact: true }).click();
  await page.getByRole('dialog', { name: '승인: 1건' }).getByRole('button', { name: '실행' }).click();
  // The job runs on the server; its window follows it to the end.
  const job = page.getByRole('dialog', { name: '일괄 승인 완료' });
  await expect(job.getByText('처리 1건 · 제외 0건').first()).toBeVisible();
  await job.getByRole('button', { name: '닫기' }).last().click();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '승인 대기 사업주' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(company) })).toHaveCount(0);
  await page.goto('/employers');
  await expect(
    page.getByRole('row', { name: new RegExp(company) }).getByText('승인', { exact: true }),
  ).toBeVisible();
});

test('two admins edit one employer: the second gets the conflict dialog with a comparison and keeps the input', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const branch = await createBranch(request, `E2E 충돌지점 ${uniqueDigits(4)}`);
  const employer = await apiCreate<{ id: number; version: number }>(request, 'employers', {
    company_name: `충돌확인 ${uniqueDigits(5)}`,
    business_reg_no: businessRegNo(`60${uniqueDigits(7)}`),
    ceo_name: '처음대표',
    biz_entity_type: 'corporation',
    industry: 'manufacturing',
    region: '경기도',
    zip_code: '15588',
    road_address: '경기도 안산시 단원구 산단로 3',
    phone: '031-400-4000',
    branch_id: branch.id,
  });
  await signIn(page);
  await page.goto(`/employers/${employer.id}?mode=edit`);
  const ceo = page.getByLabel('대표자명');
  await expect(ceo).toHaveValue('처음대표');
  await ceo.fill('내가 고친 대표');

  // Meanwhile another admin saves the same record.
  const { token } = await apiLogin(request);
  const other = await request.patch(`/api/v1/employers/${employer.id}`, {
    headers: await apiHeaders(request, token),
    data: { ceo_name: '다른 관리자 대표', version: employer.version },
  });
  expect(other.status(), await other.text()).toBe(200);

  await page.getByRole('button', { name: '저장' }).click();
  // The newest one: a dialog that is closing may still be in the page.
  const dialog = page.getByRole('dialog').filter({ hasText: '다른 사용자가 먼저 수정했습니다' }).last();
  await expect(dialog).toBeVisible();
  const compared = dialog.getByRole('table', { name: '내 입력과 최신 내용 비교' });
  await expect(compared.getByRole('row', { name: /대표자명 내가 고친 대표 다른 관리자 대표/ })).toBeVisible();

  await dialog.getByRole('button', { name: '입력 내용 유지' }).click();
  await expect(ceo).toHaveValue('내가 고친 대표');
  await page.getByRole('button', { name: '저장' }).click();
  await dialog.getByRole('button', { name: '최신 내용 불러오기' }).click();
  await expect(ceo).toHaveValue('다른 관리자 대표');
});
