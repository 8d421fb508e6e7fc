import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { createBranch, seoulDate, uniqueDigits } from './records';
import { apiHeaders, apiLogin, signIn } from './support';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;

async function shoot(page: Page, name: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    // Let the table and drawer settle at the new width before the picture.
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/audit-${name}-${size.width}.png` });
  }
  await page.setViewportSize(SIZES[0]);
}

test('the access log: filter by action, a change in its drawer, 무결성 확인, a monthly review', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // A record changed through the API: its UPDATE row carries the before and after.
  const before = `E2E 감사지점 ${uniqueDigits(5)}`;
  const after = `${before} (이전)`;
  const branch = await createBranch(request, before);
  const { token } = await apiLogin(request);
  const patched = await request.patch(`/api/v1/branches/${branch.id}`, {
    headers: await apiHeaders(request, token),
    data: { name: after, version: 1 },
  });
  expect(patched.status(), await patched.text()).toBe(200);

  await signIn(page);
  await page.goto('/settings/logs');
  const table = page.getByRole('table', { name: '접속기록' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();

  // 작업: 수정 only, picked from the multi-select; the URL keeps it.
  await page.getByRole('combobox', { name: '작업' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^수정$/ }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/action=UPDATE/);
  // Every row shown is a 수정 (the list refetches after the filter: wait for it).
  await expect
    .poll(async () => [...new Set(await table.locator('tbody .ant-tag').allTextContents())])
    .toEqual(['수정']);
  const row = table.getByRole('row', { name: new RegExp(`수정 지점 #${branch.id} `) });
  await expect(row).toBeVisible();
  await shoot(page, 'list');

  // The row's drawer: the change as field, 변경 전, 변경 후.
  await row.click();
  const drawer = page.getByRole('dialog', { name: /접속기록 #\d+/ });
  await expect(drawer).toBeVisible();
  const diff = drawer.getByRole('table', { name: '변경 내용' });
  const nameRow = diff.getByRole('row', { name: /지점명/ });
  await expect(nameRow.getByRole('cell').nth(1)).toHaveText(before);
  await expect(nameRow.getByRole('cell').nth(2)).toHaveText(after);
  await expect(drawer.getByText(/^[0-9a-f]{64}$/).first()).toBeVisible();
  await shoot(page, 'drawer');
  await drawer.getByRole('button', { name: '닫기' }).last().click();
  await expect(drawer).toBeHidden();

  // 무결성 확인 walks the whole chain on the server.
  await page.getByRole('button', { name: /무결성 확인/ }).click();
  await expect(page.getByRole('status').filter({ hasText: /정상: [\d,]+건 확인/ })).toBeVisible();
  await shoot(page, 'verified');

  // CSV 내보내기 of the filtered list, with its purpose: 접속기록_{today}.csv, BOM, Korean header, only 수정.
  await page.getByRole('button', { name: /CSV 내보내기/ }).click();
  const exportDialog = page.getByRole('dialog', { name: '접속기록 내보내기' });
  await exportDialog.getByLabel('다운로드 사유').fill('E2E 접속기록 점검');
  const downloadPromise = page.waitForEvent('download');
  await exportDialog.getByRole('button', { name: '다운로드' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`접속기록_${seoulDate(0)}.csv`);
  await expect(page.getByText('접속기록을 성공적으로 내보냈습니다.')).toBeVisible();
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.startsWith('\uFEFF번호,일시,')).toBe(true);
  const lines = csv.trim().split('\n').slice(1);
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.every((line) => line.split(',')[5] === '수정')).toBe(true);
  expect(csv).toContain(before);

  // 월간 점검 기록: a record for last month, by me.
  await page.getByRole('radiogroup', { name: '보기' }).getByText('월간 점검 기록').click();
  await expect(page).toHaveURL(/tab=reviews/);
  await page.getByRole('button', { name: /점검 기록 등록/ }).click();
  const form = page.getByRole('dialog', { name: '월간 점검 기록 등록' });
  await expect(form).toBeVisible();
  const findings = `E2E 점검 ${uniqueDigits(5)}: 대량 다운로드 없음, 무결성 확인 정상`;
  await form.getByLabel('점검 결과').fill(findings);
  await form.getByLabel('조치 사항').fill('해당 없음');
  await shoot(page, 'review-form');
  await form.getByRole('button', { name: '저장' }).click();
  await expect(page.getByText('월간 점검 기록을 저장했습니다.')).toBeVisible();
  await expect(form).toBeHidden();
  const reviews = page.getByRole('table', { name: '월간 점검 기록' });
  await expect(reviews.getByRole('row', { name: new RegExp(findings.slice(0, 12)) })).toBeVisible();
  await shoot(page, 'reviews');

  // The review itself is in the log as 등록 of 접속기록 점검.
  await page.goto('/settings/logs?action=CREATE&target_type=audit_review');
  await expect(table.getByRole('row', { name: /접속기록 월간 점검 기록 등록/ }).first()).toBeVisible();
});
