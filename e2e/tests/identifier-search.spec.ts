import { expect, test } from '@playwright/test';
import { apiCreate, apiGet, createBranch, uniqueDigits, uniqueLetters } from './records';
import { signIn } from './support';

test('a search by 여권번호 asks for its purpose first, finds the worker, and the access log keeps the reason', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const branch = await createBranch(request, `E2E 번호검색지점 ${uniqueDigits(4)}`);
  const lastName = `TRAN${uniqueLetters(5)}`;
  const passportNo = `P${uniqueDigits(8)}`;
  await apiCreate(request, 'workers', {
    first_name: 'VAN THANH',
    last_name: lastName,
    gender: 'male',
    date_of_birth: '1993-02-15',
    nationality: 'VN',
    visa_type: 'E-9',
    visa_expiry_date: '2029-01-01',
    passport_no: passportNo,
    branch_id: branch.id,
  });
  await signIn(page);
  await page.goto('/workers');
  await page.getByRole('searchbox', { name: '검색' }).fill(passportNo);
  await page.getByRole('searchbox', { name: '검색' }).press('Enter');

  const dialog = page.getByRole('dialog', { name: '여권번호 검색 사유' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('접속기록');
  await dialog.getByLabel('검색 사유').fill('출입국 서류 대조');
  await dialog.getByRole('button', { name: '검색', exact: true }).click();

  const row = page.getByRole('row', { name: new RegExp(lastName) });
  await expect(row).toBeVisible();
  await expect(page.getByText('여권번호 검색 · 사유: 출입국 서류 대조')).toBeVisible();
  expect(page.url()).not.toContain('reason');

  const log = await apiGet<{ data: { action: string; reason: string | null; summary: string }[] }>(
    request,
    'audit-logs?action=VIEW_PII&target_type=worker&page_size=20',
  );
  const entry = log.data.find((item) => item.reason === '출입국 서류 대조');
  expect(entry?.summary).toContain(`${passportNo.slice(0, 3)}${'*'.repeat(passportNo.length - 5)}`);
  expect(JSON.stringify(log.data)).not.toContain(passportNo);
});
