import {
  EMPLOYER_STATUS_LABELS,
  exportMessages,
  formatBusinessRegNo,
  formatPhone,
  GENDER_LABELS,
  INDUSTRY_LABELS,
  KOREAN_LEVEL_LABELS,
  MATCHING_STATUS_LABELS,
  nationalityLabel,
  PAYOUT_METHOD_LABELS,
  PAYOUT_STATUS_LABELS,
  PAYOUT_TYPE_LABELS,
  VISA_STATUS_LABELS,
  VISA_TYPE_LABELS,
  visaValidity,
  WORKER_STATUS_LABELS,
} from '@ilson/contracts';
import { parse as parseCsv } from 'csv-parse/sync';
import { desc } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  alienRegNo,
  insertBranch,
  insertEmployer,
  insertMatching,
  insertWorker,
  patchSettings,
  signedIn,
  workerBody,
} from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { queryRows } from '../../../db/client';
import { auditLogs } from '../../../db/schema';
import { seoulToday } from '../../../lib/dates';

let ctx: TestContext;
let superAdmin: Api;
let admin: Api;
let manager: Api;
let viewer: Api;
let branchA: number;
let branchB: number;

const FORMULAS = [
  '=HYPERLINK("http://evil.test","클릭")',
  '+82-10-1234',
  '-2+3',
  '@SUM(A1)',
  '\tTAB',
  '\rCR',
];
const ACCOUNT = '110-123-456789';

beforeAll(async () => {
  ctx = await createTestContext();
  branchA = (await insertBranch(ctx, { name: '안산지점' })).id;
  branchB = (await insertBranch(ctx, { name: '부산지점' })).id;
  superAdmin = (await signedIn(ctx, 'super_admin')).api;
  admin = (await signedIn(ctx, 'admin')).api;
  manager = (await signedIn(ctx, 'branch_manager', branchA)).api;
  viewer = (await signedIn(ctx, 'viewer')).api;

  // Workers through the API, so their identifiers are encrypted as in real use.
  const workerInputs = [
    {
      nameKo: '응우옌 반 안',
      firstName: 'Van An',
      lastName: 'Nguyen',
      passportNo: 'M12345678',
      phoneNumber: '01012345678',
    },
    { nameKo: FORMULAS[0], firstName: 'Formula', lastName: '=1+1', nationality: 'MN', visaType: 'H-2' },
    { nameKo: '바트 도르지', firstName: 'Dorj', lastName: 'Bat', nationality: 'MN', gender: 'female' },
    { nameKo: FORMULAS[2], firstName: 'Minus', lastName: '@at', nationality: 'KH' },
  ];
  for (const [index, input] of workerInputs.entries()) {
    const branchId = index === 2 ? branchB : branchA;
    const response = await admin.post(
      '/workers',
      // A woman's number for a woman (docs/DOMAIN.md#identity): its seed odd.
      workerBody(branchId, {
        alienRegNo: alienRegNo(input.gender === 'female' ? 7201 : 7100 + index),
        ...input,
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
  }
  const employerA = await insertEmployer(ctx, branchA, { companyName: FORMULAS[3]!, phone: '0212345678' });
  const employerB = await insertEmployer(ctx, branchB, { companyName: '(주)부산해운', status: 'pending' });
  await insertEmployer(ctx, branchA, { companyName: '(주)시화금속', managerPhone: '01098765432' });
  const workerA = await insertWorker(ctx, branchA, { nameKo: '', firstName: 'Kim', lastName: 'Tran' });
  const workerB = await insertWorker(ctx, branchB, { nameKo: '소피아' });
  // Stored as 유효 but expired last year: the file says 만료, as every screen does.
  await insertWorker(ctx, branchB, {
    nameKo: '만료된 비자',
    visaStatus: 'valid',
    visaExpiryDate: '2025-06-30',
  });
  const matchingA = await insertMatching(
    ctx,
    { employerId: employerA.id, workerId: workerA.id, branchId: branchA },
    {
      // F-5: its fee below is a private placement's (E-9 and E-8 are the public service's, docs/law-as-data.md#fees).
      workerVisaType: 'F-5',
      agreedSalaryType: 'monthly',
      agreedSalaryAmount: 2_600_000,
      feeAmount: 300_000,
      contractDate: '2025-12-20',
      interviewAt: new Date('2025-12-10T01:30:00Z'),
    },
  );
  await insertMatching(
    ctx,
    { employerId: employerB.id, workerId: workerB.id, branchId: branchB },
    { status: 'proposed' },
  );
  for (const body of [
    {
      employerId: employerA.id,
      workerId: workerA.id,
      matchingId: matchingA.id,
      type: 'matching_fee',
      amount: 300_000,
      accountNo: ACCOUNT,
      bankName: '국민은행',
      accountHolder: FORMULAS[1],
    },
    { employerId: employerB.id, type: 'refund', amount: 50_000, scheduledDate: '2026-02-01' },
  ]) {
    const response = await admin.post('/payouts', body);
    expect(response.statusCode, response.body).toBe(201);
  }
});
afterAll(async () => {
  await ctx?.close();
});

type Download = { status: number; headers: Record<string, unknown>; body: Buffer; json: () => unknown };

async function download(api: Api, path: string): Promise<Download> {
  const response = await api.get(path);
  return {
    status: response.statusCode,
    headers: response.headers,
    body: response.rawPayload,
    json: () => response.json(),
  };
}

async function sheetRows(
  body: Buffer,
): Promise<{ header: string[]; rows: unknown[][]; sheet: ExcelJS.Worksheet }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const all: unknown[][] = [];
  const numbers: number[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    all.push((row.values as unknown[]).slice(1));
    numbers.push(row.number);
  });
  // Numbered 1 (the header) to n without a gap, and the filter over exactly those rows.
  expect(numbers).toEqual(numbers.map((_, index) => index + 1));
  expect(sheet.autoFilter).toMatch(new RegExp(`^A1:[A-Z]+${numbers.length}$`));
  const [header, ...rows] = all;
  return { header: header as string[], rows, sheet };
}

function csvRows(body: Buffer): { bom: boolean; header: string[]; rows: string[][] } {
  const text = body.toString('utf8');
  const records = parseCsv(text, { bom: true, relax_column_count: false }) as string[][];
  const [header, ...rows] = records;
  return { bom: text.charCodeAt(0) === 0xfeff, header: header!, rows };
}

const neutral = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** Seoul wall-clock time of an epoch in microseconds, as the CSV writes it and as xlsx' serial holds it. */
function seoul(micros: string | null): { text: string; date: Date } | null {
  if (micros === null) return null;
  const date = new Date(Number(BigInt(micros) / 1000n) + 9 * 3_600_000);
  return { text: date.toISOString().slice(0, 19).replace('T', ' '), date };
}

type Expected = { csv: string[]; sheet: unknown[] };
type Cell = string | number | null | { text: string; date: Date } | { day: string };

/** One expected row from database values: the CSV text and the xlsx cell of every column. */
function expectedRow(cells: Cell[]): Expected {
  return {
    csv: cells.map((cell) => {
      if (cell === null) return '';
      if (typeof cell === 'number') return String(cell);
      if (typeof cell === 'string') return cell;
      return 'day' in cell ? cell.day : cell.text;
    }),
    sheet: cells.map((cell) => {
      if (cell === null || cell === '') return undefined;
      if (typeof cell === 'number' || typeof cell === 'string') return cell;
      return 'day' in cell ? new Date(`${cell.day}T00:00:00Z`) : cell.date;
    }),
  };
}

const day = (value: string | null): Cell => (value === null ? null : { day: value });

/** Compares an xlsx row with the expected cells (datetimes to the millisecond). */
function expectSheetRow(actual: unknown[], expected: unknown[]) {
  expect(actual.length).toBeLessThanOrEqual(expected.length);
  expected.forEach((cell, index) => {
    const value = actual[index];
    if (cell instanceof Date) {
      expect(value, `column ${index + 1}`).toBeInstanceOf(Date);
      expect(Math.abs((value as Date).getTime() - cell.getTime()), `column ${index + 1}`).toBeLessThan(2);
    } else {
      expect(value, `column ${index + 1}`).toEqual(cell);
    }
  });
}

/** Every xlsx row against the expected rows, in order. */
function expectSheetRows(actual: unknown[][], expected: Expected[]) {
  expect(actual).toHaveLength(expected.length);
  for (const [index, row] of expected.entries()) expectSheetRow(actual[index]!, row.sheet);
}

type WorkerDbRow = {
  id: number;
  name_ko: string;
  first_name: string;
  last_name: string;
  gender: keyof typeof GENDER_LABELS;
  date_of_birth: string;
  nationality: string;
  phone_number: string;
  email_address: string;
  alien_reg_no_masked: string | null;
  passport_no_masked: string | null;
  visa_type: keyof typeof VISA_TYPE_LABELS;
  visa_status: keyof typeof VISA_STATUS_LABELS;
  visa_expiry_date: string | null;
  entry_date: string | null;
  korean_level: keyof typeof KOREAN_LEVEL_LABELS;
  branch_name: string;
  status: keyof typeof WORKER_STATUS_LABELS;
  created: string;
  branch_id: number;
};

async function workersInDb(where = 'true'): Promise<WorkerDbRow[]> {
  const { sql } = await import('drizzle-orm');
  return queryRows<WorkerDbRow>(
    ctx.db,
    sql.raw(`SELECT w.*, w.date_of_birth::text AS date_of_birth, w.visa_expiry_date::text AS visa_expiry_date,
      w.entry_date::text AS entry_date, b.name AS branch_name,
      (extract(epoch FROM w.created_at) * 1000000)::bigint::text AS created
      FROM workers w JOIN branches b ON b.id = w.branch_id
      WHERE w.deleted_at IS NULL AND ${where} ORDER BY w.created_at DESC, w.id DESC`),
  );
}

function expectedWorker(
  row: WorkerDbRow,
  revealed?: { alienRegNo: string | null; passportNo: string | null },
): Expected {
  return expectedRow([
    row.id,
    neutral(row.name_ko),
    neutral(`${row.last_name} ${row.first_name}`.trim()),
    GENDER_LABELS[row.gender],
    day(row.date_of_birth),
    nationalityLabel(row.nationality),
    formatPhone(row.phone_number),
    row.email_address,
    revealed ? revealed.alienRegNo : row.alien_reg_no_masked,
    revealed ? revealed.passportNo : row.passport_no_masked,
    VISA_TYPE_LABELS[row.visa_type],
    VISA_STATUS_LABELS[
      visaValidity({ visaStatus: row.visa_status, visaExpiryDate: row.visa_expiry_date }, seoulToday())
    ],
    day(row.visa_expiry_date),
    day(row.entry_date),
    KOREAN_LEVEL_LABELS[row.korean_level],
    row.branch_name,
    WORKER_STATUS_LABELS[row.status],
    seoul(row.created),
  ]);
}

const WORKER_HEADER = [
  '번호',
  '한글 이름',
  '영문 성명',
  '성별',
  '생년월일',
  '국적',
  '휴대전화',
  '이메일',
  '외국인등록번호',
  '여권번호',
  '비자 유형',
  '비자 상태',
  '비자 만료일',
  '입국일',
  '한국어 수준',
  '지점',
  '상태',
  '등록일시',
];

describe('GET /exports/workers', () => {
  it('xlsx: every row and cell of the list, masked, with Korean headers, a frozen header and real dates', async () => {
    const file = await download(admin, '/exports/workers?reason=%EC%A0%95%EA%B8%B0%20%EC%A0%90%EA%B2%80');
    expect(file.status, file.body.toString()).toBe(200);
    expect(file.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const disposition = String(file.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[^"]+\.xlsx"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toMatch(
      /^근로자목록_\d{4}-\d{2}-\d{2}\.xlsx$/,
    );

    const { header, rows, sheet } = await sheetRows(file.body);
    expect(header).toEqual(WORKER_HEADER);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getColumn(2).width).toBeGreaterThan(5);
    expect(sheet.getCell('E2').numFmt).toBe('yyyy-mm-dd');
    const db = await workersInDb();
    expectSheetRows(
      rows,
      db.map((row) => expectedWorker(row)),
    );
    // Identifiers stay masked.
    expect(JSON.stringify(rows)).not.toMatch(/M12345678|\d{6}-?\d{7}/);
  });

  it('csv: UTF-8 with BOM, every cell as the database holds it, formulas neutralised', async () => {
    const file = await download(admin, '/exports/workers?format=csv&reason=check');
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(decodeURIComponent(String(file.headers['content-disposition']).split("UTF-8''")[1]!)).toMatch(
      /^근로자목록_\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const { bom, header, rows } = csvRows(file.body);
    expect(bom).toBe(true);
    expect(header).toEqual(WORKER_HEADER);
    const db = await workersInDb();
    expect(rows).toEqual(db.map((row) => expectedWorker(row).csv));
    const names = rows.map((row) => row[1]);
    expect(names).toContain(`'${FORMULAS[0]}`);
    expect(names).toContain(`'${FORMULAS[2]}`);
    expect(rows.map((row) => row[2])).toContain("'=1+1 Formula");
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('applies the list filters, sort and search exactly as the list does', async () => {
    const list = (
      await admin.get('/workers?nationality=MN&sort=last_name&order=asc&page_size=100')
    ).json() as {
      data: { id: number }[];
    };
    const file = await download(
      admin,
      '/exports/workers?format=csv&reason=x&nationality=MN&sort=last_name&order=asc',
    );
    const { rows } = csvRows(file.body);
    expect(rows.map((row) => Number(row[0]))).toEqual(list.data.map((row) => row.id));
    expect(rows.length).toBeGreaterThan(0);

    const byArc = csvRows(
      (
        await download(
          admin,
          `/exports/workers?format=csv&reason=${encodeURIComponent('대조')}&q=${alienRegNo(7100)}`,
        )
      ).body,
    );
    expect(byArc.rows).toHaveLength(1);
    expect(byArc.rows[0]![1]).toBe('응우옌 반 안');

    const xlsx = await sheetRows(
      (await download(admin, '/exports/workers?reason=x&nationality=MN&sort=last_name&order=asc')).body,
    );
    expect(xlsx.rows.map((row) => row[0])).toEqual(list.data.map((row) => row.id));
  });

  it('keeps a branch manager to their branch', async () => {
    const { rows } = csvRows((await download(manager, '/exports/workers?format=csv&reason=x')).body);
    const db = await workersInDb(`w.branch_id = ${branchA}`);
    expect(rows.map((row) => Number(row[0]))).toEqual(db.map((row) => row.id));
    expect(rows.every((row) => row[15] === '안산지점')).toBe(true);
  });

  it('unmasked: only super_admin/admin, only with a reason; identifiers in full, still neutralised', async () => {
    const refused = await download(manager, '/exports/workers?unmasked=true&reason=x');
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({
      error: { code: 'FORBIDDEN', message: exportMessages.unmaskedForbidden },
    });

    const noReason = await download(superAdmin, '/exports/workers?unmasked=true');
    expect(noReason.status).toBe(422);
    expect(noReason.json()).toMatchObject({
      error: { details: [{ field: 'reason', message: exportMessages.reasonRequiredUnmasked }] },
    });

    const db = await workersInDb();
    for (const format of ['csv', 'excel'] as const) {
      const file = await download(
        superAdmin,
        `/exports/workers?format=${format}&unmasked=true&reason=${encodeURIComponent('고용센터 제출')}`,
      );
      expect(file.status).toBe(200);
      const rows = format === 'csv' ? csvRows(file.body).rows : (await sheetRows(file.body)).rows;
      const nguyen = rows.find((row) => row[1] === '응우옌 반 안')!;
      const full = alienRegNo(7100);
      expect(nguyen[8]).toBe(`${full.slice(0, 6)}-${full.slice(6)}`);
      expect(nguyen[9]).toBe('M12345678');
      // Workers without identifiers stay empty.
      const withoutIds = rows.find((row) => row[2] === 'Tran Kim')!;
      expect(withoutIds[8] ?? '').toBe('');
    }
    const [log] = await ctx.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1);
    expect(log).toMatchObject({
      action: 'EXPORT',
      targetType: 'worker',
      reason: '고용센터 제출',
      recordCount: db.length,
    });
    expect(log!.diff).toMatchObject({ format: 'excel', unmasked: true });
  });

  it('asks for a purpose while the setting says so, and logs every export with filters, count and reason', async () => {
    const missing = await download(admin, '/exports/workers?status=seeking');
    expect(missing.status).toBe(422);
    expect(missing.json()).toMatchObject({
      error: {
        code: 'VALIDATION_ERROR',
        details: [{ field: 'reason', message: exportMessages.reasonRequired }],
      },
    });

    const off = await patchSettings(superAdmin, { export_reason_required: false });
    expect(off.statusCode).toBe(200);
    try {
      const plain = await download(admin, '/exports/workers?format=csv&status=departed');
      expect(plain.status).toBe(200);
      const [plainLog] = await ctx.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1);
      expect(plainLog).toMatchObject({ action: 'EXPORT', targetType: 'worker', reason: null });
      // A full identifier in the search box is a view of personal data: its purpose is asked all the same.
      const byNumber = `/exports/workers?format=csv&status=seeking&q=${alienRegNo(7101)}`;
      expect((await download(admin, byNumber)).status).toBe(422);
      const file = await download(admin, `${byNumber}&reason=${encodeURIComponent('서류 대조')}`);
      expect(file.status).toBe(200);
      const [log] = await ctx.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1);
      expect(log).toMatchObject({
        action: 'EXPORT',
        targetType: 'worker',
        recordCount: 1,
        reason: '서류 대조',
      });
      expect(log!.summary).toContain('근로자 목록 내보내기 (CSV, 1건)');
      const filters = (log!.diff as { filters: Record<string, string> }).filters;
      expect(filters.status).toBe('seeking');
      // The identifier typed into the search box is not written to the log in full.
      expect(filters.q).toMatch(/^\*{9}\d{4}$/);
    } finally {
      await patchSettings(superAdmin, { export_reason_required: true });
    }
  });

  it('refuses a viewer, bad filters and an inverted range with the envelope', async () => {
    expect((await download(viewer, '/exports/workers?reason=x')).status).toBe(403);
    const bad = await download(admin, '/exports/workers?reason=x&format=pdf');
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'INVALID_REQUEST' } });
    const inverted = await download(
      admin,
      '/exports/workers?reason=x&visa_expiry_from=2030-01-02&visa_expiry_to=2030-01-01',
    );
    expect(inverted.status).toBe(422);
    expect(inverted.json()).toMatchObject({ error: { details: [{ field: 'visa_expiry_to' }] } });
  });
});

describe('GET /exports/employers', () => {
  it('xlsx and csv hold exactly the filtered employers', async () => {
    const { sql } = await import('drizzle-orm');
    type Row = Record<string, string | number | null>;
    const db = await queryRows<Row>(
      ctx.db,
      sql.raw(`SELECT e.*, e.opening_date::text AS opening_date, b.name AS branch_name,
        (extract(epoch FROM e.created_at) * 1000000)::bigint::text AS created,
        (extract(epoch FROM e.approved_at) * 1000000)::bigint::text AS approved
        FROM employers e JOIN branches b ON b.id = e.branch_id
        WHERE e.deleted_at IS NULL AND e.status = 'approved' ORDER BY e.company_name ASC, e.id ASC`),
    );
    const expected = db.map((row) =>
      expectedRow([
        row.id as number,
        neutral(row.company_name as string),
        formatBusinessRegNo(row.business_reg_no as string),
        row.ceo_name as string,
        day(row.opening_date as string | null),
        row.biz_entity_type === 'corporation' ? '법인' : '개인',
        INDUSTRY_LABELS[row.industry as keyof typeof INDUSTRY_LABELS],
        row.region as string,
        row.zip_code as string,
        `${row.road_address} ${row.address_detail}`.trim(),
        formatPhone(row.phone as string),
        row.email as string,
        row.manager_name as string,
        formatPhone(row.manager_phone as string),
        row.employee_count as number,
        row.foreign_worker_count as number,
        row.branch_name as string,
        EMPLOYER_STATUS_LABELS[row.status as keyof typeof EMPLOYER_STATUS_LABELS],
        seoul(row.approved as string | null),
        seoul(row.created as string),
      ]),
    );
    const query = 'status=approved&sort=company_name&order=asc&reason=x';
    const csv = await download(admin, `/exports/employers?format=csv&${query}`);
    expect(String(csv.headers['content-disposition'])).toMatch(
      /^attachment; filename="?employers_\d{4}-\d{2}-\d{2}\.csv"?$/,
    );
    const parsed = csvRows(csv.body);
    expect(parsed.header[0]).toBe('번호');
    expect(parsed.rows).toEqual(expected.map((row) => row.csv));
    expect(parsed.rows.some((row) => row[1] === `'${FORMULAS[3]}`)).toBe(true);
    expect(parsed.rows.some((row) => row[10] === '02-1234-5678')).toBe(true);

    const xlsx = await sheetRows((await download(admin, `/exports/employers?${query}`)).body);
    expect(xlsx.rows).toHaveLength(expected.length);
    expectSheetRows(xlsx.rows, expected);
  });
});

describe('GET /exports/matchings', () => {
  it('xlsx and csv hold the matchings with names, labels, dates and amounts', async () => {
    const { sql } = await import('drizzle-orm');
    type Row = Record<string, string | number | null>;
    const db = await queryRows<Row>(
      ctx.db,
      sql.raw(`SELECT m.*, m.contract_date::text AS contract_date, m.start_date::text AS start_date,
        m.end_date::text AS end_date, e.company_name, p.title, w.name_ko, w.first_name, w.last_name, b.name AS branch_name,
        (extract(epoch FROM m.created_at) * 1000000)::bigint::text AS created,
        (extract(epoch FROM m.interview_at) * 1000000)::bigint::text AS interview
        FROM matchings m JOIN employers e ON e.id = m.employer_id JOIN job_posts p ON p.id = m.job_post_id
        JOIN workers w ON w.id = m.worker_id JOIN branches b ON b.id = m.branch_id
        ORDER BY m.created_at DESC, m.id DESC`),
    );
    const expected = db.map((row) =>
      expectedRow([
        row.id as number,
        MATCHING_STATUS_LABELS[row.status as keyof typeof MATCHING_STATUS_LABELS],
        neutral(row.company_name as string),
        row.title as string,
        (row.name_ko as string) || `${row.last_name} ${row.first_name}`,
        nationalityLabel(row.worker_nationality as string),
        row.worker_visa_type ? VISA_TYPE_LABELS[row.worker_visa_type as keyof typeof VISA_TYPE_LABELS] : null,
        INDUSTRY_LABELS[row.industry as keyof typeof INDUSTRY_LABELS],
        row.branch_name as string,
        null,
        seoul(row.interview as string | null),
        day(row.contract_date as string | null),
        day(row.start_date as string | null),
        day(row.end_date as string | null),
        row.agreed_salary_type === 'monthly' ? '월급' : null,
        row.agreed_salary_amount as number | null,
        row.fee_amount as number | null,
        seoul(row.created as string),
      ]),
    );
    const csv = await download(admin, '/exports/matchings?format=csv&reason=x');
    expect(decodeURIComponent(String(csv.headers['content-disposition']).split("UTF-8''")[1]!)).toMatch(
      /^매칭목록_\d{4}-\d{2}-\d{2}\.csv$/,
    );
    expect(csvRows(csv.body).rows).toEqual(expected.map((row) => row.csv));
    const xlsx = await sheetRows((await download(admin, '/exports/matchings?reason=x')).body);
    expectSheetRows(xlsx.rows, expected);
    expect(xlsx.sheet.getCell('P2').numFmt).toBe('#,##0');

    const managerRows = csvRows(
      (await download(manager, '/exports/matchings?format=csv&reason=x')).body,
    ).rows;
    expect(managerRows.every((row) => row[8] === '안산지점')).toBe(true);
    expect(managerRows.length).toBe(db.filter((row) => row.branch_id === branchA).length);
  });
});

describe('GET /exports/payments', () => {
  it('holds the payouts with amounts as numbers and the account masked unless revealed', async () => {
    const { sql } = await import('drizzle-orm');
    type Row = Record<string, string | number | null>;
    const db = await queryRows<Row>(
      ctx.db,
      sql.raw(`SELECT p.*, p.scheduled_date::text AS scheduled_date, e.company_name, w.name_ko, w.first_name, w.last_name,
        (extract(epoch FROM p.created_at) * 1000000)::bigint::text AS created
        FROM payouts p JOIN employers e ON e.id = p.employer_id LEFT JOIN workers w ON w.id = p.worker_id
        ORDER BY p.created_at DESC, p.id DESC`),
    );
    const expected = (revealed: boolean) =>
      db.map((row) =>
        expectedRow([
          row.id as number,
          PAYOUT_TYPE_LABELS[row.type as keyof typeof PAYOUT_TYPE_LABELS],
          PAYOUT_STATUS_LABELS[row.status as keyof typeof PAYOUT_STATUS_LABELS],
          neutral(row.company_name as string),
          row.worker_id === null ? null : (row.name_ko as string) || `${row.last_name} ${row.first_name}`,
          row.matching_id as number | null,
          row.amount as number,
          row.vat as number,
          (row.amount as number) + (row.vat as number),
          PAYOUT_METHOD_LABELS[row.method as keyof typeof PAYOUT_METHOD_LABELS],
          row.bank_name as string,
          row.account_no_enc === null ? null : revealed ? '110123456789' : (row.account_no_masked as string),
          neutral(row.account_holder as string),
          day(row.scheduled_date as string | null),
          null,
          seoul(row.created as string),
        ]),
      );
    const csv = await download(admin, '/exports/payments?format=csv&reason=x');
    expect(decodeURIComponent(String(csv.headers['content-disposition']).split("UTF-8''")[1]!)).toMatch(
      /^결제목록_\d{4}-\d{2}-\d{2}\.csv$/,
    );
    expect(csvRows(csv.body).rows).toEqual(expected(false).map((row) => row.csv));
    const xlsx = await sheetRows((await download(admin, '/exports/payments?reason=x')).body);
    expectSheetRows(xlsx.rows, expected(false));

    const revealed = await download(
      admin,
      '/exports/payments?format=csv&unmasked=true&reason=%EC%A0%95%EC%82%B0',
    );
    expect(csvRows(revealed.body).rows).toEqual(expected(true).map((row) => row.csv));
    const revealedXlsx = await sheetRows(
      (await download(admin, '/exports/payments?unmasked=true&reason=x')).body,
    );
    expectSheetRows(revealedXlsx.rows, expected(true));

    const filtered = csvRows(
      (await download(admin, '/exports/payments?format=csv&reason=x&type=refund')).body,
    ).rows;
    expect(filtered.map((row) => row[1])).toEqual(['환불']);
  });
});

describe('export limits', () => {
  it('refuses an xlsx larger than one sheet with 422 naming CSV, before any byte is sent', async () => {
    const { createExportsService } = await import('../exports.service');
    const service = createExportsService({
      handle: ctx.handle,
      pii: ctx.app.pii,
      settings: ctx.app.settings,
      maxSheetRows: 2,
    });
    const actor = {
      adminId: 1,
      role: 'admin' as const,
      scope: { all: true as const },
      audit: { actorAdminId: null, actorLoginId: null, ip: '127.0.0.1', userAgent: null },
    };
    const query = {
      format: 'excel' as const,
      reason: 'x',
      unmasked: 'false' as const,
      sort: 'created_at',
      order: 'desc' as const,
    };
    await expect(service.start('workers', query, actor)).rejects.toMatchObject({
      statusCode: 422,
      details: [{ field: 'format', message: exportMessages.tooManyRowsForExcel(7, 2) }],
    });
    // CSV has no such limit.
    const file = await service.start('workers', { ...query, format: 'csv' }, actor);
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(chunk as Buffer);
    expect(csvRows(Buffer.concat(chunks)).rows).toHaveLength(7);
  });
});
