import { IMPORT_COLUMNS, snakeToCamel } from '@ilson/contracts';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, insertBranch, insertEmployer, insertMatching, signedIn } from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import {
  commitBatch,
  csvFile,
  dryRun,
  employerCells,
  importHeaders,
  settle,
  upload,
  workerCells,
} from '../../../../test/import-fixtures';
import { auditLogs, employers, importBatches, importRows, workers } from '../../../db/schema';

let ctx: TestContext;
let admin: Api;
let managerA: Api;
let managerB: Api;
let branchA: number;
const A = '가져오기안산지점';
const B = '가져오기부산지점';

beforeAll(async () => {
  ctx = await createTestContext();
  branchA = (await insertBranch(ctx, { name: A, code: 'IA' })).id;
  const branchB = (await insertBranch(ctx, { name: B, code: 'IB' })).id;
  admin = (await signedIn(ctx, 'admin')).api;
  managerA = (await signedIn(ctx, 'branch_manager', branchA)).api;
  managerB = (await signedIn(ctx, 'branch_manager', branchB)).api;
});
afterAll(async () => {
  await ctx?.close();
});

/**
 * The file's rows: enough for several pages of every phase (upload and validation 1,000 a page, commit 500, undo
 * 1,000), 1% of them broken. How fast 10,000 rows go is the benchmark's (docs/imports.md#speed-and-memory); here each
 * of the 2,970 good rows is created and removed through its service in a savepoint.
 */
const ROWS = 3_000;
const BROKEN = ROWS / 100;
const GOOD = ROWS - BROKEN;
const ROW_BY_ROW_TIMEOUT = 120_000;

const countWorkers = async (batchId: number) =>
  (
    await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(workers)
      .where(and(eq(workers.importBatchId, batchId), isNull(workers.deletedAt)))
  )[0]!.n;

describe(`import: a ${ROWS.toLocaleString('en')}-row CP949 CSV with 1% broken rows`, () => {
  const broken = new Map<number, Record<string, string>>();
  const kinds: Record<string, string>[] = [
    { alienRegNo: '12345' },
    { visaType: 'Z-9' },
    { lastName: '' },
    { dateOfBirth: '1994-13-40' },
    { branch: '없는지점' },
    { nationality: '아틀란티스' },
    { phoneNumber: '02-12' },
    { gender: '모름' },
    { desiredIndustries: '우주산업' },
    { emailAddress: 'not-an-email' },
  ];
  const rows: string[][] = [];
  for (let i = 0; i < ROWS; i++) {
    const seed = 100_000 + i;
    const bad = i % 100 === 37 ? kinds[((i / 100) % kinds.length) | 0] : undefined;
    if (bad) broken.set(i + 2, bad);
    rows.push(workerCells(seed, A, bad));
  }
  const file = csvFile(importHeaders('workers'), rows, 'cp949');
  let first: number;

  it('dry run: exact counts, the first errors per field, nothing written', async () => {
    const batch = await dryRun(admin, 'workers', file, '근로자명단.csv');
    first = batch.id;
    expect(batch.encoding).toBe('cp949');
    expect(batch.status).toBe('validated');
    expect(batch.headers[0]).toBe('한글 이름');
    expect(batch.totalRows).toBe(ROWS);
    expect({ valid: batch.validRows, error: batch.errorRows, duplicate: batch.duplicateRows }).toEqual({
      valid: GOOD,
      error: BROKEN,
      duplicate: 0,
    });
    const fields = Object.fromEntries(batch.fieldErrors.map((f) => [f.field, f.count]));
    expect(fields).toEqual({
      alien_reg_no: BROKEN / 10,
      visa_type: BROKEN / 10,
      last_name: BROKEN / 10,
      date_of_birth: BROKEN / 10,
      branch: BROKEN / 10,
      nationality: BROKEN / 10,
      phone_number: BROKEN / 10,
      gender: BROKEN / 10,
      desired_industries: BROKEN / 10,
      email_address: BROKEN / 10,
    });
    const visa = batch.fieldErrors.find((f) => f.field === 'visa_type')!;
    expect(visa.header).toBe('체류자격');
    expect(visa.examples[0]).toEqual({ rowNo: 139, message: '알 수 없는 값입니다: Z-9' });
    expect(await countWorkers(first)).toBe(0);
  });

  it(
    'commit: exactly the good rows, each logged as the form logs a new worker, naming the batch',
    async () => {
      const batch = await commitBatch(admin, 'workers', first, ROW_BY_ROW_TIMEOUT);
      expect(batch.status).toBe('committed');
      expect(batch.committedRows).toBe(GOOD);
      expect(await countWorkers(first)).toBe(GOOD);
      const entries = await ctx.db
        .select({ targetId: auditLogs.targetId, summary: auditLogs.summary })
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'CREATE'), eq(auditLogs.targetType, 'worker')));
      const logged = entries
        .filter((e) => e.summary.includes(`(근로자 가져오기 #${first} `))
        .map((e) => Number(e.targetId));
      const made = await ctx.db
        .select({ id: workers.id })
        .from(workers)
        .where(eq(workers.importBatchId, first));
      expect(logged.sort()).toEqual(made.map((m) => m.id).sort());
      // Committed rows no longer keep their cells; refused ones do (the error report).
      const [kept] = await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(importRows)
        .where(and(eq(importRows.batchId, first), isNotNull(importRows.cellsEnc)));
      expect(kept!.n).toBe(BROKEN);
    },
    ROW_BY_ROW_TIMEOUT + 10_000,
  );

  it('the same file again: recognised, every good row a duplicate, nothing created', async () => {
    const again = await dryRun(admin, 'workers', file, '근로자명단(2).csv');
    expect(again.sameFileBatchId).toBe(first);
    expect({ valid: again.validRows, error: again.errorRows, duplicate: again.duplicateRows }).toEqual({
      valid: 0,
      error: BROKEN,
      duplicate: GOOD,
    });
    const commit = await admin.post(`/workers/imports/${again.id}/commit`);
    expect(commit.statusCode).toBe(409);
    expect(commit.json().error.message).toBe('가져올 정상 행이 없습니다.');
    expect(await countWorkers(again.id)).toBe(0);
  });

  it('the error report: the refused rows as they came, with an 오류 column, logged as a download', async () => {
    const response = await admin.get(`/workers/imports/${first}/errors`);
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(BROKEN + 1);
    const header = (sheet.getRow(1).values as string[]).slice(1);
    expect(header.at(-1)).toBe('오류');
    expect(header[0]).toBe('행 번호');
    const row = sheet.getRow(2).values as unknown[];
    expect(row[1]).toBe(39);
    expect(String(row.at(-1))).toContain('외국인등록번호');
    const [logged] = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'EXPORT'), eq(auditLogs.targetType, 'import_batch')));
    expect(logged?.recordCount).toBe(BROKEN);
  });

  it(
    'undo: removes the batch records, keeps one matched since',
    async () => {
      const [matched] = await ctx.db
        .select({ id: workers.id })
        .from(workers)
        .where(eq(workers.importBatchId, first))
        .limit(1);
      const employer = await insertEmployer(ctx, branchA);
      await insertMatching(ctx, { employerId: employer.id, workerId: matched!.id, branchId: branchA });
      const started = await admin.post(`/workers/imports/${first}/undo`);
      expect(started.statusCode, started.body).toBe(200);
      const batch = await settle(admin, 'workers', first, ROW_BY_ROW_TIMEOUT);
      expect(batch.status).toBe('undone');
      expect({ undone: batch.undoneRows, kept: batch.keptRows }).toEqual({ undone: GOOD - 1, kept: 1 });
      expect(await countWorkers(first)).toBe(1);
      const again = await admin.post(`/workers/imports/${first}/undo`);
      expect(again.statusCode).toBe(409);
    },
    ROW_BY_ROW_TIMEOUT + 10_000,
  );
});

describe('import: formats, mapping and refusals', () => {
  it('reads UTF-8 with a BOM and maps renamed headers by their aliases', async () => {
    const headers = importHeaders('employers').map((h) => (h === '상호*' ? '회사명' : h));
    const file = csvFile(headers, [employerCells(7001, A), employerCells(7002, A)], 'utf-8-bom');
    const batch = await dryRun(admin, 'employers', file, 'employers.csv');
    expect(batch.encoding).toBe('utf-8');
    expect(batch.mapping[0]).toBe('company_name');
    expect(batch.validRows).toBe(2);
  });

  it('reads an xlsx with real date cells and numbers', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('명단');
    sheet.addRow(importHeaders('workers'));
    // The number of that birth date (docs/DOMAIN.md#identity).
    const cells: unknown[] = workerCells(8001, A, { alienRegNo: '910203-6008001' });
    const dob = IMPORT_COLUMNS.workers.findIndex((c) => c.key === 'dateOfBirth');
    cells[dob] = new Date(Date.UTC(1991, 1, 3));
    sheet.addRow(cells);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const batch = await dryRun(admin, 'workers', file, '명단.xlsx');
    expect(batch.format).toBe('xlsx');
    expect(batch.validRows, JSON.stringify(batch.fieldErrors)).toBe(1);
    const committed = await commitBatch(admin, 'workers', batch.id);
    expect(committed.committedRows).toBe(1);
    const [worker] = await ctx.db.select().from(workers).where(eq(workers.importBatchId, batch.id));
    expect(worker!.dateOfBirth).toBe('1991-02-03');
    expect(worker!.alienRegNoMasked).toMatch(/^\d{6}-\d\*{6}$/);
  });

  it('finds duplicates within the file and against the records (employers)', async () => {
    const existing = employerCells(9001, A);
    const first = await dryRun(
      admin,
      'employers',
      csvFile(importHeaders('employers'), [existing], 'utf-8'),
      'a.csv',
    );
    await commitBatch(admin, 'employers', first.id);
    const file = csvFile(
      importHeaders('employers'),
      [
        existing,
        employerCells(9002, A),
        employerCells(9002, A),
        employerCells(9003, A, { businessRegNo: '123-45-67890' }),
      ],
      'utf-8',
    );
    const batch = await dryRun(admin, 'employers', file, 'b.csv');
    expect({ valid: batch.validRows, error: batch.errorRows, duplicate: batch.duplicateRows }).toEqual({
      valid: 1,
      error: 1,
      duplicate: 2,
    });
    const messages = batch.fieldErrors
      .find((f) => f.field === 'business_reg_no')!
      .examples.map((e) => e.message);
    expect(messages).toEqual([
      '이미 등록된 사업주입니다.',
      '파일의 3행과 중복입니다.',
      '올바른 사업자등록번호가 아닙니다. (10자리, 검증번호 확인)',
    ]);
  });

  it('refuses a mapping that leaves out a required column, in Korean', async () => {
    const uploaded = await upload(
      admin,
      'employers',
      csvFile(['상호', '메모'], [['가', '나']], 'utf-8'),
      'x.csv',
    );
    expect(uploaded.statusCode).toBe(201);
    const response = await admin.post(`/employers/imports/${uploaded.json().id}/validate`, {
      mapping: uploaded.json().mapping,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details[0].message).toMatch(
      /^필수 항목의 열을 지정해 주세요: 사업자등록번호/,
    );
  });

  it('refuses what is not a table: JSON, an empty file, a broken xlsx', async () => {
    const json = await admin.post('/workers/imports?file_name=a.csv', { rows: [] });
    expect(json.statusCode).toBe(422);
    const empty = await upload(admin, 'workers', Buffer.from(''), 'empty.csv');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error.message).toBe('파일에 머리글과 데이터 행이 없습니다.');
    const broken = await upload(admin, 'workers', Buffer.from('PK\u0003\u0004garbage'), 'broken.xlsx');
    expect(broken.statusCode).toBe(422);
    expect(broken.json().error.message).toMatch(/파일을 읽을 수 없습니다/);
    const count = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(importBatches)
      .where(eq(importBatches.status, 'uploading'));
    expect(count[0]!.n).toBe(0);
  });
});

describe('import: branch scope', () => {
  it("a branch manager's rows may name only their branch; their batches are theirs", async () => {
    const file = csvFile(importHeaders('workers'), [workerCells(6001, A), workerCells(6002, B)], 'utf-8');
    const batch = await dryRun(managerA, 'workers', file, 'scope.csv');
    expect(batch.validRows).toBe(1);
    expect(batch.fieldErrors).toEqual([
      expect.objectContaining({
        field: 'branch',
        examples: [{ rowNo: 3, message: `담당 지점을 찾을 수 없습니다: ${B}` }],
      }),
    ]);
    expect((await managerB.get(`/workers/imports/${batch.id}`)).statusCode).toBe(404);
    expect((await admin.get(`/workers/imports/${batch.id}`)).statusCode).toBe(200);
    const list = await managerB.get('/workers/imports');
    expect(list.json().data.map((b: { id: number }) => b.id)).not.toContain(batch.id);
  });
});

describe('import: runs outlive their process', () => {
  it('a run whose process stopped is taken over where it stood', async () => {
    const rows = Array.from({ length: 1_500 }, (_, i) => employerCells(20_000 + i, A));
    const uploaded = await upload(
      admin,
      'employers',
      csvFile(importHeaders('employers'), rows, 'utf-8'),
      'r.csv',
    );
    const id = uploaded.json().id as number;
    // As if a process had claimed the dry run and stopped after its first page.
    await ctx.db
      .update(importBatches)
      .set({
        status: 'validating',
        // Stored as the code names the columns (the wire's snake_case back to camelCase).
        mapping: (uploaded.json().mapping as (string | null)[]).map((key) => key && snakeToCamel(key)),
        runnerToken: 'stopped-process',
        runTotal: 1_500,
        heartbeatAt: new Date(Date.now() - 5 * 60_000),
        runActor: {
          adminId: 1,
          role: 'super_admin',
          scope: { all: true },
          audit: { actorAdminId: 1, actorLoginId: 'x', ip: null, userAgent: null },
        },
      })
      .where(eq(importBatches.id, id));
    const resumed = await ctx.app.imports.resumeStale();
    expect(resumed).toBe(1);
    const batch = await settle(admin, 'employers', id);
    expect(batch.status).toBe('validated');
    expect(batch.validRows).toBe(1_500);
  });

  it('cancel stops a commit between pages; what was committed stays and can be undone', async () => {
    const rows = Array.from({ length: 1_200 }, (_, i) => employerCells(30_000 + i, A));
    const batch = await dryRun(
      admin,
      'employers',
      csvFile(importHeaders('employers'), rows, 'utf-8'),
      'c.csv',
    );
    const started = await admin.post(`/employers/imports/${batch.id}/commit`);
    expect(started.statusCode).toBe(200);
    const cancel = await admin.post(`/employers/imports/${batch.id}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const stopped = await settle(admin, 'employers', batch.id);
    expect(stopped.status).toBe('cancelled');
    expect(stopped.committedRows).toBeLessThan(1_200);
    const made = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(employers)
      .where(and(eq(employers.importBatchId, batch.id), isNull(employers.deletedAt)));
    expect(made[0]!.n).toBe(stopped.committedRows);
    // Going on finishes the rest.
    const resumed = await commitBatch(admin, 'employers', batch.id);
    expect(resumed.committedRows).toBe(1_200);
  });
});

describe('import: the template', () => {
  it('has the Korean headers, an example row, drop-down lists and the admin’s branches', async () => {
    const response = await managerA.get('/workers/imports/template');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('filename*=');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('근로자')!;
    expect((sheet.getRow(1).values as string[]).slice(1)).toEqual(importHeaders('workers'));
    expect(sheet.getRow(2).getCell(2).value).toBe('NGUYEN');
    const gender = sheet.getCell('D2').dataValidation;
    expect(gender?.type).toBe('list');
    const lists = workbook.getWorksheet('목록')!;
    const branchColumn = (lists.getRow(1).values as string[]).indexOf('담당 지점');
    const values = lists.getColumn(branchColumn).values as string[];
    expect(values.filter(Boolean)).toContain(A);
    expect(values.filter(Boolean)).not.toContain(B);
  });

  it('the template as downloaded, filled in, imports (its example row is refused, not imported)', async () => {
    const response = await admin.get('/employers/imports/template');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('사업주')!;
    sheet.addRow(employerCells(40_001, A));
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const batch = await dryRun(admin, 'employers', file, '양식.xlsx');
    expect({ valid: batch.validRows, error: batch.errorRows }).toEqual({ valid: 1, error: 1 });
    expect(batch.fieldErrors[0]!.examples[0]).toEqual({
      rowNo: 2,
      message: '양식의 예시 행입니다. 지우고 가져와 주세요.',
    });
  });
});
