/**
 * docs/second-factor.md: the authenticator app (TOTP) with its recovery codes, the login's second step, the policy
 * of who must enrol and from where (every route but the enrolment refused until they do), the step-up before the
 * gravest actions, removal and a super admin's reset. Time is the app's injected clock, moved by hand.
 */
import { ENDPOINTS, SECOND_FACTOR_POLICY_DEFAULT, type SecondFactorPolicy } from '@ilson/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alienRegNo, apiAs, insertBranch, workerBody } from '../../../../test/fixtures';
import {
  bearer,
  createAdmin,
  createTestContext,
  enrolTotp,
  login,
  TEST_PASSWORD,
  type TestContext,
  totpCode,
} from '../../../../test/helpers';
import { adminRecoveryCodes, adminTotp, auditLogs, authSessions } from '../../../db/schema';

const MINUTE = 60_000;
const OUTSIDE = '203.0.113.7';

let now = Date.now();
const clock = () => now;
const advance = (ms: number) => {
  now += ms;
};

let ctx: TestContext;
let superAdmin: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  superAdmin = await createAdmin(ctx, { role: 'super_admin' });
  await ctx.app.settings.update(
    { loginRateLimitPerMinute: 1000 },
    { ...asAudit, actorAdminId: superAdmin.id },
  );
});
afterAll(async () => {
  await ctx?.close();
});

/** A worker with an 외국인등록번호, registered through the API as the screen does. */
async function newWorker() {
  const branch = await insertBranch(ctx);
  const { token } = await login(ctx, superAdmin.loginId);
  const reply = await apiAs(ctx, token).post(
    '/workers',
    workerBody(branch.id, { alien_reg_no: alienRegNo(++serial) }),
  );
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json() as { id: number };
}
let serial = 700;

const asAudit = { actorAdminId: 0, actorLoginId: 'test', ip: null, userAgent: null };
async function setPolicy(policy: Partial<SecondFactorPolicy>) {
  await ctx.app.settings.update(
    { secondFactor: { ...SECOND_FACTOR_POLICY_DEFAULT, ...policy } },
    { ...asAudit, actorAdminId: superAdmin.id },
  );
}

function loginFrom(loginId: string, remoteAddress = '127.0.0.1') {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: loginId, password: TEST_PASSWORD, remember: true },
    remoteAddress,
  });
}
function verify(payload: Record<string, unknown>, remoteAddress = '127.0.0.1') {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/auth/mfa/verify', payload, remoteAddress });
}

/** A fresh admin of the role with an app enrolled a minute ago (so the codes of now are unused). */
async function enrolled(role: 'super_admin' | 'admin' | 'branch_manager' | 'viewer' = 'admin') {
  const admin = await createAdmin(ctx, { role });
  const { token } = await login(ctx, admin.loginId);
  const { secret, recoveryCodes } = await enrolTotp(ctx, token, now);
  advance(MINUTE);
  return { admin, secret, recoveryCodes };
}

async function challenge(loginId: string) {
  const reply = await loginFrom(loginId);
  expect(reply.statusCode, reply.body).toBe(200);
  const body = reply.json();
  expect(body).toEqual({ mfa_required: true, mfa_token: expect.any(String), methods: ['totp', 'recovery'] });
  expect(body.token).toBeUndefined();
  return body.mfa_token as string;
}

describe('the login on the wire', () => {
  it('keeps the signed-in reply of the wire for an admin with no second factor inside the internal networks', async () => {
    const admin = await createAdmin(ctx, { role: 'super_admin' });
    const reply = await loginFrom(admin.loginId);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      token: expect.any(String),
      refresh_token: expect.any(String),
      user: { login_id: admin.loginId, second_factor_enrolment_required: false },
    });
  });

  it('asks an enrolled admin for the code, and the code (±1 step) redeems the token once', async () => {
    const { admin, secret } = await enrolled();
    const token = await challenge(admin.loginId);
    const wrong = await verify({ mfa_token: token, code: await totpCode(secret, now - 3 * 30_000) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.details).toEqual([expect.objectContaining({ field: 'code' })]);
    const ok = await verify({ mfa_token: token, code: await totpCode(secret, now - 30_000) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ token: expect.any(String), refresh_token: expect.any(String) });
    // The token is spent.
    const again = await verify({ mfa_token: token, code: await totpCode(secret, now) });
    expect(again.statusCode).toBe(401);
    // A code of the next step is inside the window.
    const next = await verify({
      mfa_token: await challenge(admin.loginId),
      code: await totpCode(secret, now + 30_000),
    });
    expect(next.statusCode, next.body).toBe(200);
    const entries = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.actorAdminId, admin.id), eq(auditLogs.action, 'LOGIN')));
    expect(entries.map((e) => e.summary)).toContain('로그인 (2단계 인증: 인증 앱) (로그인 상태 유지)');
  });

  it('refuses a code used before (replay) and any code of an earlier step', async () => {
    const { admin, secret } = await enrolled();
    const code = await totpCode(secret, now);
    expect((await verify({ mfa_token: await challenge(admin.loginId), code })).statusCode).toBe(200);
    const replay = await verify({ mfa_token: await challenge(admin.loginId), code });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().error.details[0].message).toContain('이미 사용한');
    const earlier = await verify({
      mfa_token: await challenge(admin.loginId),
      code: await totpCode(secret, now - 30_000),
    });
    expect(earlier.statusCode).toBe(422);
  });

  it('counts wrong codes toward the lockout and ends the login with the lock', async () => {
    const { admin, secret } = await enrolled();
    const token = await challenge(admin.loginId);
    const replies = [];
    for (let i = 0; i < 5; i++) replies.push(await verify({ mfa_token: token, code: '000000' }));
    expect(replies.slice(0, 4).map((r) => r.statusCode)).toEqual([422, 422, 422, 422]);
    expect(replies[4]!.statusCode).toBe(401);
    expect(replies[4]!.json().error.code).toBe('ACCOUNT_LOCKED');
    const late = await verify({ mfa_token: token, code: await totpCode(secret, now + 30_000) });
    expect(late.statusCode).toBe(401);
    const failures = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, String(admin.id)), eq(auditLogs.action, 'LOGIN_FAILED')));
    expect(failures.length).toBeGreaterThanOrEqual(5);
    expect(failures[0]!.summary).toContain('2단계 인증 실패');
  });

  it('lets the token expire after five minutes', async () => {
    const { admin, secret } = await enrolled();
    const token = await challenge(admin.loginId);
    advance(5 * MINUTE + 1_000);
    const late = await verify({ mfa_token: token, code: await totpCode(secret, now) });
    expect(late.statusCode).toBe(401);
    expect(late.json().error.message).toContain('다시 로그인');
  });

  it('takes each recovery code once; they are stored hashed, the secret encrypted', async () => {
    const { admin, secret, recoveryCodes } = await enrolled();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const used = await verify({ mfa_token: await challenge(admin.loginId), recovery_code: recoveryCodes[0] });
    expect(used.statusCode, used.body).toBe(200);
    const again = await verify({
      mfa_token: await challenge(admin.loginId),
      recovery_code: recoveryCodes[0]!.toLowerCase(),
    });
    expect(again.statusCode).toBe(422);
    const rows = await ctx.db
      .select()
      .from(adminRecoveryCodes)
      .where(eq(adminRecoveryCodes.adminId, admin.id));
    const stored = JSON.stringify(rows);
    for (const code of recoveryCodes) expect(stored).not.toContain(code.replace('-', ''));
    const [totp] = await ctx.db.select().from(adminTotp).where(eq(adminTotp.adminId, admin.id));
    expect(totp!.secretEncrypted.startsWith('v1:')).toBe(true);
    expect(totp!.secretEncrypted).not.toContain(secret);
  });
});

describe('the policy', () => {
  it('asks an admin from outside the internal networks to enrol, and opens only the enrolment until then', async () => {
    const admin = await createAdmin(ctx, { role: 'admin' });
    const reply = await loginFrom(admin.loginId, OUTSIDE);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().user.second_factor_enrolment_required).toBe(true);
    const token = reply.json().token as string;
    const call = (method: string, path: string) =>
      ctx.app.inject({
        method: method as 'GET',
        url: `/api/v1${path.replace(/:[A-Za-z]+/g, '1')}`,
        headers: bearer(token),
        remoteAddress: OUTSIDE,
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
    // Every declared route but the enrolment's answers 403 with the code the screen sends to the enrolment.
    const open = new Set([
      'GET /auth/me',
      'POST /auth/logout',
      'GET /settings/client',
      'GET /me/second-factor',
      'POST /me/second-factor/totp',
      'POST /me/second-factor/totp/confirm',
      'POST /auth/step-up',
      'POST /auth/step-up/passkey-options',
      'POST /me/second-factor/passkeys/options',
      'POST /me/second-factor/passkeys',
    ]);
    for (const row of ENDPOINTS) {
      const key = row.key;
      if (row.access === 'public' || open.has(key)) continue;
      expect(row.duringSecondFactorEnrolment, key).toBeFalsy();
      const refused = await call(row.method, row.path);
      expect(refused.statusCode, `${key} ${refused.body}`).toBe(403);
      expect(refused.json().error.code, key).toBe('SECOND_FACTOR_ENROLMENT_REQUIRED');
    }
    expect((await call('GET', '/auth/me')).json().user.second_factor_enrolment_required).toBe(true);
    // Enrolment lifts it for this session.
    const setup = await apiAs(ctx, token).post('/me/second-factor/totp', {});
    expect(setup.statusCode).toBe(200);
    expect(setup.json().qr_svg).toContain('<svg');
    expect(setup.json().otpauth_uri).toContain(`otpauth://totp/`);
    const confirm = await apiAs(ctx, token).post('/me/second-factor/totp/confirm', {
      code: await totpCode(setup.json().secret, now),
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json().user.second_factor_enrolment_required).toBe(false);
    expect((await call('GET', '/workers')).statusCode).toBe(200);
  });

  it('does not ask a role the policy leaves out, and asks everyone when it says everywhere', async () => {
    const viewer = await createAdmin(ctx, { role: 'viewer' });
    expect((await loginFrom(viewer.loginId, OUTSIDE)).json().user.second_factor_enrolment_required).toBe(
      false,
    );
    await setPolicy({
      requiredRoles: ['super_admin', 'admin', 'branch_manager', 'viewer'],
      where: 'everywhere',
    });
    try {
      expect((await loginFrom(viewer.loginId)).json().user.second_factor_enrolment_required).toBe(true);
    } finally {
      await setPolicy({});
    }
  });

  it('refuses a change that loosens the policy for its editor, and takes one that tightens it', async () => {
    const { token } = await login(ctx, superAdmin.loginId);
    const api = apiAs(ctx, token);
    const read = async () => {
      const reply = await api.get('/settings');
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json();
    };
    const loosen = await api.patch('/settings', {
      version: (await read()).version,
      second_factor: {
        ...SECOND_FACTOR_POLICY_DEFAULT,
        required_roles: ['admin'],
        internal_networks: ['127.0.0.0/8'],
      },
    });
    expect(loosen.statusCode, loosen.body).toBe(422);
    expect(loosen.json().error.details[0].message).toContain('완화할 수 없습니다');
    const tighten = await api.patch('/settings', {
      version: (await read()).version,
      second_factor: {
        required_roles: ['super_admin', 'admin', 'branch_manager'],
        where: 'outside',
        internal_networks: ['127.0.0.0/8', '::1/128'],
        step_up_minutes: 10,
      },
    });
    expect(tighten.statusCode, tighten.body).toBe(200);
    const bad = await api.patch('/settings', {
      version: (await read()).version,
      second_factor: { ...(await read()).second_factor, internal_networks: ['10.0.0.5/8'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('대역의 시작 주소');
    await setPolicy({});
  });
});

describe('step-up', () => {
  it('asks an enrolled admin for a fresh code before revealing an identifier', async () => {
    const worker = await newWorker();
    const { admin, secret } = await enrolled('admin');
    const signedIn = await verify({
      mfa_token: await challenge(admin.loginId),
      code: await totpCode(secret, now),
    });
    const api = apiAs(ctx, signedIn.json().token);
    const reveal = () =>
      api.post(`/workers/${worker.id}/reveal`, { field: 'alien_reg_no', reason: '본인 확인' });
    expect((await reveal()).statusCode).toBe(200);
    await setPolicy({ stepUpMinutes: 5 });
    advance(6 * MINUTE);
    const stale = await reveal();
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error.code).toBe('STEP_UP_REQUIRED');
    const stepped = await api.post('/auth/step-up', { code: await totpCode(secret, now) });
    expect(stepped.statusCode, stepped.body).toBe(200);
    expect((await reveal()).statusCode).toBe(200);
    await setPolicy({});
    const mine = await api.get('/me/second-factor');
    expect(mine.json()).toMatchObject({
      totp: { confirmed_at: expect.any(String) },
      recovery_codes_left: 10,
    });
    expect(mine.json().step_up_until).not.toBeNull();
  });

  it('lets an admin with no factor whom the policy does not ask reveal as before', async () => {
    const worker = await newWorker();
    const admin = await createAdmin(ctx, { role: 'admin' });
    const api = apiAs(ctx, (await login(ctx, admin.loginId)).token);
    const reveal = await api.post(`/workers/${worker.id}/reveal`, {
      field: 'alien_reg_no',
      reason: '본인 확인',
    });
    expect(reveal.statusCode, reveal.body).toBe(200);
  });
});

describe('removal and reset', () => {
  it('removes the app only with the password and a current code', async () => {
    const { admin, secret } = await enrolled();
    const signedIn = await verify({
      mfa_token: await challenge(admin.loginId),
      code: await totpCode(secret, now),
    });
    const api = apiAs(ctx, signedIn.json().token);
    const wrongPassword = await api.post('/me/second-factor/totp/remove', {
      password: 'Not-the-pass-1',
      code: await totpCode(secret, now + 30_000),
    });
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json().error.details[0].field).toBe('password');
    const removed = await api.post('/me/second-factor/totp/remove', {
      password: TEST_PASSWORD,
      code: await totpCode(secret, now + 30_000),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const plain = await loginFrom(admin.loginId);
    expect(plain.json().token).toEqual(expect.any(String));
    expect(
      await ctx.db.select().from(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, admin.id)),
    ).toEqual([]);
  });

  it('lets a super admin reset another admin with a reason, ending their sessions; never their own', async () => {
    const { admin } = await enrolled();
    const { token } = await login(ctx, superAdmin.loginId);
    const api = apiAs(ctx, token);
    expect((await api.post(`/admins/${admin.id}/second-factor/reset`, { reason: '' })).statusCode).toBe(400);
    const self = await api.post(`/admins/${superAdmin.id}/second-factor/reset`, { reason: '테스트' });
    expect(self.statusCode).toBe(422);
    const reset = await api.post(`/admins/${admin.id}/second-factor/reset`, { reason: '휴대폰 분실' });
    expect(reset.statusCode, reset.body).toBe(200);
    const sessions = await ctx.db.select().from(authSessions).where(eq(authSessions.adminId, admin.id));
    expect(sessions.every((s) => s.revokedAt !== null)).toBe(true);
    const [entry] = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'SECURITY_CHANGE'), eq(auditLogs.targetId, String(admin.id))))
      .orderBy(auditLogs.id);
    expect(entry).toBeDefined();
    const all = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'SECURITY_CHANGE'), eq(auditLogs.targetId, String(admin.id))));
    expect(all.map((e) => e.reason)).toContain('휴대폰 분실');
    expect((await loginFrom(admin.loginId)).json().token).toEqual(expect.any(String));
  });
});
