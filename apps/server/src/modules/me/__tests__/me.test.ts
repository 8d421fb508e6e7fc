import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, insertBranch } from '../../../../test/fixtures';
import {
  createAdmin,
  createTestContext,
  login,
  TEST_PASSWORD,
  type TestContext,
} from '../../../../test/helpers';
import { admins, auditLogs, authSessions } from '../../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // This file signs in far more often than the per-IP login limit allows in a minute.
  const owner = await createAdmin(ctx);
  await ctx.app.settings.update(
    { loginRateLimitPerMinute: 1000 },
    { actorAdminId: owner.id, actorLoginId: owner.loginId, ip: null, userAgent: null },
  );
});
afterAll(async () => {
  await ctx?.close();
});

const NEW_PASSWORD = 'Brand-new-pass-9';

async function signedInAdmin(values: Parameters<typeof createAdmin>[1] = {}) {
  const admin = await createAdmin(ctx, values);
  const session = await login(ctx, admin.loginId);
  return { admin, ...session, api: apiAs(ctx, session.token) };
}

function refresh(refreshToken: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh',
    payload: { refresh_token: refreshToken },
  });
}

async function adminRow(id: number) {
  const [row] = await ctx.db.select().from(admins).where(eq(admins.id, id));
  return row!;
}

async function auditRows(adminId: number) {
  return ctx.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.targetType, 'admin'), eq(auditLogs.targetId, String(adminId))))
    .orderBy(auditLogs.id);
}

describe('GET /me', () => {
  it('answers the own account with the branch name, and nothing secret', async () => {
    const branch = await insertBranch(ctx, { name: '안산지점' });
    const { admin, api } = await signedInAdmin({
      role: 'branch_manager',
      branchId: branch.id,
      phone: '01012345678',
    });
    const response = await api.get('/me');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: admin.id,
      login_id: admin.loginId,
      email: admin.email,
      name: admin.name,
      phone: '01012345678',
      role: 'branch_manager',
      branch_id: branch.id,
      branch_name: '안산지점',
      must_change_password: false,
      version: 1,
    });
    expect(body.last_login_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(body).not.toHaveProperty('password_hash');
    expect(body).not.toHaveProperty('failed_login_count');
  });

  it('needs a signed-in admin', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/me' });
    expect(response.statusCode).toBe(401);
  });
});

describe('PATCH /me', () => {
  it('changes name, email and phone, logs before/after, and never the role or branch', async () => {
    const { admin, api } = await signedInAdmin({ role: 'viewer', name: '이전이름' });
    const response = await api.patch('/me', {
      name: '새이름',
      email: 'New.Mail@Ilson.test',
      phone: '010-9876-5432',
      role: 'super_admin',
      branch_id: 1,
      version: 1,
      current_password: TEST_PASSWORD,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: '새이름',
      email: 'new.mail@ilson.test',
      phone: '01098765432',
      role: 'viewer',
      branch_id: null,
      version: 2,
    });
    const row = await adminRow(admin.id);
    expect(row).toMatchObject({ role: 'viewer', branchId: null, name: '새이름' });

    const update = (await auditRows(admin.id)).find((entry) => entry.action === 'UPDATE');
    expect(update).toMatchObject({
      actorAdminId: admin.id,
      targetType: 'admin',
      summary: '내 정보 수정',
      diff: {
        name: { before: '이전이름', after: '새이름' },
        email: { before: admin.email, after: 'new.mail@ilson.test' },
        phone: { before: '', after: '01098765432' },
      },
    });
    expect(update!.ip).toBeTruthy();
  });

  it('refuses a stale version (409), a taken email (409 on the field) and a bad phone (Korean detail)', async () => {
    const other = await createAdmin(ctx);
    const { api } = await signedInAdmin();
    expect((await api.patch('/me', { name: '하나', version: 1 })).statusCode).toBe(200);

    const stale = await api.patch('/me', { name: '둘', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('CONFLICT');

    const taken = await api.patch('/me', {
      email: other.email.toUpperCase(),
      version: 2,
      current_password: TEST_PASSWORD,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.details).toEqual([{ field: 'email', message: '이미 사용 중인 이메일입니다.' }]);

    const badPhone = await api.patch('/me', { phone: '12345', name: '', version: 2 });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().error.details).toEqual(
      expect.arrayContaining([
        { field: 'phone', message: '올바른 전화번호가 아닙니다.' },
        { field: 'name', message: '필수 입력 항목입니다.' },
      ]),
    );
  });

  it('changes the login e-mail only with the current password, counted towards the lock like a login', async () => {
    const { admin, api } = await signedInAdmin();
    const missing = await api.patch('/me', { email: 'moved@ilson.test', version: 1 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.details).toEqual([
      { field: 'current_password', message: '로그인 이메일을 바꾸려면 현재 비밀번호를 입력해 주세요.' },
    ]);
    const wrong = await api.patch('/me', {
      email: 'moved@ilson.test',
      version: 1,
      current_password: 'Not-my-pass-1',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.details).toEqual([
      { field: 'current_password', message: '현재 비밀번호가 올바르지 않습니다.' },
    ]);
    expect(await adminRow(admin.id)).toMatchObject({ email: admin.email, failedLoginCount: 1 });
    expect((await auditRows(admin.id)).some((entry) => entry.action === 'LOGIN_FAILED')).toBe(true);
    // The same e-mail, or a name alone, needs nothing.
    expect((await api.patch('/me', { email: admin.email, name: '이름만', version: 1 })).statusCode).toBe(200);
    const moved = await api.patch('/me', {
      email: 'moved@ilson.test',
      version: 2,
      current_password: TEST_PASSWORD,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await adminRow(admin.id)).email).toBe('moved@ilson.test');
    // Five wrong ones lock the account, as five failed logins do.
    for (let i = 0; i < 4; i++) {
      await api.patch('/me', { email: 'again@ilson.test', version: 3, current_password: 'Not-my-pass-1' });
    }
    const locked = await api.patch('/me', {
      email: 'again@ilson.test',
      version: 3,
      current_password: TEST_PASSWORD,
    });
    expect(locked.statusCode).toBe(422);
    expect(locked.json().error.details[0].message).toMatch(/계정이 잠겼습니다/);
  });

  it('writes no access-log row when nothing changed', async () => {
    const { admin, api } = await signedInAdmin({ name: '그대로' });
    const response = await api.patch('/me', { name: '그대로', version: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json().version).toBe(1);
    expect((await auditRows(admin.id)).map((entry) => entry.action)).toEqual(['LOGIN']);
  });
});

describe('POST /me/password', () => {
  it('sets the new password, keeps this session and ends every other one', async () => {
    const { admin, api, refreshToken } = await signedInAdmin();
    const other = await login(ctx, admin.loginId);
    const before = await adminRow(admin.id);

    const response = await api.post('/me/password', {
      current_password: TEST_PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    // The other session: its refresh token and its access token are both dead.
    expect((await refresh(other.refreshToken)).statusCode).toBe(401);
    expect((await apiAs(ctx, other.token).get('/auth/me')).statusCode).toBe(401);
    // This session: still signed in, and its refresh token still rotates.
    expect((await api.get('/me')).statusCode).toBe(200);
    expect((await refresh(refreshToken)).statusCode).toBe(200);

    const sessions = await ctx.db.select().from(authSessions).where(eq(authSessions.adminId, admin.id));
    expect(sessions.filter((s) => s.revokedAt).map((s) => s.revokedReason)).toEqual(['password_changed']);

    const after = await adminRow(admin.id);
    expect(after.passwordChangedAt.getTime()).toBeGreaterThan(before.passwordChangedAt.getTime());
    expect(after.passwordHash).not.toBe(before.passwordHash);
    await expect(login(ctx, admin.loginId, TEST_PASSWORD)).rejects.toThrow(/401/);
    expect((await login(ctx, admin.loginId, NEW_PASSWORD)).token).toBeTruthy();

    const entry = (await auditRows(admin.id)).find((row) => row.action === 'UPDATE');
    expect(entry).toMatchObject({ summary: '비밀번호 변경', actorAdminId: admin.id });
    const logged = JSON.stringify(entry);
    expect(logged).not.toContain(NEW_PASSWORD);
    expect(logged).not.toContain(TEST_PASSWORD);
    expect(Object.keys(entry!.diff as object)).toEqual(['passwordChangedAt']);
  });

  it('refuses a wrong current password with a Korean detail, counting it towards the lock', async () => {
    const { admin, api } = await signedInAdmin();
    const wrong = () =>
      api.post('/me/password', { current_password: 'not-my-password', new_password: NEW_PASSWORD });

    const first = await wrong();
    expect(first.statusCode).toBe(422);
    expect(first.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'current_password', message: '현재 비밀번호가 올바르지 않습니다.' }],
    });
    expect((await adminRow(admin.id)).failedLoginCount).toBe(1);
    expect((await auditRows(admin.id)).map((row) => row.action)).toEqual(['LOGIN', 'LOGIN_FAILED']);

    for (let i = 2; i <= 4; i++) expect((await wrong()).statusCode).toBe(422);
    const fifth = await wrong();
    expect(fifth.json().error.details[0].message).toMatch(/계정이 잠겼습니다. 15분 후/);
    expect((await adminRow(admin.id)).status).toBe('locked');

    // Locked: even the right password waits, and a new login too.
    const right = await api.post('/me/password', {
      current_password: TEST_PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(right.statusCode).toBe(422);
    expect(right.json().error.details[0].field).toBe('current_password');
    await expect(login(ctx, admin.loginId)).rejects.toThrow(/ACCOUNT_LOCKED/);
    expect((await adminRow(admin.id)).passwordHash).toBe(admin.passwordHash);
  });

  it('holds the new password to the policy and to differ from the current one', async () => {
    const { admin, api } = await signedInAdmin();
    const attempt = (newPassword: string) =>
      api.post('/me/password', { current_password: TEST_PASSWORD, new_password: newPassword });
    const policy =
      '비밀번호는 영문·숫자·특수문자 중 3종류 이상으로 8자 이상, 또는 2종류 이상으로 10자 이상이어야 합니다.';

    // Too short for three kinds; nine characters of two kinds; one kind only (twice).
    for (const weak of ['Ab1!', 'abcdefg12', 'abcdefghijklmno', '12345678']) {
      const response = await attempt(weak);
      expect(response.statusCode, weak).toBe(400);
      expect(response.json().error.details).toEqual([{ field: 'new_password', message: policy }]);
    }
    const same = await attempt(TEST_PASSWORD);
    expect(same.statusCode).toBe(400);
    expect(same.json().error.details).toEqual([
      { field: 'new_password', message: '새 비밀번호는 현재 비밀번호와 달라야 합니다.' },
    ]);
    const missing = await api.post('/me/password', { new_password: NEW_PASSWORD });
    expect(missing.json().error.details[0].field).toBe('current_password');

    // 10+ characters of two kinds meet the policy.
    expect((await attempt('abcdefgh12')).statusCode).toBe(200);
    expect((await adminRow(admin.id)).failedLoginCount).toBe(0);
  });
});

describe('an admin with a temporary password (mustChangePassword)', () => {
  it('reaches only the password change, /auth/me, logout and the client settings until it is changed', async () => {
    const admin = await createAdmin(ctx, { role: 'admin', mustChangePassword: true });
    const { token, response } = await login(ctx, admin.loginId);
    expect(response.json().user.must_change_password).toBe(true);
    const api = apiAs(ctx, token);

    for (const url of ['/employers', '/me', '/me/logins', '/branches']) {
      const refused = await api.get(url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error).toEqual({
        code: 'PASSWORD_CHANGE_REQUIRED',
        message: '임시 비밀번호로 로그인했습니다. 비밀번호를 변경한 뒤 이용해 주세요.',
      });
    }
    expect((await api.patch('/me', { name: '몰래', version: 1 })).statusCode).toBe(403);
    expect((await api.get('/auth/me')).json().user.must_change_password).toBe(true);
    expect((await api.get('/settings/client')).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/settings/public' })).statusCode).toBe(200);

    const changed = await api.post('/me/password', {
      current_password: TEST_PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(200);

    expect((await api.get('/employers')).statusCode).toBe(200);
    expect((await api.get('/auth/me')).json().user.must_change_password).toBe(false);
    const entry = (await auditRows(admin.id)).find((row) => row.action === 'UPDATE');
    expect(entry!.diff).toMatchObject({ mustChangePassword: { before: true, after: false } });
  });

  it('may still log out', async () => {
    const admin = await createAdmin(ctx, { mustChangePassword: true });
    const { token } = await login(ctx, admin.loginId);
    const response = await apiAs(ctx, token).post('/auth/logout', {});
    expect(response.statusCode).toBe(200);
    expect((await apiAs(ctx, token).get('/auth/me')).statusCode).toBe(401);
  });
});

describe('GET /me/logins', () => {
  it('lists only the own sign-ins and failed attempts, newest first, 20 at most', async () => {
    const { admin, api } = await signedInAdmin();
    const other = await createAdmin(ctx);
    await login(ctx, other.loginId);
    const failed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: admin.loginId, password: 'wrong-password' },
      headers: { 'user-agent': 'Mozilla/5.0 (Test) Chrome/130' },
    });
    expect(failed.statusCode).toBe(401);
    await login(ctx, admin.loginId);

    const response = await api.get('/me/logins');
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.map((row: { success: boolean }) => row.success)).toEqual([true, false, true]);
    expect(data[1]).toMatchObject({
      success: false,
      ip: '127.0.0.1',
      user_agent: 'Mozilla/5.0 (Test) Chrome/130',
    });
    expect(data[0].created_at >= data[1].created_at).toBe(true);
    expect(Object.keys(data[0]).sort()).toEqual([
      'created_at',
      'id',
      'ip',
      'success',
      'summary',
      'user_agent',
    ]);

    const otherRows = await ctx.db
      .select({ id: auditLogs.id })
      .from(auditLogs)
      .where(eq(auditLogs.actorAdminId, other.id));
    const ids = new Set(data.map((row: { id: number }) => row.id));
    expect(otherRows.some((row) => ids.has(row.id))).toBe(false);

    for (let i = 0; i < 20; i++) await login(ctx, admin.loginId);
    expect((await api.get('/me/logins')).json().data).toHaveLength(20);
  });
});
