/**
 * docs/SECURITY.md#the-api-document: in production the OpenAPI document and its UI answer only a signed-in admin
 * (401 in the error envelope otherwise); elsewhere they stay open for the developers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createTestContext, login, type TestContext } from '../../test/helpers';

describe('the API document', () => {
  let production: TestContext;
  let development: TestContext;

  beforeAll(async () => {
    production = await createTestContext({ config: { nodeEnv: 'production' } });
    development = await createTestContext();
  });
  afterAll(async () => {
    await production?.close();
    await development?.close();
  });

  it('answers a stranger 401 in production, in the envelope, for the document and the UI', async () => {
    for (const url of ['/api/docs/json', '/api/docs', '/api/docs/static/index.html']) {
      const reply = await production.app.inject({ method: 'GET', url });
      expect(reply.statusCode, url).toBe(401);
      expect(reply.json().error.code, url).toBe('UNAUTHORIZED');
    }
  });

  it('answers a signed-in admin in production, and refuses an ended session', async () => {
    const admin = await createAdmin(production, { role: 'viewer' });
    const { token } = await login(production, admin.loginId);
    const reply = await production.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: bearer(token),
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().openapi).toMatch(/^3\./);
    expect(reply.headers['cache-control']).toBe('no-store');
    await production.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer(token),
      payload: {},
    });
    const after = await production.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: bearer(token),
    });
    expect(after.statusCode).toBe(401);
  });

  it('stays open outside production', async () => {
    const reply = await development.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(reply.statusCode).toBe(200);
  });
});
