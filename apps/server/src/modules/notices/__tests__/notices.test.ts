import { NOTICE_STATUSES, NOTICE_TRANSITIONS, recordMessages } from '@ilson/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, insertBranch, signedIn } from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { walkTransitions } from '../../../../test/transitions';
import { queryRows } from '../../../db/client';
import { auditLogs, notices } from '../../../db/schema';

let ctx: TestContext;
let admin: Api;
let adminId: number;
let manager: Api;
let viewer: Api;

beforeAll(async () => {
  ctx = await createTestContext();
  const branchId = (await insertBranch(ctx)).id;
  const signed = await signedIn(ctx, 'admin');
  admin = signed.api;
  adminId = signed.admin.id;
  manager = (await signedIn(ctx, 'branch_manager', branchId)).api;
  viewer = (await signedIn(ctx, 'viewer')).api;
});
afterAll(async () => {
  await ctx?.close();
});

type NoticeReply = {
  id: number;
  version: number;
  status: string;
  content: string;
  published_at: string | null;
  is_scheduled: boolean;
  view_count: number;
};

async function create(body: Record<string, unknown> = {}, api = admin): Promise<NoticeReply> {
  const response = await api.post('/notices', {
    title: '설 연휴 고객센터 운영 안내',
    content: '<p>안내</p>',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function setStatus(notice: { id: number; version: number }, status: string) {
  const response = await admin.post(`/notices/${notice.id}/status`, { status, version: notice.version });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as NoticeReply;
}

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe('notices: content', () => {
  const DIRTY =
    '<p onclick="alert(1)">안내</p><img src="https://cdn.test/a.png" onerror="alert(1)"><img src=x onerror=alert(1)><script>alert(1)</script>';
  const CLEAN = '<p>안내</p><img src="https://cdn.test/a.png" />';

  it('stores the sanitised HTML: the handlers never reach the database or the reply', async () => {
    const created = await create({ content: DIRTY });
    expect(created.content).toBe(CLEAN);
    expect((await admin.get(`/notices/${created.id}`)).json().content).toBe(CLEAN);
    const rows = await queryRows<{ row: string }>(
      ctx.db,
      sql`SELECT row_to_json(n)::text AS row FROM notices n`,
    );
    for (const { row } of rows) expect(row).not.toMatch(/onerror|onclick|<script/i);
  });

  it('previews exactly what would be stored, and only for writers', async () => {
    const preview = await admin.post('/notices/preview', { content: DIRTY });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({ content: CLEAN });
    const edited = await create();
    const patched = await admin.patch(`/notices/${edited.id}`, { content: DIRTY, version: edited.version });
    expect(patched.json().content).toBe(preview.json().content);
    expect((await viewer.post('/notices/preview', { content: DIRTY })).statusCode).toBe(403);
  });

  it('refuses content with nothing left after sanitising (422 on the field)', async () => {
    const response = await admin.post('/notices', {
      title: '제목입니다',
      content: '<script>alert(1)</script>',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details).toEqual([
      { field: 'content', message: recordMessages.noticeContentEmpty },
    ]);
  });

  it('records the author, audits creation and edits with their diff, and refuses a stale version', async () => {
    const created = await create({ title: '작성자 확인 공지' });
    expect(created).toMatchObject({
      author_admin_id: adminId,
      author_name: expect.any(String),
      status: 'draft',
    });
    const edited = await admin.patch(`/notices/${created.id}`, {
      title: '작성자 확인 공지 (수정)',
      version: 1,
    });
    expect(edited.json()).toMatchObject({ title: '작성자 확인 공지 (수정)', version: 2 });
    const stale = await admin.patch(`/notices/${created.id}`, { title: '늦은 수정', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('CONFLICT');
    const history = (await viewer.get(`/notices/${created.id}/history`)).json().data;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['UPDATE', 'CREATE']);
    expect(history[0].diff).toEqual({
      title: { before: '작성자 확인 공지', after: '작성자 확인 공지 (수정)' },
    });
  });

  it('creates once per Idempotency-Key', async () => {
    const body = { title: '중복 방지 공지', content: '<p>한 번만</p>' };
    const headers = { 'idempotency-key': 'notice-create-1' };
    const first = await admin.post('/notices', body, headers);
    const second = await admin.post('/notices', body, headers);
    expect(second.statusCode).toBe(201);
    expect(second.json().id).toBe(first.json().id);
    const rows = await ctx.db.select().from(notices).where(eq(notices.title, '중복 방지 공지'));
    expect(rows).toHaveLength(1);
  });
});

describe('notices: publishing', () => {
  it('publishes now, hides and shows again at the first publication, and clears it back to draft', async () => {
    const draft = await create();
    expect(draft.published_at).toBeNull();
    const published = await setStatus(draft, 'published');
    expect(published).toMatchObject({ status: 'published', is_scheduled: false });
    expect(Date.now() - Date.parse(published.published_at!)).toBeLessThan(60_000);
    const hidden = await setStatus(published, 'hidden');
    const shown = await setStatus(hidden, 'published');
    expect(shown.published_at).toBe(published.published_at);
    const back = await setStatus(shown, 'draft');
    expect(back.published_at).toBeNull();
  });

  it('applies every row of NOTICE_TRANSITIONS for notices:write only and refuses every other pair', async () => {
    await walkTransitions({
      statuses: NOTICE_STATUSES,
      table: NOTICE_TRANSITIONS,
      routePermission: 'notices:write',
      callers: [
        { role: 'viewer', api: viewer },
        { role: 'branch_manager', api: manager },
        { role: 'admin', api: admin },
      ],
      prepare: async (from) => {
        const notice = await create();
        await ctx.db
          .update(notices)
          .set({ status: from, publishedAt: from === 'draft' ? null : new Date() })
          .where(eq(notices.id, notice.id));
        return notice;
      },
      url: (id) => `/notices/${id}/status`,
    });
  });

  it('refuses a transition outside the table (409) and any status change without notices:write (403)', async () => {
    const draft = await create();
    const refused = await admin.post(`/notices/${draft.id}/status`, {
      status: 'hidden',
      version: draft.version,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('INVALID_TRANSITION');
    for (const api of [viewer, manager]) {
      expect(
        (await api.post(`/notices/${draft.id}/status`, { status: 'published', version: 1 })).statusCode,
      ).toBe(403);
      expect((await api.patch(`/notices/${draft.id}`, { title: '권한 없음', version: 1 })).statusCode).toBe(
        403,
      );
      expect((await api.delete(`/notices/${draft.id}`)).statusCode).toBe(403);
    }
    expect((await manager.post('/notices', { title: '지점 공지', content: '<p>x</p>' })).statusCode).toBe(
      403,
    );
    expect((await manager.get(`/notices/${draft.id}`)).statusCode).toBe(200);
  });

  it('schedules a notice with a future publish_at: not live until then, moved with it, live once it passes', async () => {
    const publishAt = inAnHour();
    const scheduled = await create({ title: '예약 공지', status: 'published', publish_at: publishAt });
    expect(scheduled).toMatchObject({ status: 'published', is_scheduled: true });
    expect(Date.parse(scheduled.published_at!)).toBe(Date.parse(publishAt));
    const ids = async (query: string) =>
      (await admin.get(`/notices?page_size=100&${query}`)).json().data.map((n: { id: number }) => n.id);
    expect(await ids('scheduled=true')).toContain(scheduled.id);
    expect(await ids('status=published&scheduled=false')).not.toContain(scheduled.id);

    const later = new Date(Date.now() + 7_200_000).toISOString();
    const moved = await admin.patch(`/notices/${scheduled.id}`, {
      publish_at: later,
      version: scheduled.version,
    });
    expect(Date.parse(moved.json().published_at)).toBe(Date.parse(later));

    // Time passes: the go-live instant is behind us and the notice is live without anything flipping it.
    await ctx.db.execute(
      sql`UPDATE notices SET published_at = now() - interval '1 minute' WHERE id = ${scheduled.id}`,
    );
    const live = (await admin.get(`/notices/${scheduled.id}`)).json();
    expect(live.is_scheduled).toBe(false);
    expect(await ids('status=published&scheduled=false')).toContain(scheduled.id);
    const locked = await admin.patch(`/notices/${scheduled.id}`, {
      publish_at: inAnHour(),
      version: live.version,
    });
    expect(locked.statusCode).toBe(422);
    expect(locked.json().error.details[0]).toEqual({
      field: 'publish_at',
      message: recordMessages.noticePublishAtLocked,
    });
  });

  it('publishes a draft with a future publish_at as scheduled', async () => {
    const draft = await create({ publish_at: inAnHour() });
    expect(draft.is_scheduled).toBe(false);
    expect((await setStatus(draft, 'published')).is_scheduled).toBe(true);
  });
});

describe('notices: list, views, delete', () => {
  let pinnedOld: NoticeReply;

  beforeAll(async () => {
    pinnedOld = await create({ title: '고정된 오래된 공지', is_pinned: true, audience: 'workers' });
    await create({ title: '가장 최근 공지', audience: 'employers' });
  });

  it('lists pinned notices first whatever the sort', async () => {
    for (const query of [
      'sort=created_at&order=desc',
      'sort=title&order=asc',
      'sort=view_count&order=asc',
      '',
    ]) {
      const body = (await viewer.get(`/notices?${query}`)).json();
      expect(body.data[0].id, query).toBe(pinnedOld.id);
      expect(body.data.slice(1).every((n: { is_pinned: boolean }) => !n.is_pinned)).toBe(true);
      expect(body.meta).toMatchObject({ page: 1, page_size: 20 });
    }
  });

  it('filters by status, audience, pinned and title', async () => {
    const list = async (query: string) =>
      (await admin.get(`/notices?page_size=100&${query}`)).json().data as {
        title: string;
        status: string;
        audience: string;
        is_pinned: boolean;
      }[];
    expect((await list('audience=workers')).map((n) => n.title)).toEqual(['고정된 오래된 공지']);
    expect((await list('pinned=true')).every((n) => n.is_pinned)).toBe(true);
    expect((await list('pinned=false')).some((n) => n.is_pinned)).toBe(false);
    expect((await list('status=draft')).every((n) => n.status === 'draft')).toBe(true);
    expect((await list('q=가장 최근')).map((n) => n.title)).toEqual(['가장 최근 공지']);
    expect((await admin.get('/notices?status=archived')).statusCode).toBe(400);
  });

  it('does not count an operator’s open of the detail (views count the app’s)', async () => {
    const first = (await viewer.get(`/notices/${pinnedOld.id}`)).json();
    const second = (await admin.get(`/notices/${pinnedOld.id}`)).json();
    expect(second.view_count).toBe(first.view_count);
    expect(second.version).toBe(first.version);
  });

  it('deletes softly: gone from the list and the detail, kept in the table and the access log', async () => {
    const doomed = await create({ title: '삭제할 공지' });
    expect((await admin.delete(`/notices/${doomed.id}`)).json()).toEqual({ ok: true });
    expect((await admin.get(`/notices/${doomed.id}`)).statusCode).toBe(404);
    expect((await admin.get('/notices?q=삭제할')).json().meta.total).toBe(0);
    const [row] = await ctx.db.select().from(notices).where(eq(notices.id, doomed.id));
    expect(row!.deletedAt).not.toBeNull();
    const logs = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'notice'), eq(auditLogs.targetId, String(doomed.id))));
    expect(logs.map((l) => l.action)).toEqual(['CREATE', 'DELETE']);
    expect((await admin.delete(`/notices/${doomed.id}`)).statusCode).toBe(404);
  });
});
