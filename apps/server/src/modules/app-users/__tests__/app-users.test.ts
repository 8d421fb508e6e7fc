import { APP_USER_STATUSES, APP_USER_TRANSITIONS, recordMessages } from '@ilson/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  insertAppUser,
  insertBranch,
  insertEmployer,
  insertWorker,
  signedIn,
} from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { walkTransitions } from '../../../../test/transitions';
import { appUsers, auditLogs } from '../../../db/schema';

let ctx: TestContext;
let admin: Api;
let adminId: number;
let manager: Api;
let viewer: Api;
let branchA: number;
const users: Record<string, number> = {};

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

beforeAll(async () => {
  ctx = await createTestContext();
  branchA = (await insertBranch(ctx, { name: '안산지점' })).id;
  const branchB = (await insertBranch(ctx, { name: '부산지점' })).id;
  const signed = await signedIn(ctx, 'admin');
  admin = signed.api;
  adminId = signed.admin.id;
  manager = (await signedIn(ctx, 'branch_manager', branchA)).api;
  viewer = (await signedIn(ctx, 'viewer')).api;
  const employerA = (await insertEmployer(ctx, branchA, { companyName: '(주)안산정밀' })).id;
  const workerA = (await insertWorker(ctx, branchA, { nameKo: '응우옌 반 안' })).id;
  const workerB = (await insertWorker(ctx, branchB, { nameKo: '바트 도르지' })).id;
  const rows = [
    ['fresh', { employerId: employerA }, { name: '김사장', loginId: 'boss.kim', lastLoginAt: daysAgo(1) }],
    ['stale', { workerId: workerA }, { name: '안', lastLoginAt: daysAgo(400), joinedAt: daysAgo(800) }],
    ['never', { workerId: workerA }, { name: '로그인 없음', lastLoginAt: null, joinedAt: daysAgo(100) }],
    ['neverOld', { workerId: workerA }, { name: '오래된 가입', lastLoginAt: null, joinedAt: daysAgo(500) }],
    [
      'suspended',
      { workerId: workerA },
      { name: '정지 회원', status: 'suspended', lastLoginAt: daysAgo(500) },
    ],
    ['other', { workerId: workerB }, { name: '바트', email: 'bat@mn.test', phone: '01098765432' }],
  ] as const;
  for (const [key, link, values] of rows) users[key] = (await insertAppUser(ctx, link, values)).id;
});
afterAll(async () => {
  await ctx?.close();
});

type UserReply = { id: number; version: number; status: string; name: string };
const statusOf = async (key: string) =>
  ((await admin.get(`/users/${users[key]}`)).json() as UserReply).status;
const listIds = async (query: string, api = admin) =>
  (await api.get(`/users?page_size=100&${query}`)).json().data.map((u: { id: number }) => u.id) as number[];

describe('app users: dormancy', () => {
  it('computes dormant from the last login, or the sign-up when there was none, against the setting', async () => {
    expect(await statusOf('fresh')).toBe('active');
    expect(await statusOf('stale')).toBe('dormant');
    expect(await statusOf('never')).toBe('active');
    expect(await statusOf('neverOld')).toBe('dormant');
    expect(await statusOf('suspended')).toBe('suspended');
    expect((await listIds('status=dormant')).sort()).toEqual([users.stale, users.neverOld].sort());
    expect(await listIds('status=active')).not.toContain(users.stale);
    const [row] = await ctx.db.select().from(appUsers).where(eq(appUsers.id, users.stale!));
    expect(row!.status).toBe('active');
  });

  it('flips to dormant when the setting shortens, without touching the row', async () => {
    const [before] = await ctx.db.select().from(appUsers).where(eq(appUsers.id, users.never!));
    await ctx.app.settings.update(
      { dormantAfterDays: 90 },
      { actorAdminId: adminId, actorLoginId: 'test', ip: null, userAgent: null },
    );
    expect(await statusOf('never')).toBe('dormant');
    expect(await listIds('status=dormant')).toContain(users.never);
    const [after] = await ctx.db.select().from(appUsers).where(eq(appUsers.id, users.never!));
    expect(after).toEqual(before);
    await ctx.app.settings.update(
      { dormantAfterDays: 365 },
      { actorAdminId: adminId, actorLoginId: 'test', ip: null, userAgent: null },
    );
    expect(await statusOf('never')).toBe('active');
  });
});

describe('app users: status changes', () => {
  const change = async (key: string, status: string, reason?: string, api = admin) => {
    const current = (await admin.get(`/users/${users[key]}`)).json() as UserReply;
    return api.post(`/users/${current.id}/status`, { status, reason, version: current.version });
  };

  it('suspends a dormant account with a reason and audits the shown status', async () => {
    const noReason = await change('stale', 'suspended');
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().error.details).toEqual([
      { field: 'reason', message: recordMessages.reasonRequired },
    ]);
    const suspended = await change('stale', 'suspended', '부정 이용 신고', manager);
    expect(suspended.json()).toMatchObject({ status: 'suspended', status_reason: '부정 이용 신고' });
    const history = (await admin.get(`/users/${users.stale}/history`)).json().data;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      action: 'UPDATE',
      reason: '부정 이용 신고',
      diff: { status: { before: 'dormant', after: 'suspended' } },
    });
  });

  it('reactivates (dormant again when last seen long ago), withdraws, and refuses the rest', async () => {
    expect((await change('suspended', 'active', '소명 확인')).json().status).toBe('dormant');
    const withdrawn = await change('fresh', 'withdrawn', '본인 요청');
    expect(withdrawn.json().status).toBe('withdrawn');
    for (const [key, to] of [
      ['fresh', 'active'],
      ['never', 'dormant'],
      ['never', 'active'],
    ] as const) {
      const refused = await change(key, to, '사유');
      expect(refused.statusCode, `${key} → ${to}`).toBe(409);
      expect(refused.json().error.code).toBe('INVALID_TRANSITION');
    }
  });

  it('applies every row of APP_USER_TRANSITIONS for users:write and refuses every other pair', async () => {
    await walkTransitions({
      statuses: APP_USER_STATUSES,
      table: APP_USER_TRANSITIONS,
      routePermission: 'users:write',
      callers: [
        { role: 'viewer', api: viewer },
        { role: 'branch_manager', api: manager },
      ],
      prepare: async (from) => {
        const [row] = await ctx.db
          .update(appUsers)
          .set({
            status: from === 'dormant' ? 'active' : from,
            lastLoginAt: from === 'dormant' ? daysAgo(1000) : daysAgo(1),
          })
          .where(eq(appUsers.id, users.never!))
          .returning();
        return row!;
      },
      url: (id) => `/users/${id}/status`,
    });
  });

  it('refuses a viewer (403), another branch (404) and a stale version (409)', async () => {
    expect((await change('never', 'suspended', '사유', viewer)).statusCode).toBe(403);
    expect((await change('other', 'suspended', '사유', manager)).statusCode).toBe(404);
    const stale = await admin.post(`/users/${users.never}/status`, {
      status: 'suspended',
      reason: '사유',
      version: 99,
    });
    expect(stale.statusCode).toBe(409);
  });
});

describe('app users: list and detail', () => {
  it('writes VIEW_PII for every detail open, kept out of the history tab', async () => {
    const detail = (await viewer.get(`/users/${users.other}`)).json();
    expect(detail).toMatchObject({
      user_type: 'worker',
      linked_name: '바트 도르지',
      // A viewer sees an account's contacts masked, as a worker's (docs/SECURITY.md#contacts-a-viewer-sees).
      email: 'b***@mn.test',
      phone: '010-****-5432',
    });
    const views = await ctx.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.targetType, 'app_user'),
          eq(auditLogs.targetId, String(users.other)),
          eq(auditLogs.action, 'VIEW_PII'),
        ),
      );
    expect(views.length).toBeGreaterThan(0);
    expect((await admin.get(`/users/${users.other}/history`)).json().data).toEqual([]);
  });

  it('links an employer account to its company and branch', async () => {
    const boss = (await admin.get(`/users/${users.fresh}`)).json();
    expect(boss).toMatchObject({
      user_type: 'employer',
      linked_name: '(주)안산정밀',
      branch_id: branchA,
      worker_id: null,
    });
  });

  it('searches name, login id, email and phone digits, and filters type and dates', async () => {
    expect(await listIds('q=boss.k')).toEqual([users.fresh]);
    expect(await listIds('q=BAT@MN')).toEqual([users.other]);
    expect(await listIds('q=010-9876')).toEqual([users.other]);
    expect(await listIds('q=오래된')).toEqual([users.neverOld]);
    expect(await listIds('user_type=employer')).toEqual([users.fresh]);
    const recent = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    expect((await listIds(`joined_from=${recent}`)).sort()).toEqual(
      [users.fresh, users.suspended, users.other].sort(),
    );
    expect((await listIds(`last_login_to=${recent}`)).sort()).toEqual([users.stale, users.suspended].sort());
    expect((await admin.get(`/users?joined_from=${recent}&joined_to=2000-01-01`)).statusCode).toBe(422);
  });

  it('sorts by last login with a stable order and scopes a branch manager to the linked records', async () => {
    const sorted = (await admin.get('/users?sort=last_login_at&order=asc')).json().data;
    const times = sorted.map((u: { last_login_at: string | null }) => u.last_login_at).filter(Boolean);
    expect(times).toEqual([...times].sort());
    const mine = await listIds('', manager);
    expect(mine).not.toContain(users.other);
    expect(mine).toHaveLength(5);
    expect((await manager.get(`/users/${users.other}`)).statusCode).toBe(404);
    expect((await manager.get(`/users/${users.other}/history`)).statusCode).toBe(404);
  });
});
