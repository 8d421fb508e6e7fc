import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, insertBranch, insertWorker, signedIn } from '../../../test/fixtures';
import { createTestContext, type TestContext, testConfig } from '../../../test/helpers';
import { buildApp } from '../../app';

/**
 * Each admin's global searches and list reads per minute (docs/SECURITY.md#read-limits): counted in the database,
 * so two API processes share one count; past it a Korean 429 in the standard envelope with Retry-After. Another
 * admin, and reads of one record, are not held back.
 */
const limits = { searchRateLimitPerMinute: 3, listRateLimitPerMinute: 5 };
let ctx: TestContext;
let second: Awaited<ReturnType<typeof buildApp>>;
let workerId: number;

beforeAll(async () => {
  ctx = await createTestContext({ config: limits });
  second = await buildApp({ config: { ...testConfig, ...limits }, db: ctx.handle, scheduledJobs: false });
  await second.ready();
  workerId = (await insertWorker(ctx, (await insertBranch(ctx)).id)).id;
});
afterAll(async () => {
  await second?.close();
  await ctx?.close();
});

function expectLimited(reply: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(reply.statusCode).toBe(429);
  const seconds = Number(reply.headers['retry-after']);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(60);
  expect(reply.json()).toEqual({
    error: {
      code: 'RATE_LIMIT',
      message: `짧은 시간에 조회 요청이 너무 많습니다. ${seconds}초 후 다시 시도해 주세요.`,
    },
  });
}

describe('per-admin read limits', () => {
  it('count list reads of every list together, across two processes', async () => {
    const { token } = await signedIn(ctx, 'admin');
    const here = apiAs(ctx, token);
    const there = apiAs({ app: second }, token);
    for (const [api, url] of [
      [here, '/workers'],
      [there, '/employers'],
      [here, '/job-posts'],
      [there, '/workers?page=2'],
      [here, '/users'],
    ] as const) {
      expect((await api.get(url)).statusCode, url).toBe(200);
    }
    expectLimited(await there.get('/workers'));
    expectLimited(await here.get('/matchings'));
    // One record's detail is not a list read.
    expect((await here.get(`/workers/${workerId}`)).statusCode).toBe(200);
    // Another admin has their own count.
    expect((await (await signedIn(ctx, 'admin')).api.get('/workers')).statusCode).toBe(200);
  });

  it('hold the global search to its own count', async () => {
    const { api } = await signedIn(ctx, 'viewer');
    for (let i = 0; i < 3; i++) expect((await api.get('/search?q=응우옌')).statusCode).toBe(200);
    expectLimited(await api.get('/search?q=응우옌'));
    expect((await api.get('/workers')).statusCode).toBe(200);
  });
});
