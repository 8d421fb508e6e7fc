import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, insertBranch, signedIn } from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { auditLogs } from '../../../db/schema';

let ctx: TestContext;
let admin: Api;
let other: Api;
let manager: Api;

beforeAll(async () => {
  ctx = await createTestContext();
  const branch = (await insertBranch(ctx, { name: '보기지점', code: 'VW' })).id;
  admin = (await signedIn(ctx, 'admin')).api;
  other = (await signedIn(ctx, 'admin')).api;
  manager = (await signedIn(ctx, 'branch_manager', branch)).api;
});
afterAll(async () => {
  await ctx?.close();
});

describe('list settings', () => {
  it("are each admin's own, per list, with defaults until saved", async () => {
    expect((await admin.get('/me/list-settings/workers')).json()).toEqual({
      columns: null,
      density: 'middle',
      page_size: null,
    });
    const saved = await admin.put('/me/list-settings/workers', {
      columns: ['name', 'visa_expiry_date', 'status'],
      density: 'small',
      page_size: 50,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await admin.get('/me/list-settings/workers')).json()).toEqual({
      columns: ['name', 'visa_expiry_date', 'status'],
      density: 'small',
      page_size: 50,
    });
    // Saved again: replaced, not added.
    await admin.put('/me/list-settings/workers', { columns: null, density: 'large', page_size: null });
    expect((await admin.get('/me/list-settings/workers')).json().density).toBe('large');
    expect((await other.get('/me/list-settings/workers')).json().density).toBe('middle');
    expect((await admin.get('/me/list-settings/employers')).json().density).toBe('middle');
  });

  it('refuses an unknown list and a hostile body, in Korean', async () => {
    expect((await admin.get('/me/list-settings/nothing')).statusCode).toBe(400);
    const bad = await admin.put('/me/list-settings/workers', {
      columns: 'all',
      density: 'tiny',
      page_size: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/[가-힣]/);
  });
});

describe('saved views', () => {
  it('are listed mine first, then the shared ones of the team; others stay private', async () => {
    const mine = await admin.post('/saved-views', {
      list: 'workers',
      name: '내 지점 · D-30 · 연장 미신청',
      query: { visa_expiry_to: '2026-12-25', branch_id: '3' },
    });
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json()).toMatchObject({ mine: true, shared: false, version: 1 });
    const teams = await other.post('/saved-views', {
      list: 'workers',
      name: '팀 · 비자 만료 임박',
      query: { visa_expiry_to: '2026-12-31' },
      shared: true,
    });
    expect(teams.statusCode, teams.body).toBe(201);
    await other.post('/saved-views', { list: 'workers', name: '개인 메모', query: {} });

    const listed = (await admin.get('/saved-views?list=workers')).json().data;
    expect(listed.map((v: { name: string; mine: boolean }) => [v.name, v.mine])).toEqual([
      ['내 지점 · D-30 · 연장 미신청', true],
      ['팀 · 비자 만료 임박', false],
    ]);
    // A shared view can be used, not changed, by the others.
    const change = await admin.patch(`/saved-views/${teams.json().id}`, { name: '바꿈', version: 1 });
    expect(change.statusCode).toBe(403);
    expect(change.json().error.message).toBe('다른 관리자가 만든 보기는 바꾸거나 지울 수 없습니다.');
    expect((await admin.delete(`/saved-views/${teams.json().id}`)).statusCode).toBe(403);
  });

  it('sharing with the team is head office’s; names are unique per admin and list', async () => {
    const shared = await manager.post('/saved-views', {
      list: 'employers',
      name: '공유',
      query: {},
      shared: true,
    });
    expect(shared.statusCode).toBe(403);
    const first = await manager.post('/saved-views', {
      list: 'employers',
      name: '승인 대기',
      query: { status: 'pending' },
    });
    expect(first.statusCode).toBe(201);
    const twice = await manager.post('/saved-views', { list: 'employers', name: '승인 대기', query: {} });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.details[0]).toEqual({
      field: 'name',
      message: '같은 이름의 보기가 이미 있습니다.',
    });
    // Another list may reuse the name.
    expect(
      (await manager.post('/saved-views', { list: 'job-posts', name: '승인 대기', query: {} })).statusCode,
    ).toBe(201);
  });

  it('changes with the version read, and logs creation, change and deletion', async () => {
    const view = (
      await admin.post('/saved-views', { list: 'payouts', name: '이번 달', query: { status: 'pending' } })
    ).json();
    const renamed = await admin.patch(`/saved-views/${view.id}`, { name: '이번 달 대기', version: 1 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: '이번 달 대기', version: 2 });
    const stale = await admin.patch(`/saved-views/${view.id}`, { name: '늦은 변경', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect((await admin.delete(`/saved-views/${view.id}`)).statusCode).toBe(200);
    expect((await admin.get('/saved-views?list=payouts')).json().data).toEqual([]);
    const logged = await ctx.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.targetId, String(view.id)));
    expect(logged.map((l) => l.action)).toEqual(expect.arrayContaining(['CREATE', 'UPDATE', 'DELETE']));
  });
});
