import { expect, test } from '@playwright/test';
import {
  apiCreate,
  apiGet,
  createBranch,
  pickDate,
  pickOption,
  seoulDate,
  uniqueDigits,
  uniqueLetters,
} from './records';
import { signIn } from './support';

test('a worker’s 외국인등록번호 is listed masked, revealed with a reason, and the reveal is logged', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const branch = await createBranch(request, `E2E 근로자지점 ${uniqueDigits(4)}`);
  const lastName = `NGUYEN${uniqueLetters(4)}`;
  const alienRegNo = `950505-5${uniqueDigits(6)}`;
  await signIn(page);

  await page.goto('/workers/new');
  await page.getByLabel('성 (영문)').fill(lastName);
  await page.getByLabel('이름 (영문)').fill('VAN AN');
  await page.getByRole('radiogroup').getByText('남성', { exact: true }).click();
  await pickDate(page, '생년월일', '1995-05-05');
  await pickOption(page, page, '국적', '베트남');
  await page.getByLabel('외국인등록번호').fill(alienRegNo);
  await pickOption(page, page, '체류자격', 'E-9 비전문취업');
  // An E-9 has a stay limit: its 체류 만료일 is required (docs/DOMAIN.md#identity).
  await pickDate(page, '체류 만료일', '2029-01-31');
  await pickOption(page, page, '담당 지점', branch.name);
  await page.getByRole('button', { name: '등록', exact: true }).click();
  await expect(page.getByText('등록되었습니다.')).toBeVisible();
  const workerId = Number(/\/workers\/(\d+)/.exec(page.url())?.[1]);
  expect(workerId).toBeGreaterThan(0);

  await page.goto(`/workers?q=${lastName}`);
  const row = page.getByRole('row', { name: new RegExp(lastName) });
  await expect(row).toContainText('950505-5******');
  await expect(row).not.toContainText(alienRegNo.replace('-', ''));

  await row.getByText(lastName).first().click();
  await expect(page).toHaveURL(new RegExp(`/workers/${workerId}`));
  await page.getByRole('button', { name: '외국인등록번호 열람' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('열람 사유').fill('체류기간 연장 서류 확인');
  await dialog.getByRole('button', { name: '열람하기' }).click();
  await expect(page.getByText(alienRegNo.replace('-', '')).or(page.getByText(alienRegNo))).toBeVisible();

  const history = await apiGet<{ data: { action: string; reason: string | null }[] }>(
    request,
    `workers/${workerId}/history`,
  );
  expect(history.data).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ action: 'REVEAL', reason: '체류기간 연장 서류 확인' }),
    ]),
  );
});

test('a worker whose visa expires in 20 days is in the D-30 bucket', async ({ page, request }) => {
  const branch = await createBranch(request, `E2E 비자지점 ${uniqueDigits(4)}`);
  const lastName = `SOK${uniqueDigits(5)}`;
  await apiCreate(request, 'workers', {
    first_name: 'DARA',
    last_name: lastName,
    gender: 'male',
    date_of_birth: '1993-03-03',
    nationality: 'KH',
    visa_type: 'E-9',
    visa_expiry_date: seoulDate(20),
    branch_id: branch.id,
  });
  await signIn(page);
  await page.goto('/workers/visa-expiry');
  await page.getByText('D-30', { exact: true }).first().click();
  await expect(page).toHaveURL(/bucket=d30/);
  const row = page.getByRole('row', { name: new RegExp(lastName) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('D-20');
});
