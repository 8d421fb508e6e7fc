import { expect, test } from '@playwright/test';
import { apiHeaders, apiLogin, signIn } from './support';

/**
 * docs/privacy-lifecycle.md#access-review: a download with a reason that says nothing becomes a finding of this
 * month's review, and another admin than the one it is about acknowledges it with a note (maker–checker).
 */
test('a download without a clear reason is found in the monthly review and acknowledged with a note', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const tokens = await signIn(page);
  // The download is another admin's: the finding is about them, and the suite's super admin checks it.
  const loginId = `review${Date.now().toString(36)}`;
  const password = 'Review-e2e-2026!';
  const created = await request.post('/api/v1/admins', {
    headers: await apiHeaders(request, tokens.token),
    data: {
      login_id: loginId,
      email: `${loginId}@ilson.test`,
      name: '점검대상',
      role: 'admin',
      invite: false,
      password,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const subject = await apiLogin(request, loginId, password);
  const download = await request.get('/api/v1/exports/employers?format=csv&reason=%E3%85%87%E3%85%87', {
    headers: await apiHeaders(request, subject.token),
  });
  expect(download.status(), await download.text()).toBe(200);

  const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date()).slice(0, 7);
  await page.goto(`/settings/logs?tab=reviews&period=${month}`);
  const findings = page.getByRole('table', { name: '자동 점검 결과' });
  const row = findings
    .getByRole('row')
    .filter({ hasText: '불명확한 다운로드 사유' })
    .filter({ hasText: '점검대상' });
  await expect(row).toContainText('“ㅇㅇ”');
  await row.getByRole('button', { name: /불명확한 다운로드 사유 확인/ }).click();

  const dialog = page.getByRole('dialog', { name: '자동 점검 결과 확인' });
  await dialog.getByRole('button', { name: '확인 저장' }).click();
  await expect(dialog.getByText('확인 내용(소명·조치)을 입력해 주세요.')).toBeVisible();
  await dialog.getByLabel('확인 내용').fill('브라우저 시험: 사업주 목록 확인용 다운로드였음을 본인에게 확인');
  await dialog.getByRole('button', { name: '확인 저장' }).click();
  await expect(page.getByText('점검 결과를 확인했습니다.')).toBeVisible();
  await expect(row).toContainText('확인됨');
  await expect(row).toContainText('사업주 목록 확인용 다운로드');
  await expect(row.getByRole('button', { name: /확인$/ })).toHaveCount(0);

  // The acknowledgement is itself in the access log.
  await page.goto('/settings/logs');
  await expect(page.getByRole('table').first()).toContainText('자동 점검 결과 확인');
});
