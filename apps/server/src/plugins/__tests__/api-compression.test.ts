/**
 * API replies on the wire (docs/wire.md#api-replies): JSON at least the threshold long goes out as br (preferred) or
 * gzip to a client that asks, with Vary and the API's no-store kept; small replies, error envelopes and clients that
 * ask for nothing get plain JSON.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createTestContext, login, type TestContext } from '../../../test/helpers';
import { DEFAULT_API_COMPRESS_THRESHOLD_BYTES } from '../api-compression';

const ROWS = Array.from({ length: 300 }, (_, i) => ({
  id: i + 1,
  name: `근로자 ${i + 1}`,
  nationality: 'VN',
}));

const testRoutes = async (api: FastifyInstance) => {
  api.get('/test-rows', { config: { access: 'public' } }, async () => ({ data: ROWS }));
  api.get('/test-small', { config: { access: 'public' } }, async () => ({ data: ROWS.slice(0, 2) }));
};

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext({
    extraRoutes: async (api) => void (await api.register(testRoutes as never)),
  });
  token = (await login(ctx, (await createAdmin(ctx)).loginId)).token;
});
afterAll(async () => {
  await ctx?.close();
});

describe('API replies on the wire', () => {
  it('compresses a large JSON reply as br, else gzip, and keeps no-store', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/v1/test-rows' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(DEFAULT_API_COMPRESS_THRESHOLD_BYTES);
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/test-rows',
        headers: { 'accept-encoding': accept },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.headers['cache-control']).toContain('no-store');
      expect(String(response.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(decode(response.rawPayload).toString('utf8')).toBe(plain.body);
    }
  });

  it('sends small replies, error envelopes and identity requests as they are', async () => {
    const headers = { 'accept-encoding': 'br, gzip' };
    const small = await ctx.app.inject({ method: 'GET', url: '/api/v1/test-small', headers });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().data).toHaveLength(2);
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/v1/no/such/thing', headers });
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json().error.code).toBe('NOT_FOUND');
    const identity = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/test-rows',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json().data).toHaveLength(300);
    // A real endpoint, signed in: the same rule.
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toContain('no-store');
  });
});
