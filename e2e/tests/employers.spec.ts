import { expect, test } from '@playwright/test';
import { businessRegNo, createBranch, pickOption, uniqueDigits } from './records';
import { signIn } from './support';

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
  await page.getByRole('button', { name: '선택 승인' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /확인|승인/ })
    .last()
    .click();
  await expect(page.getByText(/1곳 승인 완료/)).toBeVisible();
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(page.getByRole('heading', { level: 4, name: '승인 대기 사업주' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(company) })).toHaveCount(0);
  await page.goto('/employers');
  await expect(
    page.getByRole('row', { name: new RegExp(company) }).getByText('승인', { exact: true }),
  ).toBeVisible();
});
