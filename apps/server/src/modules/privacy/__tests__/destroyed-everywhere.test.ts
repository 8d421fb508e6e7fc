import {
  privacyMessages,
  RETENTION_DEFAULTS,
  RETENTION_FLOORS,
  recordMessages,
  retentionFloorMessage,
  toWire,
} from '@ilson/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  activeJobPost,
  alienRegNo,
  insertBranch,
  insertEmployer,
  insertMatching,
  insertWorker,
  patchSettings,
  resumeBody,
  signedIn,
} from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { commitBatch, csvFile, dryRun, importHeaders, workerCells } from '../../../../test/import-fixtures';
import {
  appUsers,
  auditLogs,
  bulkJobItems,
  bulkJobs,
  importBatches,
  importRows,
  savedViews,
  undoEntries,
  workers,
} from '../../../db/schema';
import { createPrivacyService, SYSTEM_ACTOR } from '../privacy.service';

/**
 * Destroyed means gone everywhere (docs/privacy-lifecycle.md#the-inventory), on the engine under test: a destroyed
 * worker's staged import rows (a refused duplicate's error report, an older batch committed afterwards), saved
 * views that name them, bulk jobs' traces, an app account's undo captures; staged rows past their own retention;
 * and the periods' legal floors at the settings endpoint.
 */

let ctx: TestContext;
let top: Api;
let admin: Api;
let branchId: number;
let privacy: ReturnType<typeof createPrivacyService>;
const BRANCH = '파기검사지점';
const SEED = 7_700_001;
const DAY = 86_400_000;
const LONG_AGO = new Date(Date.now() - 5 * 365 * DAY);

const run = () => privacy.run({ dryRun: false, reason: '', trigger: 'manual', actor: SYSTEM_ACTOR });
const fileOf = (seed: number) => csvFile(importHeaders('workers'), [workerCells(seed, BRANCH)], 'utf-8');

beforeAll(async () => {
  ctx = await createTestContext();
  top = (await signedIn(ctx, 'super_admin')).api;
  admin = (await signedIn(ctx, 'admin')).api;
  branchId = (await insertBranch(ctx, { name: BRANCH, code: 'PD' })).id;
  privacy = createPrivacyService({ db: ctx.db, settings: ctx.app.settings, pii: ctx.app.pii });
});
afterAll(async () => {
  await ctx?.close();
});

describe('a destroyed worker leaves nothing in import staging, views or bulk jobs', () => {
  let older: number;
  let refused: number;
  let workerId: number;
  const name = `응우옌 ${SEED}`;

  it('stages the person three ways: a batch validated before they existed, the one that made them, a duplicate', async () => {
    older = (await dryRun(admin, 'workers', fileOf(SEED), '먼저.csv')).id;
    const made = await dryRun(admin, 'workers', fileOf(SEED), '등록.csv');
    expect((await commitBatch(admin, 'workers', made.id)).committedRows).toBe(1);
    const dup = await dryRun(admin, 'workers', fileOf(SEED), '중복.csv');
    expect(dup.duplicateRows).toBe(1);
    refused = dup.id;
    const [worker] = await ctx.db.select().from(workers).where(eq(workers.importBatchId, made.id));
    workerId = worker!.id;
    // Departed five years ago: past every period, nothing else holds them.
    await ctx.db
      .update(workers)
      .set({ status: 'departed', statusChangedAt: LONG_AGO, updatedAt: LONG_AGO })
      .where(eq(workers.id, workerId));
    const [owner] = await ctx.db.select({ id: sql<number>`min(id)::int` }).from(sql`admins`);
    await ctx.db.insert(savedViews).values([
      { adminId: owner!.id, list: 'matchings', name: '그 사람 매칭', query: { worker_id: String(workerId) } },
      { adminId: owner!.id, list: 'workers', name: '검색', query: { q: name }, shared: true },
      { adminId: owner!.id, list: 'workers', name: `${name} 건`, query: {} },
      { adminId: owner!.id, list: 'workers', name: '출국자', query: { status: 'departed' } },
      // Their family name alone names many people: such a view stays.
      { adminId: owner!.id, list: 'workers', name: '같은 성', query: { q: 'NGUYEN' } },
    ]);
    const [job] = await ctx.db
      .insert(bulkJobs)
      .values({
        resource: 'workers',
        action: 'depart',
        params: { reason: `${name} 출국 처리` },
        scope: `조건: 검색 "${name}"`,
        runActor: { adminId: owner!.id } as never,
        status: 'done',
      })
      .returning({ id: bulkJobs.id });
    await ctx.db
      .insert(bulkJobItems)
      .values({ jobId: job!.id, seq: 1, recordId: workerId, status: 'failed', message: `${name}: 거절` });
  });

  it('the destruction clears their staged rows, wherever keyed like them', async () => {
    const result = await run();
    expect(result.kinds.find((k) => k.kind === 'workers')!.ids).toContain(workerId);
    const staged = await ctx.db
      .select()
      .from(importRows)
      .where(inArray(importRows.batchId, [older, refused]));
    expect(staged).toHaveLength(2);
    for (const row of staged) {
      expect(row.cellsEnc).toBeNull();
      expect(row.rowKeys).toBeNull();
      expect(row.errors).toEqual([{ field: 'file', message: privacyMessages.stagedRowDestroyed }]);
    }
  });

  it("the refused duplicate's error report no longer says who they were", async () => {
    const response = await admin.get(`/workers/imports/${refused}/errors`);
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const values = workbook.worksheets[0]!.getRow(2).values as unknown[];
    const text = values.map(String).join('|');
    expect(text).not.toContain(name);
    expect(text).not.toContain(alienRegNo(SEED));
    expect(text).toContain(privacyMessages.stagedRowDestroyed);
  });

  it('the older batch committed afterwards does not bring them back', async () => {
    const batch = await commitBatch(admin, 'workers', older);
    expect(batch.committedRows).toBe(0);
    const live = await ctx.db
      .select({ id: workers.id })
      .from(workers)
      .where(and(eq(workers.nameKo, name), sql`destroyed_at IS NULL`));
    expect(live).toEqual([]);
  });

  it('saved views naming them are deleted, others stay; bulk traces are cleared', async () => {
    const views = await ctx.db.select({ name: savedViews.name }).from(savedViews);
    expect(views.map((v) => v.name).sort()).toEqual(['같은 성', '출국자']);
    const [job] = await ctx.db.select().from(bulkJobs);
    expect(job!.scope).toBe(privacyMessages.bulkScopeDestroyed);
    expect(job!.params.reason).toBe('');
    const [item] = await ctx.db.select().from(bulkJobItems);
    expect(item!.message).toBeNull();
  });
});

describe('an app account destroyed takes its undo captures with it', () => {
  it('deletes entries made on it', async () => {
    const employer = await insertEmployer(ctx, branchId);
    const [account] = await ctx.db
      .insert(appUsers)
      .values({
        userType: 'employer',
        employerId: employer.id,
        loginId: 'undo-member',
        email: 'undo@app.test',
        phone: '01055550001',
        name: '되돌림회원',
        status: 'withdrawn',
        statusChangedAt: LONG_AGO,
        updatedAt: LONG_AGO,
      })
      .returning();
    const [owner] = await ctx.db.select({ id: sql<number>`min(id)::int` }).from(sql`admins`);
    await ctx.db.insert(undoEntries).values({
      adminId: owner!.id,
      targetType: 'app_user',
      targetId: account!.id,
      versionAfter: 2,
      summary: '회원 탈퇴',
      operation: {
        type: 'app_user',
        id: account!.id,
        from: 'active',
        to: 'withdrawn',
        versionAfter: 2,
        previous: { statusReason: '되돌림회원 본인 요청' },
        followers: [],
      },
      expiresAt: new Date(Date.now() + 60_000),
    });
    const result = await run();
    expect(result.kinds.find((k) => k.kind === 'appUsers')!.ids).toContain(account!.id);
    const left = await ctx.db.select().from(undoEntries).where(eq(undoEntries.targetId, account!.id));
    expect(left).toEqual([]);
  });
});

describe('staged import rows have their own retention', () => {
  it('purges the rows of batches staged past it, keeps recent ones, and logs it', async () => {
    const stale = (await dryRun(admin, 'workers', fileOf(SEED + 1), '오래된.csv')).id;
    const fresh = (await dryRun(admin, 'workers', fileOf(SEED + 2), '최근.csv')).id;
    await ctx.db
      .update(importBatches)
      .set({ createdAt: new Date(Date.now() - 31 * DAY) })
      .where(eq(importBatches.id, stale));
    await run();
    const rows = await ctx.db
      .select({ batchId: importRows.batchId, cells: importRows.cellsEnc, key: importRows.rowKeys })
      .from(importRows)
      .where(inArray(importRows.batchId, [stale, fresh]));
    expect(rows.find((r) => r.batchId === stale)).toEqual({ batchId: stale, cells: null, key: null });
    expect(rows.find((r) => r.batchId === fresh)!.cells).not.toBeNull();
    const logged = await ctx.db
      .select({ diff: auditLogs.diff })
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'DESTROY'), eq(auditLogs.targetType, 'import_batch')));
    expect(logged.flatMap((l) => (l.diff as { batchIds: number[] }).batchIds)).toContain(stale);
    expect(logged.flatMap((l) => (l.diff as { batchIds: number[] }).batchIds)).not.toContain(fresh);
  });
});

describe("a worker's clock runs from the end of their contracts", () => {
  it('keeps a departed worker whose terminated contract still runs, and says why', async () => {
    const worker = await insertWorker(ctx, branchId, {
      status: 'departed',
      statusChangedAt: LONG_AGO,
      updatedAt: LONG_AGO,
      phoneNumber: '01077770001',
    });
    const employer = await insertEmployer(ctx, branchId);
    // Terminated five years ago on paper, but the contract runs another month.
    await insertMatching(
      ctx,
      { employerId: employer.id, workerId: worker.id, branchId },
      {
        status: 'terminated',
        statusChangedAt: LONG_AGO,
        startDate: '2018-01-01',
        endDate: new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10),
      },
    );
    const result = await privacy.run({ dryRun: true, reason: '', trigger: 'manual', actor: SYSTEM_ACTOR });
    expect(result.kinds.find((k) => k.kind === 'workers')!.ids).not.toContain(worker.id);
    expect(result.kinds.find((k) => k.kind === 'matchings')!.ids).toEqual([]);
    // Asked by the worker themselves: the contract's papers still hold them.
    const created = await top.post('/privacy/requests', {
      subject_type: 'worker',
      subject_id: worker.id,
      kind: 'erasure',
      channel: 'phone',
      received_at: new Date().toISOString().slice(0, 10),
    });
    expect(created.statusCode, created.body).toBe(201);
    const refused = await top.post(`/privacy/requests/${created.json().id}/erase`);
    expect(refused.statusCode).toBe(409);
    expect(JSON.stringify(refused.json().error.details)).toContain('근로계약이 진행 중입니다');
    const [row] = await ctx.db.select().from(workers).where(eq(workers.id, worker.id));
    expect(row!.destroyedAt).toBeNull();
  });
});

/** The database's own message for a refused statement (the driver's error wraps it). */
const refusal = (query: Promise<unknown>) =>
  query.then(
    () => 'accepted',
    (error: { message: string; cause?: { message?: string } }) => error.cause?.message ?? error.message,
  );

describe('the database keeps a running contract and a destroyed worker apart', () => {
  it('refuses to destroy a worker who is working, and to contract a destroyed one', async () => {
    const employer = await insertEmployer(ctx, branchId);
    const working = await insertWorker(ctx, branchId, { phoneNumber: '01077770002' });
    await insertMatching(
      ctx,
      { employerId: employer.id, workerId: working.id, branchId },
      { status: 'working' },
    );
    expect(
      await refusal(
        ctx.db.execute(sql`UPDATE workers SET name_ko = '파기됨', first_name = '', last_name = '',
          phone_number = '', email_address = '', destroyed_at = now() WHERE id = ${working.id}`),
      ),
    ).toMatch(/contract is running/);
    const gone = await insertWorker(ctx, branchId, {
      status: 'departed',
      statusChangedAt: LONG_AGO,
      updatedAt: LONG_AGO,
      phoneNumber: '01077770003',
    });
    const proposed = await insertMatching(
      ctx,
      { employerId: employer.id, workerId: gone.id, branchId },
      { status: 'accepted' },
    );
    expect((await run()).kinds.find((k) => k.kind === 'workers')!.ids).not.toContain(gone.id);
    // An accepted matching holds the worker; cancelled long ago, the worker goes, and the matching cannot come back to work.
    await ctx.db.execute(
      sql`UPDATE matchings SET status = 'cancelled', status_changed_at = ${LONG_AGO.toISOString()}, updated_at = ${LONG_AGO.toISOString()} WHERE id = ${proposed.id}`,
    );
    expect((await run()).kinds.find((k) => k.kind === 'workers')!.ids).toContain(gone.id);
    expect(
      await refusal(
        ctx.db.execute(sql`UPDATE matchings SET status = 'contracted' WHERE id = ${proposed.id}`),
      ),
    ).toMatch(/personal data destroyed/);
  });
});

describe('retention periods have a legal floor', () => {
  it('refuses workers and matchings under theirs, naming the basis', async () => {
    for (const kind of ['workers', 'matchings'] as const) {
      const reply = await patchSettings(top, {
        retention: toWire({ ...RETENTION_DEFAULTS, [kind]: { ...RETENTION_DEFAULTS[kind], months: 0 } }),
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.body).toContain(retentionFloorMessage(kind));
      expect(retentionFloorMessage(kind)).toContain(RETENTION_FLOORS[kind].basis);
    }
    const atFloor = await patchSettings(top, {
      retention: toWire({
        ...RETENTION_DEFAULTS,
        matchings: { ...RETENTION_DEFAULTS.matchings, months: RETENTION_FLOORS.matchings.minMonths },
      }),
    });
    expect(atFloor.statusCode, atFloor.body).toBe(200);
  });
});

describe('no new record names a destroyed worker', () => {
  it('refuses a matching or a resume for a destroyed worker, as the form would', async () => {
    const employer = await insertEmployer(ctx, branchId);
    // A worker still looking for work, destroyed on their own 삭제 request (the period does not hold then).
    const gone = await insertWorker(ctx, branchId, { phoneNumber: '01077770004' });
    const request = await top.post('/privacy/requests', {
      kind: 'erasure',
      subject_type: 'worker',
      subject_id: gone.id,
      channel: 'phone',
      received_at: new Date().toISOString().slice(0, 10),
    });
    expect(request.statusCode, request.body).toBe(201);
    const { id, version } = request.json() as { id: number; version: number };
    expect((await top.patch(`/privacy/requests/${id}`, { status: 'in_progress', version })).statusCode).toBe(
      200,
    );
    const erased = await top.post(`/privacy/requests/${id}/erase`);
    expect(erased.statusCode, erased.body).toBe(200);
    const post = await activeJobPost(top, employer.id);
    const proposed = await top.post('/matchings', {
      job_post_id: post.id,
      worker_id: gone.id,
      override_reason: '파기 확인',
    });
    expect(proposed.statusCode, proposed.body).toBe(422);
    expect(proposed.json().error.details).toEqual([
      { field: 'worker_id', message: recordMessages.workerDestroyed },
    ]);
    const resume = await top.post('/resumes', resumeBody(gone.id));
    expect(resume.statusCode, resume.body).toBe(422);
    expect(resume.json().error.details).toEqual([
      { field: 'worker_id', message: recordMessages.resumeWorkerDestroyed },
    ]);
  });
});
