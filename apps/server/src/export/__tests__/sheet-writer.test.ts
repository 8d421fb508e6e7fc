/**
 * The hand-written xlsx writer (export/writers.ts, docs/exports.md#xlsx) read back by two independent readers:
 * exceljs and SheetJS. Any text (XML specials, control characters, lone surrogates, spaces at the ends, Korean,
 * emoji), numbers and empty cells come back as written — the characters XML cannot hold dropped.
 */
import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { crc32 } from 'node:zlib';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import unzipper from 'unzipper';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { ColumnKind } from '../sql';
import { columnLetter, type SheetColumn, SheetWriter, yazlCrc32 } from '../writers';

async function write(columns: SheetColumn[], batches: unknown[][][], name = '근로자 목록'): Promise<Buffer> {
  const out = new PassThrough();
  const bytes = buffer(out);
  const writer = await SheetWriter.open(out, new AbortController().signal, name, columns);
  for (const rows of batches) await writer.addRows(rows);
  await writer.finish();
  return bytes;
}

/** What a reader should see of a written value: XML 1.0's forbidden characters removed, empty text as no cell. */
function expected(value: unknown): unknown {
  // A sheet has no negative zero.
  if (typeof value === 'number') return value === 0 ? 0 : value;
  if (typeof value !== 'string') return value ?? null;
  const kept = value.replace(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters the writer must drop.
    /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '',
  );
  return kept === '' ? null : kept;
}

async function readWithExcelJs(file: Buffer, width: number) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    rows.push(Array.from({ length: width }, (_, c) => row.getCell(c + 1).value ?? null));
  }
  return { sheet, workbook, rows };
}

function readWithSheetJs(file: Buffer, width: number) {
  const workbook = XLSX.read(file, { type: 'buffer' });
  const sheet = workbook.Sheets[workbook.SheetNames[0]!]!;
  const grid = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
    header: 1,
    blankrows: true,
    defval: null,
    raw: true,
  });
  return {
    workbook,
    header: grid[0],
    rows: grid.slice(1).map((row) => Array.from({ length: width }, (_, c) => row[c] ?? null)),
  };
}

/** Every part of the zip inflates to the bytes its central directory's CRC-32 names. */
async function expectCrcsHold(file: Buffer) {
  const directory = await unzipper.Open.buffer(file);
  expect(directory.files.length).toBeGreaterThan(3);
  for (const entry of directory.files) {
    expect(crc32(await entry.buffer()), entry.path).toBe(entry.crc32);
  }
}

/** CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320) bit by bit: the reference for yazl's checksum. */
function referenceCrc32(bytes: Uint8Array, previous = 0): number {
  let crc = ~previous >>> 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return ~crc >>> 0;
}

// Date kinds read back as dates (their own test below): the values here are compared as written.
const KINDS: ColumnKind[] = ['text', 'integer', 'won', 'label'];

describe('the xlsx sheet writer', () => {
  it('names columns A … Z, AA …', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnLetter)).toEqual([
      'A',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });

  it("checksums the zip with zlib's CRC-32 through yazl's own buffer-crc32", async () => {
    expect(yazlCrc32.unsigned('123456789')).toBe(0xcbf43926);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ maxLength: 300 }), (a, b) => {
        const first = yazlCrc32.unsigned(Buffer.from(a));
        expect(first).toBe(referenceCrc32(a));
        expect(yazlCrc32.unsigned(Buffer.from(b), first)).toBe(referenceCrc32(b, first));
      }),
    );
  });

  it('writes any text and numbers that both readers read back exactly', async () => {
    const value = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 12 }),
      fc.constantFrom(
        '홍길동',
        ' 앞뒤 공백 ',
        'a & b < c > d',
        '=SUM(A1)',
        '"인용"',
        "'작은따옴표",
        '😀 이모지',
      ),
      fc.integer({ min: -1e9, max: 1e9 }),
      fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }),
      fc.constant(null),
    );
    await fc.assert(
      fc.asyncProperty(
        fc
          .integer({ min: 1, max: 30 })
          .chain((width) =>
            fc.tuple(
              fc.constant(width),
              fc.array(fc.array(value, { minLength: width, maxLength: width }), { maxLength: 8 }),
            ),
          ),
        async ([width, rows]) => {
          const columns = Array.from({ length: width }, (_, i) => ({
            header: `열 ${i + 1}`,
            kind: KINDS[i % KINDS.length]!,
            width: 10,
          }));
          const file = await write(columns, [rows.slice(0, 3), rows.slice(3)]);
          const want = rows.map((row) => row.map(expected));
          const excel = await readWithExcelJs(file, width);
          const sheetJs = readWithSheetJs(file, width);
          expect(excel.rows.slice(0, want.length)).toEqual(want);
          expect(sheetJs.rows.slice(0, want.length)).toEqual(want);
          expect(sheetJs.header).toEqual(columns.map((c) => c.header));
          await expectCrcsHold(file);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('freezes the header row, filters over every row, formats dates and amounts, and names the sheet', async () => {
    const columns: SheetColumn[] = [
      { header: '번호', kind: 'integer', width: 8 },
      { header: '이름', kind: 'text', width: 12 },
      { header: '금액', kind: 'won', width: 12 },
      { header: '생년월일', kind: 'date', width: 11 },
      { header: '등록일시', kind: 'datetime', width: 17 },
    ];
    // 1990-01-01 is day 32874 after 1899-12-30; 2026-11-27 09:30 is 46353.395833…
    const rows = [
      [1, '홍길동', 2_500_000, 32874, 46353 + 9.5 / 24],
      [2, null, null, null, null],
    ];
    const file = await write(columns, [rows], '근로자 "목록"');
    const { sheet, workbook } = await readWithExcelJs(file, columns.length);
    expect(sheet.name).toBe('근로자 "목록"');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:E3');
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('C2').numFmt).toBe('#,##0');
    expect(sheet.getCell('D2').numFmt).toBe('yyyy-mm-dd');
    expect(sheet.getCell('E2').numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(sheet.getColumn(2).width).toBe(12);
    expect(workbook.creator).toBe('일손');
    const sheetJs = XLSX.read(file, { type: 'buffer', cellDates: true, cellNF: true });
    const cells = sheetJs.Sheets[sheetJs.SheetNames[0]!]!;
    expect(cells.D2?.w).toBe('1990-01-01');
    expect(cells.E2?.w).toBe('2026-11-27 09:30');
    expect(cells.C2?.w).toBe('2,500,000');
  });
});
