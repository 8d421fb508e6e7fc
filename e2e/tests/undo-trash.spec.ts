import { expect, test } from '@playwright/test';
import { apiCreate, businessRegNo, createBranch, uniqueDigits } from './records';
import { signIn } from './support';

/** A pending employer of a branch of its own, made through the API. */
async function pendingEmployer(request: Parameters<typeof apiCreate>[0], prefix: string) {
  const branch = await createBranch(request, `E2E 되돌리기지점 ${uniqueDigits(4)}`);
  const company = `${prefix} ${uniqueDigits(5)}`;
  const employer = await apiCreate<{ id: number }>(request, 'employers', {
    company_name: company,
    business_reg_no: businessRegNo(`41${uniqueDigits(7)}`),
    ceo_name: '한대표',
    biz_entity_type: 'corporation',
    industry: 'manufacturing',
    region: '경기도',
    zip_code: '15588',
    road_address: '경기도 안산시 단원구 산단로 5',
    phone: '031-400-5000',
    branch_id: branch.id,
  });
  return { id: employer.id, company };
}

test('an approval is undone from its toast (docs/undo-and-trash.md)', async ({ page, request }) => {
  const { id, company } = await pendingEmployer(request, '되돌림산업');
  await signIn(page);
  await page.goto(`/employers/${id}`);
  await expect(page.getByRole('heading', { name: company })).toBeVisible();
  await page.getByRole('button', { name: '승인', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: '승인', exact: true }).click();
  const toast = page.getByText("'승인' 처리되었습니다.");
  await expect(toast).toBeVisible();
  await page.getByRole('button', { name: '되돌리기' }).click();
  await expect(page.getByText('변경을 되돌렸습니다.')).toBeVisible();
  await expect(page.locator('header').getByText('승인 대기', { exact: true })).toBeVisible();
  // The history names the undo.
  await page.getByRole('tab', { name: '변경 이력' }).click();
  await expect(page.getByText(/되돌리기: 상태 변경: 승인 대기 → 승인/)).toBeVisible();
});

test('a deleted employer comes back from the 휴지통', async ({ page, request }) => {
  const { id, company } = await pendingEmployer(request, '휴지통상사');
  await signIn(page);
  await page.goto(`/employers/${id}`);
  await page.getByRole('button', { name: '삭제', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: '삭제', exact: true }).click();
  await expect(page).toHaveURL(/\/employers$/);

  await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '휴지통' }).click();
  await expect(page.getByRole('heading', { name: '휴지통' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(company) });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /복원/ }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '복원', exact: true }).click();
  await expect(page.getByText(`'${company}'을(를) 복원했습니다.`)).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.goto(`/employers/${id}`);
  await expect(page.getByRole('heading', { name: company })).toBeVisible();
});
