import { RESUME_TRANSITIONS, recordMessages } from '@ilson/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, insertBranch, insertWorker, resumeBody, signedIn } from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { auditLogs, resumes } from '../../../db/schema';

let ctx: TestContext;
let admin: Api;
let manager: Api;
let viewer: Api;
let workerId: number;
let otherWorkerId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const branchId = (await insertBranch(ctx)).id;
  const otherBranchId = (await insertBranch(ctx)).id;
  workerId = (await insertWorker(ctx, branchId)).id;
  otherWorkerId = (
    await insertWorker(ctx, otherBranchId, {
      nameKo: '',
      firstName: 'Bat',
      lastName: 'Erdene',
      nationality: 'MN',
    })
  ).id;
  admin = (await signedIn(ctx, 'admin')).api;
  manager = (await signedIn(ctx, 'branch_manager', branchId)).api;
  viewer = (await signedIn(ctx, 'viewer')).api;
});
afterAll(async () => {
  await ctx?.close();
});

async function create(overrides: Record<string, unknown> = {}, worker = workerId) {
  const response = await admin.post('/resumes', resumeBody(worker, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('POST /resumes and GET /resumes/:id', () => {
  it('stores the nested lists of docs/DOMAIN.md#records and answers them as sent, with the specified flags', async () => {
    const body = resumeBody(workerId);
    const created = await create();
    expect(created).toMatchObject({
      resume_id: `RS-${String(created.id).padStart(6, '0')}`,
      worker_id: workerId,
      worker_name: '응우옌 반 안',
      worker_nationality: 'VN',
      work_experience: [
        body.work_experience[0],
        { ...body.work_experience[1], job_description: '', achievements: '' },
      ],
      education_history: body.education_history,
      language_skills: body.language_skills,
      certifications: [{ ...body.certifications[0], expiry_date: null }],
      skills: ['지게차', '용접'],
      references: [{ ...body.references[0], email: '' }],
      views_count: 0,
      last_viewed_at: null,
      is_public: false,
      is_active: false,
      is_deleted: false,
      status: 'draft',
      visibility: 'employers',
      version: 1,
    });
    const fetched = (await admin.get(`/resumes/${created.id}`)).json();
    expect(fetched.work_experience).toEqual(created.work_experience);
    expect(fetched.references).toEqual(created.references);
  });

  it('reorders, removes and adds entries with a PATCH of the whole list', async () => {
    const created = await create();
    const [first, second] = created.work_experience;
    const third = { company_name: '새 회사', job_title: '포장', start_date: '2024-01-01', end_date: null };
    const patched = await admin.patch(`/resumes/${created.id}`, {
      work_experience: [second, first, third],
      language_skills: [],
      version: 1,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().work_experience.map((e: { company_name: string }) => e.company_name)).toEqual([
      '(주)한빛정밀',
      '하노이 전자',
      '새 회사',
    ]);
    expect(patched.json()).toMatchObject({
      language_skills: [],
      education_history: created.education_history,
    });
    const stale = await admin.patch(`/resumes/${created.id}`, { skills: [], version: 1 });
    expect(stale.statusCode).toBe(409);
  });

  it('validates the entries (field paths in snake_case)', async () => {
    const response = await admin.post(
      '/resumes',
      resumeBody(workerId, {
        work_experience: [{ company_name: '', job_title: 'x', start_date: '2020-13-01' }],
      }),
    );
    expect(response.statusCode).toBe(400);
    const fields = response.json().error.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(
      expect.arrayContaining(['work_experience.0.company_name', 'work_experience.0.start_date']),
    );
  });

  it('logs an operator’s views as personal-data views without counting them (views count the app’s)', async () => {
    const created = await create();
    await admin.get(`/resumes/${created.id}`);
    const second = (await viewer.get(`/resumes/${created.id}`)).json();
    expect(second).toMatchObject({
      views_count: created.views_count,
      last_viewed_at: created.last_viewed_at,
      version: 1,
      updated_at: created.updated_at,
    });
    const views = await ctx.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.targetType, 'resume'),
          eq(auditLogs.targetId, String(created.id)),
          eq(auditLogs.action, 'VIEW_PII'),
        ),
      );
    expect(views).toHaveLength(2);
    const history = (await admin.get(`/resumes/${created.id}/history`)).json().data;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['CREATE']);
  });

  it('replays an idempotent create', async () => {
    const headers = { 'idempotency-key': 'resume-create-1' };
    const body = resumeBody(otherWorkerId);
    const first = await admin.post('/resumes', body, headers);
    const second = await admin.post('/resumes', body, headers);
    expect(second.json().id).toBe(first.json().id);
    expect(await ctx.db.select().from(resumes).where(eq(resumes.workerId, otherWorkerId))).toHaveLength(1);
  });
});

describe('status, delete and restore', () => {
  it.each(RESUME_TRANSITIONS.map((t) => ({ from: t.from, to: t.to, reason: t.reasonRequired })))(
    'allows $from → $to',
    async ({ from, to, reason }) => {
      const created = await create({ status: from === 'hidden' ? 'active' : from });
      let version = 1;
      if (from === 'hidden') {
        version = (
          await admin.post(`/resumes/${created.id}/status`, { status: 'hidden', reason: '-', version })
        ).json().version;
      }
      if (reason) {
        const missing = await admin.post(`/resumes/${created.id}/status`, { status: to, version });
        expect(missing.statusCode).toBe(422);
      }
      const response = await admin.post(`/resumes/${created.id}/status`, {
        status: to,
        reason: '사유',
        version,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ status: to, is_active: to === 'active' });
    },
  );

  it('refuses draft → hidden', async () => {
    const created = await create();
    const response = await admin.post(`/resumes/${created.id}/status`, {
      status: 'hidden',
      reason: '-',
      version: 1,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('INVALID_TRANSITION');
  });

  it('soft-deletes (isDeleted), hides it from the list unless asked, refuses edits, and restores it', async () => {
    const created = await create({ visibility: 'public' });
    expect(created.is_public).toBe(true);
    expect((await admin.delete(`/resumes/${created.id}`)).statusCode).toBe(200);
    const ids = async (query: string) =>
      (await admin.get(`/resumes?page_size=100&${query}`)).json().data.map((r: { id: number }) => r.id);
    expect(await ids('')).not.toContain(created.id);
    expect(await ids('deleted=include')).toContain(created.id);
    expect(await ids('deleted=only')).toEqual([created.id]);
    const deleted = (await admin.get(`/resumes/${created.id}`)).json();
    expect(deleted).toMatchObject({ is_deleted: true, views_count: 0 });
    const edit = await admin.patch(`/resumes/${created.id}`, { skills: [], version: deleted.version });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.message).toBe(recordMessages.resumeDeleted);
    expect((await admin.delete(`/resumes/${created.id}`)).statusCode).toBe(404);

    const restored = await admin.post(`/resumes/${created.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ is_deleted: false });
    expect((await admin.post(`/resumes/${created.id}/restore`)).statusCode).toBe(409);
    const history = (await admin.get(`/resumes/${created.id}/history`)).json().data;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['UPDATE', 'DELETE', 'CREATE']);
  });
});

describe('GET /resumes and scope', () => {
  it('filters by worker, status, nationality and searches the worker name', async () => {
    const active = await create({ status: 'active' }, otherWorkerId);
    const list = async (query: string) =>
      (await admin.get(`/resumes?page_size=100&${query}`)).json().data.map((r: { id: number }) => r.id);
    const ofWorker = await list(`worker_id=${otherWorkerId}`);
    expect(ofWorker).toContain(active.id);
    expect(await list(`worker_id=${otherWorkerId}&status=active`)).toEqual([active.id]);
    expect(await list('nationality=MN&status=active')).toEqual([active.id]);
    expect(await list(`q=${encodeURIComponent('bat erdene')}&status=active`)).toEqual([active.id]);
    expect(await list(`q=${encodeURIComponent('erdene bat')}&status=active`)).toEqual([active.id]);
    const sorted = (await admin.get('/resumes?sort=views_count&order=desc')).json();
    expect(sorted.meta.total).toBeGreaterThan(1);
  });

  it('keeps a branch manager to the resumes of their branch’s workers', async () => {
    const other = await create({}, otherWorkerId);
    expect((await manager.get(`/resumes/${other.id}`)).statusCode).toBe(404);
    expect((await manager.patch(`/resumes/${other.id}`, { skills: [], version: 1 })).statusCode).toBe(404);
    const outside = await manager.post('/resumes', resumeBody(otherWorkerId));
    expect(outside.statusCode).toBe(422);
    expect(outside.json().error.details[0].field).toBe('worker_id');
    const listed = (await manager.get('/resumes?page_size=100')).json().data;
    expect(listed.every((r: { worker_id: number }) => r.worker_id === workerId)).toBe(true);
    expect((await manager.post('/resumes', resumeBody(workerId))).statusCode).toBe(201);
  });

  it('follows a worker who moves branch or has the nationality corrected (filters, scope)', async () => {
    const fromBranch = (await insertBranch(ctx)).id;
    const toBranch = (await insertBranch(ctx)).id;
    const mover = await insertWorker(ctx, fromBranch, { nationality: 'VN' });
    const resume = await create({}, mover.id);
    const ids = async (api: Api, query: string) =>
      (await api.get(`/resumes?page_size=100&${query}`)).json().data.map((r: { id: number }) => r.id);
    expect(await ids(admin, `branch_id=${fromBranch}`)).toEqual([resume.id]);
    expect(await ids(admin, `branch_id=${toBranch}`)).toEqual([]);
    const toManager = (await signedIn(ctx, 'branch_manager', toBranch)).api;
    expect(await ids(toManager, '')).toEqual([]);

    const current = (await admin.get(`/workers/${mover.id}`)).json();
    const moved = await admin.patch(`/workers/${mover.id}`, {
      branch_id: toBranch,
      nationality: 'KH',
      version: current.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await ids(admin, `branch_id=${fromBranch}`)).toEqual([]);
    expect(await ids(admin, `branch_id=${toBranch}`)).toEqual([resume.id]);
    expect(await ids(admin, `branch_id=${toBranch}&nationality=KH`)).toEqual([resume.id]);
    expect(await ids(admin, `branch_id=${toBranch}&nationality=VN`)).toEqual([]);
    expect(await ids(toManager, '')).toEqual([resume.id]);
    expect((await toManager.get(`/resumes/${resume.id}`)).statusCode).toBe(200);
  });

  it('lets a viewer read but not write', async () => {
    const created = await create();
    expect((await viewer.get(`/resumes/${created.id}`)).statusCode).toBe(200);
    expect((await viewer.post('/resumes', resumeBody(workerId))).statusCode).toBe(403);
    expect((await viewer.delete(`/resumes/${created.id}`)).statusCode).toBe(403);
    expect((await viewer.post(`/resumes/${created.id}/restore`)).statusCode).toBe(403);
  });
});
