import http from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { crc32, createDeflateRaw } from 'node:zlib';
import { importMessages } from '@ilson/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBatches, importRows } from '../src/db/schema';
import { type Api, insertBranch, signedIn } from './fixtures';
import { createTestContext, type TestContext } from './helpers';
import { csvFile, importHeaders, upload, workerCells } from './import-fixtures';

/**
 * Hostile uploads through the real upload route (docs/imports.md#what-a-file-may-hold): each is refused with a
 * Korean 4xx in the envelope, quickly, without the process's memory growing, and leaves no batch behind.
 */

let ctx: TestContext;
let admin: Api;
let token: string;
const BRANCH = '적대적파일지점';

beforeAll(async () => {
  ctx = await createTestContext();
  await insertBranch(ctx, { name: BRANCH, code: 'HF' });
  ({ api: admin, token } = await signedIn(ctx, 'admin'));
});
afterAll(async () => {
  await ctx?.close();
});

type Part = { path: string; body: () => Iterable<Buffer | string>; claimedSize?: number };

/**
 * A zip written by hand, so that a part can be far larger inflated than compressed (deflated as it is generated,
 * never held whole) and the directory can claim a size the data does not have.
 */
async function zip(parts: Part[]): Promise<Buffer> {
  const out: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const deflater = createDeflateRaw({ level: 1 });
    const compressed: Buffer[] = [];
    deflater.on('data', (chunk: Buffer) => compressed.push(chunk));
    const done = new Promise((resolve) => deflater.on('end', resolve));
    let crc = 0;
    let size = 0;
    for (const piece of part.body()) {
      const bytes = typeof piece === 'string' ? Buffer.from(piece) : piece;
      crc = crc32(bytes, crc);
      size += bytes.length;
      if (!deflater.write(bytes)) await new Promise((resolve) => deflater.once('drain', resolve));
    }
    deflater.end();
    await done;
    const data = Buffer.concat(compressed);
    const name = Buffer.from(part.path);
    const claimed = part.claimedSize ?? size;
    const header = (signature: number, central_: boolean) => {
      const b = Buffer.alloc(central_ ? 46 : 30);
      let at = 0;
      b.writeUInt32LE(signature, at);
      at += 4;
      if (central_) {
        b.writeUInt16LE(20, at);
        at += 2;
      }
      b.writeUInt16LE(20, at); // version needed
      b.writeUInt16LE(0, at + 2); // flags
      b.writeUInt16LE(8, at + 4); // deflate
      b.writeUInt32LE(0, at + 6); // time, date
      b.writeUInt32LE(crc >>> 0, at + 10);
      b.writeUInt32LE(data.length, at + 14);
      b.writeUInt32LE(Math.min(claimed, 0xffffffff), at + 18);
      b.writeUInt16LE(name.length, at + 22);
      b.writeUInt16LE(0, at + 24); // extra
      if (central_) {
        b.writeUInt16LE(0, at + 26); // comment
        b.writeUInt16LE(0, at + 28); // disk
        b.writeUInt16LE(0, at + 30); // internal attributes
        b.writeUInt32LE(0, at + 32); // external attributes
        b.writeUInt32LE(offset, at + 36);
      }
      return b;
    };
    central.push(header(0x02014b50, true), name);
    const local = Buffer.concat([header(0x04034b50, false), name, data]);
    out.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, directory, end]);
}

function* repeat(piece: string, times: number, perChunk = 1 << 16) {
  const chunk = Buffer.from(piece.repeat(Math.max(1, Math.floor(perChunk / piece.length))));
  const perBuffer = chunk.length / piece.length;
  let left = times;
  while (left >= perBuffer) {
    yield chunk;
    left -= perBuffer;
  }
  if (left > 0) yield Buffer.from(piece.repeat(left));
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const workbookParts: Part[] = [
  {
    path: 'xl/_rels/workbook.xml.rels',
    body: () => [
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
        '</Relationships>',
    ],
  },
  {
    path: 'xl/workbook.xml',
    body: () => [
      `<?xml version="1.0" encoding="UTF-8"?><workbook ${NS} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
        '<sheets><sheet name="근로자" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ],
  },
];
const header = importHeaders('workers');
const headerRow = `<row r="1">${header.map((h, i) => `<c r="${String.fromCharCode(65 + i)}1" t="inlineStr"><is><t>${h}</t></is></c>`).join('')}</row>`;

/** A workbook whose first sheet is `rows` (XML pieces), with shared strings when given. */
const workbook = (rows: () => Iterable<Buffer | string>, more: Part[] = []) =>
  zip([
    ...workbookParts,
    ...more,
    {
      path: 'xl/worksheets/sheet1.xml',
      body: function* () {
        yield `<?xml version="1.0" encoding="UTF-8"?><worksheet ${NS}><sheetData>`;
        yield* rows();
        yield '</sheetData></worksheet>';
      },
    },
  ]);

const sharedStrings = (body: () => Iterable<Buffer | string>, claimedSize?: number): Part => ({
  path: 'xl/sharedStrings.xml',
  claimedSize,
  body: function* () {
    yield `<?xml version="1.0" encoding="UTF-8"?><sst ${NS}>`;
    yield* body();
    yield '</sst>';
  },
});

const batchCount = async () =>
  (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(importBatches))[0]!.n;

/** Posts the file; the reply, the time it took and how far the process's memory rose above where it was. */
/**
 * A full collection, so that what the heap kept is what is still reachable, not garbage a busy machine's collector
 * had not come to yet (a loaded CI run read +127 and +144 MB "kept" of files refused in under 2 s).
 */
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

async function post(file: Buffer, fileName: string) {
  collect();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed + before.external + before.arrayBuffers;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed + now.external + now.arrayBuffers);
  }, 20);
  const started = performance.now();
  try {
    const response = await upload(admin, 'workers', file, fileName);
    clearInterval(sampler);
    collect();
    const after = process.memoryUsage();
    return {
      response,
      ms: performance.now() - started,
      /** The highest the process's resident memory rose while the file was read. */
      rssGrowthMb: (peakRss - before.rss) / 1024 / 1024,
      /** What the heap kept once the reply came, after a full collection (its peak counts garbage too). */
      heapGrowthMb: (after.heapUsed + after.external - before.heapUsed - before.external) / 1024 / 1024,
      peakHeapMb: (peakHeap - (before.heapUsed + before.external + before.arrayBuffers)) / 1024 / 1024,
    };
  } finally {
    clearInterval(sampler);
  }
}

async function validXlsx() {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('근로자');
  sheet.addRow(header);
  for (let i = 0; i < 200; i++) sheet.addRow(workerCells(700_000 + i, BRANCH));
  return Buffer.from(await book.xlsx.writeBuffer());
}

const cases: {
  name: string;
  fileName: string;
  file: () => Promise<Buffer>;
  status: number;
  message: string;
}[] = [
  {
    name: 'a zip bomb of shared strings (the directory claims 1 KB; 900 MB of text inflated)',
    fileName: 'bomb.xlsx',
    file: () =>
      workbook(
        () => [headerRow],
        [sharedStrings(() => repeat(`<si><t>${'가'.repeat(30_000)}</t></si>`, 10_000), 1024)],
      ),
    status: 413,
    message: importMessages.tooManyTexts,
  },
  {
    name: 'a workbook part that inflates past its cap (the directory claims 1 KB)',
    fileName: 'part-bomb.xlsx',
    file: () =>
      zip([
        workbookParts[0]!,
        {
          path: 'xl/workbook.xml',
          claimedSize: 1024,
          body: function* () {
            yield `<?xml version="1.0" encoding="UTF-8"?><workbook ${NS}>`;
            yield* repeat('<x/>', 2_000_000);
          },
        },
      ]),
    status: 413,
    message: importMessages.unpackedTooLarge,
  },
  {
    name: 'three million shared strings, each empty',
    fileName: 'many-strings.xlsx',
    file: () => workbook(() => [headerRow], [sharedStrings(() => repeat('<si><t/></si>', 3_000_000))]),
    status: 413,
    message: importMessages.tooManyTexts,
  },
  {
    name: '100 million empty rows, compressed',
    fileName: 'empty-rows.xlsx',
    // The directory claims 1 KB: the rows are counted as they come, not taken from the directory.
    file: () =>
      zip([
        ...workbookParts,
        {
          path: 'xl/worksheets/sheet1.xml',
          claimedSize: 1024,
          body: function* () {
            yield `<?xml version="1.0" encoding="UTF-8"?><worksheet ${NS}><sheetData>`;
            yield* repeat('<row/>', 100_000_000);
          },
        },
      ]),
    status: 422,
    message: importMessages.tooManyFileRows,
  },
  {
    name: 'a million rows that jump (r=), each with one cell in column XFD',
    fileName: 'jumps.xlsx',
    file: () =>
      workbook(function* () {
        let piece = '';
        for (let r = 1; r <= 1_000_000; r += 1) {
          piece += `<row r="${r * 1000}"><c r="XFD${r * 1000}"><v>1</v></c></row>`;
          if (piece.length > 1 << 16) {
            yield piece;
            piece = '';
          }
        }
        yield piece;
      }),
    status: 422,
    message: importMessages.tooManyCells,
  },
  {
    name: 'one 300 MB cell',
    fileName: 'huge-cell.xlsx',
    file: () =>
      workbook(function* () {
        yield headerRow;
        yield '<row r="2"><c r="A2" t="inlineStr"><is><t>';
        yield* repeat('가', 100_000_000);
        yield '</t></is></c></row>';
      }),
    status: 422,
    message: importMessages.cellTooLong,
  },
  {
    name: 'a shared string longer than a cell may be',
    fileName: 'long-string.xlsx',
    file: () =>
      workbook(
        () => [headerRow, '<row r="2"><c r="A2" t="s"><v>0</v></c></row>'],
        [sharedStrings(() => ['<si>', ...repeat('<t>가나다라마바사아자차</t>', 4_000), '</si>'])],
      ),
    status: 422,
    message: importMessages.cellTooLong,
  },
  {
    name: 'a cell past the last column',
    fileName: 'wide.xlsx',
    file: () => workbook(() => [headerRow, '<row r="2"><c r="XFE2"><v>1</v></c></row>']),
    status: 422,
    message: importMessages.tooManyCells,
  },
  {
    name: 'a row of a million cells',
    fileName: 'many-cells.xlsx',
    file: () =>
      workbook(() => [headerRow, '<row r="2">', ...repeat('<c r="A2"><v>1</v></c>', 1_000_000), '</row>']),
    status: 422,
    message: importMessages.tooManyCells,
  },
  {
    name: 'deeply nested XML',
    fileName: 'nested.xlsx',
    file: () => workbook(() => [headerRow, ...repeat('<a>', 1_000_000), ...repeat('</a>', 1_000_000)]),
    status: 422,
    message: importMessages.unreadable,
  },
  {
    name: 'NUL bytes in the sheet',
    fileName: 'nul.xlsx',
    file: () =>
      workbook(() => [headerRow, '<row r="2"><c r="A2" t="inlineStr"><is><t>a\u0000b</t></is></c></row>']),
    status: 422,
    message: importMessages.unreadable,
  },
  {
    name: 'a broken zip',
    fileName: 'broken.xlsx',
    file: async () => Buffer.from('PK\u0003\u0004 this is not a zip at all '.repeat(1000)),
    status: 422,
    message: importMessages.unreadable,
  },
  {
    name: 'a truncated zip',
    fileName: 'truncated.xlsx',
    file: async () => {
      const whole = await validXlsx();
      return whole.subarray(0, Math.floor(whole.length * 0.6));
    },
    status: 422,
    message: importMessages.unreadable,
  },
  {
    name: 'a zip that is not a workbook',
    fileName: 'other.xlsx',
    file: () => zip([{ path: 'hello.txt', body: () => ['안녕하세요'] }]),
    status: 422,
    message: importMessages.unreadable,
  },
  {
    name: 'a CSV of NUL bytes',
    fileName: 'nul.csv',
    file: async () => Buffer.alloc(20 * 1024 * 1024),
    status: 422,
    message: importMessages.cellTooLong,
  },
  {
    name: 'a CSV line of 20 million commas',
    fileName: 'commas.csv',
    file: async () => Buffer.concat([Buffer.from(`${header.join(',')}\n`), Buffer.alloc(20_000_000, ',')]),
    status: 422,
    message: importMessages.tooManyCells,
  },
  {
    name: 'a CSV of 3 million blank lines',
    fileName: 'blank-lines.csv',
    file: async () => Buffer.concat([Buffer.from(`${header.join(',')}\n`), Buffer.alloc(3_000_000, '\n')]),
    status: 422,
    message: importMessages.tooManyFileRows,
  },
  {
    name: 'a CSV with one 5 MB field, quoted across lines',
    fileName: 'long-field.csv',
    file: async () => Buffer.from(`${header.join(',')}\n"${'가나다라\n'.repeat(1_000_000)}",b\n`),
    status: 422,
    message: importMessages.cellTooLong,
  },
];

describe('hostile files through the upload route', () => {
  it('reads a workbook the test writer makes (so the refusals below are the caps, not the writer)', async () => {
    const file = await workbook(() => [
      headerRow,
      `<row r="2">${workerCells(1, BRANCH)
        .map((v, i) => `<c r="${String.fromCharCode(65 + i)}2" t="inlineStr"><is><t>${v}</t></is></c>`)
        .join('')}</row>`,
    ]);
    const { response } = await post(file, 'good.xlsx');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().total_rows).toBe(1);
  });

  for (const hostile of cases) {
    it(`refuses ${hostile.name}`, async () => {
      const batches = await batchCount();
      const file = await hostile.file();
      const { response, ms, rssGrowthMb, heapGrowthMb, peakHeapMb } = await post(file, hostile.fileName);
      expect(response.statusCode, response.body).toBe(hostile.status);
      const error = response.json().error as { code: string; message: string };
      expect(error.code).toBe(hostile.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_ERROR');
      expect(error.message).toBe(hostile.message);
      expect(error.message).toMatch(/[가-힣]/);
      expect(ms, `${hostile.name}: ${Math.round(ms)} ms`).toBeLessThan(8_000);
      expect(rssGrowthMb, `${hostile.name}: rss +${Math.round(rssGrowthMb)} MB`).toBeLessThan(200);
      expect(heapGrowthMb, `${hostile.name}: heap kept +${Math.round(heapGrowthMb)} MB`).toBeLessThan(100);
      expect(await batchCount()).toBe(batches);
      console.log(
        `${hostile.name}: ${(file.length / 1024).toFixed(0)} KB, ${response.statusCode} in ${Math.round(ms)} ms, rss +${Math.round(rssGrowthMb)} MB, heap peak +${Math.round(peakHeapMb)} MB, kept +${Math.round(heapGrowthMb)} MB`,
      );
    }, 30_000);
  }

  it('stops reading when the client closes the request, and leaves nothing behind', async () => {
    // 150,000 rows (25 MB): a thousand distinct ones over and over. The upload reads and stores rows without
    // comparing them (that is the dry run's), and making 150,000 distinct people took 35 s of the test's time.
    const distinct = Array.from({ length: 1_000 }, (_, i) => workerCells(800_000 + i, BRANCH));
    const rows = Array.from({ length: 150_000 }, (_, i) => distinct[i % distinct.length]!);
    const file = csvFile(header, rows, 'utf-8');
    const batches = await batchCount();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/v1/workers/imports?file_name=${encodeURIComponent('closed.csv')}`,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'text/csv',
        'content-length': file.length,
      },
    });
    request.on('error', () => {});
    request.end(file);
    // The whole file is sent and its batch is being filled: then the client goes.
    const deadline = Date.now() + 20_000;
    while ((await batchCount()) === batches && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await batchCount()).toBe(batches + 1);
    const rowsBefore = (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(importRows))[0]!.n;
    request.destroy();
    const closedAt = performance.now();
    // The most rows the batch ever held after the client went: a reader that kept going would reach all of them.
    let mostRows = rowsBefore;
    while ((await batchCount()) > batches && performance.now() - closedAt < 20_000) {
      const [held] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(importRows);
      mostRows = Math.max(mostRows, held!.n);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const stoppedMs = performance.now() - closedAt;
    expect(await batchCount()).toBe(batches);
    expect(mostRows).toBeLessThan(rows.length);
    console.log(
      `closed request: stopped and cleaned up ${Math.round(stoppedMs)} ms after the client went (${rowsBefore} rows read by then, at most ${mostRows})`,
    );
  }, 60_000);
});
