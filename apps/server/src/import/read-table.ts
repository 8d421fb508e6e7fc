import { createHash } from 'node:crypto';
import { pipeline, Readable, Transform, type TransformCallback } from 'node:stream';
import { IMPORT_LIMITS, importMessages } from '@ilson/contracts';
import iconv from 'iconv-lite';
import { SaxesParser } from 'saxes';
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
const PIECE_BYTES = 64 * 1024;

export const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', importMessages.tooLarge);
export const unreadable = () =>
  new AppError('VALIDATION_ERROR', importMessages.unreadable, [
    { field: 'file', message: importMessages.unreadable },
  ]);
const refused = (code: 'PAYLOAD_TOO_LARGE' | 'VALIDATION_ERROR', message: string) =>
  new AppError(code, message, [{ field: 'file', message }]);
const unpackedTooLarge = () => refused('PAYLOAD_TOO_LARGE', importMessages.unpackedTooLarge);
const tooManyTexts = () => refused('PAYLOAD_TOO_LARGE', importMessages.tooManyTexts);
const tooManyFileRows = () => refused('VALIDATION_ERROR', importMessages.tooManyFileRows);
const tooManyCells = () => refused('VALIDATION_ERROR', importMessages.tooManyCells);
const cellTooLong = () => refused('VALIDATION_ERROR', importMessages.cellTooLong);
/** The request closed: nobody reads the answer, the reading just stops. */
const requestClosed = () => new AppError('INVALID_REQUEST', importMessages.requestClosed);

/**
 * An XML token (a text run or a tag) may not be longer than this: a cell's 32,767 characters written as
 * character references (`&#x10FFFF;`, ten characters each). The XML parser holds a text run whole before it hands
 * it on, so the run is bounded before it reaches the parser.
 */
const MAX_TOKEN_CHARS = IMPORT_LIMITS.maxCellChars * 10;
/** Elements open at once: a sheet nests six deep; the parser keeps every open element. */
const MAX_DEPTH = 64;
/** Parts beside the sheet and the shared strings (relationships, workbook, styles) are small. */
const MAX_META_PART_BYTES = 4 * 1024 * 1024;
/** The widest Excel sheet ends at column XFD. */
const MAX_COLUMN = IMPORT_LIMITS.maxCellsPerRow;
/** The columns a sheet's rows span, summed: every row the file may import, as wide as the header may be. */
const MAX_SPANNED = IMPORT_LIMITS.maxRows * IMPORT_LIMITS.maxColumns;

/** Counts and hashes the bytes passing through; past the limit, fails the stream. */
class Meter extends Transform {
  readonly hash = createHash('sha256');
  size = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly signal?: AbortSignal,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    if (this.signal?.aborted) {
      done(requestClosed());
      return;
    }
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      done(tooLarge());
      return;
    }
    this.hash.update(chunk);
    // In pieces: a parser turns a whole chunk into rows before the stream's backpressure counts them.
    for (let at = 0; at < chunk.length; at += PIECE_BYTES) this.push(chunk.subarray(at, at + PIECE_BYTES));
    done();
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

const GT = 0x3e;
const SLASH = 0x2f;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const CELL_REF = /^c\s[^>]*?\br\s*=\s*["']([A-Za-z]+)/;

/** A column's number from its letters (A is 1, XFD is 16,384); past three letters, past any sheet. */
function columnNumber(letters: string): number {
  if (letters.length > 3) return Number.POSITIVE_INFINITY;
  let n = 0;
  for (const char of letters.toUpperCase()) n = n * 26 + char.charCodeAt(0) - 64;
  return n;
}

/**
 * One part of an xlsx on its way from the inflater to an XML parser (docs/imports.md#what-a-file-may-hold): counts
 * the bytes as they inflate and fails past the part's cap, decodes UTF-8 as a stream (a character cut between two
 * chunks stays whole), and scans the markup without building anything — a text run or a tag longer than a cell may
 * be, elements nested deeper than a workbook nests, and, in a sheet, rows past the file's cap and cells past a
 * row's are refused here, before the parser holds them. The scan is deliberately simple (comments and CDATA are
 * taken as tags and text); an Excel, LibreOffice or exceljs file is far inside every bound.
 */
class XmlGuard extends Transform {
  private bytes = 0;
  private readonly decoder = new TextDecoder('utf-8');
  private inTag = false;
  private quote = 0;
  private token = 0;
  /** The first characters of the tag being read: its name and, for a cell, its reference. */
  private head = '';
  private last = 0;
  private depth = 0;
  private rows = 0;
  private cells = 0;
  /** The row's last column so far, and the columns every row so far spans, summed. */
  private rowSpan = 0;
  private spanned = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly sheet: boolean,
    private readonly signal?: AbortSignal,
  ) {
    super({ readableObjectMode: true });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    if (this.signal?.aborted) return done(requestClosed());
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return done(unpackedTooLarge());
    const text = this.decoder.decode(chunk, { stream: true });
    try {
      this.scan(text);
    } catch (error) {
      return done(error as Error);
    }
    done(null, text);
  }

  override _flush(done: TransformCallback) {
    const rest = this.decoder.decode();
    done(null, rest || undefined);
  }

  private scan(text: string) {
    let i = 0;
    while (i < text.length) {
      if (!this.inTag) {
        const lt = text.indexOf('<', i);
        this.token += (lt < 0 ? text.length : lt) - i;
        if (this.token > MAX_TOKEN_CHARS) throw cellTooLong();
        if (lt < 0) return;
        this.inTag = true;
        this.token = 0;
        this.head = '';
        this.quote = 0;
        this.last = 0;
        i = lt + 1;
      }
      const start = i;
      for (; i < text.length; i++) {
        const code = text.charCodeAt(i);
        if (this.quote) {
          if (code === this.quote) this.quote = 0;
        } else if (code === QUOTE || code === APOSTROPHE) {
          this.quote = code;
        } else if (code === GT) {
          break;
        } else if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) {
          this.last = code;
        }
      }
      this.token += i - start;
      if (this.token > MAX_TOKEN_CHARS) throw unreadable();
      if (this.head.length < 48) this.head += text.slice(start, Math.min(i, start + 48));
      if (i === text.length) return;
      this.inTag = false;
      this.token = 0;
      this.closeTag();
      i += 1;
    }
  }

  private closeTag() {
    const head = this.head;
    const first = head.charCodeAt(0);
    if (first === SLASH) {
      this.depth -= 1;
      return;
    }
    if (first === 0x3f || first === 0x21) return; // <? … ?> and <! … >
    if (this.last !== SLASH) {
      this.depth += 1;
      if (this.depth > MAX_DEPTH) throw unreadable();
    }
    if (!this.sheet) return;
    const name = /^(?:[\w.-]+:)?([\w.-]+)/.exec(head)?.[1];
    if (name === 'row') {
      this.rows += 1;
      this.cells = 0;
      this.rowSpan = 0;
      if (this.rows > IMPORT_LIMITS.maxFileRows) throw tooManyFileRows();
    } else if (name === 'c') {
      this.cells += 1;
      const letters = CELL_REF.exec(head.replace(/^[\w.-]+:/, ''))?.[1];
      const column = letters ? columnNumber(letters) : this.rowSpan + 1;
      if (this.cells > IMPORT_LIMITS.maxCellsPerRow || column > MAX_COLUMN) throw tooManyCells();
      // exceljs' row works through every column up to its last cell: a cell at XFD in each row cost 2 ms a row.
      if (column > this.rowSpan) {
        this.spanned += column - this.rowSpan;
        this.rowSpan = column;
        if (this.spanned > MAX_SPANNED) throw tooManyCells();
      }
    }
  }
}

const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

/**
 * CSV records from decoded text, as RFC 4180 has them (a field in double quotes may hold commas, line breaks and
 * doubled quotes; a quote inside an unquoted field is kept as it is; CRLF, LF or CR end a record). csv-parse builds
 * an error object for every record whose width differs from the first one's, even when told to let it pass: a file
 * of short or blank lines cost a tenth of a millisecond a line. Here a field past a cell's length, a record past a
 * row's cells and records past the file's rows are refused as they are read (docs/imports.md#what-a-file-may-hold).
 */
class CsvRecords extends Transform {
  private record: string[] = [];
  private field = '';
  private quoted = false;
  /** A quote was seen inside a quoted field: the next character says whether it closed the field. */
  private closing = false;
  private fresh = true;
  private skipLf = false;
  private records = 0;

  constructor(private readonly signal?: AbortSignal) {
    super({ decodeStrings: false, readableObjectMode: true });
  }

  override _transform(chunk: string | Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    if (this.signal?.aborted) return done(requestClosed());
    try {
      this.scan(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
    } catch (error) {
      return done(error as Error);
    }
    done();
  }

  override _flush(done: TransformCallback) {
    if (this.quoted && !this.closing) return done(unreadable());
    if (this.record.length > 0 || this.field !== '' || !this.fresh) {
      try {
        this.endField();
        this.endRecord();
      } catch (error) {
        return done(error as Error);
      }
    }
    done();
  }

  private append(text: string, from: number, to: number) {
    if (to <= from) return;
    this.field += text.slice(from, to);
    if (this.field.length > IMPORT_LIMITS.maxCellChars) throw cellTooLong();
  }

  private endField() {
    this.record.push(this.field);
    if (this.record.length > IMPORT_LIMITS.maxCellsPerRow) throw tooManyCells();
    this.field = '';
    this.quoted = false;
    this.closing = false;
    this.fresh = true;
  }

  private endRecord() {
    if (++this.records > IMPORT_LIMITS.maxFileRows) throw tooManyFileRows();
    this.push(this.record);
    this.record = [];
  }

  private scan(text: string) {
    let start = 0;
    let i = 0;
    if (this.skipLf && text.length > 0) {
      this.skipLf = false;
      if (text.charCodeAt(0) === LF) i = start = 1;
    }
    for (; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (this.quoted) {
        if (this.closing) {
          this.closing = false;
          if (code === QUOTE) {
            this.append('"', 0, 1);
            start = i + 1;
            continue;
          }
          this.quoted = false; // the quote closed the field; what follows is read as unquoted text
        } else {
          if (code === QUOTE) {
            this.append(text, start, i);
            this.closing = true;
            start = i + 1;
          }
          continue;
        }
      }
      if (code === COMMA) {
        this.append(text, start, i);
        this.endField();
        start = i + 1;
      } else if (code === LF || code === CR) {
        this.append(text, start, i);
        this.endField();
        this.endRecord();
        if (code === CR) {
          if (i + 1 < text.length) {
            if (text.charCodeAt(i + 1) === LF) i += 1;
          } else {
            this.skipLf = true;
          }
        }
        start = i + 1;
      } else if (code === QUOTE && this.fresh && this.field === '' && start === i) {
        this.quoted = true;
        this.fresh = false;
        start = i + 1;
      } else {
        this.fresh = false;
      }
    }
    if (!this.quoted || !this.closing) this.append(text, start, text.length);
  }
}

async function* csvRows(
  source: AsyncIterable<Buffer>,
  onEncoding: (encoding: string) => void,
  signal?: AbortSignal,
) {
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
  const parser = new CsvRecords(signal);
  pipeline(Readable.from(bytes()), iconv.decodeStream(encoding, { stripBOM: true }), parser, () => {});
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
  sharedStrings?: string[];
  _parseRels(part: Readable): Promise<void>;
  _parseWorkbook(part: Readable): Promise<void>;
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

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * The workbook's shared strings, each the text of its runs (`<t>`, a phonetic reading `<rPh>` left out), counted as
 * they come: past the count or the characters a file may hold, or a string longer than a cell, it is refused
 * (exceljs keeps each rich text as objects and has no bound).
 */
async function readSharedStrings(part: AsyncIterable<string>): Promise<string[]> {
  const strings: string[] = [];
  const parser = new SaxesParser();
  let failure: Error | null = null;
  let current: string | null = null;
  let inText = false;
  let phonetic = 0;
  let chars = 0;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (node) => {
    const name = localName(node.name);
    if (name === 'si') current = '';
    else if (name === 'rPh') phonetic += 1;
    else if (name === 't' && current !== null && phonetic === 0) inText = !node.isSelfClosing;
  });
  parser.on('closetag', (node) => {
    const name = localName(node.name);
    if (name === 't') inText = false;
    else if (name === 'rPh') phonetic -= 1;
    else if (name === 'si' && current !== null) {
      strings.push(current);
      current = null;
      if (strings.length > IMPORT_LIMITS.maxSharedStrings) failure ??= tooManyTexts();
    }
  });
  parser.on('text', (text) => {
    if (!inText || current === null) return;
    current += text;
    chars += text.length;
    if (current.length > IMPORT_LIMITS.maxCellChars) failure ??= cellTooLong();
    else if (chars > IMPORT_LIMITS.maxSharedStringChars) failure ??= tooManyTexts();
  });
  for await (const chunk of part) {
    parser.write(chunk);
    if (failure) throw failure;
  }
  parser.close();
  if (failure) throw failure;
  return strings;
}

/**
 * An xlsx is a zip whose parts may come in any order: it is taken in whole (compressed, once) and its parts opened
 * by the zip's central directory in the order reading needs — relationships, workbook, shared strings, styles —
 * then its first sheet read row by row, so the sheet's XML is never held whole. exceljs' own `parse()` walks the
 * zip front to back as a stream and can lose a part on the way (docs/imports.md#reading-a-file). Every part passes
 * an XmlGuard on its way (docs/imports.md#what-a-file-may-hold).
 */
async function* xlsxRows(source: AsyncIterable<Buffer>, signal?: AbortSignal) {
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(chunk);
  const zip = Buffer.concat(chunks);
  chunks.length = 0;
  const [{ default: excel }, { default: unzipper }] = await Promise.all([
    import('exceljs'),
    import('unzipper'),
  ]);
  const directory = await unzipper.Open.buffer(zip);
  const opened: Readable[] = [];
  const part = (path: string, maxBytes: number, sheet = false) => {
    const file = directory.files.find((entry) => entry.path === path);
    if (!file) return null;
    if (file.uncompressedSize > maxBytes) throw unpackedTooLarge();
    const guard = new XmlGuard(maxBytes, sheet, signal);
    opened.push(pipeline(file.stream(), guard, () => {}));
    return guard;
  };
  try {
    const parts = new excel.stream.xlsx.WorkbookReader(Readable.from([]), {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'cache',
      worksheets: 'emit',
    }) as unknown as WorkbookParts;
    const rels = part('xl/_rels/workbook.xml.rels', MAX_META_PART_BYTES);
    if (!rels) throw unreadable();
    await parts._parseRels(rels);
    const workbook = part('xl/workbook.xml', MAX_META_PART_BYTES);
    if (!workbook) throw unreadable();
    await parts._parseWorkbook(workbook);
    const sharedStrings = part('xl/sharedStrings.xml', IMPORT_LIMITS.maxPartBytes);
    parts.sharedStrings = sharedStrings ? await readSharedStrings(sharedStrings) : [];
    const styles = part('xl/styles.xml', MAX_META_PART_BYTES);
    if (styles) await parts._parseStyles(styles);
    const sheetPath = firstSheetPath(parts);
    const sheet = sheetPath ? part(sheetPath, IMPORT_LIMITS.maxPartBytes, true) : null;
    if (!sheetPath || !sheet) throw unreadable();
    const sheetNo = /sheet(\d+)\.xml$/.exec(sheetPath)?.[1] ?? '1';
    for (const { value: rows } of parts._parseWorksheet(sheet, sheetNo)) {
      for await (const row of rows) {
        // Only the first columns are ever read (a row is cut to the header's width, at most maxColumns).
        const values = Array.isArray(row.values) ? row.values.slice(1, IMPORT_LIMITS.maxColumns + 2) : [];
        const cells: string[] = [];
        for (let i = 0; i < values.length; i++) {
          const text = cellText(values[i]);
          if (text.length > IMPORT_LIMITS.maxCellChars) throw cellTooLong();
          cells.push(text.trim());
        }
        yield { rowNo: row.number, cells };
      }
    }
  } finally {
    for (const stream of opened) stream.destroy();
  }
}

/**
 * The table's header row (the first that is not blank) and then its data rows, blank rows skipped, each cut to the
 * header's width. `info()` is complete once the rows are exhausted. Every row of the file counts toward
 * `maxFileRows`, blank ones too; `signal` (the request closing) stops the reading between any two chunks or rows.
 */
export function readTable(body: Readable, fileName: string, signal?: AbortSignal) {
  const format = formatOf(fileName);
  const meter = new Meter(IMPORT_LIMITS.maxBytes, signal);
  const info: TableInfo = { format, encoding: format === 'xlsx' ? 'xlsx' : 'utf-8', size: 0, hash: '' };
  body.on('error', (error) => meter.destroy(error));
  const metered = body.pipe(meter);

  async function* rows(): AsyncGenerator<{ headers: string[] } | TableRow> {
    const source =
      format === 'xlsx'
        ? xlsxRows(metered, signal)
        : csvRows(
            metered,
            (encoding) => {
              info.encoding = encoding;
            },
            signal,
          );
    let headers: string[] | null = null;
    let fileRows = 0;
    try {
      for await (const row of source) {
        if (signal?.aborted) throw requestClosed();
        if (++fileRows > IMPORT_LIMITS.maxFileRows) throw tooManyFileRows();
        if (blank(row.cells)) continue;
        if (!headers) {
          if (row.cells.length > IMPORT_LIMITS.maxColumns) {
            throw new AppError('VALIDATION_ERROR', importMessages.tooManyColumns);
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
      if (signal?.aborted) throw requestClosed();
      throw unreadable();
    } finally {
      meter.destroy();
      body.resume();
    }
    info.size = meter.size;
    info.hash = meter.hash.digest('hex');
  }
  return { rows: rows(), info };
}
