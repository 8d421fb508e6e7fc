import { createSecretKey } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdmin,
  createTestContext,
  login,
  TEST_PASSWORD,
  type TestContext,
  testConfig,
} from '../../../../test/helpers';
import { queryRows } from '../../../db/client';
import { admins, auditLogs, authSessions } from '../../../db/schema';
import { createTokenService } from '../../../lib/tokens';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function auditActions(adminId: number) {
  const rows = await ctx.db
    .select()
    .from(auditLogs)
    .where(eq(auditLogs.targetId, String(adminId)));
  return rows.map((row) => row.action);
}

describe('POST /auth/login', () => {
  it('accepts the login id or the email and answers token, refresh_token and user in snake_case', async () => {
    const admin = await createAdmin(ctx, { role: 'admin', name: '김관리' });
    for (const identifier of [admin.loginId, admin.email.toUpperCase()]) {
      const { response } = await login(ctx, identifier);
      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(['refresh_token', 'token', 'user']);
      expect(body.user).toMatchObject({
        id: admin.id,
        login_id: admin.loginId,
        name: '김관리',
        role: 'admin',
        branch_id: null,
      });
      expect(body.user.permissions).toContain('employers:read');
      expect(body.user).not.toHaveProperty('password_hash');
      expect(body.user.last_login_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    }
    expect(await auditActions(admin.id)).toEqual(['LOGIN', 'LOGIN']);
  });

  it('refuses a missing identifier and a short password with Korean field messages', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: '', password: '123' },
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('INVALID_REQUEST');
    expect(error.details).toEqual(
      expect.arrayContaining([
        { field: 'email', message: '아이디 또는 이메일을 입력해 주세요.' },
        { field: 'password', message: '비밀번호는 6자 이상이어야 합니다.' },
      ]),
    );
  });

  it('answers a wrong password and an unknown account alike, and logs LOGIN_FAILED', async () => {
    const admin = await createAdmin(ctx);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: admin.loginId, password: 'not-the-password' },
    });
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'nobody-here', password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
    expect(await auditActions(admin.id)).toEqual(['LOGIN_FAILED']);
  });

  it('locks the account for 15 minutes after 5 failures, even for the right password, then lets it in again', async () => {
    const admin = await createAdmin(ctx);
    const attempt = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: admin.loginId, password },
      });
    for (let i = 1; i <= 4; i++)
      expect((await attempt('wrong-password')).json().error.code).toBe('INVALID_CREDENTIALS');
    const fifth = await attempt('wrong-password');
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json().error).toMatchObject({ code: 'ACCOUNT_LOCKED' });
    expect(fifth.json().error.message).toContain('15분');
    const [locked] = await ctx.db.select().from(admins).where(eq(admins.id, admin.id));
    expect(locked!.status).toBe('locked');
    expect(locked!.lockedUntil!.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);

    expect((await attempt(TEST_PASSWORD)).json().error.code).toBe('ACCOUNT_LOCKED');

    await ctx.db
      .update(admins)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(admins.id, admin.id));
    const after = await attempt(TEST_PASSWORD);
    expect(after.statusCode).toBe(200);
    const [unlocked] = await ctx.db.select().from(admins).where(eq(admins.id, admin.id));
    expect(unlocked).toMatchObject({ status: 'active', failedLoginCount: 0, lockedUntil: null });
  });

  it('refuses a disabled account after checking its password', async () => {
    const admin = await createAdmin(ctx, { status: 'disabled' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: admin.loginId, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('ACCOUNT_DISABLED');
  });
});

describe('rate limit', () => {
  it('answers 429 with the RATE_LIMIT envelope past the per-IP limit from the settings', async () => {
    const local = await createTestContext();
    try {
      await local.app.inject({ method: 'GET', url: '/api/v1/settings/public' });
      await queryRows(
        local.db,
        sql`INSERT INTO settings (key, value) VALUES ('loginRateLimitPerMinute', '5')`,
      );
      const attempt = (ip: string) =>
        local.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          remoteAddress: ip,
          payload: { email: 'nobody', password: 'whatever1' },
        });
      for (let i = 0; i < 5; i++) expect((await attempt('10.0.0.1')).statusCode).toBe(401);
      const limited = await attempt('10.0.0.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error).toMatchObject({
        code: 'RATE_LIMIT',
        message: expect.stringContaining('요청이 너무 많습니다'),
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await attempt('10.0.0.2')).statusCode).toBe(401);
    } finally {
      await local.close();
    }
  });
});

describe('access tokens', () => {
  it('GET /auth/me answers the user for a valid token and 401 otherwise', async () => {
    const admin = await createAdmin(ctx, { role: 'viewer' });
    const { token } = await login(ctx, admin.loginId);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ id: admin.id, role: 'viewer' });

    const none = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('UNAUTHORIZED');

    const tampered = `${token.slice(0, -3)}${token.slice(-3) === 'AAA' ? 'BBB' : 'AAA'}`;
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(tampered) })).statusCode,
    ).toBe(401);

    const expiredTokens = createTokenService(testConfig.jwtSecret, -10);
    const [session] = await ctx.db.select().from(authSessions).where(eq(authSessions.adminId, admin.id));
    const expired = await expiredTokens.signAccess({ adminId: admin.id, sessionId: session!.id });
    const expiredReply = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: bearer(expired),
    });
    expect(expiredReply.statusCode).toBe(401);
    expect(expiredReply.json().error.code).toBe('TOKEN_EXPIRED');

    const otherSecret = createTokenService('another-secret-that-is-also-long-enough-0000');
    const forged = await otherSecret.signAccess({ adminId: admin.id, sessionId: session!.id });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(forged) })).statusCode,
    ).toBe(401);
  });

  it('refuses a well-signed token that lacks exp, iat or sub', async () => {
    const admin = await createAdmin(ctx);
    await login(ctx, admin.loginId);
    const [session] = await ctx.db.select().from(authSessions).where(eq(authSessions.adminId, admin.id));
    const key = createSecretKey(Buffer.from(testConfig.jwtSecret, 'utf8'));
    const sign = (omit: 'exp' | 'iat' | 'sub' | null) => {
      const jwt = new SignJWT({ sid: session!.id })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer('ilson')
        .setAudience('ilson-admin');
      if (omit !== 'sub') jwt.setSubject(String(admin.id));
      if (omit !== 'iat') jwt.setIssuedAt();
      if (omit !== 'exp') jwt.setExpirationTime('10m');
      return jwt.sign(key);
    };
    const complete = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: bearer(await sign(null)),
    });
    expect(complete.statusCode).toBe(200);
    for (const omit of ['exp', 'iat', 'sub'] as const) {
      const reply = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: bearer(await sign(omit)),
      });
      expect(reply.statusCode, omit).toBe(401);
      expect(reply.json().error.code).toBe('UNAUTHORIZED');
    }
  });

  it('stops accepting the token of an admin who has since been disabled', async () => {
    const admin = await createAdmin(ctx);
    const { token } = await login(ctx, admin.loginId);
    await ctx.db.update(admins).set({ status: 'disabled' }).where(eq(admins.id, admin.id));
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /auth/refresh', () => {
  const refresh = (refreshToken: string, cookie?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh_token: refreshToken },
      headers: cookie ? { cookie } : {},
    });

  it('rotates the refresh token on every use', async () => {
    const admin = await createAdmin(ctx);
    const first = await login(ctx, admin.loginId);
    const rotated = await refresh(first.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const body = rotated.json();
    expect(Object.keys(body).sort()).toEqual(['refresh_token', 'token']);
    expect(body.refresh_token).not.toBe(first.refreshToken);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(body.token) });
    expect(me.statusCode).toBe(200);
    expect((await refresh(body.refresh_token)).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is presented again', async () => {
    const admin = await createAdmin(ctx);
    const first = await login(ctx, admin.loginId);
    const second = (await refresh(first.refreshToken)).json();
    const reuse = await refresh(first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error.code).toBe('UNAUTHORIZED');
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(second.token) });
    expect(me.statusCode).toBe(401);
    const [session] = await ctx.db.select().from(authSessions).where(eq(authSessions.adminId, admin.id));
    expect(session!.revokedReason).toBe('refresh_token_reuse');
  });

  it('refuses an unknown token and a malformed body', async () => {
    expect((await refresh('not-a-token')).statusCode).toBe(401);
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('refresh_token');
  });

  it('ties a not-remembered login to the browser session cookie', async () => {
    const admin = await createAdmin(ctx);
    const { refreshToken, response } = await login(ctx, admin.loginId, TEST_PASSWORD, false);
    const setCookie = ([] as string[])
      .concat(response.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('ilson_session='));
    expect(setCookie).toBeDefined();
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).not.toMatch(/Max-Age|Expires/i);
    expect((await refresh(refreshToken)).statusCode).toBe(401);
    const cookie = setCookie!.split(';')[0]!;
    expect((await refresh(refreshToken, cookie)).statusCode).toBe(200);
  });
});

describe('POST /auth/logout', () => {
  it('revokes the session: neither the access nor the refresh token works afterwards', async () => {
    const admin = await createAdmin(ctx);
    const { token, refreshToken } = await login(ctx, admin.loginId);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer(token),
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ ok: true });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) })).statusCode,
    ).toBe(401);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh_token: refreshToken },
    });
    expect(again.statusCode).toBe(401);
    expect(await auditActions(admin.id)).toEqual(['LOGIN', 'LOGOUT']);
  });
});
