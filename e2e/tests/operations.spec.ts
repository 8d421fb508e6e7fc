import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  apiCreate,
  apiGet,
  businessRegNo,
  createBranch,
  seoulDate,
  uniqueDigits,
  uniqueLetters,
} from './records';
import { apiHeaders, apiLogin, signIn } from './support';

async function post(request: APIRequestContext, path: string, data: unknown) {
  const { token } = await apiLogin(request);
  const response = await request.post(`/api/v1/${path}`, { headers: await apiHeaders(request, token), data });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

/** An approved employer, an active post and `count` workers matched to it and working. */
async function workingMatchings(request: APIRequestContext, count: number) {
  const branch = await createBranch(request, `E2E 리뷰지점 ${uniqueDigits(4)}`);
  const employer = await apiCreate<{ id: number; version: number }>(request, 'employers', {
    company_name: `이투이리뷰 ${uniqueDigits(5)}`,
    business_reg_no: businessRegNo(`40${uniqueDigits(7)}`),
    ceo_name: '최대표',
    biz_entity_type: 'individual',
    industry: 'manufacturing',
    region: '충청남도',
    zip_code: '31000',
    road_address: '충청남도 천안시 서북구 1',
    phone: '041-500-1000',
    branch_id: branch.id,
  });
  await post(request, `employers/${employer.id}/status`, { status: 'approved', version: employer.version });
  const jobPost = await apiCreate<{ id: number; version: number }>(request, 'job-posts', {
    employer_id: employer.id,
    title: `도장 보조 ${uniqueDigits(4)}`,
    industry: 'manufacturing',
    job_description: '도장 보조',
    headcount: 5,
    region: '충청남도',
    work_address: '충청남도 천안시',
    work_days: ['mon', 'tue', 'wed', 'thu', 'fri'],
    work_start_time: '08:00',
    work_end_time: '17:00',
    salary_type: 'monthly',
    salary_amount: 2_700_000,
    allowed_visa_types: ['E-9'],
    submit: true,
  });
  await post(request, `job-posts/${jobPost.id}/status`, { status: 'active', version: jobPost.version });
  const matchings: number[] = [];
  for (let i = 0; i < count; i++) {
    const worker = await apiCreate<{ id: number }>(request, 'workers', {
      first_name: 'REVIEW',
      last_name: `LE${uniqueDigits(5)}`,
      gender: 'female',
      date_of_birth: '1996-06-06',
      nationality: 'VN',
      visa_type: 'E-9',
      visa_expiry_date: seoulDate(800),
      branch_id: branch.id,
    });
    let matching = await apiCreate<{ id: number; version: number }>(request, 'matchings', {
      job_post_id: jobPost.id,
      worker_id: worker.id,
    });
    for (const [status, extra] of [
      ['interview', {}],
      ['accepted', {}],
      ['contracted', { contract_date: seoulDate(0), start_date: seoulDate(0) }],
      ['working', { start_date: seoulDate(0) }],
    ] as const) {
      matching = await post(request, `matchings/${matching.id}/status`, {
        status,
        version: matching.version,
        ...extra,
      });
    }
    matchings.push(matching.id);
  }
  return matchings;
}

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
  const [first, second] = await workingMatchings(request, 2);
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
  const [matching] = await workingMatchings(request, 1);
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
