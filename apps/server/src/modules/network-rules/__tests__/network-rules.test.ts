/**
 * docs/SECURITY.md#network-rules: an admin to whom a rule applies is served only from inside it — at login and on
 * every signed-in request, with the client's real address (a socket bound to 127.0.0.2 here) — a super admin on the
 * server's loopback is never refused, and nobody saves a change that refuses their own current address.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from '../../../../test/fixtures';
import {
  bearer,
  createAdmin,
  createTestContext,
  login,
  TEST_PASSWORD,
  type TestContext,
} from '../../../../test/helpers';
import { auditLogs, networkRules } from '../../../db/schema';
import { allowedBy } from '../network-rules.service';

let ctx: TestContext;
let port: number;
let boss: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  ctx = await createTestContext();
  boss = await createAdmin(ctx, { role: 'super_admin' });
  await ctx.app.settings.update(
    { loginRateLimitPerMinute: 1000 },
    { actorAdminId: boss.id, actorLoginId: boss.loginId, ip: null, userAgent: null },
  );
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await ctx?.close();
});

/** A real request over TCP whose socket is bound to `localAddress` (the address the server sees). */
function requestFrom(localAddress: string, path: string, token: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: `/api/v1${path}`, localAddress, headers: bearer(token) },
      (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('who is allowed where (allowedBy)', () => {
  const rule = (cidr: string, target: { role?: string; adminId?: number }) => ({
    cidr,
    role: target.role ?? null,
    adminId: target.adminId ?? null,
  });

  it('leaves an admin free when no rule names them or their role, and holds them to theirs otherwise', () => {
    const rules = [rule('10.0.0.0/8', { role: 'viewer' }), rule('192.168.1.7/32', { adminId: 7 })];
    expect(allowedBy(rules, { id: 1, role: 'admin' }, '203.0.113.1')).toBe(true);
    expect(allowedBy(rules, { id: 2, role: 'viewer' }, '10.1.2.3')).toBe(true);
    expect(allowedBy(rules, { id: 2, role: 'viewer' }, '11.1.2.3')).toBe(false);
    // Their own rule and their role's rules together.
    expect(allowedBy(rules, { id: 7, role: 'viewer' }, '192.168.1.7')).toBe(true);
    expect(allowedBy(rules, { id: 7, role: 'viewer' }, '10.9.9.9')).toBe(true);
    expect(allowedBy(rules, { id: 7, role: 'admin' }, '10.9.9.9')).toBe(false);
    // IPv6, and an IPv4 address as IPv6 shows it.
    expect(
      allowedBy([rule('2001:db8::/32', { role: 'admin' })], { id: 1, role: 'admin' }, '2001:db8::5'),
    ).toBe(true);
    expect(allowedBy(rules, { id: 2, role: 'viewer' }, '::ffff:10.1.2.3')).toBe(true);
    // The super admin on the loopback: the way back in.
    expect(
      allowedBy([rule('10.0.0.0/8', { role: 'super_admin' })], { id: 3, role: 'super_admin' }, '127.0.0.1'),
    ).toBe(true);
    expect(allowedBy([rule('10.0.0.0/8', { role: 'admin' })], { id: 4, role: 'admin' }, '127.0.0.1')).toBe(
      false,
    );
  });

  it('never lets in an address outside every rule that applies (property)', () => {
    fc.assert(
      fc.property(fc.ipV4(), fc.integer({ min: 8, max: 32 }), fc.ipV4(), (base, prefix, ip) => {
        const bits = base.split('.').reduce((n, part) => n * 256 + Number(part), 0);
        const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
        const network = ((bits & mask) >>> 0).toString(2).padStart(32, '0');
        const address = [0, 8, 16, 24].map((i) => Number.parseInt(network.slice(i, i + 8), 2)).join('.');
        const ipBits = ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
        const inside = (ipBits & mask) >>> 0 === (bits & mask) >>> 0;
        expect(
          allowedBy([rule(`${address}/${prefix}`, { role: 'viewer' })], { id: 9, role: 'viewer' }, ip),
        ).toBe(inside);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the rules at work', () => {
  it('refuses a request from 127.0.0.2 against a 127.0.0.1/32 rule, over a real socket, and logs it', async () => {
    const viewer = await createAdmin(ctx, { role: 'viewer' });
    const { token } = await login(ctx, viewer.loginId);
    expect((await requestFrom('127.0.0.2', '/auth/me', token)).status).toBe(200);
    const boss$ = apiAs(ctx, (await login(ctx, boss.loginId)).token);
    const added = await boss$.post('/network-rules', {
      cidr: '127.0.0.1/32',
      admin_id: viewer.id,
      memo: '서버 자신',
    });
    expect(added.statusCode, added.body).toBe(201);
    const refused = await requestFrom('127.0.0.2', '/auth/me', token);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body).error).toEqual({
      code: 'NETWORK_NOT_ALLOWED',
      message: '허용되지 않은 네트워크에서의 접근입니다. 관리자에게 문의해 주세요.',
    });
    expect((await requestFrom('127.0.0.1', '/auth/me', token)).status).toBe(200);
    const logged = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'LOGIN_FAILED'), eq(auditLogs.targetId, String(viewer.id))));
    expect(logged.map((l) => l.summary)).toEqual([expect.stringContaining('허용되지 않은 네트워크')]);
    const change = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'SECURITY_CHANGE'), eq(auditLogs.targetType, 'network_rule')));
    expect(change.at(-1)?.summary).toContain('127.0.0.1/32');
  });

  it('refuses the login from outside a role rule (after the password), and logs it', async () => {
    const manager = await createAdmin(ctx, { role: 'branch_manager' });
    const boss$ = apiAs(ctx, (await login(ctx, boss.loginId)).token);
    const added = await boss$.post('/network-rules', { cidr: '10.1.0.0/16', role: 'branch_manager' });
    expect(added.statusCode, added.body).toBe(201);
    try {
      const signIn = (remoteAddress: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email: manager.loginId, password: TEST_PASSWORD },
          remoteAddress,
        });
      const refused = await signIn('10.2.0.1');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('NETWORK_NOT_ALLOWED');
      expect((await signIn('10.1.4.4')).statusCode).toBe(200);
      // A wrong password from outside says nothing about the rules.
      const wrong = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: manager.loginId, password: 'Wrong-pass-99' },
        remoteAddress: '10.2.0.1',
      });
      expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
    } finally {
      await boss$.delete(`/network-rules/${added.json().id}`);
    }
  });

  it('refuses a change that would lock its editor out; the loopback stays open to a super admin', async () => {
    const other = await createAdmin(ctx, { role: 'super_admin' });
    const token = (await login(ctx, other.loginId)).token;
    const from = (remoteAddress: string, payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/network-rules',
        payload,
        remoteAddress,
        headers: bearer(token),
      });
    const locked = await from('10.5.5.5', { cidr: '10.6.0.0/16', role: 'super_admin' });
    expect(locked.statusCode).toBe(422);
    expect(locked.json().error.details[0]).toMatchObject({
      field: 'cidr',
      message: expect.stringContaining('차단'),
    });
    expect(await ctx.db.select().from(networkRules).where(eq(networkRules.cidr, '10.6.0.0/16'))).toEqual([]);
    const inside = await from('10.6.1.1', { cidr: '10.6.0.0/16', role: 'super_admin' });
    expect(inside.statusCode, inside.body).toBe(201);
    // Now outside 10.6/16 a super admin is refused, but never on the loopback.
    const me = (remoteAddress: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token), remoteAddress });
    expect((await me('10.7.0.1')).statusCode).toBe(403);
    expect((await me('127.0.0.1')).statusCode).toBe(200);
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/network-rules/${inside.json().id}`,
      headers: bearer(token),
    });
    expect((await me('10.7.0.1')).statusCode).toBe(200);
  });

  it('refuses a CIDR that is not one, or whose host bits are set, and a rule with no target or two', async () => {
    const boss$ = apiAs(ctx, (await login(ctx, boss.loginId)).token);
    for (const body of [
      { cidr: '10.0.0.0/33', role: 'viewer' },
      { cidr: '10.0.0.5/8', role: 'viewer' },
      { cidr: 'office', role: 'viewer' },
      { cidr: '10.0.0.0/8' },
      { cidr: '10.0.0.0/8', role: 'viewer', admin_id: boss.id },
    ]) {
      const reply = await boss$.post('/network-rules', body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await boss$.get('/network-rules/my-address')).json()).toEqual({ ip: '127.0.0.1' });
  });
});
