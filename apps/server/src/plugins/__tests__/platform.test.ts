import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  bearer,
  createAdmin,
  createTestContext,
  login,
  openTestDatabase,
  type TestContext,
  testConfig,
} from '../../../test/helpers';
import { buildApp } from '../../app';
import { queryRows } from '../../db/client';

const widgets = pgTable('test_widgets', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
});

/** Routes that exist only in this test: a creating POST, an echo of the converted input, a failure. */
const testRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/widgets',
    {
      config: { access: 'authenticated', idempotent: true },
      schema: {
        body: z.object({ widgetName: z.string().min(1) }),
        response: { 201: z.object({ id: z.number(), widgetName: z.string() }) },
      },
    },
    async (request, reply) => {
      const [row] = await app.db.insert(widgets).values({ name: request.body.widgetName }).returning();
      return reply.code(201).send({ id: row!.id, widgetName: row!.name });
    },
  );
  app.get(
    '/echo',
    {
      config: { access: 'public' },
      schema: {
        querystring: z.object({ pageSize: z.coerce.number(), sortBy: z.string().optional() }),
        response: {
          200: z.object({ receivedQuery: z.record(z.string(), z.unknown()), createdAt: z.string() }),
        },
      },
    },
    async (request) => ({
      receivedQuery: request.query,
      createdAt: '2026-01-02T03:04:05.000Z',
      secretField: 'x',
    }),
  );
  app.get('/boom', { config: { access: 'public' } }, async () => {
    throw new Error('SELECT * FROM secret_table failed at line 1');
  });
};

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext({ extraRoutes: async (api) => void (await api.register(testRoutes)) });
  await queryRows(
    ctx.db,
    sql`CREATE TABLE test_widgets (id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY, name text NOT NULL)`,
  );
  token = (await login(ctx, (await createAdmin(ctx)).loginId)).token;
});
afterAll(async () => {
  await ctx?.close();
});

describe('wire conventions', () => {
  it('converts query keys to camelCase for the handler and reply keys to snake_case, dropping undeclared fields', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/echo?page_size=20&sort_by=created_at',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      received_query: { page_size: 20, sort_by: 'created_at' },
      created_at: '2026-01-02T03:04:05.000Z',
    });
  });

  it('answers every failure with the envelope and never leaks internals', async () => {
    const boom = await ctx.app.inject({ method: 'GET', url: '/api/v1/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({
      error: { code: 'SERVER_ERROR', message: expect.stringContaining('서버 오류') },
    });
    expect(boom.body).not.toContain('secret_table');

    const unknown = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/no/such/thing' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');

    const badJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error).toMatchObject({
      code: 'INVALID_REQUEST',
      message: '요청 본문이 올바른 JSON이 아닙니다.',
    });

    const huge = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024), password: 'x' }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses to start when a route has no row in the access table (nor, for a test route, its own)', async () => {
    const handle = await openTestDatabase();
    try {
      await expect(
        buildApp({
          config: testConfig,
          db: handle,
          extraRoutes: async (api) => {
            api.get('/undeclared', async () => ({ ok: true }));
          },
        }),
      ).rejects.toThrow(/is not declared/);
    } finally {
      await handle.close();
    }
  });

  it('refuses to start when a declared route is registered beside its declaration instead of from it', async () => {
    const handle = await openTestDatabase();
    try {
      await expect(
        buildApp({
          config: testConfig,
          db: handle,
          extraRoutes: async (api) => {
            // A declared method and path, registered with its own options instead of route(): its schemas and
            // access would not be the declaration's.
            api.get('/dashboard', { config: { access: 'dashboard:read' } }, async () => ({ ok: true }));
          },
        }),
      ).rejects.toThrow(/is declared but not registered with route\(\)/);
    } finally {
      await handle.close();
    }
  });
});

describe('security headers and XSRF', () => {
  it('sends CSP, no-sniff and frame-deny, and sets the XSRF-TOKEN cookie', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(String(response.headers['set-cookie'])).toMatch(/XSRF-TOKEN=[\w-]+; Path=\/; SameSite=Strict/);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('refuses a state-changing call that carries the cookie without the matching header', async () => {
    const payload = { email: 'nobody', password: 'whatever1' };
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      cookies: { 'XSRF-TOKEN': 'abc' },
      payload,
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().error.code).toBe('XSRF_MISMATCH');
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      cookies: { 'XSRF-TOKEN': 'abc' },
      headers: { 'x-xsrf-token': 'abd' },
      payload,
    });
    expect(wrong.statusCode).toBe(403);
    const right = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      cookies: { 'XSRF-TOKEN': 'abc' },
      headers: { 'x-xsrf-token': 'abc' },
      payload,
    });
    expect(right.statusCode).toBe(401);
  });
});

describe('Idempotency-Key', () => {
  const create = (key: string | undefined, widgetName: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/widgets',
      headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
      payload: { widget_name: widgetName },
    });

  it('answers a repeated create with the first answer and creates one record', async () => {
    const key = randomUUID();
    const first = await create(key, '하나');
    const second = await create(key, '하나');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    const rows = await queryRows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM test_widgets WHERE name = '하나'`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('refuses the same key with a different body, and creates normally without a key', async () => {
    const key = randomUUID();
    await create(key, '둘');
    const mismatch = await create(key, '셋');
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const a = await create(undefined, '넷');
    const b = await create(undefined, '넷');
    expect(a.json().id).not.toBe(b.json().id);
  });

  it('refuses a malformed key', async () => {
    const response = await create('bad key with spaces', '다섯');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('INVALID_REQUEST');
  });
});

describe('OpenAPI', () => {
  it('describes the wire as it is, in snake_case', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    const login = document.paths['/api/v1/auth/login'].post;
    const reply = login.responses['200'].content['application/json'].schema;
    // The signed-in reply, or the second factor's challenge (docs/second-factor.md#the-login-on-the-wire).
    type Branch = { properties?: Record<string, { properties?: object; required?: string[] }> };
    const branches: Branch[] = reply.anyOf ?? reply.oneOf ?? [reply];
    const ok = branches.find((branch) => branch.properties?.token)!;
    const challenge = branches.find((branch) => branch.properties?.mfa_required)!;
    expect(Object.keys(ok.properties!).sort()).toEqual(['refresh_token', 'token', 'user']);
    expect(Object.keys(challenge.properties!).sort()).toEqual(['methods', 'mfa_required', 'mfa_token']);
    expect(ok.properties!.user!.properties).toHaveProperty('login_id');
    expect(ok.properties!.user!.required).toContain('must_change_password');
    expect(login.security).toEqual([]);
    expect(document.paths['/api/v1/auth/me'].get.security).toBeUndefined();
    const settings = document.paths['/api/v1/settings'].patch.requestBody.content['application/json'].schema;
    expect(settings.properties).toHaveProperty('session_timeout_minutes');
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe('draining for shutdown', () => {
  it('refuses new requests with a retryable 503 envelope and reports not ready', async () => {
    const local = await createTestContext();
    try {
      local.app.beginDrain();
      const api = await local.app.inject({ method: 'GET', url: '/api/v1/settings/public' });
      expect(api.statusCode).toBe(503);
      expect(api.headers.connection).toBe('close');
      expect(api.json().error.code).toBe('SERVICE_UNAVAILABLE');
      expect((await local.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
      expect((await local.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });
});

describe('health', () => {
  it('reports liveness and readiness with the database', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({
      status: 'ok',
      database: 'ok',
    });
  });
});
