/**
 * docs/sessions-and-logs.md#seeing-and-ending-sessions: an admin sees their live sessions and ends one or all others;
 * a super admin sees and ends another admin's. An ended session's access and refresh tokens stop at once.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from '../../../../test/fixtures';
import { bearer, createAdmin, createTestContext, login, type TestContext } from '../../../../test/helpers';
import { auditLogs } from '../../../db/schema';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createAdmin(ctx, { role: 'super_admin' });
  await ctx.app.settings.update(
    { loginRateLimitPerMinute: 1000 },
    { actorAdminId: admin.id, actorLoginId: admin.loginId, ip: null, userAgent: null },
  );
});
afterAll(async () => {
  await ctx?.close();
});

const sessionOf = (token: string): string =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid;

async function signIn(loginId: string, userAgent: string) {
  const reply = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: loginId, password: 'Test-pass-1234', remember: true },
    headers: { 'user-agent': userAgent },
    remoteAddress: '10.1.2.3',
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return { token: reply.json().token as string, refreshToken: reply.json().refresh_token as string };
}

const me = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
const refresh = (refreshToken: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refresh_token: refreshToken } });

describe('my sessions', () => {
  it('lists the live ones with device, IP and times, marks this one, and ends another at once', async () => {
    const admin = await createAdmin(ctx, { role: 'viewer' });
    const laptop = await signIn(admin.loginId, 'Mozilla/5.0 (Windows NT 10.0) Chrome/130.0 Safari/537.36');
    const phone = await signIn(
      admin.loginId,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Version/17.0 Safari/604.1',
    );
    const api = apiAs(ctx, laptop.token);
    const listed = await api.get('/me/sessions');
    expect(listed.statusCode).toBe(200);
    const rows = listed.json().data as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.current)?.id).toBe(sessionOf(laptop.token));
    expect(rows.find((r) => !r.current)).toMatchObject({
      id: sessionOf(phone.token),
      ip: '10.1.2.3',
      user_agent: expect.stringContaining('iPhone'),
      remember: true,
      second_factor: false,
      created_at: expect.any(String),
      last_used_at: expect.any(String),
    });

    expect((await me(phone.token)).statusCode).toBe(200);
    const ended = await api.post(`/me/sessions/${sessionOf(phone.token)}/end`, {});
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await me(phone.token)).statusCode).toBe(401);
    expect((await refresh(phone.refreshToken)).statusCode).toBe(401);
    expect((await me(laptop.token)).statusCode).toBe(200);
    expect((await api.get('/me/sessions')).json().data).toHaveLength(1);
    const [entry] = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'LOGOUT'), eq(auditLogs.targetId, String(admin.id))));
    expect(entry?.summary).toContain('다른 세션 종료');
  });

  it('ends all others and keeps this one; refuses this one, and another admin’s as not found', async () => {
    // Viewers: the policy asks no second factor of them from 10.1.2.3 (docs/second-factor.md#policy).
    const admin = await createAdmin(ctx, { role: 'viewer' });
    const other = await createAdmin(ctx, { role: 'viewer' });
    const here = await signIn(admin.loginId, 'A');
    const a = await signIn(admin.loginId, 'B');
    const b = await signIn(admin.loginId, 'C');
    const stranger = await signIn(other.loginId, 'D');
    const api = apiAs(ctx, here.token);
    const self = await api.post(`/me/sessions/${sessionOf(here.token)}/end`, {});
    expect(self.statusCode).toBe(422);
    const foreign = await api.post(`/me/sessions/${sessionOf(stranger.token)}/end`, {});
    expect(foreign.statusCode).toBe(404);
    expect((await me(stranger.token)).statusCode).toBe(200);
    const all = await api.post('/me/sessions/end-others', {});
    expect(all.json()).toEqual({ ended: 2 });
    expect((await me(a.token)).statusCode).toBe(401);
    expect((await me(b.token)).statusCode).toBe(401);
    expect((await me(here.token)).statusCode).toBe(200);
  });
});

describe("another admin's sessions", () => {
  it('a super admin sees and ends them, logged on that admin; others may not', async () => {
    const boss = await createAdmin(ctx, { role: 'super_admin' });
    const target = await createAdmin(ctx, { role: 'branch_manager' });
    const peer = await createAdmin(ctx, { role: 'admin' });
    const one = await signIn(target.loginId, 'E');
    const two = await signIn(target.loginId, 'F');
    const api = apiAs(ctx, (await login(ctx, boss.loginId)).token);
    const listed = await api.get(`/admins/${target.id}/sessions`);
    expect(listed.json().data).toHaveLength(2);
    expect(listed.json().data.every((s: { current: boolean }) => !s.current)).toBe(true);
    expect((await api.post(`/admins/${target.id}/sessions/${sessionOf(one.token)}/end`, {})).statusCode).toBe(
      200,
    );
    expect((await me(one.token)).statusCode).toBe(401);
    expect((await me(two.token)).statusCode).toBe(200);
    expect((await api.post(`/admins/${target.id}/sessions/end-all`, {})).json()).toEqual({ ended: 1 });
    expect((await me(two.token)).statusCode).toBe(401);
    const entries = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.actorAdminId, boss.id), eq(auditLogs.action, 'LOGOUT')));
    expect(entries.map((e) => e.targetId)).toEqual([String(target.id), String(target.id)]);
    expect((await api.get('/admins/999999/sessions')).statusCode).toBe(404);
    const peerApi = apiAs(ctx, (await login(ctx, peer.loginId)).token);
    expect((await peerApi.get(`/admins/${target.id}/sessions`)).statusCode).toBe(403);
  });
});
