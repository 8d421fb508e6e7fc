import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helpers';
import { type DbHandle, queryRows } from '../../db/client';
import { copyOut } from '../copy-out';
import { BinaryCopyRows, type SheetColumnSql, sheetRowsQuery } from '../sheet-copy';
import { type ColumnKind, literal, sheetValue } from '../sql';
import { columnLetter, STYLE_OF_KIND, sheetRowXml } from '../writers';

/**
 * The sheet PostgreSQL writes (export/sheet-copy.ts, docs/exports.md#the-sheet-from-postgresql) against the sheet
 * writer's own rows for the same values: byte for byte, over any text and numbers. And the numbering of a binary
 * COPY's rows over any cut of the stream.
 */
let handle: DbHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

// Text from forms and imports: XML's specials, control characters (the placeholder's own byte among them), spaces
// of every kind at either end, formula starts, Korean and emoji.
const piece = fc.constantFrom(
  '&',
  '<',
  '>',
  '"',
  "'",
  '\r',
  '\n',
  '\t',
  '\u0001',
  '\u0008',
  '\u000B',
  '\u001F',
  '\uFFFE',
  '\uFFFF',
  ' ',
  '\u00A0',
  '\u3000',
  '\uFEFF',
  '\u2028',
  '=',
  '+',
  '-',
  '@',
  '홍길동',
  'Nguyen',
  '😀',
  '0',
);
const text = fc
  .array(fc.oneof(piece, fc.string({ unit: 'grapheme', maxLength: 4 })), { maxLength: 6 })
  .map((parts) => parts.join('').replaceAll('\0', ''));

const cell: Record<ColumnKind, fc.Arbitrary<string | null>> = {
  text,
  label: text,
  integer: fc.integer({ min: -2_000_000, max: 2_000_000 }).map(String),
  won: fc.integer({ min: -1e12, max: 1e12 }).map(String),
  date: fc
    .date({ min: new Date('1900-01-01'), max: new Date('2199-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  datetime: fc
    .date({ min: new Date('1970-01-01'), max: new Date('2199-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString()),
};
const SQL_TYPE: Record<ColumnKind, string> = {
  text: 'text',
  label: 'text',
  integer: 'integer',
  won: 'bigint',
  date: 'date',
  datetime: 'timestamptz',
};
const kinds = fc.array(fc.constantFrom<ColumnKind>('text', 'label', 'integer', 'won', 'date', 'datetime'), {
  minLength: 1,
  maxLength: 8,
});
const table = kinds.chain((columns) =>
  fc.tuple(
    fc.constant(columns),
    fc.array(fc.tuple(...columns.map((kind) => fc.option(cell[kind]))), { minLength: 1, maxLength: 40 }),
  ),
);

/** The generated rows as a VALUES list with columns v0…vn and their order i. */
function rowsSql(columns: ColumnKind[], rows: (string | null)[][]): SQL {
  const tuples = rows.map(
    (row, i) =>
      sql`(${sql.raw(String(i))}, ${sql.join(
        row.map((value, c) =>
          value === null
            ? sql`NULL::${sql.raw(SQL_TYPE[columns[c]!])}`
            : sql`${literal(value)}::${sql.raw(SQL_TYPE[columns[c]!])}`,
        ),
        sql`, `,
      )})`,
  );
  const names = columns.map((_, c) => sql.identifier(`v${c}`));
  return sql`(VALUES ${sql.join(tuples, sql`, `)}) AS t(i, ${sql.join(names, sql`, `)})`;
}

// PostgreSQL only writes the sheet on PostgreSQL (PGlite's exports take the writer's own path; its driver also drops a
// text's leading U+FEFF, which would fail the comparison for a reason outside the SQL).
describe.skipIf(process.env.TEST_ENGINE !== 'pg')('the sheet from PostgreSQL', () => {
  it('writes, for any values, the rows the sheet writer writes', async () => {
    await fc.assert(
      fc.asyncProperty(table, fc.integer({ min: 2, max: 1_048_576 }), async ([kinds, rows], first) => {
        const from = rowsSql(kinds, rows);
        const columns: SheetColumnSql[] = kinds.map((kind, c) => ({
          kind,
          value: sql`t.${sql.identifier(`v${c}`)}`,
        }));
        const xml = await queryRows<{ replace: string }>(
          handle.db,
          sheetRowsQuery(
            columns,
            (values) => sql`SELECT ${sql.join(values, sql`, `)} FROM ${from} ORDER BY t.i`,
            first,
          ),
        );
        const shaped = await queryRows<Record<string, unknown>>(
          handle.db,
          sql`SELECT ${sql.join(
            columns.map((c, i) => sql`${sheetValue(c.kind, c.value)} AS ${sql.identifier(`s${i}`)}`),
            sql`, `,
          )} FROM ${from} ORDER BY t.i`,
        );
        const letters = kinds.map((_, c) => columnLetter(c));
        const styles = kinds.map((kind) => STYLE_OF_KIND[kind]);
        expect(xml.map((row) => row.replace)).toEqual(
          shaped.map((row, r) =>
            sheetRowXml(
              first + r,
              kinds.map((_, c) => row[`s${c}`]),
              letters,
              styles,
            ),
          ),
        );
      }),
      { numRuns: 40 },
    );
  });
});

/** A binary COPY of one text column: signature, flags, header extension, (1 field, length, bytes) per row, -1. */
function binaryCopy(rows: Buffer[]): Buffer {
  const header = Buffer.concat([
    Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'),
    Buffer.alloc(4),
    Buffer.from([0, 0, 0, 2, 9, 9]),
  ]);
  const tuples = rows.map((row) => {
    const head = Buffer.alloc(6);
    head.writeInt16BE(1, 0);
    head.writeInt32BE(row.length, 2);
    return Buffer.concat([head, row]);
  });
  return Buffer.concat([header, ...tuples, Buffer.from([0xff, 0xff])]);
}

describe('BinaryCopyRows', () => {
  it('passes on every row, however the stream is cut', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ unit: 'grapheme', maxLength: 12 }), { maxLength: 30 }),
        fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 20 }),
        async (rows, cuts) => {
          const bytes = binaryCopy(rows.map((r) => Buffer.from(r)));
          const unframed = new BinaryCopyRows();
          const out = buffer(unframed.pipe(new PassThrough()));
          let at = 0;
          for (let i = 0; at < bytes.length; i++) {
            const size = cuts[i % cuts.length]!;
            // A copy, as each socket read is a buffer of its own (the rows are moved within it).
            unframed.write(Buffer.from(bytes.subarray(at, at + size)));
            at += size;
          }
          unframed.end();
          expect((await out).toString()).toBe(rows.join(''));
          expect(unframed.rows).toBe(rows.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses a stream that ends inside a row', async () => {
    const bytes = binaryCopy([Buffer.from('<row r="2"></row>')]);
    const unframed = new BinaryCopyRows();
    const failed = new Promise((_, reject) => unframed.on('error', reject));
    unframed.resume();
    unframed.end(bytes.subarray(0, bytes.length - 5));
    await expect(failed).rejects.toThrow(/inside a row/);
  });

  it.skipIf(process.env.TEST_ENGINE !== 'pg')(
    "reads PostgreSQL's own binary COPY: 50,000 rows with newlines and tabs, in order",
    async () => {
      const client = await handle.pool!.connect();
      try {
        const copy = client.query(
          copyOut(
            "COPY (SELECT concat('<row r=\"', n, E'\">\n\t', repeat('가', n % 50), '</row>') FROM generate_series(1, 50000) AS n) TO STDOUT WITH (FORMAT binary)",
          ),
        );
        const unframed = new BinaryCopyRows();
        const [text] = await Promise.all([buffer(unframed), pipeline(copy, unframed)]);
        const expected = Array.from(
          { length: 50_000 },
          (_, i) => `<row r="${i + 1}">\n\t${'가'.repeat((i + 1) % 50)}</row>`,
        ).join('');
        expect(text.toString()).toBe(expected);
        expect(unframed.rows).toBe(50_000);
      } finally {
        client.release();
      }
    },
  );
});
