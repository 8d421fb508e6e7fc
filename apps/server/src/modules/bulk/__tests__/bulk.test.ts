import { type BulkJob, EMPLOYER_STATUSES, recordMessages } from '@ilson/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, insertBranch, insertEmployer, insertWorker, signedIn } from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { auditLogs, branches, bulkJobs, employers, payouts, workers } from '../../../db/schema';

let ctx: TestContext;
let admin: Api;
let adminId: number;
let managerA: Api;
let branchA: number;
let branchB: number;

beforeAll(async () => {
  ctx = await createTestContext();
  branchA = (await insertBranch(ctx, { name: '일괄안산지점', code: 'BA' })).id;
  branchB = (await insertBranch(ctx, { name: '일괄부산지점', code: 'BB' })).id;
  const signed = await signedIn(ctx, 'admin');
  admin = signed.api;
  adminId = signed.admin.id;
  managerA = (await signedIn(ctx, 'branch_manager', branchA)).api;
});
afterAll(async () => {
  await ctx?.close();
});

type Wire = Record<string, unknown>;
const camel = (job: Wire) =>
  Object.fromEntries(
    Object.entries(job).map(([k, v]) => [k.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()), v]),
  ) as BulkJob;

async function start(api: Api, resource: string, body: Wire) {
  const response = await api.post(`/${resource}/bulk-jobs`, body);
  expect(response.statusCode, response.body).toBe(201);
  return camel(response.json());
}

/** Waits for the job to end; its final state and the records it refused (record id → message). */
async function settle(api: Api, resource: string, id: number) {
  await ctx.app.bulk.idle();
  const job = camel((await api.get(`/${resource}/bulk-jobs/${id}`)).json());
  const failures = (await api.get(`/${resource}/bulk-jobs/${id}/failures?page_size=100`)).json();
  const refused = new Map<number, string>(
    failures.data.map((f: { record_id: number; message: string }) => [f.record_id, f.message]),
  );
  return { job, refused };
}

const statusOf = async (ids: number[]) =>
  new Map(
    (
      await ctx.db
        .select({ id: employers.id, status: employers.status })
        .from(employers)
        .where(inArray(employers.id, ids))
    ).map((r) => [r.id, r.status]),
  );

describe('bulk actions: chosen rows', () => {
  it('approves the pending employers, lists the one whose state refuses it, logs each and the job', async () => {
    const pending = await Promise.all(
      [1, 2, 3].map(() => insertEmployer(ctx, branchA, { status: 'pending' })),
    );
    const approved = await insertEmployer(ctx, branchA, { status: 'approved' });
    const ids = [...pending.map((e) => e.id), approved.id];
    const started = await start(admin, 'employers', { action: 'approve', ids });
    expect(started).toMatchObject({ status: 'running', total: 4, scope: '선택한 4건', actionLabel: '승인' });
    const { job, refused } = await settle(admin, 'employers', started.id);
    expect(job).toMatchObject({ status: 'done', processed: 4, succeeded: 3, failed: 1 });
    expect([...refused.keys()]).toEqual([approved.id]);
    expect(refused.get(approved.id)).toMatch(/승인/);
    const states = await statusOf(ids);
    for (const e of pending) expect(states.get(e.id)).toBe('approved');
    // One entry per record changed (as a single status change writes), and the job's start and end.
    const logged = await ctx.db
      .select({ targetId: auditLogs.targetId, summary: auditLogs.summary })
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'employer'), eq(auditLogs.actorAdminId, adminId)));
    const perRecord = logged.filter((l) => pending.some((e) => String(e.id) === l.targetId));
    expect(perRecord).toHaveLength(3);
    expect(
      logged.some((l) => l.summary.startsWith(`일괄 승인 시작 (작업 #${job.id}): 선택한 4건, 4건`)),
    ).toBe(true);
    expect(
      logged.some((l) => l.summary.startsWith(`일괄 승인 완료 (작업 #${job.id}): 처리 3건, 제외 1건`)),
    ).toBe(true);
  });

  it('refuses a reject without its reason, and a selection and a filter together, in Korean', async () => {
    const e = await insertEmployer(ctx, branchA, { status: 'pending' });
    const noReason = await admin.post('/employers/bulk-jobs', { action: 'reject', ids: [e.id] });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().error.details[0]).toEqual({ field: 'reason', message: '사유를 입력해 주세요.' });
    const both = await admin.post('/employers/bulk-jobs', { action: 'approve', ids: [e.id], filter: {} });
    expect(both.statusCode).toBe(400);
    expect(JSON.stringify(both.json().error)).toContain('선택한 행이나 조건 중 하나만 보내 주세요.');
    const unknown = await admin.post('/employers/bulk-jobs', { action: 'delete', ids: [e.id] });
    expect(unknown.statusCode).toBe(400);
  });

  it("a branch manager naming another branch's record gets it refused as not found", async () => {
    const other = await insertEmployer(ctx, branchB, { status: 'pending' });
    const mine = await insertEmployer(ctx, branchA, { status: 'pending' });
    const started = await start(managerA, 'employers', { action: 'approve', ids: [other.id, mine.id] });
    const { job, refused } = await settle(managerA, 'employers', started.id);
    expect(job).toMatchObject({ succeeded: 1, failed: 1 });
    expect(refused.get(other.id)).toBe('요청한 데이터를 찾을 수 없습니다.');
    expect((await statusOf([other.id])).get(other.id)).toBe('pending');
    // Their jobs are theirs: another branch's manager does not see them.
    const managerB = (await signedIn(ctx, 'branch_manager', branchB)).api;
    expect((await managerB.get(`/employers/bulk-jobs/${job.id}`)).statusCode).toBe(404);
  });
});

describe('bulk actions: the whole filter', () => {
  it('goes through exactly the records the list filter matches, in scope', async () => {
    const region = '제주특별자치도';
    const inA = await Promise.all(
      [1, 2, 3, 4, 5].map(() => insertEmployer(ctx, branchA, { status: 'pending', region })),
    );
    const inB = await insertEmployer(ctx, branchB, { status: 'pending', region });
    await insertEmployer(ctx, branchA, { status: 'approved', region });
    const started = await start(managerA, 'employers', {
      action: 'reject',
      reason: '서류 미비',
      filter: { status: 'pending', region },
    });
    expect(started.total).toBe(5);
    expect(started.scope).toBe(`조건: status=pending, region=${region}`);
    const { job } = await settle(managerA, 'employers', started.id);
    expect(job).toMatchObject({ succeeded: 5, failed: 0 });
    const states = await statusOf([...inA.map((e) => e.id), inB.id]);
    for (const e of inA) expect(states.get(e.id)).toBe('rejected');
    expect(states.get(inB.id)).toBe('pending');
  });

  it('refuses a filter that matches nothing, and a worker filter by a full identifier', async () => {
    const none = await admin.post('/employers/bulk-jobs', {
      action: 'approve',
      filter: { q: '없는회사이름xyz' },
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().error.details[0].message).toBe('조건에 맞는 기록이 없습니다.');
    expect(await ctx.db.select().from(bulkJobs).where(eq(bulkJobs.total, 0))).toEqual([]);
    const byId = await admin.post('/workers/bulk-jobs', {
      action: 'change-branch',
      branch_id: branchB,
      filter: { q: '900101-5123456' },
    });
    expect(byId.statusCode).toBe(422);
    expect(byId.json().error.details[0].message).toMatch(/외국인등록번호·여권번호 검색 결과/);
  });

  it("moves workers to another branch; an inactive branch refuses each, as a worker's edit would", async () => {
    const moving = await Promise.all([1, 2].map(() => insertWorker(ctx, branchA, { nationality: 'NP' })));
    const started = await start(admin, 'workers', {
      action: 'change-branch',
      branch_id: branchB,
      filter: { branch_id: branchA, nationality: 'NP' },
    });
    const { job } = await settle(admin, 'workers', started.id);
    expect(job).toMatchObject({ total: 2, succeeded: 2 });
    const rows = await ctx.db
      .select({ branchId: workers.branchId })
      .from(workers)
      .where(
        inArray(
          workers.id,
          moving.map((w) => w.id),
        ),
      );
    expect(rows.every((r) => r.branchId === branchB)).toBe(true);

    const closed = (await insertBranch(ctx, { name: '폐점지점', code: 'BX' })).id;
    await ctx.db.update(branches).set({ status: 'inactive' }).where(eq(branches.id, closed));
    const again = await start(admin, 'workers', {
      action: 'change-branch',
      branch_id: closed,
      ids: moving.map((w) => w.id),
    });
    const { job: refusedJob, refused } = await settle(admin, 'workers', again.id);
    expect(refusedJob).toMatchObject({ succeeded: 0, failed: 2 });
    expect([...new Set(refused.values())]).toEqual([recordMessages.branchInactive]);
  });

  it('keeps the maker–checker rule: an admin cannot approve the payout they entered', async () => {
    const employer = await insertEmployer(ctx, branchA);
    const mine = await admin.post('/payouts', {
      employer_id: employer.id,
      type: 'matching_fee',
      amount: 300_000,
    });
    expect(mine.statusCode, mine.body).toBe(201);
    const [theirs] = await ctx.db
      .insert(payouts)
      .values({ employerId: employer.id, type: 'matching_fee', amount: 200_000, vat: 20_000 })
      .returning({ id: payouts.id });
    const started = await start(admin, 'payouts', { action: 'approve', ids: [mine.json().id, theirs!.id] });
    const { job, refused } = await settle(admin, 'payouts', started.id);
    expect(job).toMatchObject({ succeeded: 1, failed: 1 });
    expect(refused.has(mine.json().id)).toBe(true);
  });
});

describe('bulk actions: runs', () => {
  it('stops between pages on cancel; what was done stays done', async () => {
    const rows = Array.from({ length: 450 }, (_, g) => ({
      companyName: `취소회사 ${g}`,
      businessRegNo: String(7_000_000_000 + g),
      ceoName: '대표',
      bizEntityType: 'corporation' as const,
      industry: 'manufacturing' as const,
      region: '경기도',
      zipCode: '15588',
      roadAddress: '주소',
      phone: '0311234567',
      branchId: branchA,
      status: 'pending' as const,
    }));
    const many = await ctx.db.insert(employers).values(rows).returning({ id: employers.id });
    const started = await start(admin, 'employers', { action: 'approve', ids: many.map((e) => e.id) });
    const cancel = await admin.post(`/employers/bulk-jobs/${started.id}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const { job } = await settle(admin, 'employers', started.id);
    expect(job.status).toBe('cancelled');
    expect(job.succeeded).toBeLessThan(450);
    const states = await statusOf(many.map((e) => e.id));
    expect([...states.values()].filter((s) => s === 'approved')).toHaveLength(job.succeeded);
    const again = await admin.post(`/employers/bulk-jobs/${started.id}/cancel`);
    expect(again.statusCode).toBe(409);
  });

  it('a job whose process stopped is taken over where it stood', async () => {
    const pending = await Promise.all(
      [1, 2, 3].map(() => insertEmployer(ctx, branchA, { status: 'pending' })),
    );
    const started = await start(admin, 'employers', { action: 'approve', ids: pending.map((e) => e.id) });
    await ctx.app.bulk.idle();
    // As if it had stopped before its first page: back to running, nobody's heartbeat, nothing done.
    await ctx.db
      .update(employers)
      .set({ status: 'pending' })
      .where(
        inArray(
          employers.id,
          pending.map((e) => e.id),
        ),
      );
    await ctx.db
      .update(bulkJobs)
      .set({
        status: 'running',
        runnerToken: 'gone',
        heartbeatAt: new Date(Date.now() - 5 * 60_000),
        cursor: 0,
        processed: 0,
        succeeded: 0,
        failed: 0,
      })
      .where(eq(bulkJobs.id, started.id));
    expect(await ctx.app.bulk.resumeStale()).toBe(1);
    const { job } = await settle(admin, 'employers', started.id);
    expect(job).toMatchObject({ status: 'done', succeeded: 3 });
  });
});

describe('bulk actions: every record gets its own rule (model)', () => {
  it('over random states, branches, callers and missing ids: exactly the reachable pending ones change', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ status: fc.constantFrom(...EMPLOYER_STATUSES), inA: fc.boolean() }), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.constantFrom('approve', 'reject'),
        fc.boolean(),
        fc.integer({ min: 0, max: 2 }),
        async (records, action, asManager, missing) => {
          const made = await Promise.all(
            records.map((r) => insertEmployer(ctx, r.inA ? branchA : branchB, { status: r.status })),
          );
          const missingIds = Array.from({ length: missing }, (_, i) => 900_000_000 + i);
          const api = asManager ? managerA : admin;
          const started = await start(api, 'employers', {
            action,
            ids: [...made.map((m) => m.id), ...missingIds],
            reason: '모델 점검',
          });
          const { job, refused } = await settle(api, 'employers', started.id);
          const after = await statusOf(made.map((m) => m.id));
          const to = action === 'approve' ? 'approved' : 'rejected';
          let changed = 0;
          made.forEach((m, i) => {
            const record = records[i]!;
            // The model: a branch manager reaches branch A only; 승인 and 반려 move pending records only.
            const allowed = (!asManager || record.inA) && record.status === 'pending';
            if (allowed) changed += 1;
            expect(refused.has(m.id), `#${m.id} ${record.status}`).toBe(!allowed);
            expect(after.get(m.id)).toBe(allowed ? to : record.status);
            if (!allowed && asManager && !record.inA) {
              expect(refused.get(m.id)).toBe('요청한 데이터를 찾을 수 없습니다.');
            }
          });
          for (const id of missingIds) expect(refused.get(id)).toBe('요청한 데이터를 찾을 수 없습니다.');
          expect(job).toMatchObject({ succeeded: changed, failed: made.length + missing - changed });
        },
      ),
      { numRuns: 12 },
    );
  });
});
