import { createHash } from 'node:crypto';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { IMPORT_LIMITS, importMessages } from '@ilson/contracts';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { AppError } from '../lib/errors';

/**
 * Reading an uploaded table (docs/imports.md): one pass over the request's bytes, never the whole file in memory.
 * The bytes are hashed and counted as they pass; a CSV's encoding is decided from its first 64 KB (a BOM, else
 * strict UTF-8, else CP949, which Korean Excel writes); an xlsx's parts are found by the zip's directory and its
 * first sheet read by exceljs' streaming sheet reader.
 */

export type TableFormat = 'xlsx' | 'csv';
export type TableRow = { rowNo: number; cells: string[] };
export type TableInfo = { format: TableFormat; encoding: string; size: number; hash: string };

const SNIFF_BYTES = 64 * 1024;

export const tooLarge = () => new AppError('VALIDATION_ERROR', 413, importMessages.tooLarge);
export const unreadable = () =>
  new AppError('VALIDATION_ERROR', 422, importMessages.unreadable, [
    { field: 'file', message: importMessages.unreadable },
  ]);

/** Counts and hashes the bytes passing through; past the limit, fails the stream. */
class Meter extends Transform {
  readonly hash = createHash('sha256');
  size = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      done(tooLarge());
      return;
    }
    this.hash.update(chunk);
    done(null, chunk);
  }
}

export function formatOf(fileName: string): TableFormat {
  return /\.xlsx$/i.test(fileName) ? 'xlsx' : 'csv';
}

/** The encoding of a CSV from its first bytes. */
export function sniffEncoding(head: Buffer): string {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  let text: string;
  try {
    // `stream: true` lets a character cut at the end of the sample pass; anything else that is not UTF-8 throws.
    text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return 'cp949';
  }
  return readsAsCp949Hangul(text, head) ? 'cp949' : 'utf-8';
}

const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3]/;
const isAscii = (code: number) => code <= 0x7f;
const isHangulSyllable = (code: number) => code >= 0xac00 && code <= 0xd7a3;

/**
 * Bytes that are valid UTF-8 and CP949 alike: some CP949 Hangul reads as UTF-8 Latin letters or control characters
 * (혖 is C2 81, U+0081; 횁 is C3 81, Á). When the UTF-8 reading holds letters beyond ASCII but no Hangul at all,
 * and the CP949 reading is ASCII and Hangul syllables only (a character cut at the sample's end aside), the file is
 * a Korean one in CP949 (docs/imports.md#reading-a-file).
 */
function readsAsCp949Hangul(utf8Text: string, head: Buffer): boolean {
  if ([...utf8Text].every((char) => isAscii(char.charCodeAt(0))) || HANGUL.test(utf8Text)) return false;
  const korean = iconv.decode(head, 'cp949').slice(0, -1);
  return [...korean].every((char) => isAscii(char.charCodeAt(0)) || isHangulSyllable(char.charCodeAt(0)));
}

/** A cell as text: dates as YYYY-MM-DD (Excel keeps them at UTC midnight), formulas by their result. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    return value.toISOString().slice(0, 10);
  }
  if (typeof value === 'object') {
    const cell = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: string };
    if (cell.richText) return cell.richText.map((part) => part.text).join('');
    if ('result' in cell) return cellText(cell.result);
    if (cell.text !== undefined) return cellText(cell.text);
    if (cell.error) return '';
  }
  return String(value);
}

const blank = (cells: string[]) => cells.every((cell) => cell.trim() === '');

async function* csvRows(source: AsyncIterable<Buffer>, onEncoding: (encoding: string) => void) {
  const iterator = source[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headSize = 0;
  let ended = false;
  while (headSize < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    headSize += next.value.length;
  }
  const encoding = sniffEncoding(Buffer.concat(head).subarray(0, SNIFF_BYTES));
  onEncoding(encoding);
  async function* bytes() {
    yield* head;
    if (ended) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  const parser = Readable.from(bytes())
    .pipe(iconv.decodeStream(encoding, { stripBOM: true }))
    .pipe(parse({ relax_column_count: true, relax_quotes: true, skip_empty_lines: false, bom: true }));
  let rowNo = 0;
  for await (const record of parser as AsyncIterable<string[]>) {
    rowNo += 1;
    yield { rowNo, cells: record };
  }
}

/** The parts of exceljs' streaming reader that read one part each; `parse()` itself walks the zip as a stream. */
type WorkbookParts = {
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { rId: string }[] };
  _parseRels(part: Readable): Promise<void>;
  _parseWorkbook(part: Readable): Promise<void>;
  _parseSharedStrings(part: Readable): AsyncIterable<unknown>;
  _parseStyles(part: Readable): Promise<void>;
  _parseWorksheet(part: Readable, sheetNo: string): Iterable<{ value: AsyncIterable<XlsxRow> }>;
};
type XlsxRow = { number: number; values: unknown[] };

/** The zip path of the workbook's first sheet, from the workbook's relationships. */
function firstSheetPath(parts: WorkbookParts): string | null {
  const rId = parts.model?.sheets?.[0]?.rId;
  const target = parts.workbookRels?.find((rel) => rel.Id === rId)?.Target;
  if (!target) return null;
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

/**
 * An xlsx is a zip whose parts may come in any order: it is taken in whole (compressed, once) and its parts opened
 * by the zip's central directory in the order reading needs — relationships, workbook, shared strings, styles —
 * then its first sheet read row by row, so the sheet's XML is never held whole. exceljs' own `parse()` walks the
 * zip front to back as a stream and can lose a part on the way (docs/imports.md#reading-a-file).
 */
async function* xlsxRows(source: AsyncIterable<Buffer>) {
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(chunk);
  const zip = Buffer.concat(chunks);
  chunks.length = 0;
  const [{ default: excel }, { default: unzipper }] = await Promise.all([
    import('exceljs'),
    import('unzipper'),
  ]);
  const directory = await unzipper.Open.buffer(zip);
  const part = (path: string) => directory.files.find((file) => file.path === path)?.stream() ?? null;
  const parts = new excel.stream.xlsx.WorkbookReader(Readable.from([]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
  }) as unknown as WorkbookParts;
  const rels = part('xl/_rels/workbook.xml.rels');
  const workbook = part('xl/workbook.xml');
  if (!rels || !workbook) throw unreadable();
  await parts._parseRels(rels);
  await parts._parseWorkbook(workbook);
  const sharedStrings = part('xl/sharedStrings.xml');
  if (sharedStrings) for await (const _ of parts._parseSharedStrings(sharedStrings));
  const styles = part('xl/styles.xml');
  if (styles) await parts._parseStyles(styles);
  const sheetPath = firstSheetPath(parts);
  const sheet = sheetPath ? part(sheetPath) : null;
  if (!sheetPath || !sheet) throw unreadable();
  const sheetNo = /sheet(\d+)\.xml$/.exec(sheetPath)?.[1] ?? '1';
  for (const { value: rows } of parts._parseWorksheet(sheet, sheetNo)) {
    for await (const row of rows) {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      const cells: string[] = [];
      for (let i = 0; i < values.length; i++) cells.push(cellText(values[i]).trim());
      yield { rowNo: row.number, cells };
    }
  }
}

/**
 * The table's header row (the first that is not blank) and then its data rows, blank rows skipped, each cut to the
 * header's width. `info()` is complete once the rows are exhausted.
 */
export function readTable(body: Readable, fileName: string) {
  const format = formatOf(fileName);
  const meter = new Meter(IMPORT_LIMITS.maxBytes);
  const info: TableInfo = { format, encoding: format === 'xlsx' ? 'xlsx' : 'utf-8', size: 0, hash: '' };
  body.on('error', (error) => meter.destroy(error));
  const metered = body.pipe(meter);

  async function* rows(): AsyncGenerator<{ headers: string[] } | TableRow> {
    const source =
      format === 'xlsx'
        ? xlsxRows(metered)
        : csvRows(metered, (encoding) => {
            info.encoding = encoding;
          });
    let headers: string[] | null = null;
    try {
      for await (const row of source) {
        if (blank(row.cells)) continue;
        if (!headers) {
          if (row.cells.length > IMPORT_LIMITS.maxColumns) {
            throw new AppError('VALIDATION_ERROR', 422, importMessages.tooManyColumns);
          }
          headers = row.cells.map((cell, index) => cell.trim() || `열 ${index + 1}`);
          yield { headers };
          continue;
        }
        const cells = row.cells.slice(0, headers.length).map((cell) => cell ?? '');
        while (cells.length < headers.length) cells.push('');
        yield { rowNo: row.rowNo, cells };
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw unreadable();
    } finally {
      body.resume();
    }
    info.size = meter.size;
    info.hash = meter.hash.digest('hex');
  }
  return { rows: rows(), info };
}
