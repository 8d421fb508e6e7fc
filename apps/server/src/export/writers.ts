import { once } from 'node:events';
import { createRequire } from 'node:module';
import { PassThrough, type Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { crc32 } from 'node:zlib';
import { stringify } from 'csv-stringify/sync';
import { ZipFile } from 'yazl';
import type { ColumnKind } from './sql';

/** What a writer needs to know of a column. */
export type SheetColumn = { header: string; kind: ColumnKind; width: number };

/** UTF-8 byte order mark: without it Excel reads a CSV as the local code page and Korean breaks. */
export const UTF8_BOM = '\uFEFF';

/** Waits while the reader of `out` is behind (the socket is slower than the database); `signal` ends the wait. */
export async function drained(out: Writable, signal: AbortSignal): Promise<void> {
  if (out.writableNeedDrain && !out.destroyed) await once(out, 'drain', { signal });
}

/** The CSV header line (with the BOM) and batches of rows: RFC 4180 quoting by csv-stringify. */
export function csvHeader(columns: readonly SheetColumn[]): string {
  return UTF8_BOM + stringify([columns.map((c) => c.header)]);
}

export function csvRows(rows: unknown[][]): string {
  return stringify(rows);
}

/**
 * The xlsx writer (docs/exports.md#xlsx): the sheet's SpreadsheetML is written here, row by row as text, into a
 * zip streamed by yazl (deflate level 1 in zlib's threads). Measured on 1M workers against exceljs' streaming
 * writer, the fastest kept library we found (25.8k rows/s here, 34k on the machine of the first benchmark runs, docs/exports.md#xlsx) and wasm-xlsxwriter
 * (9.7k rows/s and 700 MB for 200k rows: no streaming, the whole workbook in memory). What it writes is small and
 * fixed: inline strings (no shared-string table to hold in memory), numbers, one style per column kind, the header
 * row frozen with an autofilter over the rows. The tests read every file back with exceljs and with SheetJS.
 */

type Crc32Module = { unsigned(data: Buffer | string, previous?: number | Buffer): number };

/**
 * yazl checksums every byte it zips with its own copy of buffer-crc32 (node_modules/yazl/node_modules), a
 * byte-at-a-time JavaScript loop: 2.4 s of the server's 22 s of CPU for a million-row sheet. Node's `zlib.crc32`
 * is zlib's CRC-32 in C, the same checksum; yazl's private copy is pointed at it (nothing else requires that copy).
 * The tests check the sum against known values and every written file's CRCs with unzipper.
 */
export const yazlCrc32 = createRequire(createRequire(import.meta.url).resolve('yazl'))(
  'buffer-crc32',
) as Crc32Module;
yazlCrc32.unsigned = (data, previous) =>
  crc32(data, Buffer.isBuffer(previous) ? previous.readUInt32BE(0) : (previous ?? 0));

/** Cell style ids in styles.xml below: 1 the header, then the number formats of a column kind. */
export const STYLE_OF_KIND: Record<ColumnKind, number> = {
  text: 0,
  label: 0,
  integer: 0,
  won: 2,
  date: 3,
  datetime: 4,
};

const STYLES_XML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="3"><numFmt numFmtId="164" formatCode="#,##0"/><numFmt numFmtId="165" formatCode="yyyy-mm-dd"/><numFmt numFmtId="166" formatCode="yyyy-mm-dd hh:mm"/></numFmts><fonts count="2"><font><sz val="11"/><name val="맑은 고딕"/><family val="2"/></font><font><b/><sz val="11"/><name val="맑은 고딕"/><family val="2"/></font></fonts><fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill><fill><patternFill patternType="solid"><fgColor rgb="FFF0F2F5"/><bgColor indexed="64"/></patternFill></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="2" borderId="0" xfId="0" applyFont="1" applyFill="1" applyAlignment="1"><alignment vertical="center"/></xf><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

const CONTENT_TYPES_XML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/><Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>`;

const ROOT_RELS_XML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/></Relationships>`;

const WORKBOOK_RELS_XML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;

const APP_XML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>일손</Application></Properties>`;

function coreXml(created: Date): string {
  const at = created.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:creator>일손</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">${at}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${at}</dcterms:modified></cp:coreProperties>`;
}

/**
 * Stored before the sheet, so a reader that walks the zip front to back meets it first (exceljs' streaming reader
 * can lose a part stored after the sheets: docs/exports.md). The sheet's `<autoFilter>` is enough for Excel, which
 * adds its `_FilterDatabase` name itself.
 */
function workbookXml(sheetName: string): string {
  const name = xmlText(sheetName).replaceAll('"', '&quot;');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><bookViews><workbookView/></bookViews><sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
}

/** Column letters: A … Z, AA … */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/**
 * The characters XML 1.0 does not allow that a PostgreSQL text can hold (all but NUL and lone surrogates), listed one
 * by one: the writer below drops them, and so does PostgreSQL's own sheet (export/sheet-copy.ts).
 */
export const XML_FORBIDDEN_CHARS =
  '\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\u000B\u000C\u000E\u000F' +
  '\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001A\u001B\u001C\u001D\u001E\u001F\uFFFE\uFFFF';

// Characters XML 1.0 does not allow (dropped: those above, NUL and lone surrogates), and those escaped in text (& < >,
// and CR, which parsers turn into LF).
const XML_INVALID = new RegExp(
  `[\\u0000${XML_FORBIDDEN_CHARS}]|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]`,
  'g',
);
const XML_SPECIAL = new RegExp(`[&<>\\r\\u0000${XML_FORBIDDEN_CHARS}\\uD800-\\uDFFF]`);

export function xmlText(value: string): string {
  if (!XML_SPECIAL.test(value)) return value;
  return value
    .replace(XML_INVALID, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('\r', '&#13;'); // a reader's XML parser would turn a bare CR into LF
}

function inlineString(ref: string, style: number, value: string): string {
  const text = xmlText(value);
  // Nothing left once XML's forbidden characters are gone: no cell, as for an empty value.
  if (text === '') return '';
  // Every text keeps its spaces as they are (a reader may otherwise trim them); PostgreSQL's sheet writes the same
  // without testing each value's ends (export/sheet-copy.ts).
  return `<c r="${ref}"${style ? ` s="${style}"` : ''} t="inlineStr"><is><t xml:space="preserve">${text}</t></is></c>`;
}

/** One data row's XML: empty values and non-finite numbers as no cell. */
export function sheetRowXml(
  r: number,
  values: readonly unknown[],
  letters: readonly string[],
  styles: readonly number[],
): string {
  let xml = `<row r="${r}">`;
  for (let i = 0; i < letters.length; i++) {
    const value = values[i];
    if (value === null || value === undefined || value === '') continue;
    const ref = letters[i]! + r;
    if (typeof value === 'number') {
      if (Number.isFinite(value))
        xml += `<c r="${ref}"${styles[i] ? ` s="${styles[i]}"` : ''}><v>${value}</v></c>`;
    } else {
      xml += inlineString(ref, styles[i]!, String(value));
    }
  }
  return `${xml}</row>`;
}

export class SheetWriter {
  private readonly zip = new ZipFile();
  private readonly sheet = new PassThrough({ highWaterMark: 1 << 20 });
  private readonly letters: string[];
  private readonly styles: number[];
  private rowNumber = 1;
  private readonly ended: Promise<void>;

  static async open(
    out: PassThrough,
    signal: AbortSignal,
    sheetName: string,
    columns: readonly SheetColumn[],
  ): Promise<SheetWriter> {
    return new SheetWriter(out, signal, sheetName, columns);
  }

  private constructor(
    out: PassThrough,
    private readonly signal: AbortSignal,
    sheetName: string,
    columns: readonly SheetColumn[],
  ) {
    this.letters = columns.map((_, index) => columnLetter(index));
    this.styles = columns.map((c) => STYLE_OF_KIND[c.kind]);
    const level = { compressionLevel: 1 };
    const now = new Date();
    this.zip.addBuffer(Buffer.from(CONTENT_TYPES_XML), '[Content_Types].xml', { ...level, mtime: now });
    this.zip.addBuffer(Buffer.from(ROOT_RELS_XML), '_rels/.rels', { ...level, mtime: now });
    this.zip.addBuffer(Buffer.from(coreXml(now)), 'docProps/core.xml', { ...level, mtime: now });
    this.zip.addBuffer(Buffer.from(APP_XML), 'docProps/app.xml', { ...level, mtime: now });
    this.zip.addBuffer(Buffer.from(WORKBOOK_RELS_XML), 'xl/_rels/workbook.xml.rels', {
      ...level,
      mtime: now,
    });
    this.zip.addBuffer(Buffer.from(STYLES_XML), 'xl/styles.xml', { ...level, mtime: now });
    this.zip.addBuffer(Buffer.from(workbookXml(sheetName)), 'xl/workbook.xml', { ...level, mtime: now });
    this.zip.addReadStream(this.sheet, 'xl/worksheets/sheet1.xml', { ...level, mtime: now });
    this.ended = new Promise((resolve, reject) => {
      out.once('finish', resolve);
      out.once('error', reject);
      out.once('close', resolve);
    });
    this.zip.outputStream.pipe(out);

    const widths = columns
      // The column's number format also applies to its empty cells and to values typed in later.
      .map((c, index) => {
        const style = this.styles[index] ? ` style="${this.styles[index]}"` : '';
        return `<col min="${index + 1}" max="${index + 1}" width="${c.width}"${style} customWidth="1"/>`;
      })
      .join('');
    const header = columns.map((c, index) => inlineString(`${this.letters[index]}1`, 1, c.header)).join('');
    this.sheet.write(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/><cols>${widths}</cols><sheetData><row r="1">${header}</row>`,
    );
  }

  /** Adds a batch as one chunk of XML and waits while the zip or the socket is behind. */
  async addRows(rows: unknown[][]): Promise<void> {
    let xml = '';
    for (const values of rows) xml += sheetRowXml(++this.rowNumber, values, this.letters, this.styles);
    if (!this.sheet.write(xml)) await once(this.sheet, 'drain', { signal: this.signal });
    // Let zlib's callbacks and the socket run between batches.
    await nextTurn();
  }

  /**
   * Rows whose XML is written elsewhere (by PostgreSQL, export/sheet-copy.ts): `write` streams them into the sheet,
   * numbered from `firstRow`, and answers how many it wrote.
   */
  async addRowsFrom(write: (sheet: Writable, firstRow: number) => Promise<number>): Promise<void> {
    this.rowNumber += await write(this.sheet, this.rowNumber + 1);
  }

  /** Closes the sheet (the autofilter over every row) and the zip, and waits until `out` has it all. */
  async finish(): Promise<void> {
    const last = this.letters[this.letters.length - 1]!;
    this.sheet.end(`</sheetData><autoFilter ref="A1:${last}${this.rowNumber}"/></worksheet>`);
    this.zip.end();
    await this.ended;
  }
}
