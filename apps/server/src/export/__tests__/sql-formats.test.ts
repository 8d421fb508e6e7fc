import { formatPhone } from '@ilson/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helpers';
import { type DbHandle, queryRows } from '../../db/client';
import { csvValue, literal, neutralized, neutralizeText, phoneFormatted } from '../sql';

/**
 * The export's formatting in SQL against the same rules in TypeScript, over generated values: the CSV on PostgreSQL
 * is written by these expressions alone, so they must agree with what the screens show. One query per batch.
 */
let handle: DbHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

/** Every value of the batch through one SQL expression of `v`, in order. */
async function inSql(
  values: string[],
  type: 'text' | 'date' | 'timestamptz',
  shape: (v: ReturnType<typeof sql>) => ReturnType<typeof sql>,
) {
  const rows = await queryRows<{ out: string | null }>(
    handle.db,
    sql`SELECT ${shape(sql`t.v`)} AS out FROM unnest(ARRAY[${sql.join(values.map(literal), sql`, `)}]::${sql.raw(type)}[]) WITH ORDINALITY AS t(v, i) ORDER BY t.i`,
  );
  return rows.map((row) => row.out);
}

const RUNS = { numRuns: 25 };

describe('export formatting in SQL', () => {
  it('phoneFormatted is formatPhone, for any stored digits', async () => {
    const digits = fc
      .tuple(
        fc.constantFrom('', '0', '02', '010', '011', '031', '050', '070', '15', '16', '18', '1', '19'),
        fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: 11 }),
      )
      .map(([prefix, rest]) => prefix + rest);
    await fc.assert(
      fc.asyncProperty(fc.array(digits, { minLength: 1, maxLength: 200 }), async (values) => {
        expect(await inSql(values, 'text', phoneFormatted)).toEqual(values.map(formatPhone));
      }),
      RUNS,
    );
  });

  it('neutralized is neutralizeText, for any text', async () => {
    // PostgreSQL's text holds no NUL; everything else may come from a form or an import.
    const first = fc.constantFrom(
      '=',
      '+',
      '-',
      '@',
      '\t',
      '\r',
      '\n',
      ' ',
      'A',
      '@',
      '0',
      '가',
      "'",
      '"',
      ',',
    );
    const text = fc
      .tuple(fc.option(first, { nil: '' }), fc.string({ unit: 'grapheme', maxLength: 12 }))
      .map(([head, rest]) => (head + rest).replaceAll('\0', ''));
    await fc.assert(
      fc.asyncProperty(fc.array(text, { minLength: 1, maxLength: 200 }), async (values) => {
        expect(await inSql(values, 'text', neutralized)).toEqual(values.map(neutralizeText));
      }),
      RUNS,
    );
  });

  it('dates are YYYY-MM-DD and instants Seoul wall-clock time to the second', async () => {
    const day = fc
      .date({
        min: new Date('1900-01-01T00:00:00Z'),
        max: new Date('2200-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString().slice(0, 10));
    await fc.assert(
      fc.asyncProperty(fc.array(day, { minLength: 1, maxLength: 200 }), async (values) => {
        expect(await inSql(values, 'date', (v) => csvValue('date', v))).toEqual(values);
      }),
      RUNS,
    );
    // Instants to the microsecond, as PostgreSQL keeps them; the CSV cuts, never rounds, to the second. From 1989:
    // Seoul kept UTC+9 without summer time since (the zone's history before differs from a fixed +9).
    const instant = fc.tuple(
      fc.date({
        min: new Date('1989-01-01T00:00:00Z'),
        max: new Date('2100-01-01T00:00:00Z'),
        noInvalidDate: true,
      }),
      fc.integer({ min: 0, max: 999 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(instant, { minLength: 1, maxLength: 200 }), async (values) => {
        const texts = values.map(
          ([date, micros]) => `${date.toISOString().slice(0, 23)}${String(micros).padStart(3, '0')}Z`,
        );
        const seoul = values.map(([date]) =>
          new Date(date.getTime() + 9 * 3_600_000).toISOString().slice(0, 19).replace('T', ' '),
        );
        expect(await inSql(texts, 'timestamptz', (v) => csvValue('datetime', v))).toEqual(seoul);
      }),
      RUNS,
    );
  });
});
