import { ENDPOINTS } from '@ilson/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, insertBranch, insertWorker, signedIn } from '../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../test/helpers';

/**
 * docs/SECURITY.md#the-edge: every API reply says `Cache-Control: no-store` — every GET route as a super admin
 * (records, lists, files, refusals), the sign-in, a write and an unauthenticated call — and the web app's own files
 * are not held to it.
 */
let ctx: TestContext;
let api: Api;
let worker: number;

beforeAll(async () => {
  ctx = await createTestContext();
  api = (await signedIn(ctx, 'super_admin')).api;
  worker = (await insertWorker(ctx, (await insertBranch(ctx)).id)).id;
});
afterAll(async () => {
  await ctx?.close();
});

describe('Cache-Control: no-store', () => {
  it('is on the reply of every GET route, whatever it answers', async () => {
    const missing: string[] = [];
    for (const endpoint of ENDPOINTS.filter((e) => e.method === 'GET')) {
      const url = endpoint.path.replace(/:id\b/g, String(worker)).replace(/:[A-Za-z]+/g, 'workers');
      const reply = await api.get(url);
      if (reply.headers['cache-control'] !== 'no-store')
        missing.push(`${endpoint.key} (${reply.statusCode})`);
    }
    expect(missing).toEqual([]);
    // A file: the export of the workers' list.
    const file = await api.get('/exports/workers?reason=정기%20점검%20자료');
    expect(file.headers['cache-control']).toBe('no-store');
  });

  it('is on the sign-in, a write, and a refusal', async () => {
    const admin = await signedIn(ctx, 'admin');
    expect(admin.token).toBeTruthy();
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: admin.admin.loginId, password: 'wrong-password-1' },
    });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.headers['cache-control']).toBe('no-store');
    const write = await api.post('/saved-views', { list: 'workers', name: '캐시', query: {} });
    expect(write.statusCode).toBe(201);
    expect(write.headers['cache-control']).toBe('no-store');
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/v1/workers/${worker}` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    const health = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.headers['cache-control']).not.toBe('no-store');
  });
});
