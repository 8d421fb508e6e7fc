import { errorMessages } from '@ilson/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, insertBranch, insertEmployer, jobPostBody, signedIn } from '../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../test/helpers';

type Detail = { field?: string; message: string };

let ctx: TestContext;
let admin: Api;
let employerId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const branchId = (await insertBranch(ctx)).id;
  employerId = (await insertEmployer(ctx, branchId)).id;
  admin = (await signedIn(ctx, 'admin')).api;
});
afterAll(async () => {
  await ctx?.close();
});

function detailsOf(response: { statusCode: number; json(): unknown; body: string }): Detail[] {
  expect(response.statusCode, response.body).toBe(400);
  const { error } = response.json() as { error: { code: string; message: string; details: Detail[] } };
  expect(error.code).toBe('INVALID_REQUEST');
  expect(error.message).toBe(errorMessages.INVALID_REQUEST);
  for (const { message } of error.details) {
    expect(message).toMatch(/[가-힣]/);
    expect(message).not.toMatch(/number|string|undefined|잘못된 입력|예상 타입|너무 작습니다/);
  }
  return error.details;
}

describe('validation errors speak Korean and name the field', () => {
  it('asks for a missing number by its label', async () => {
    const { headcount: _, ...body } = jobPostBody(employerId);
    const details = detailsOf(await admin.post('/job-posts', body));
    expect(details).toEqual([{ field: 'headcount', message: '모집 인원을 입력해 주세요.' }]);
  });

  it('gives the lower bound of a number too small, on its snake_case field', async () => {
    const details = detailsOf(
      await admin.post('/job-posts', jobPostBody(employerId, { headcount: 0, salary_amount: 0 })),
    );
    expect(details).toEqual([
      { field: 'headcount', message: '모집 인원은 1 이상이어야 합니다.' },
      { field: 'salary_amount', message: '급여액은 1 이상이어야 합니다.' },
    ]);
  });

  it('asks for a number where text was sent, and keeps a schema’s own message', async () => {
    const details = detailsOf(
      await admin.post('/job-posts', jobPostBody(employerId, { salary_amount: '250만 원', title: '가' })),
    );
    expect(details).toEqual([
      { field: 'title', message: '제목을 2자 이상 입력해 주세요.' },
      { field: 'salary_amount', message: '급여액은 숫자로 입력해 주세요.' },
    ]);
  });

  it('names a query parameter by its label', async () => {
    const details = detailsOf(await admin.get('/job-posts?page_size=1000'));
    expect(details).toEqual([{ field: 'page_size', message: '페이지 크기는 100 이하여야 합니다.' }]);
  });
});
