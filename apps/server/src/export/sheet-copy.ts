import { Transform, type TransformCallback } from 'node:stream';
import { type SQL, sql } from 'drizzle-orm';
import { type ColumnKind, literal, sheetValue } from './sql';
import { columnLetter, STYLE_OF_KIND, XML_FORBIDDEN_CHARS } from './writers';

/**
 * A masked xlsx export on PostgreSQL (docs/exports.md#the-sheet-from-postgresql): PostgreSQL writes each row's
 * SpreadsheetML itself, as it writes the CSV, and sends it by `COPY … TO STDOUT (FORMAT binary)`; Node only takes
 * the rows out of their framing and zips them. The XML is byte for byte what `sheetRowXml` (export/writers.ts)
 * writes for the same values, which a property test checks over any text and numbers.
 *
 * The row's number goes in `<row r="…">` and in every cell's reference. The row's XML is built before the sort with
 * the byte 0x01 in those places (XML cannot contain it, and the text's own control characters are removed), and
 * the number replaces it after the sort.
 */

/** The row-number placeholder. */
export const ROW_MARK = '\u0001';

/** What XML 1.0 cannot hold and a PostgreSQL text can: removed, as `xmlText` does. */
const XML_INVALID_CLASS = `[${XML_FORBIDDEN_CHARS}]`;
/** Any character the text needs changed for XML: forbidden ones, and `& < >` and CR. */
const XML_CHANGED_CLASS = `[${XML_FORBIDDEN_CHARS}&<>\r]`;

/**
 * The text as XML character data: forbidden characters dropped, `& < >` and CR escaped, empty as NULL. The work is
 * done only for the rare text that needs it: one pattern test decides, where removing the forbidden characters from
 * every value (`translate`) cost more than all the rest of a row's XML.
 */
function xmlTextSql(value: SQL): SQL {
  const escaped = sql`replace(replace(replace(replace(regexp_replace(${value}, ${literal(XML_INVALID_CLASS)}, '', 'g'), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), ${literal('\r')}, '&#13;')`;
  return sql`nullif((CASE WHEN ${value} ~ ${literal(XML_CHANGED_CLASS)} THEN ${escaped} ELSE ${value} END), '')`;
}

/** A number's text, or NULL where JavaScript would not write it (not finite). */
function numberSql(kind: ColumnKind, value: SQL): SQL {
  const text = sql`(${value})::text`;
  return kind === 'won' || kind === 'datetime'
    ? sql`nullif(nullif(nullif(${text}, 'NaN'), 'Infinity'), '-Infinity')`
    : text;
}

const isNumber = (kind: ColumnKind) => kind !== 'text' && kind !== 'label';

export type SheetColumnSql = { kind: ColumnKind; value: SQL };

/**
 * The query of the sheet's rows in the list's order, numbered from `firstRow`. `select(values)` is the list's
 * `SELECT values … ORDER BY`, given one value: the row's XML with the placeholder for its number, worked out where
 * the CSV's values are, in PostgreSQL's parallel workers before the sort. A cell whose value is NULL (or empty text)
 * is NULL too, which `||` passes on and `concat` leaves out: no cell, as the writer writes none.
 *
 * The numbers are given after the sort, by `row_number() OVER ()` in the order the rows arrive, over the sorted
 * subquery. `OFFSET 0` keeps the planner from folding the subquery in, which would move the XML after the window
 * function and out of the parallel workers. What is left after the sort is one `replace` per row.
 */
export function sheetRowsQuery(
  columns: readonly SheetColumnSql[],
  select: (values: SQL[]) => SQL,
  firstRow: number,
): SQL {
  const cells = columns.map((column, index) => {
    const ref = `<c r="${columnLetter(index)}${ROW_MARK}"`;
    const style = STYLE_OF_KIND[column.kind] ? ` s="${STYLE_OF_KIND[column.kind]}"` : '';
    const shaped = sheetValue(column.kind, column.value);
    if (isNumber(column.kind)) {
      return sql`${literal(`${ref}${style}><v>`)} || ${numberSql(column.kind, shaped)} || '</v></c>'`;
    }
    return sql`${literal(`${ref}${style} t="inlineStr"><is><t xml:space="preserve">`)} || ${xmlTextSql(shaped)} || '</t></is></c>'`;
  });
  const row = sql`concat(${literal(`<row r="${ROW_MARK}">`)}, ${sql.join(cells, sql`, `)}, '</row>') AS xml`;
  const offset = sql.raw(String(Math.trunc(firstRow) - 1));
  return sql`SELECT replace(x.xml, ${literal(ROW_MARK)}, (row_number() OVER () + ${offset})::text) FROM (${select([row])} OFFSET 0) AS x`;
}

/** `COPY … (FORMAT binary)`: an 11-byte signature, flags and the header extension's length before the rows. */
const SIGNATURE_BYTES = 11;

/**
 * The rows of a binary COPY of one non-null text column, as one stream of their bytes. Binary, not text: the XML's
 * newlines and tabs come through as they are, with no escaping to undo. Takes the unframed COPY stream (`copyOut`)
 * in chunks cut anywhere, and counts the rows.
 */
export class BinaryCopyRows extends Transform {
  /** Rows passed on so far. */
  rows = 0;
  private headerLeft = -1;
  private pending: Buffer | undefined;

  constructor() {
    super({ readableHighWaterMark: 1 << 20 });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const input = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = undefined;
    let at = 0;
    if (this.headerLeft < 0) {
      // The signature and flags, then the header extension's length and the extension itself.
      if (input.length < SIGNATURE_BYTES + 8) {
        this.pending = Buffer.from(input);
        done();
        return;
      }
      this.headerLeft = SIGNATURE_BYTES + 8 + input.readUInt32BE(SIGNATURE_BYTES + 4);
    }
    if (this.headerLeft > 0) {
      const skip = Math.min(this.headerLeft, input.length);
      this.headerLeft -= skip;
      at = skip;
    }
    // The rows are moved down over the tuple headers, in place (as copyOut does with the messages' framing): this
    // read's buffer is ours alone, and the write position never passes the read position.
    let written = 0;
    while (input.length - at >= 2) {
      const fields = input.readInt16BE(at);
      // The trailer (-1): nothing follows.
      if (fields === -1) {
        at = input.length;
        break;
      }
      if (input.length - at < 6) break;
      const length = input.readInt32BE(at + 2);
      if (fields !== 1 || length < 0) {
        done(new Error('binary COPY: expected one non-null column per row'));
        return;
      }
      if (input.length - at < 6 + length) break;
      input.copyWithin(written, at + 6, at + 6 + length);
      written += length;
      at += 6 + length;
      this.rows++;
    }
    if (at < input.length) this.pending = Buffer.from(input.subarray(at));
    if (written > 0) this.push(input.subarray(0, written));
    done();
  }

  override _flush(done: TransformCallback): void {
    done(this.pending ? new Error('binary COPY ended inside a row') : undefined);
  }
}
