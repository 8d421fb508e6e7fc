/**
 * No 500 from load (docs/wire.md#a-statement-out-of-time): a statement that runs past statement_timeout
 * answers a retryable 503 QUERY_TIMEOUT envelope with Retry-After, on both engines, and the server answers the next
 * request normally.
 */
import { errorMessages } from '@ilson/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, engine, type TestContext } from '../../../test/helpers';
import { QUERY_TIMEOUT_RETRY_AFTER_SECONDS } from '../errors';

let ctx: TestContext;

/**
 * Test-only routes. On PostgreSQL a statement given 50 ms that needs a second: the real timeout. PGlite runs
 * statements on the caller's thread and has no timer to cancel one (statement_timeout is accepted and ignored),
 * so there the engine raises the same SQLSTATE itself: the mapping is what is under test.
 */
const slowRoutes = async (api: FastifyInstance) => {
  api.get('/test-slow', { config: { access: 'public' } }, async () => {
    await ctx.db.transaction(async (tx) => {
      if (engine === 'pg') {
        await tx.execute(sql`SET LOCAL statement_timeout = '50ms'`);
        await tx.execute(sql`SELECT pg_sleep(1)`);
      } else {
        await tx.execute(
          sql.raw(
            `DO $$ BEGIN RAISE EXCEPTION 'canceling statement due to statement timeout' USING ERRCODE = 'query_canceled'; END $$`,
          ),
        );
      }
    });
    return { ok: true };
  });
  api.get('/test-fast', { config: { access: 'public' } }, async () => {
    await ctx.db.execute(sql`SELECT 1`);
    return { ok: true };
  });
};

beforeAll(async () => {
  ctx = await createTestContext({
    extraRoutes: async (api) => void (await api.register(slowRoutes as never)),
  });
});
afterAll(async () => {
  await ctx?.close();
});

describe(`a statement out of time (${engine})`, () => {
  it('answers 503 QUERY_TIMEOUT in Korean with Retry-After, never 500, and the next request succeeds', async () => {
    const started = performance.now();
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/test-slow' });
    expect(performance.now() - started).toBeLessThan(900);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe(String(QUERY_TIMEOUT_RETRY_AFTER_SECONDS));
    expect(response.headers['cache-control']).toContain('no-store');
    expect(response.json()).toEqual({
      error: { code: 'QUERY_TIMEOUT', message: errorMessages.QUERY_TIMEOUT },
    });
    expect(response.body).not.toMatch(/statement timeout|pg_sleep|canceling/i);
    const next = await ctx.app.inject({ method: 'GET', url: '/api/v1/test-fast' });
    expect(next.statusCode).toBe(200);
  });
});
