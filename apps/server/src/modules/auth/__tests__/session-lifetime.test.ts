/**
 * docs/SECURITY.md: an idle session ends on the server (its access token and its refresh token), an active one goes on, and
 * every session ends at its absolute lifetime. Time is the app's injected clock, moved by hand.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdmin,
  createTestContext,
  login,
  TEST_PASSWORD,
  type TestContext,
} from '../../../../test/helpers';
import { auditLogs, authSessions } from '../../../db/schema';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let now = Date.now();
const clock = () => now;
const advance = (ms: number) => {
  now += ms;
};

let ctx: TestContext;

async function setTimeoutMinutes(minutes: number) {
  const admin = await createAdmin(ctx);
  await ctx.app.settings.update(
    { sessionTimeoutMinutes: minutes },
    { actorAdminId: admin.id, actorLoginId: admin.loginId, ip: null, userAgent: null },
  );
}

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  await setTimeoutMinutes(5);
});
afterAll(async () => {
  await ctx?.close();
});

const me = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });

const refresh = (refreshToken: string, cookie?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh',
    payload: { refresh_token: refreshToken },
    headers: cookie ? { cookie } : {},
  });

async function sessionOf(adminId: number) {
  const [session] = await ctx.db.select().from(authSessions).where(eq(authSessions.adminId, adminId));
  return session!;
}

function expectIdleRefusal(response: Awaited<ReturnType<typeof me>>) {
  expect(response.statusCode).toBe(401);
  expect(response.json().error).toMatchObject({
    code: 'UNAUTHORIZED',
    message: expect.stringContaining('사용하지 않아'),
  });
}

describe('idle sessions (setting session_timeout_minutes = 5)', () => {
  it('refuses the access token and then the refresh token after 310 s without a request', async () => {
    const admin = await createAdmin(ctx, { role: 'viewer' });
    const { token, refreshToken } = await login(ctx, admin.loginId);
    expect((await me(token)).statusCode).toBe(200);

    advance(310_000);
    // The same token was verified (and cached) a moment ago: the cache must not skip the idle check.
    expectIdleRefusal(await me(token));
    expect((await refresh(refreshToken)).statusCode).toBe(401);
    const session = await sessionOf(admin.id);
    expect(session.revokedReason).toBe('idle_timeout');
    const entries = await ctx.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.actorAdminId, admin.id))
      .orderBy(auditLogs.id);
    expect(entries.map((row) => row.action)).toEqual(['LOGIN', 'LOGOUT']);
    expect(entries[1]!.summary).toContain('5분 동안 사용하지 않아');
  });

  it('refuses a refresh after 310 s without a request, and the access token with it', async () => {
    const admin = await createAdmin(ctx, { role: 'viewer' });
    const { token, refreshToken } = await login(ctx, admin.loginId);
    advance(310_000);
    expectIdleRefusal(await refresh(refreshToken));
    expect((await me(token)).statusCode).toBe(401);
    expect((await sessionOf(admin.id)).revokedReason).toBe('idle_timeout');
  });

  it('keeps a session that makes a request within every 5 minutes, through access-token renewals', async () => {
    const admin = await createAdmin(ctx, { role: 'viewer' });
    let { token, refreshToken } = await login(ctx, admin.loginId);
    for (let step = 0; step < 6; step++) {
      advance(4 * MINUTE + 50_000);
      if (step % 2 === 1) {
        const renewed = await refresh(refreshToken);
        expect(renewed.statusCode).toBe(200);
        ({ token, refresh_token: refreshToken } = renewed.json());
      }
      expect((await me(token)).statusCode).toBe(200);
    }
    expect((await sessionOf(admin.id)).revokedAt).toBeNull();
    // Idle is counted from the last request, not from the login.
    advance(5 * MINUTE + 10_000);
    expectIdleRefusal(await me(token));
  });
});

describe('absolute session lifetime', () => {
  beforeAll(async () => {
    // The longest idle time the settings allow, so only the lifetime can end these sessions.
    await setTimeoutMinutes(480);
  });

  it('ends a not-remembered session 12 hours after the login, however active', async () => {
    const admin = await createAdmin(ctx, { role: 'viewer' });
    const { refreshToken, response } = await login(ctx, admin.loginId, TEST_PASSWORD, false);
    const cookie = ([] as string[])
      .concat(response.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('ilson_session='))!
      .split(';')[0]!;
    let current = refreshToken;
    let token = '';
    for (const hours of [4, 4, 3.8]) {
      advance(hours * HOUR);
      const renewed = await refresh(current, cookie);
      expect(renewed.statusCode).toBe(200);
      ({ token, refresh_token: current } = renewed.json());
    }
    expect((await me(token)).statusCode).toBe(200);
    advance(0.2 * HOUR + MINUTE);
    expect((await me(token)).statusCode).toBe(401);
    expect((await refresh(current, cookie)).statusCode).toBe(401);
  });

  it('ends a remembered session 14 days after the login, however active', async () => {
    const admin = await createAdmin(ctx, { role: 'viewer' });
    let { refreshToken } = await login(ctx, admin.loginId);
    const loggedInAt = now;
    while (now + 7 * HOUR < loggedInAt + 14 * 24 * HOUR) {
      advance(7 * HOUR);
      const renewed = await refresh(refreshToken);
      expect(renewed.statusCode).toBe(200);
      refreshToken = renewed.json().refresh_token;
    }
    now = loggedInAt + 14 * 24 * HOUR + MINUTE;
    expect((await refresh(refreshToken)).statusCode).toBe(401);
  });
});
