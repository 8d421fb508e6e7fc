/**
 * The worker import's 시간제취업허가 columns (docs/law-as-data.md#visas, docs/imports.md): a D-2/D-4 row names its course
 * of study and its recorded permit as the form does; a value the form would refuse is the row's error, on its column.
 */
import { IMPORT_COLUMNS, suggestMapping } from '@ilson/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, insertBranch, signedIn } from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { commitBatch, csvFile, dryRun, importHeaders, workerCells } from '../../../../test/import-fixtures';
import { workers } from '../../../db/schema';

let ctx: TestContext;
let admin: Api;
const A = '허가안산지점';

beforeAll(async () => {
  ctx = await createTestContext();
  await insertBranch(ctx, { name: A, code: 'PA' });
  admin = (await signedIn(ctx, 'admin')).api;
});
afterAll(async () => {
  await ctx?.close();
});

const student = (seed: number, overrides: Record<string, string> = {}) =>
  workerCells(seed, A, {
    visaType: 'D-2',
    studyCourse: '학사',
    partTimePermitNo: 'PT-2025-0001',
    partTimePermitWeeklyHours: '20시간',
    partTimePermitValidFrom: '2025.03.01',
    partTimePermitValidTo: '2025-08-31',
    ...overrides,
  });

describe('worker import: the 시간제취업허가 columns', () => {
  it('the template names them and the automatic mapping finds them by header and alias', () => {
    const headers = importHeaders('workers');
    for (const header of [
      '유학·연수 과정',
      '시간제취업허가 번호',
      '허가 주당 시간',
      '허가 시작일',
      '허가 종료일',
    ]) {
      expect(headers).toContain(header);
    }
    expect(suggestMapping('workers', ['과정', '허가번호', '주당 허가 시간'])).toEqual([
      'studyCourse',
      'partTimePermitNo',
      'partTimePermitWeeklyHours',
    ]);
    expect(IMPORT_COLUMNS.workers.find((c) => c.key === 'studyCourse')?.list).toEqual([
      '어학연수',
      '전문학사',
      '학사',
      '석사·박사',
    ]);
  });

  it('imports a D-2 student with the course (Korean label) and the permit; an E-9 row leaves them empty', async () => {
    const file = csvFile(importHeaders('workers'), [student(61_001), workerCells(61_002, A)], 'utf-8');
    const batch = await dryRun(admin, 'workers', file, '유학생.csv');
    expect(batch.validRows, JSON.stringify(batch.fieldErrors)).toBe(2);
    const committed = await commitBatch(admin, 'workers', batch.id);
    expect(committed.committedRows).toBe(2);
    const rows = await ctx.db
      .select({
        visaType: workers.visaType,
        studyCourse: workers.studyCourse,
        partTimePermitNo: workers.partTimePermitNo,
        partTimePermitWeeklyHours: workers.partTimePermitWeeklyHours,
        partTimePermitValidFrom: workers.partTimePermitValidFrom,
        partTimePermitValidTo: workers.partTimePermitValidTo,
      })
      .from(workers)
      .where(eq(workers.importBatchId, batch.id))
      .orderBy(workers.id);
    expect(rows).toEqual([
      {
        visaType: 'D-2',
        studyCourse: 'bachelor',
        partTimePermitNo: 'PT-2025-0001',
        partTimePermitWeeklyHours: 20,
        partTimePermitValidFrom: '2025-03-01',
        partTimePermitValidTo: '2025-08-31',
      },
      {
        visaType: 'E-9',
        studyCourse: null,
        partTimePermitNo: null,
        partTimePermitWeeklyHours: null,
        partTimePermitValidFrom: null,
        partTimePermitValidTo: null,
      },
    ]);
  });

  it('accepts the course by its code or a common spelling (석사, 어학)', async () => {
    const file = csvFile(
      importHeaders('workers'),
      [
        student(61_011, { studyCourse: 'graduate' }),
        student(61_012, { studyCourse: '석사' }),
        student(61_013, { visaType: 'D-4', studyCourse: '어학' }),
      ],
      'utf-8',
    );
    const batch = await dryRun(admin, 'workers', file, '과정.csv');
    expect(batch.validRows, JSON.stringify(batch.fieldErrors)).toBe(3);
  });

  it('refuses, on the column, what the form refuses: an unknown course, hours not a number or over 40, a bad date', async () => {
    const file = csvFile(
      importHeaders('workers'),
      [
        student(61_021, { studyCourse: '박사후과정' }),
        student(61_022, { partTimePermitWeeklyHours: '스무' }),
        student(61_023, { partTimePermitWeeklyHours: '41' }),
        student(61_024, { partTimePermitValidTo: '2025-13-40' }),
      ],
      'utf-8',
    );
    const batch = await dryRun(admin, 'workers', file, '오류.csv');
    expect({ valid: batch.validRows, error: batch.errorRows }).toEqual({ valid: 0, error: 4 });
    const byField = Object.fromEntries(
      batch.fieldErrors.map((f) => [f.field, f.examples.map((e) => [e.rowNo, e.message])]),
    );
    expect(byField.study_course).toEqual([[2, '알 수 없는 값입니다: 박사후과정']]);
    expect(byField.part_time_permit_weekly_hours).toHaveLength(2);
    expect(byField.part_time_permit_weekly_hours![0]).toEqual([3, '숫자를 입력해 주세요.']);
    expect(byField.part_time_permit_weekly_hours![1]![0]).toBe(4);
    expect(byField.part_time_permit_valid_to?.[0]?.[0]).toBe(5);
  });
});
