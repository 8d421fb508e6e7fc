import { once } from 'node:events';
import type { PassThrough, Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { stringify } from 'csv-stringify/sync';
import type ExcelJS from 'exceljs';
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

const NUMBER_FORMATS: Record<ColumnKind, string | undefined> = {
  text: undefined,
  label: undefined,
  integer: undefined,
  won: '#,##0',
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm',
};

const HEADER_STYLE: Partial<ExcelJS.Style> = {
  font: { bold: true },
  fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF0F2F5' } },
  alignment: { vertical: 'middle' },
};

/**
 * exceljs' streaming writer with what makes it fast and flat in memory:
 * - one style object per column, shared by every cell: exceljs caches a style's id by object identity,
 *   and a fresh `{}` per cell costs a full style lookup (more than half the time otherwise);
 * - dates arrive as Excel serial numbers (computed in SQL) under a date format: no Date objects;
 * - zlib level 1 with large chunks, and a wait whenever the zip's input queue grows, because the writer
 *   itself has no backpressure (without the wait 1M rows took 700 MB).
 */
export class SheetWriter {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;
  private readonly styles: Partial<ExcelJS.Style>[];
  private readonly rowStyle = {} as ExcelJS.Style;

  /** exceljs is loaded on the first xlsx export, not at start-up (it is ~27 MB of the idle process otherwise). */
  static async open(
    out: PassThrough,
    signal: AbortSignal,
    sheetName: string,
    columns: readonly SheetColumn[],
  ): Promise<SheetWriter> {
    const { default: excel } = await import('exceljs');
    return new SheetWriter(excel, out, signal, sheetName, columns);
  }

  private constructor(
    excel: typeof ExcelJS,
    private readonly out: PassThrough,
    private readonly signal: AbortSignal,
    sheetName: string,
    columns: readonly SheetColumn[],
  ) {
    this.workbook = new excel.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
      zip: { zlib: { level: 1, chunkSize: 1 << 20, memLevel: 9 } },
    } as ConstructorParameters<typeof ExcelJS.stream.xlsx.WorkbookWriter>[0]);
    this.workbook.creator = '일손';
    this.sheet = this.workbook.addWorksheet(sheetName, {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    this.styles = columns.map((c) => {
      const numFmt = NUMBER_FORMATS[c.kind];
      return numFmt ? { numFmt } : {};
    });
    this.sheet.columns = columns.map((c) => ({ header: c.header, width: c.width }));
    this.sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
    const header = this.sheet.getRow(1);
    header.eachCell((cell) => {
      cell.style = HEADER_STYLE;
    });
    header.commit();
  }

  /** Adds a batch and waits until the zip and the socket have taken it in. */
  async addRows(rows: unknown[][]): Promise<void> {
    const { sheet, styles, rowStyle } = this;
    for (const values of rows) {
      const row = sheet.addRow(values);
      (row as unknown as { style: ExcelJS.Style }).style = rowStyle;
      for (let i = 0; i < styles.length; i++) row.getCell(i + 1).style = styles[i]!;
      row.commit();
    }
    await this.backpressure();
  }

  async finish(): Promise<void> {
    this.sheet.commit();
    await this.workbook.commit();
  }

  private async backpressure(): Promise<void> {
    // The zip reads the sheet through a stream the writer never waits for: wait for it here.
    const zipInput = (this.sheet as unknown as { stream?: { pipes?: Writable[] } }).stream?.pipes?.[0] as
      | (Writable & { _writableState?: { length: number } })
      | undefined;
    if (zipInput?._writableState && zipInput._writableState.length > 4 * 1024 * 1024) {
      await once(zipInput, 'drain', { signal: this.signal });
    }
    await drained(this.out, this.signal);
    // Let zlib's callbacks and the socket run between batches.
    await nextTurn();
  }
}
