import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiCreate, createBranch, seoulDate, uniqueDigits, uniqueLetters } from './records';
import { signIn } from './support';

test('the filtered worker list downloads as 근로자목록_{today}.xlsx holding exactly those rows', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const branch = await createBranch(request, `E2E 내보내기지점 ${uniqueDigits(4)}`);
  const prefix = `EXP${uniqueLetters(5)}`;
  const lastNames = [`${prefix}A`, `${prefix}B`, `${prefix}C`];
  for (const [index, lastName] of lastNames.entries()) {
    await apiCreate(request, 'workers', {
      first_name: 'TEST',
      last_name: lastName,
      gender: index === 1 ? 'female' : 'male',
      date_of_birth: '1994-04-04',
      nationality: 'VN',
      visa_type: 'E-9',
      visa_expiry_date: '2028-01-01',
      branch_id: branch.id,
    });
  }
  // One more worker of the same branch whose name does not match the search: it must not be in the file.
  await apiCreate(request, 'workers', {
    first_name: 'OTHER',
    last_name: `ZZ${uniqueDigits(5)}`,
    gender: 'male',
    date_of_birth: '1990-01-01',
    nationality: 'KH',
    visa_type: 'E-9',
    visa_expiry_date: '2028-01-01',
    branch_id: branch.id,
  });

  await signIn(page);
  await page.goto(`/workers?q=${prefix}`);
  await expect(page.getByRole('row', { name: new RegExp(`${prefix}A`) })).toBeVisible();
  await page.getByRole('button', { name: /내보내기/ }).click();
  const dialog = page.getByRole('dialog', { name: '목록 내보내기' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('다운로드 사유').fill('E2E 내보내기 확인');
  const downloadPromise = page.waitForEvent('download');
  await dialog.getByRole('button', { name: '다운로드' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`근로자목록_${seoulDate(0)}.xlsx`);
  await expect(page.getByText('근로자 데이터를 성공적으로 내보냈습니다.')).toBeVisible();

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  const values: unknown[][] = [];
  sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
  const [header, ...rows] = values;
  expect(header?.[2]).toBe('영문 성명');
  expect(rows.map((row) => String(row[2]).split(' ')[0]).sort()).toEqual(lastNames);
  expect(rows.every((row) => row[15] === branch.name)).toBe(true);
});
