/**
 * The import as a door that keeps every rule (docs/imports.md): a cell PostgreSQL cannot store is one row's error, not
 * the batch's; an upload cut off by a crash is failed, not 올리는 중 forever; a dry run hitting records outside the
 * manager's branch spends the identifier budget and is logged as the form is; an undo leaves what the head office
 * moved away since.
 */
import { IDENTIFIER_SEARCH_LIMIT, IMPORT_COLUMNS, importMessages, workerPiiMessages } from '@ilson/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  alienRegNo,
  insertBranch,
  resumeBody,
  signedIn,
  workerBody,
} from '../../../../test/fixtures';
import { createTestContext, type TestContext, testConfig } from '../../../../test/helpers';
import {
  commitBatch,
  csvFile,
  dryRun,
  importHeaders,
  settle,
  upload,
  workerCells,
} from '../../../../test/import-fixtures';
import { auditLogs, importBatches, importRows, workers } from '../../../db/schema';
import { runChecks } from '../../../integrity/checks';
import { createPiiCipher } from '../../../lib/pii';

let ctx: TestContext;
let admin: Api;
let managerA: Api;
let branchA: number;
let branchB: number;
const A = '문안산지점';
const B = '문김해지점';
const pii = createPiiCipher(testConfig.piiKey);
const column = (key: string) => IMPORT_COLUMNS.workers.findIndex((c) => c.key === key);

beforeAll(async () => {
  ctx = await createTestContext();
  branchA = (await insertBranch(ctx, { name: A, code: 'DA' })).id;
  branchB = (await insertBranch(ctx, { name: B, code: 'DB' })).id;
  admin = (await signedIn(ctx, 'admin')).api;
  managerA = (await signedIn(ctx, 'branch_manager', branchA)).api;
});
afterAll(async () => {
  await ctx?.close();
});

const liveOf = async (batchId: number) =>
  (
    await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(workers)
      .where(and(eq(workers.importBatchId, batchId), isNull(workers.deletedAt)))
  )[0]!.n;

describe('cells PostgreSQL cannot store', () => {
  it('a NUL byte is refused in its row at the dry run; the rest of the batch commits', async () => {
    const file = csvFile(
      importHeaders('workers'),
      [
        workerCells(610_001, A),
        workerCells(610_002, A, { firstName: 'AN\u0000610002' }),
        workerCells(610_003, A),
      ],
      'utf-8',
    );
    const batch = await dryRun(admin, 'workers', file, 'nul.csv');
    expect({ valid: batch.validRows, error: batch.errorRows }).toEqual({ valid: 2, error: 1 });
    expect(batch.fieldErrors).toEqual([
      expect.objectContaining({
        field: 'first_name',
        examples: [{ rowNo: 3, message: importMessages.unstorableText }],
      }),
    ]);
    const committed = await commitBatch(admin, 'workers', batch.id);
    expect(committed.status).toBe('committed');
    expect(committed.committedRows).toBe(2);
    expect(await liveOf(batch.id)).toBe(2);
    // The error report still opens: the refused row as it came (the sheet writer drops what XML cannot hold).
    const report = await admin.get(`/workers/imports/${batch.id}/errors`);
    expect(report.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.rowCount).toBe(2);
  });

  it('a lone surrogate (an xlsx may spell one) and a NUL in a coded value are refused the same way', async () => {
    const file = csvFile(
      importHeaders('workers'),
      [workerCells(620_001, A), workerCells(620_002, A), workerCells(620_003, A, { visaType: 'E-9\u0000' })],
      'utf-8',
    );
    const uploaded = await upload(admin, 'workers', file, 'surrogate.csv');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const id = uploaded.json().id as number;
    // Whatever the reader yields: the row's cells as an xlsx's `&#xD800;` gives them.
    const cells = workerCells(620_002, A);
    cells[column('nameKo')] = '응우옌\uD800';
    await ctx.db
      .update(importRows)
      .set({ cellsEnc: pii.encrypt(JSON.stringify(cells)) })
      .where(and(eq(importRows.batchId, id), eq(importRows.rowNo, 3)));
    const started = await admin.post(`/workers/imports/${id}/validate`, { mapping: uploaded.json().mapping });
    expect(started.statusCode, started.body).toBe(200);
    const batch = await settle(admin, 'workers', id);
    expect(batch.status).toBe('validated');
    expect({ valid: batch.validRows, error: batch.errorRows }).toEqual({ valid: 1, error: 2 });
    expect(Object.fromEntries(batch.fieldErrors.map((f) => [f.field, f.examples]))).toEqual({
      name_ko: [{ rowNo: 3, message: importMessages.unstorableText }],
      visa_type: [{ rowNo: 4, message: importMessages.unstorableText }],
    });
    expect((await commitBatch(admin, 'workers', id)).committedRows).toBe(1);
  });
});

describe('an upload cut off by a crash', () => {
  it('is failed with a Korean reason once its heartbeat is old, and its rows dropped', async () => {
    const make = async (heartbeatAt: Date) => {
      const [row] = await ctx.db
        .insert(importBatches)
        .values({
          resource: 'workers',
          fileName: 'cut.csv',
          fileSize: 0,
          fileHash: '',
          format: 'csv',
          encoding: '',
          headers: [],
          status: 'uploading',
          heartbeatAt,
          scopeBranchIds: null,
        })
        .returning({ id: importBatches.id });
      await ctx.db.insert(importRows).values({ batchId: row!.id, rowNo: 2, cellsEnc: pii.encrypt('[]') });
      return row!.id;
    };
    const stuck = await make(new Date(Date.now() - 10 * 60_000));
    const live = await make(new Date());
    expect(await ctx.app.imports.sweepStaleUploads()).toBe(1);
    const shown = (await admin.get(`/workers/imports/${stuck}`)).json();
    expect({ status: shown.status, failure: shown.failure }).toEqual({
      status: 'failed',
      failure: importMessages.uploadInterrupted,
    });
    const rows = await ctx.db.select().from(importRows).where(eq(importRows.batchId, stuck));
    expect(rows).toEqual([]);
    expect((await admin.get(`/workers/imports/${live}`)).json().status).toBe('uploading');
    // Nothing can be checked or committed from it: the file never arrived whole.
    const validate = await admin.post(`/workers/imports/${stuck}/validate`, { mapping: [] });
    expect(validate.statusCode).toBe(409);
    expect(validate.json().error.message).toBe(importMessages.uploadInterrupted);
    expect(await ctx.app.imports.sweepStaleUploads()).toBe(0);
  });

  it('an upload under way keeps its batch alive while it reads', async () => {
    const response = await upload(
      admin,
      'workers',
      csvFile(importHeaders('workers'), [workerCells(630_001, A)], 'utf-8'),
      'ok.csv',
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().status).toBe('uploaded');
  });
});

describe('the dry run spends the identifier budget as the form does', () => {
  it('logs each row that hits a record outside the branch, and stops past the budget', async () => {
    const count = IDENTIFIER_SEARCH_LIMIT.max + 5;
    const seeds = Array.from({ length: count }, (_, i) => 640_000 + i);
    const theirs = await dryRun(
      admin,
      'workers',
      csvFile(
        importHeaders('workers'),
        seeds.map((seed) => workerCells(seed, A)),
        'utf-8',
      ),
      'theirs.csv',
    );
    expect((await commitBatch(admin, 'workers', theirs.id)).committedRows).toBe(count);

    const probe = await signedIn(ctx, 'branch_manager', branchB);
    const before = await lastLogId();
    // Other people, other names: only the 외국인등록번호 are the other branch's.
    const file = csvFile(
      importHeaders('workers'),
      seeds.map((seed) => workerCells(seed, B, { firstName: `PROBE ${seed}` })),
      'utf-8',
    );
    const batch = await dryRun(probe.api, 'workers', file, 'probe.csv');
    expect(batch.status).toBe('failed');
    expect(batch.failure).toBe(workerPiiMessages.identifierSearchRateLimited);
    const logged = (
      await ctx.db.select().from(auditLogs).where(gt(auditLogs.id, before)).orderBy(auditLogs.id)
    ).filter((log) => log.actorAdminId === probe.admin.id && log.action === 'VIEW_PII');
    // As the form: each refusal logged, the one past the budget too; then nothing more is read.
    expect(logged).toHaveLength(IDENTIFIER_SEARCH_LIMIT.max + 1);
    expect(logged[0]!.summary).toMatch(
      /^접근 범위 밖 근로자와 외국인등록번호 중복: 900101-5\*{6} \(근로자 가져오기 #\d+ 2행 검사 거절/,
    );
    expect(logged.every((log) => log.targetId !== null)).toBe(true);
    expect(JSON.stringify(logged)).not.toContain(alienRegNo(seeds[0]!));
    // The budget is one: the form refuses now too.
    const form = await probe.api.post(
      '/workers',
      workerBody(branchB, { alien_reg_no: alienRegNo(seeds[0]!), passport_no: null }),
    );
    expect(form.statusCode).toBe(429);

    // Someone who reaches every branch is told plainly, and spends nothing.
    const headOffice = await dryRun(admin, 'workers', file, 'probe-head.csv');
    expect(headOffice.status).toBe('validated');
    expect(headOffice.duplicateRows).toBe(count);
  });
});

describe('undo', () => {
  it('keeps a record the head office moved to another branch since, and says so', async () => {
    const file = csvFile(
      importHeaders('workers'),
      [workerCells(650_001, A), workerCells(650_002, A)],
      'utf-8',
    );
    const batch = await dryRun(managerA, 'workers', file, 'undo.csv');
    expect((await commitBatch(managerA, 'workers', batch.id)).committedRows).toBe(2);
    const [moved] = await ctx.db
      .select({ id: workers.id, version: workers.version })
      .from(workers)
      .where(and(eq(workers.importBatchId, batch.id), eq(workers.importRowNo, 2)));
    const patched = await admin.patch(`/workers/${moved!.id}`, {
      branch_id: branchB,
      version: moved!.version,
    });
    expect(patched.statusCode, patched.body).toBe(200);

    expect((await managerA.post(`/workers/imports/${batch.id}/undo`)).statusCode).toBe(200);
    const undone = await settle(managerA, 'workers', batch.id);
    expect(undone.status).toBe('undone');
    expect({ undone: undone.undoneRows, kept: undone.keptRows }).toEqual({ undone: 1, kept: 1 });
    const [row] = await ctx.db.select().from(workers).where(eq(workers.id, moved!.id));
    expect({ deleted: row!.deletedAt, branch: row!.branchId }).toEqual({ deleted: null, branch: branchB });
    const [outcome] = await ctx.db
      .select({ status: importRows.status, errors: importRows.errors })
      .from(importRows)
      .where(and(eq(importRows.batchId, batch.id), eq(importRows.rowNo, 2)));
    expect(outcome).toEqual({
      status: 'kept',
      errors: [{ field: 'alienRegNo', message: importMessages.keptMoved }],
    });
  });

  it('keeps a worker given a resume since, so that no live resume is left under a deleted worker (I-22)', async () => {
    const file = csvFile(
      importHeaders('workers'),
      [workerCells(660_001, A), workerCells(660_002, A)],
      'utf-8',
    );
    const batch = await dryRun(admin, 'workers', file, 'undo-resume.csv');
    expect((await commitBatch(admin, 'workers', batch.id)).committedRows).toBe(2);
    const [given] = await ctx.db
      .select({ id: workers.id })
      .from(workers)
      .where(and(eq(workers.importBatchId, batch.id), eq(workers.importRowNo, 2)));
    const resume = await admin.post('/resumes', resumeBody(given!.id));
    expect(resume.statusCode, resume.body).toBe(201);

    expect((await admin.post(`/workers/imports/${batch.id}/undo`)).statusCode).toBe(200);
    const undone = await settle(admin, 'workers', batch.id);
    expect({ undone: undone.undoneRows, kept: undone.keptRows }).toEqual({ undone: 1, kept: 1 });
    const [row] = await ctx.db.select().from(workers).where(eq(workers.id, given!.id));
    expect(row!.deletedAt).toBeNull();
    const [outcome] = await ctx.db
      .select({ errors: importRows.errors })
      .from(importRows)
      .where(and(eq(importRows.batchId, batch.id), eq(importRows.rowNo, 2)));
    expect(outcome!.errors).toEqual([{ field: 'alienRegNo', message: importMessages.keptResume }]);
    const checks = await runChecks(ctx.db, { branchIds: [branchA] });
    expect(checks.filter((c) => c.violations.length > 0)).toEqual([]);
  });
});

async function lastLogId() {
  const [row] = await ctx.db.select({ id: sql<number>`coalesce(max(id), 0)::int` }).from(auditLogs);
  return row!.id;
}
