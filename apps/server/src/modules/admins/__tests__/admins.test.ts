import { adminMessages, fieldMessages, meetsPasswordPolicy, recordMessages } from '@ilson/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs, insertBranch, patchSettings, signedIn } from '../../../../test/fixtures';
import { bearer, createAdmin, createTestContext, login, type TestContext } from '../../../../test/helpers';
import { admins, auditLogs } from '../../../db/schema';
import type { Actor } from '../../../lib/actor';
import { createAdminsService } from '../admins.service';

let ctx: TestContext;
let boss: Api;
let bossId: number;
let branchId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  branchId = (await insertBranch(ctx, { name: '안산지점', code: 'ANS', region: '경기도' })).id;
  const signed = await signedIn(ctx, 'super_admin');
  boss = signed.api;
  bossId = signed.admin.id;
  // This file signs in many times from one address: lift the per-IP login limit (a setting).
  expect((await patchSettings(boss, { login_rate_limit_per_minute: 1000 })).statusCode).toBe(200);
});
afterAll(async () => {
  await ctx?.close();
});

const STRONG_PASSWORD = 'Strong-pass-2025';
let seq = 0;
const newAdmin = (overrides: Record<string, unknown> = {}) => {
  seq++;
  return {
    login_id: `staff${seq}`,
    email: `staff${seq}@ilson.test`,
    name: `직원${seq}`,
    phone: '010-1234-5678',
    role: 'admin',
    password: STRONG_PASSWORD,
    ...overrides,
  };
};

async function create(overrides: Record<string, unknown> = {}) {
  const response = await boss.post('/admins', newAdmin(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as {
    admin: Record<string, unknown> & { id: number; login_id: string; version: number };
    temporary_password: string | null;
  };
}

const loginAttempt = (identifier: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: identifier, password } });
const refresh = (refreshToken: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refresh_token: refreshToken } });
const me = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });

async function auditRows(targetId: number) {
  return ctx.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.targetType, 'admin'), eq(auditLogs.targetId, String(targetId))))
    .orderBy(auditLogs.id);
}

async function allAuditText() {
  return JSON.stringify(await ctx.db.select().from(auditLogs));
}

describe('admins: access', () => {
  it('refuses admin, branch_manager and viewer with 403 on every endpoint, and 401 without a token', async () => {
    const target = await createAdmin(ctx, { role: 'viewer' });
    const callers = [
      (await signedIn(ctx, 'admin')).api,
      (await signedIn(ctx, 'branch_manager', branchId)).api,
      (await signedIn(ctx, 'viewer')).api,
    ];
    for (const api of callers) {
      const replies = [
        await api.get('/admins'),
        await api.get(`/admins/${target.id}`),
        await api.post('/admins', newAdmin()),
        await api.patch(`/admins/${target.id}`, { name: '바꿈', version: 1 }),
        await api.post(`/admins/${target.id}/disable`, { version: 1 }),
        await api.post(`/admins/${target.id}/enable`, { version: 1 }),
        await api.post(`/admins/${target.id}/unlock`, { version: 1 }),
        await api.post(`/admins/${target.id}/reset-password`, { version: 1 }),
      ];
      for (const reply of replies) {
        expect(reply.statusCode).toBe(403);
        expect(reply.json().error).toEqual({ code: 'FORBIDDEN', message: '접근 권한이 없습니다.' });
      }
    }
    const [row] = await ctx.db.select().from(admins).where(eq(admins.id, target.id));
    expect(row).toMatchObject({ name: target.name, status: 'active', version: 1 });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/admins' })).statusCode).toBe(401);
  });
});

describe('admins: create', () => {
  it('creates an admin with a password that meets the policy, logs PERMISSION_CHANGE without the password', async () => {
    const { admin, temporary_password } = await create({ login_id: 'Kim.Staff', email: 'Kim@Ilson.TEST' });
    expect(temporary_password).toBeNull();
    expect(admin).toMatchObject({
      login_id: 'kim.staff',
      email: 'kim@ilson.test',
      phone: '01012345678',
      role: 'admin',
      branch_id: null,
      status: 'active',
      must_change_password: false,
      failed_login_count: 0,
      version: 1,
    });
    expect(admin).not.toHaveProperty('password_hash');
    const signedIn = await loginAttempt('KIM.STAFF', STRONG_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.must_change_password).toBe(false);

    const [log] = await auditRows(admin.id);
    expect(log).toMatchObject({ action: 'PERMISSION_CHANGE', actorAdminId: bossId });
    expect(log!.summary).toContain('관리자 등록');
    expect(log!.diff).toMatchObject({
      loginId: { before: null, after: 'kim.staff' },
      role: { before: null, after: 'admin' },
    });
    expect(await allAuditText()).not.toContain(STRONG_PASSWORD);
    const [stored] = await ctx.db.select().from(admins).where(eq(admins.id, admin.id));
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('invites: answers a policy-meeting temporary password once, which signs in with must_change_password', async () => {
    const { admin, temporary_password } = await create({ password: undefined, invite: true });
    expect(temporary_password).toEqual(expect.any(String));
    expect(meetsPasswordPolicy(temporary_password!)).toBe(true);
    expect(admin.must_change_password).toBe(true);
    expect((await boss.get(`/admins/${admin.id}`)).body).not.toContain(temporary_password!);

    const signedIn = await loginAttempt(admin.login_id, temporary_password!);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.must_change_password).toBe(true);
    expect((await me(signedIn.json().token)).json().user.must_change_password).toBe(true);

    const [log] = await auditRows(admin.id);
    expect(log!.summary).toContain('초대');
    expect(log!.diff).toMatchObject({ mustChangePassword: { before: null, after: true } });
    expect(await allAuditText()).not.toContain(temporary_password!);
  });

  it('two invitations get different temporary passwords', async () => {
    const first = await create({ password: undefined, invite: true });
    const second = await create({ password: undefined, invite: true });
    expect(first.temporary_password).not.toBe(second.temporary_password);
  });

  it('refuses passwords outside the policy (8+ with 3 kinds, or 10+ with 2) with the Korean message', async () => {
    for (const password of ['abcd1234', 'abcdefghij', 'Ab1!', '1234567890']) {
      const response = await boss.post('/admins', newAdmin({ password }));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details).toEqual([
        { field: 'password', message: fieldMessages.passwordPolicy },
      ]);
    }
    for (const password of ['abc123!x', 'abcde12345', 'ABCDE!@#$%']) {
      expect((await boss.post('/admins', newAdmin({ password }))).statusCode).toBe(201);
    }
  });

  it('asks for a password or an invitation, not both', async () => {
    const neither = await boss.post('/admins', newAdmin({ password: undefined }));
    expect(neither.statusCode).toBe(400);
    expect(neither.json().error.details).toEqual([
      { field: 'password', message: adminMessages.passwordOrInvite },
    ]);
    const both = await boss.post('/admins', newAdmin({ invite: true }));
    expect(both.json().error.details).toEqual([
      { field: 'password', message: adminMessages.passwordWithInvite },
    ]);
  });

  it('validates login id, email and phone with Korean field messages', async () => {
    const response = await boss.post(
      '/admins',
      newAdmin({ login_id: 'a@b', email: 'not-an-email', phone: '12', name: '' }),
    );
    expect(response.statusCode).toBe(400);
    const details = response.json().error.details as { field: string; message: string }[];
    expect(Object.fromEntries(details.map((d) => [d.field, d.message]))).toEqual({
      login_id: adminMessages.loginIdFormat,
      email: fieldMessages.email,
      phone: fieldMessages.phone,
      name: fieldMessages.required,
    });
  });

  it('refuses a duplicate login id or email (case-insensitive) with 409 on the field', async () => {
    const { admin } = await create();
    const sameLogin = await boss.post('/admins', newAdmin({ login_id: admin.login_id.toUpperCase() }));
    expect(sameLogin.statusCode).toBe(409);
    expect(sameLogin.json().error).toMatchObject({
      code: 'CONFLICT',
      message: adminMessages.duplicateLoginId,
      details: [{ field: 'login_id', message: adminMessages.duplicateLoginId }],
    });
    const sameEmail = await boss.post('/admins', newAdmin({ email: String(admin.email).toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().error.details).toEqual([
      { field: 'email', message: adminMessages.duplicateEmail },
    ]);
  });

  it('needs a branch for a branch manager, and an existing one', async () => {
    const none = await boss.post('/admins', newAdmin({ role: 'branch_manager' }));
    expect(none.statusCode).toBe(400);
    expect(none.json().error.details).toEqual([
      { field: 'branch_id', message: adminMessages.branchRequired },
    ]);
    const unknown = await boss.post('/admins', newAdmin({ role: 'branch_manager', branch_id: 999_999 }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.details).toEqual([
      { field: 'branch_id', message: recordMessages.branchNotFound },
    ]);
    const { admin } = await create({ role: 'branch_manager', branch_id: branchId });
    expect(admin).toMatchObject({ role: 'branch_manager', branch_id: branchId, branch_name: '안산지점' });
  });
});

describe('admins: list and detail', () => {
  it('lists with q over name, login id and email, role, status and branch filters, and paging', async () => {
    const { admin: manager } = await create({
      login_id: 'findme.manager',
      name: '검색대상',
      email: 'lookup@ilson.test',
      role: 'branch_manager',
      branch_id: branchId,
    });
    const ids = async (query: string) =>
      ((await boss.get(`/admins?${query}`)).json().data as { id: number }[]).map((a) => a.id);
    expect(await ids(`q=${encodeURIComponent('검색대상')}`)).toEqual([manager.id]);
    expect(await ids('q=FINDME')).toEqual([manager.id]);
    expect(await ids('q=lookup@')).toEqual([manager.id]);
    expect(await ids(`role=branch_manager&branch_id=${branchId}&q=findme`)).toEqual([manager.id]);
    expect(await ids('role=viewer&q=findme')).toEqual([]);
    expect(await ids('status=disabled&q=findme')).toEqual([]);
    const paged = (await boss.get('/admins?page_size=2&sort=login_id&order=asc')).json();
    expect(paged.data).toHaveLength(2);
    expect(paged.meta).toMatchObject({ page: 1, page_size: 2 });
    expect(paged.meta.total).toBeGreaterThan(2);
    expect(JSON.stringify(paged)).not.toContain('argon2');
    expect((await boss.get('/admins?status=nope')).statusCode).toBe(400);
  });

  it('answers one admin, and 404 for an unknown id', async () => {
    const { admin } = await create();
    const detail = await boss.get(`/admins/${admin.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: admin.id, login_id: admin.login_id, version: 1 });
    expect((await boss.get('/admins/999999')).statusCode).toBe(404);
  });
});

describe('admins: edit', () => {
  it('changes role and branch with the version read; the new role applies at once; stale version is 409', async () => {
    const { admin } = await create({ role: 'admin' });
    const { token } = await login(ctx, admin.login_id, STRONG_PASSWORD);
    expect((await apiAs(ctx, token).get('/employers')).statusCode).toBe(200);

    const changed = await boss.patch(`/admins/${admin.id}`, {
      role: 'branch_manager',
      branch_id: branchId,
      name: '새이름',
      version: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      role: 'branch_manager',
      branch_id: branchId,
      name: '새이름',
      version: 2,
    });
    expect((await me(token)).json().user).toMatchObject({ role: 'branch_manager', branch_id: branchId });

    const [log] = (await auditRows(admin.id)).slice(-1);
    expect(log).toMatchObject({ action: 'PERMISSION_CHANGE' });
    expect(log!.summary).toContain('관리자 → 지점 관리자');
    expect(log!.diff).toEqual({
      role: { before: 'admin', after: 'branch_manager' },
      branchId: { before: null, after: branchId },
      name: { before: admin.name, after: '새이름' },
    });

    const stale = await boss.patch(`/admins/${admin.id}`, { name: '늦은 변경', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('CONFLICT');

    const noBranch = await boss.patch(`/admins/${admin.id}`, { branch_id: null, version: 2 });
    expect(noBranch.statusCode).toBe(422);
    expect(noBranch.json().error.details[0]).toEqual({
      field: 'branch_id',
      message: adminMessages.branchRequired,
    });
  });

  it('needs a branch when the role becomes branch manager on a record without one', async () => {
    const { admin } = await create({ role: 'viewer' });
    const response = await boss.patch(`/admins/${admin.id}`, { role: 'branch_manager', version: 1 });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details).toEqual([
      { field: 'branch_id', message: adminMessages.branchRequired },
    ]);
  });

  it('refuses an email another admin uses with 409; an unchanged PATCH writes nothing', async () => {
    const { admin: first } = await create();
    const { admin: second } = await create();
    const taken = await boss.patch(`/admins/${second.id}`, { email: String(first.email), version: 1 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.details).toEqual([{ field: 'email', message: adminMessages.duplicateEmail }]);
    const same = await boss.patch(`/admins/${second.id}`, { name: second.name, version: 1 });
    expect(same.json().version).toBe(1);
    expect(await auditRows(second.id)).toHaveLength(1);
  });
});

describe('admins: the last super_admin and oneself', () => {
  it('the only super_admin cannot be demoted or disabled (422, Korean); with a second one, not oneself', async () => {
    const own = (await boss.get(`/admins/${bossId}`)).json();
    const others = (await boss.get('/admins?role=super_admin')).json().data;
    expect(others.map((a: { id: number }) => a.id)).toEqual([bossId]);

    const demote = await boss.patch(`/admins/${bossId}`, { role: 'admin', version: own.version });
    expect(demote.statusCode).toBe(422);
    expect(demote.json().error).toEqual({
      code: 'VALIDATION_ERROR',
      message: adminMessages.lastSuperAdmin,
      details: [{ field: 'role', message: adminMessages.lastSuperAdmin }],
    });
    const disable = await boss.post(`/admins/${bossId}/disable`, { version: own.version });
    expect(disable.statusCode).toBe(422);
    expect(disable.json().error.message).toBe(adminMessages.lastSuperAdmin);
    expect((await boss.get(`/admins/${bossId}`)).json()).toMatchObject({
      role: 'super_admin',
      status: 'active',
    });

    const { admin: second } = await create({ role: 'super_admin' });
    const selfDemote = await boss.patch(`/admins/${bossId}`, { role: 'viewer', version: own.version });
    expect(selfDemote.statusCode).toBe(422);
    expect(selfDemote.json().error.details).toEqual([{ field: 'role', message: adminMessages.selfDemotion }]);
    const selfDisable = await boss.post(`/admins/${bossId}/disable`, { version: own.version });
    expect(selfDisable.json().error.message).toBe(adminMessages.selfDisable);
    const selfReset = await boss.post(`/admins/${bossId}/reset-password`, { version: own.version });
    expect(selfReset.statusCode).toBe(422);
    expect(selfReset.json().error.message).toBe(adminMessages.selfReset);
    // Oneself may still change one's own name.
    const renamed = await boss.patch(`/admins/${bossId}`, { name: '최고 관리자', version: own.version });
    expect(renamed.statusCode).toBe(200);

    // Demoting the other super_admin is fine while oneself remains.
    const demoted = await boss.patch(`/admins/${second.id}`, { role: 'admin', version: 1 });
    expect(demoted.statusCode).toBe(200);
    expect((await boss.get('/admins?role=super_admin')).json().meta.total).toBe(1);
  });

  it('two super_admins demoting each other at once: exactly one succeeds, one super_admin remains', async () => {
    const a = await signedIn(ctx, 'super_admin');
    const b = await signedIn(ctx, 'super_admin');
    // Leave only these two: the file's own super_admin steps aside for this test and comes back after.
    await ctx.db.update(admins).set({ role: 'admin' }).where(eq(admins.id, bossId));
    try {
      // Over HTTP the later request may already fail its permission check (403); either way one remains.
      const [ab, ba] = await Promise.all([
        a.api.patch(`/admins/${b.admin.id}`, { role: 'admin', version: 1 }),
        b.api.patch(`/admins/${a.admin.id}`, { role: 'admin', version: 1 }),
      ]);
      expect([ab.statusCode, ba.statusCode].filter((code) => code === 200)).toHaveLength(1);
      const loser = ab.statusCode === 200 ? ba : ab;
      expect([403, 422]).toContain(loser.statusCode);
      expect(await ctx.db.select().from(admins).where(eq(admins.role, 'super_admin'))).toHaveLength(1);

      // Both past the permission check at the same moment (the service, as two requests would reach it):
      // the admin-change lock checks one after the other.
      const c = await createAdmin(ctx, { role: 'super_admin' });
      const survivor = ab.statusCode === 200 ? a.admin : b.admin;
      const service = createAdminsService({ db: ctx.db });
      const actor = (adminId: number): Actor => ({
        adminId,
        role: 'super_admin',
        scope: { all: true },
        audit: { actorAdminId: adminId, actorLoginId: null, ip: null, userAgent: null },
      });
      const results = await Promise.allSettled([
        service.update(c.id, { role: 'admin', version: 1 }, actor(survivor.id)),
        service.update(survivor.id, { role: 'admin', version: 1 }, actor(c.id)),
      ]);
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(refused).toHaveLength(1);
      expect(refused[0]!.reason.message).toBe(adminMessages.lastSuperAdmin);
      expect(await ctx.db.select().from(admins).where(eq(admins.role, 'super_admin'))).toHaveLength(1);
    } finally {
      await ctx.db.update(admins).set({ role: 'super_admin' }).where(eq(admins.id, bossId));
    }
  });
});

describe('admins: disable, enable, unlock, reset password', () => {
  it('disabling ends the sessions: access and refresh tokens stop working and login is refused', async () => {
    const { admin } = await create();
    const { token, refreshToken } = await login(ctx, admin.login_id, STRONG_PASSWORD);
    const disabled = await boss.post(`/admins/${admin.id}/disable`, { version: 1 });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ status: 'disabled', version: 2 });
    expect((await me(token)).statusCode).toBe(401);
    expect((await refresh(refreshToken)).statusCode).toBe(401);
    const refused = await loginAttempt(admin.login_id, STRONG_PASSWORD);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('ACCOUNT_DISABLED');
    expect((await boss.get(`/admins?status=disabled&q=${admin.login_id}`)).json().meta.total).toBe(1);

    const again = await boss.post(`/admins/${admin.id}/disable`, { version: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: adminMessages.alreadyDisabled,
    });
    const resetDisabled = await boss.post(`/admins/${admin.id}/reset-password`, { version: 2 });
    expect(resetDisabled.json().error.message).toBe(adminMessages.resetDisabled);

    const enabled = await boss.post(`/admins/${admin.id}/enable`, { version: 2 });
    expect(enabled.json()).toMatchObject({ status: 'active', version: 3 });
    expect((await loginAttempt(admin.login_id, STRONG_PASSWORD)).statusCode).toBe(200);
    const enableAgain = await boss.post(`/admins/${admin.id}/enable`, { version: 3 });
    expect(enableAgain.json().error.message).toBe(adminMessages.notDisabled);

    const logs = await auditRows(admin.id);
    const changes = logs.filter((row) => row.action === 'PERMISSION_CHANGE');
    expect(changes.map((row) => row.diff)).toEqual([
      expect.anything(),
      { status: { before: 'active', after: 'disabled' } },
      { status: { before: 'disabled', after: 'active' } },
    ]);
  });

  it('unlock lets a locked admin sign in at once', async () => {
    const { admin } = await create();
    for (let i = 0; i < 5; i++) await loginAttempt(admin.login_id, 'wrong-password-1');
    expect((await loginAttempt(admin.login_id, STRONG_PASSWORD)).json().error.code).toBe('ACCOUNT_LOCKED');
    const locked = (await boss.get(`/admins/${admin.id}`)).json();
    expect(locked).toMatchObject({ status: 'locked', failed_login_count: 5 });
    expect(locked.locked_until).toEqual(expect.any(String));
    expect((await boss.get(`/admins?status=locked&q=${admin.login_id}`)).json().meta.total).toBe(1);

    const unlocked = await boss.post(`/admins/${admin.id}/unlock`, { version: locked.version });
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json()).toMatchObject({ status: 'active', failed_login_count: 0, locked_until: null });
    expect((await loginAttempt(admin.login_id, STRONG_PASSWORD)).statusCode).toBe(200);
    const notLocked = await boss.post(`/admins/${admin.id}/unlock`, { version: unlocked.json().version });
    expect(notLocked.statusCode).toBe(409);
    expect(notLocked.json().error.message).toBe(adminMessages.notLocked);
    const [log] = (await auditRows(admin.id)).filter((row) => row.action === 'PERMISSION_CHANGE').slice(-1);
    expect(log!.diff).toEqual({
      status: { before: 'locked', after: 'active' },
      failedLoginCount: { before: 5, after: 0 },
    });
  });

  it('an expired lock reads as active', async () => {
    const stale = await createAdmin(ctx, {
      role: 'viewer',
      status: 'locked',
      failedLoginCount: 5,
      lockedUntil: new Date(Date.now() - 60_000),
    });
    const detail = (await boss.get(`/admins/${stale.id}`)).json();
    expect(detail).toMatchObject({ status: 'active', locked_until: null });
  });

  it('reset password: a new temporary password once, old refresh and access tokens revoked, change forced', async () => {
    const { admin } = await create();
    const { token, refreshToken } = await login(ctx, admin.login_id, STRONG_PASSWORD);
    const reset = await boss.post(`/admins/${admin.id}/reset-password`, { version: 1 });
    expect(reset.statusCode).toBe(200);
    const { temporary_password, admin: after } = reset.json();
    expect(meetsPasswordPolicy(temporary_password)).toBe(true);
    expect(after).toMatchObject({ must_change_password: true, version: 2 });

    expect((await refresh(refreshToken)).statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(401);
    expect((await loginAttempt(admin.login_id, STRONG_PASSWORD)).statusCode).toBe(401);
    const fresh = await loginAttempt(admin.login_id, temporary_password);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().user.must_change_password).toBe(true);

    const [log] = (await auditRows(admin.id)).filter((row) => row.action === 'PERMISSION_CHANGE').slice(-1);
    expect(log!.summary).toContain('비밀번호 초기화');
    expect(log!.diff).toEqual({ mustChangePassword: { before: false, after: true } });
    expect(await allAuditText()).not.toContain(temporary_password);

    const stale = await boss.post(`/admins/${admin.id}/reset-password`, { version: 1 });
    expect(stale.statusCode).toBe(409);
  });

  it('answers 404 for an unknown admin and 400 without a version', async () => {
    expect((await boss.post('/admins/999999/unlock', { version: 1 })).statusCode).toBe(404);
    const { admin } = await create();
    const missing = await boss.post(`/admins/${admin.id}/disable`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details[0].field).toBe('version');
  });
});
