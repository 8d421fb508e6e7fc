import { expect, test } from '@playwright/test';
import { apiCreate, createBranch, uniqueDigits, uniqueLetters } from './records';
import { signIn } from './support';

/** docs/privacy-lifecycle.md: a data subject's 삭제 request from its registration to the 파기 대장. */
test('a 삭제 request is registered, taken on, carried out, and the destruction is in the 파기 대장', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const branch = await createBranch(request, `E2E 개인정보지점 ${uniqueDigits(4)}`);
  const marker = uniqueLetters(6);
  const worker = await apiCreate<{ id: number }>(request, 'workers', {
    name_ko: `삭제요청 ${marker}`,
    first_name: 'ERASE',
    last_name: marker,
    gender: 'male',
    date_of_birth: '1991-03-03',
    nationality: 'VN',
    phone_number: '010-3333-4444',
    visa_type: 'E-9',
    visa_expiry_date: '2029-01-01',
    branch_id: branch.id,
  });

  await signIn(page);
  await page.goto('/privacy/requests');
  await page.getByRole('button', { name: /요청 접수/ }).click();
  const dialog = page.getByRole('dialog', { name: '정보주체 요청 접수' });
  const picker = dialog.getByRole('combobox', { name: '근로자' });
  await picker.click();
  await picker.fill(`삭제요청 ${marker}`);
  await page.getByTitle(`삭제요청 ${marker}`).click();
  await dialog
    .locator('label')
    .filter({ hasText: /^삭제$/ })
    .click();
  await dialog.getByLabel('요청 내용').fill('앱 탈퇴와 함께 모든 정보 삭제 요구');
  await dialog.getByRole('button', { name: '접수' }).click();
  await expect(page.getByText('요청을 접수했습니다.')).toBeVisible();

  const drawer = page.getByRole('dialog', { name: /정보주체 요청 #/ });
  await expect(drawer.getByText(`삭제요청 ${marker}`)).toBeVisible();
  await drawer.getByRole('button', { name: '내가 맡기' }).click();
  await expect(page.getByText('요청을 저장했습니다.')).toBeVisible();
  await drawer.getByRole('button', { name: /개인정보 파기/ }).click();
  await page
    .locator('.ant-popover')
    .getByRole('button', { name: /개인정보 파기/ })
    .click();
  await expect(page.getByText('개인정보를 파기하고 요청을 완료했습니다.')).toBeVisible();
  await expect(drawer.getByText('완료', { exact: true })).toBeVisible();
  await expect(drawer.getByText('파기됨')).toBeVisible();

  // The worker's record reads 파기됨, and the register lists the destruction with its trigger and approver.
  const record = await request.get(`/api/v1/workers/${worker.id}`, {
    headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` },
  });
  expect((await record.json()).name_ko).toBe('파기됨');
  await page.goto('/privacy/destructions');
  const row = page.getByRole('row', { name: /정보주체 요청/ }).first();
  await expect(row).toContainText('근로자');
  await expect(row).toContainText('1건');
  await expect(row).toContainText(/최고 관리자|관리자/);
});
