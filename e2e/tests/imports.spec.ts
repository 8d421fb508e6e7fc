import { expect, test } from '@playwright/test';
import iconv from 'iconv-lite';
import { businessRegNo, createBranch, uniqueDigits } from './records';
import { signIn } from './support';

const HEADERS = [
  '회사명', // an alias of 상호: mapped by itself
  '사업자등록번호',
  '대표자',
  '사업자 유형',
  '업종',
  '시도',
  '우편번호',
  '도로명 주소',
  '대표 전화',
  '담당 지점',
  '비고란', // no column of the template: left out unless mapped
];

const SHOTS = process.env.E2E_SCREENSHOTS;

test('import employers from a CP949 CSV: map, dry run, error report, commit, undo', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const branch = await createBranch(request, `E2E 가져오기지점 ${uniqueDigits(4)}`);
  const stamp = uniqueDigits(5);
  const row = (n: number, regNo: string) => [
    `가져오기상사 ${stamp}-${n}`,
    regNo,
    '박대표',
    '법인',
    '제조업',
    '경기도',
    '15588',
    '경기도 안산시 단원구 산단로 7',
    '031-400-7000',
    branch.name,
    '',
  ];
  const rows = [
    row(1, businessRegNo(`31${uniqueDigits(7)}`)),
    row(2, businessRegNo(`32${uniqueDigits(7)}`)),
    row(3, '123-45-67890'),
  ];
  const csv = [HEADERS, ...rows].map((cells) => cells.join(',')).join('\r\n');

  await signIn(page);
  await page.goto('/employers');
  await page.getByRole('button', { name: '엑셀 가져오기' }).click();
  await expect(page).toHaveURL(/\/employers\/import$/);
  await expect(page.getByRole('heading', { level: 1, name: '사업주 가져오기' })).toBeVisible();

  const template = page.waitForEvent('download');
  await page.getByRole('button', { name: '양식 내려받기' }).click();
  expect((await template).suggestedFilename()).toBe('사업주_가져오기_양식.xlsx');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/import-upload.png`, fullPage: true });

  await page
    .locator('input[type=file]')
    .setInputFiles({ name: '사업주명단.csv', mimeType: 'text/csv', buffer: iconv.encode(csv, 'cp949') });
  await expect(page.getByText('3행 · CP949')).toBeVisible();
  await expect(page).toHaveURL(/batch=\d+/);
  // Mapped by the header itself (an alias), and the unknown column left out.
  await expect(page.getByRole('row', { name: /^회사명/ })).toContainText('상호 (필수)');
  await expect(page.getByRole('row', { name: /^비고란/ })).toContainText('가져오지 않음');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/import-mapping.png`, fullPage: true });
  await page.getByRole('button', { name: '검사 시작' }).click();

  await expect(page.getByRole('button', { name: '정상 2건 가져오기' })).toBeVisible();
  await expect(page.getByText('올바른 사업자등록번호가 아닙니다. (10자리, 검증번호 확인)')).toBeVisible();
  const report = page.waitForEvent('download');
  await page.getByRole('button', { name: '오류 보고서 내려받기' }).click();
  expect((await report).suggestedFilename()).toMatch(/^사업주_가져오기_\d+_오류\.xlsx$/);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/import-checked.png`, fullPage: true });

  await page.getByRole('button', { name: '정상 2건 가져오기' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '가져오기' }).click();
  await expect(page.getByText('사업주 2건을 가져왔습니다.').first()).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/import-done.png`, fullPage: true });

  // The imported employers are in the list.
  await page.goto(`/employers?q=${encodeURIComponent(`가져오기상사 ${stamp}`)}`);
  await expect(page.getByRole('row', { name: new RegExp(`가져오기상사 ${stamp}-1`) })).toBeVisible();
  await page.goBack();

  await page.getByRole('button', { name: '가져오기 되돌리기' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '가져오기 되돌리기' }).click();
  await expect(page.getByText('되돌렸습니다: 2건 삭제')).toBeVisible();
  await page.goto(`/employers?q=${encodeURIComponent(`가져오기상사 ${stamp}`)}`);
  await expect(page.getByText('등록된 사업주가 없습니다.').or(page.getByText('조건에 맞는'))).toBeVisible();
});
