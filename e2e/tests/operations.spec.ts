import { expect, test } from '@playwright/test';
import {
  apiCreate,
  apiGet,
  apiPost,
  businessRegNo,
  createBranch,
  seoulDate,
  uniqueDigits,
  uniqueLetters,
  workingMatchings,
} from './records';
import { signIn } from './support';

test('a notice whose content tried <img onerror> renders without running script', async ({
  page,
  request,
}) => {
  const title = `XSS 점검 공지 ${uniqueDigits(5)}`;
  const notice = await apiCreate<{ id: number; content: string }>(request, 'notices', {
    title,
    content:
      '<p>안전 점검 안내</p><img src="x" onerror="window.__xss = 1; alert(1)"><a href="javascript:window.__xss=2">링크</a><svg onload="window.__xss=3"></svg>',
    status: 'published',
  });
  expect(notice.content).not.toMatch(/onerror|javascript:|<svg/i);
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await signIn(page);
  await page.goto(`/notices/${notice.id}`);
  await expect(page.getByText('안전 점검 안내')).toBeVisible();
  await page.waitForTimeout(500);
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(await page.locator('[onerror], [onload], a[href^="javascript:"]').count()).toBe(0);
});

test('three reviews are moderated from the keyboard, each decision logged with the moderator', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // The queue shows the oldest pending review first: reviews other suites left pending are published first, so
  // the three below are the queue.
  const waiting = await apiGet<{ data: { id: number; version: number }[] }>(
    request,
    'reviews?status=pending&page_size=100',
  );
  for (const review of waiting.data) {
    await apiPost(request, `reviews/${review.id}/status`, { status: 'published', version: review.version });
  }
  const [first, second] = (await workingMatchings(request, 2)).matchings;
  const marker = `E2E${uniqueDigits(5)}`;
  const reviews = [
    await apiCreate<{ id: number }>(request, 'reviews', {
      matching_id: first,
      reviewer_type: 'employer',
      rating: 5,
      content: `${marker} 성실하고 꼼꼼하게 일합니다.`,
    }),
    await apiCreate<{ id: number }>(request, 'reviews', {
      matching_id: first,
      reviewer_type: 'worker',
      rating: 4,
      content: `${marker} 기숙사가 깨끗하고 좋아요.`,
    }),
    await apiCreate<{ id: number }>(request, 'reviews', {
      matching_id: second,
      reviewer_type: 'employer',
      rating: 1,
      content: `${marker} 연락처 010-1234-5678 로 직접 연락 주세요.`,
    }),
  ];
  await signIn(page);
  await page.goto('/reviews/moderation');
  await expect(page.getByText('단축키')).toBeVisible();

  for (const text of ['성실하고 꼼꼼하게', '기숙사가 깨끗하고']) {
    await expect(page.getByText(text).first()).toBeVisible();
    await page.keyboard.press('a');
    await expect(page.getByText('게시했습니다.').first()).toBeVisible();
  }
  await expect(page.getByText('직접 연락 주세요').first()).toBeVisible();
  await page.keyboard.press('h');
  const reason = page.getByRole('textbox', { name: '숨김 사유' });
  await expect(reason).toBeFocused();
  await reason.fill('개인 연락처 노출');
  await page.keyboard.press('Enter');
  await expect(page.getByText('숨겼습니다.').first()).toBeVisible();

  const statuses = await Promise.all(
    reviews.map((review) =>
      apiGet<{ status: string; moderatedByName: string | null }>(request, `reviews/${review.id}`),
    ),
  );
  expect(statuses.map((review) => review.status)).toEqual(['published', 'published', 'hidden']);
  const history = await apiGet<{ data: { action: string; actor_login_id: string; reason: string | null }[] }>(
    request,
    `reviews/${reviews[2]!.id}/history`,
  );
  expect(history.data).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ actor_login_id: 'admin', reason: '개인 연락처 노출' }),
    ]),
  );
});

test('payloads stored in names, memos, notices and reviews render inert in lists and details', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const marker = `X${uniqueLetters(6)}`;
  // Short enough for a 50-character name; each tries another way in.
  const payloads = [
    `${marker}<img src=x onerror=alert(1)>`,
    `${marker}<script>window.__xss=2</script>`,
    `${marker}"><svg onload=alert(3)>`,
    `${marker}<a href="javascript:alert(4)">a</a>`,
  ];
  const branch = await createBranch(request, payloads[0]!);
  const employer = await apiCreate<{ id: number }>(request, 'employers', {
    company_name: payloads[1],
    business_reg_no: businessRegNo(`50${uniqueDigits(7)}`),
    ceo_name: payloads[2],
    biz_entity_type: 'corporation',
    industry: 'manufacturing',
    region: '경기도',
    zip_code: '15588',
    road_address: payloads[3],
    phone: '031-400-3000',
    branch_id: branch.id,
    admin_memo: payloads.join('\n'),
  });
  const worker = await apiCreate<{ id: number }>(request, 'workers', {
    name_ko: payloads[0],
    first_name: payloads[2],
    last_name: payloads[1],
    gender: 'male',
    date_of_birth: '1993-03-03',
    nationality: 'VN',
    visa_type: 'E-9',
    visa_expiry_date: seoulDate(400),
    branch_id: branch.id,
    admin_memo: payloads.join('\n'),
  });
  await apiCreate(request, 'notices', {
    title: payloads[3],
    content: `<p>${marker}</p>`,
    status: 'published',
  });
  const [matching] = (await workingMatchings(request, 1)).matchings;
  await apiCreate(request, 'reviews', {
    matching_id: matching,
    reviewer_type: 'worker',
    rating: 2,
    content: `${payloads.join(' ')} 일하기 힘들었어요.`,
  });

  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await signIn(page);
  for (const path of [
    '/branches',
    `/employers?q=${marker}`,
    `/employers/${employer.id}`,
    `/workers?q=${marker}`,
    `/workers/${worker.id}`,
    '/notices',
    '/reviews',
    '/reviews/moderation',
  ]) {
    await page.goto(path);
    await expect(page.getByText(marker).first(), path).toBeVisible();
    await page.waitForTimeout(300);
    expect(dialogs, path).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), path).toBeUndefined();
    // Shown as text: no element of the payload made it into the page.
    expect(
      await page.locator('img[src="x"], svg[onload], a[href^="javascript:"], [onerror]').count(),
      path,
    ).toBe(0);
  }
});
