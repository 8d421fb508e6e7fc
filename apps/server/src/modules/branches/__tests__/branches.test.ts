import { recordMessages } from '@ilson/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, employerBody, insertBranch, signedIn, workerBody } from '../../../../test/fixtures';
import { createAdmin, createTestContext, type TestContext } from '../../../../test/helpers';
import { auditLogs, branches } from '../../../db/schema';

let ctx: TestContext;
let admin: Api;
let viewer: Api;
let manager: Api;
let managerBranchId: number;
let otherBranchId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  managerBranchId = (await insertBranch(ctx, { name: '안산지점', code: 'ANS', region: '경기도' })).id;
  otherBranchId = (await insertBranch(ctx, { name: '부산지점', code: 'PUS', region: '부산광역시' })).id;
  admin = (await signedIn(ctx, 'admin')).api;
  viewer = (await signedIn(ctx, 'viewer')).api;
  manager = (await signedIn(ctx, 'branch_manager', managerBranchId)).api;
});
afterAll(async () => {
  await ctx?.close();
});

const newBranch = (overrides: Record<string, unknown> = {}) => ({
  name: '대구지점',
  code: 'dgu-1',
  region: '대구광역시',
  address: '대구광역시 중구 1',
  phone: '053-123-4567',
  ...overrides,
});

describe('branches', () => {
  it('creates a branch (code upper-cased, phone as digits) and logs CREATE', async () => {
    const response = await admin.post('/branches', newBranch());
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      name: '대구지점',
      code: 'DGU-1',
      phone: '0531234567',
      status: 'active',
      version: 1,
      employer_count: 0,
      worker_count: 0,
      manager_admin_id: null,
    });
    const [log] = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'branch'), eq(auditLogs.targetId, String(body.id))));
    expect(log).toMatchObject({ action: 'CREATE' });
  });

  it('refuses a duplicate code with 409 on the code field', async () => {
    const response = await admin.post('/branches', newBranch({ name: '다른 이름', code: 'ANS' }));
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'CONFLICT',
      details: [{ field: 'code', message: recordMessages.duplicateBranchCode }],
    });
  });

  it('refuses an unknown manager admin with 422 on manager_admin_id', async () => {
    const response = await admin.post('/branches', newBranch({ code: 'NOPE', manager_admin_id: 999_999 }));
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details).toEqual([
      { field: 'manager_admin_id', message: recordMessages.managerNotFound },
    ]);
  });

  it('lists with filters, search on name or code, sort and pagination meta', async () => {
    const byRegion = await admin.get('/branches?region=부산광역시');
    expect(byRegion.json().data.map((b: { code: string }) => b.code)).toEqual(['PUS']);
    const search = await admin.get(`/branches?q=${encodeURIComponent('안산')}`);
    expect(search.json().data.map((b: { code: string }) => b.code)).toEqual(['ANS']);
    const byCode = await admin.get('/branches?q=pu');
    expect(byCode.json().data.map((b: { code: string }) => b.code)).toEqual(['PUS']);
    const sorted = await admin.get('/branches?sort=code&order=asc&page_size=2');
    expect(sorted.json().meta).toEqual({ page: 1, page_size: 2, total: 3, total_estimated: false });
    expect(sorted.json().data.map((b: { code: string }) => b.code)).toEqual(['ANS', 'DGU-1']);
    const page2 = await admin.get('/branches?sort=code&order=asc&page_size=2&page=2');
    expect(page2.json().data.map((b: { code: string }) => b.code)).toEqual(['PUS']);
    const wildcard = await admin.get('/branches?q=%25');
    expect(wildcard.json().meta.total).toBe(0);
    expect((await admin.get('/branches?sort=password')).statusCode).toBe(400);
  });

  it('updates with the version read, names the manager, and refuses a stale version with 409', async () => {
    const { admin: boss } = await signedIn(ctx, 'admin');
    const created = (await admin.post('/branches', newBranch({ code: 'UPD' }))).json();
    const updated = await admin.patch(`/branches/${created.id}`, {
      address: '새 주소',
      manager_admin_id: boss.id,
      version: 1,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      address: '새 주소',
      manager_admin_id: boss.id,
      manager_name: boss.name,
      phone: '0531234567',
      version: 2,
    });
    const stale = await admin.patch(`/branches/${created.id}`, { address: '늦은 수정', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'CONFLICT', message: recordMessages.versionConflict });
    const dup = await admin.patch(`/branches/${created.id}`, { code: 'ANS', version: 2 });
    expect(dup.json().error.details[0].field).toBe('code');

    const history = (await admin.get(`/branches/${created.id}/history`)).json().data;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['UPDATE', 'CREATE']);
    expect(history[0].diff).toEqual({
      address: { before: '대구광역시 중구 1', after: '새 주소' },
      manager_admin_id: { before: null, after: boss.id },
    });
  });

  it('deactivates and reactivates through the transition table, refusing a no-op transition', async () => {
    const created = (await admin.post('/branches', newBranch({ code: 'STS' }))).json();
    const off = await admin.post(`/branches/${created.id}/status`, { status: 'inactive', version: 1 });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ status: 'inactive', version: 2 });
    const again = await admin.post(`/branches/${created.id}/status`, { status: 'inactive', version: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('INVALID_TRANSITION');
    expect(
      (await admin.get('/branches?status=inactive')).json().data.map((b: { id: number }) => b.id),
    ).toEqual([created.id]);
    const on = await admin.post(`/branches/${created.id}/status`, { status: 'active', version: 2 });
    expect(on.json()).toMatchObject({ status: 'active', version: 3 });
    const [log] = (await admin.get(`/branches/${created.id}/history`)).json().data;
    expect(log.summary).toBe('상태 변경: 운영 중지 → 운영 중');
  });

  it('shows its employer and worker counts and refuses to delete a branch that has records', async () => {
    const branch = (await admin.post('/branches', newBranch({ code: 'CNT' }))).json();
    expect(
      (await admin.post('/employers', employerBody(branch.id, { business_reg_no: '1248100998' }))).statusCode,
    ).toBe(201);
    expect((await admin.post('/workers', workerBody(branch.id))).statusCode).toBe(201);
    const detail = (await admin.get(`/branches/${branch.id}`)).json();
    expect(detail).toMatchObject({ employer_count: 1, worker_count: 1 });
    const refused = await admin.delete(`/branches/${branch.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(recordMessages.branchHasRecords);

    const empty = (await admin.post('/branches', newBranch({ code: 'DEL' }))).json();
    const deleted = await admin.delete(`/branches/${empty.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    expect(await ctx.db.select().from(branches).where(eq(branches.id, empty.id))).toEqual([]);
    expect((await admin.get(`/branches/${empty.id}`)).statusCode).toBe(404);
    const [log] = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, String(empty.id)), eq(auditLogs.action, 'DELETE')));
    expect(log?.targetType).toBe('branch');
  });

  it('refuses to delete the branch an admin belongs to', async () => {
    const response = await admin.delete(`/branches/${managerBranchId}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(recordMessages.branchHasAdmins);
  });

  it('lets a viewer read but not write (403)', async () => {
    expect((await viewer.get('/branches')).statusCode).toBe(200);
    expect((await viewer.post('/branches', newBranch({ code: 'VWR' }))).statusCode).toBe(403);
    expect((await viewer.patch(`/branches/${otherBranchId}`, { name: 'x', version: 1 })).statusCode).toBe(
      403,
    );
    expect((await viewer.delete(`/branches/${otherBranchId}`)).statusCode).toBe(403);
    expect((await viewer.get('/admins/options')).statusCode).toBe(403);
  });

  it("shows a branch manager only their own branch: another branch's answers 404", async () => {
    const list = (await manager.get('/branches')).json();
    expect(list.data.map((b: { id: number }) => b.id)).toEqual([managerBranchId]);
    expect(list.meta.total).toBe(1);
    expect((await manager.get(`/branches/${managerBranchId}`)).statusCode).toBe(200);
    expect((await manager.get(`/branches/${otherBranchId}`)).statusCode).toBe(404);
    expect((await manager.get(`/branches/${otherBranchId}/history`)).statusCode).toBe(404);
    expect((await manager.post('/branches', newBranch({ code: 'MGR' }))).statusCode).toBe(403);
  });

  it('answers 404 for a branch that does not exist', async () => {
    expect((await admin.get('/branches/999999')).statusCode).toBe(404);
    expect((await admin.patch('/branches/999999', { name: 'x', version: 1 })).statusCode).toBe(404);
    expect((await admin.get('/branches/abc')).statusCode).toBe(400);
  });
});

describe('GET /admins/options', () => {
  it('lists admins that are not disabled, with id, name, login id and role only', async () => {
    const { admin: disabled } = await signedIn(ctx, 'viewer');
    const gone = await createAdmin(ctx, { role: 'admin', status: 'disabled' });
    const response = await admin.get('/admins/options');
    expect(response.statusCode).toBe(200);
    const options = response.json().data as { id: number }[];
    expect(options.map((o) => o.id)).toContain(disabled.id);
    expect(options.map((o) => o.id)).not.toContain(gone.id);
    expect(Object.keys(options[0]!).sort()).toEqual(['id', 'login_id', 'name', 'role']);
  });
});
