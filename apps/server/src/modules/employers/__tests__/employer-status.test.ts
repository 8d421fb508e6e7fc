import { EMPLOYER_TRANSITIONS, recordMessages } from '@ilson/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, businessRegNo, employerBody, insertBranch, signedIn } from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { auditLogs, employers } from '../../../db/schema';

let ctx: TestContext;
let admin: Api;
let adminId: number;
let manager: Api;
let branchId: number;
let seed = 200_000_000;

beforeAll(async () => {
  ctx = await createTestContext();
  branchId = (await insertBranch(ctx)).id;
  const signed = await signedIn(ctx, 'admin');
  admin = signed.api;
  adminId = signed.admin.id;
  manager = (await signedIn(ctx, 'branch_manager', branchId)).api;
});
afterAll(async () => {
  await ctx?.close();
});

async function pending() {
  const response = await admin.post(
    '/employers',
    employerBody(branchId, { business_reg_no: businessRegNo(seed++) }),
  );
  return response.json() as { id: number; version: number };
}

/** An employer brought to `status` through the allowed path; answers its id and current version. */
async function inStatus(status: 'pending' | 'approved' | 'rejected' | 'suspended' | 'withdrawn') {
  const { id } = await pending();
  const path: Record<string, { status: string; reason?: string }[]> = {
    pending: [],
    approved: [{ status: 'approved' }],
    rejected: [{ status: 'rejected', reason: '서류 미비' }],
    suspended: [{ status: 'approved' }, { status: 'suspended', reason: '민원' }],
    withdrawn: [{ status: 'withdrawn', reason: '요청' }],
  };
  let version = 1;
  for (const step of path[status]!) {
    const response = await admin.post(`/employers/${id}/status`, { ...step, version });
    expect(response.statusCode, response.body).toBe(200);
    version = response.json().version;
  }
  return { id, version };
}

describe('POST /employers/:id/status', () => {
  it('approves a pending employer, recording who and when, the reason and an UPDATE row', async () => {
    const { id } = await pending();
    const response = await admin.post(`/employers/${id}/status`, {
      status: 'approved',
      reason: '확인 완료',
      version: 1,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      status: 'approved',
      status_reason: '확인 완료',
      approved_by: adminId,
      approved_by_name: expect.any(String),
      version: 2,
    });
    expect(Date.parse(body.approved_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(body.status_changed_at).toBe(body.approved_at);
    const [log] = await ctx.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.targetType, 'employer'),
          eq(auditLogs.targetId, String(id)),
          eq(auditLogs.action, 'UPDATE'),
        ),
      );
    expect(log).toMatchObject({
      summary: '상태 변경: 승인 대기 → 승인',
      reason: '확인 완료',
      diff: { status: { before: 'pending', after: 'approved' } },
    });
  });

  it.each(
    EMPLOYER_TRANSITIONS.flatMap((t) =>
      (t.from === '*' ? (['pending', 'approved', 'rejected', 'suspended'] as const) : [t.from]).map(
        (from) => ({
          from,
          to: t.to,
          reason: t.reasonRequired,
        }),
      ),
    ),
  )('allows $from → $to', async ({ from, to, reason }) => {
    const { id, version } = await inStatus(from as 'pending');
    if (reason) {
      const missing = await admin.post(`/employers/${id}/status`, { status: to, version });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().error.details).toEqual([
        { field: 'reason', message: recordMessages.reasonRequired },
      ]);
    }
    const response = await admin.post(`/employers/${id}/status`, { status: to, reason: '사유', version });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe(to);
  });

  it.each([
    ['pending', 'suspended'],
    ['approved', 'pending'],
    ['approved', 'rejected'],
    ['rejected', 'approved'],
    ['suspended', 'rejected'],
    ['withdrawn', 'pending'],
    ['withdrawn', 'approved'],
    ['approved', 'approved'],
  ] as const)('refuses %s → %s with 409 INVALID_TRANSITION', async (from, to) => {
    const { id, version } = await inStatus(from);
    const response = await admin.post(`/employers/${id}/status`, { status: to, reason: '사유', version });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('INVALID_TRANSITION');
  });

  it('refuses a stale version with 409 CONFLICT', async () => {
    const { id } = await pending();
    await admin.patch(`/employers/${id}`, { ceo_name: '변경', version: 1 });
    const response = await admin.post(`/employers/${id}/status`, { status: 'approved', version: 1 });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'CONFLICT',
      message: recordMessages.versionConflict,
    });
  });

  it('lets a branch manager approve in their own branch (employers:approve)', async () => {
    const { id } = await pending();
    const response = await manager.post(`/employers/${id}/status`, { status: 'approved', version: 1 });
    expect(response.statusCode).toBe(200);
  });

  it('keeps the first approval when a suspended employer is reactivated', async () => {
    const { id, version } = await inStatus('suspended');
    const [before] = await ctx.db.select().from(employers).where(eq(employers.id, id));
    const response = await manager.post(`/employers/${id}/status`, { status: 'approved', version });
    expect(response.statusCode).toBe(200);
    expect(response.json().approved_at).toBe(before!.approvedAt!.toISOString());
    expect(response.json().approved_by).toBe(adminId);
  });
});

describe('POST /employers/bulk-status', () => {
  it('approves each pending employer, reports the others, and audits each success', async () => {
    const a = await pending();
    const b = await pending();
    const approved = await inStatus('approved');
    const response = await admin.post('/employers/bulk-status', {
      ids: [a.id, b.id, approved.id, 999_999],
      status: 'approved',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      { id: a.id, ok: true },
      { id: b.id, ok: true },
      { id: approved.id, ok: false, code: 'INVALID_TRANSITION', message: expect.stringContaining('승인') },
      { id: 999_999, ok: false, code: 'NOT_FOUND', message: expect.any(String) },
    ]);
    const pendingNow = (await admin.get('/employers?status=pending&page_size=100'))
      .json()
      .data.map((e: { id: number }) => e.id);
    expect(pendingNow).not.toContain(a.id);
    expect(pendingNow).not.toContain(b.id);
    for (const id of [a.id, b.id]) {
      const logs = await ctx.db
        .select()
        .from(auditLogs)
        .where(
          and(
            eq(auditLogs.targetType, 'employer'),
            eq(auditLogs.targetId, String(id)),
            eq(auditLogs.action, 'UPDATE'),
          ),
        );
      expect(logs).toHaveLength(1);
    }
  });

  it('reports a missing reason per id when the transition needs one', async () => {
    const a = await pending();
    const response = await admin.post('/employers/bulk-status', { ids: [a.id], status: 'rejected' });
    expect(response.json().data).toEqual([
      { id: a.id, ok: false, code: 'VALIDATION_ERROR', message: recordMessages.reasonRequired },
    ]);
    const withReason = await admin.post('/employers/bulk-status', {
      ids: [a.id],
      status: 'rejected',
      reason: '서류 미비',
    });
    expect(withReason.json().data).toEqual([{ id: a.id, ok: true }]);
  });

  it('validates the body: at least one id', async () => {
    expect((await admin.post('/employers/bulk-status', { ids: [], status: 'approved' })).statusCode).toBe(
      400,
    );
  });
});

describe('GET /employers/:id/history', () => {
  it('lists the access-log rows of the employer, newest first', async () => {
    const { id } = await inStatus('rejected');
    const response = await admin.get(`/employers/${id}/history`);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.map((h: { action: string }) => h.action)).toEqual(['UPDATE', 'CREATE']);
    expect(data[0]).toMatchObject({
      summary: '상태 변경: 승인 대기 → 반려',
      reason: '서류 미비',
      actor_login_id: expect.any(String),
    });
    expect(data[0].id).toBeGreaterThan(data[1].id);
  });
});
