import { isDeepStrictEqual } from 'node:util';
import * as drizzle from 'drizzle-orm';
import { Column, is, SQL, Subquery } from 'drizzle-orm';

/**
 * Rows of a built statement mapped by a mapper made once (docs/performance.md#built-statements): drizzle maps
 * every row of every query afresh — for each field it asks what kind of field it is (`is()` walks the class chain),
 * finds its decoder and walks its path — which was most of what drizzle still cost per request once the statements
 * were built once. A flat select (every field at the top level, as every built statement selects) needs none of
 * that per row: each column's decoder is found once and the row becomes an object in one loop, exactly as
 * drizzle's `mapResultRow` would make it. A nested select keeps drizzle's own mapping.
 */

type Decoder = { mapFromDriverValue(value: unknown): unknown };
type SelectedField = { path: string[]; field: unknown };
type Decoded = { decoder: Decoder };

/** drizzle's own row mapping: exported by its module, though its types mark it internal. */
const { mapResultRow } = drizzle as unknown as {
  mapResultRow(
    fields: SelectedField[],
    row: unknown[],
    joins?: Record<string, boolean>,
  ): Record<string, unknown>;
};

/** What drizzle's prepared query holds that concerns its rows (its own fields, as both engines' sessions name them). */
export type PreparedRows = {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
};

/** The decoder drizzle's mapResultRow takes for a selected field. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as Decoded).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: Decoded } })._.sql.decoder;
  return (field as { sql: Decoded }).sql.decoder;
}

/** A mapper for the rows of a flat select, or undefined where drizzle's own mapping must stay. */
export function compileRowMapper(
  fields: SelectedField[],
): ((row: unknown[]) => Record<string, unknown>) | undefined {
  if (fields.length === 0 || fields.some((selected) => selected.path.length !== 1)) return undefined;
  const keys = fields.map((selected) => selected.path[0]!);
  const decoders = fields.map((selected) => decoderOf(selected.field));
  const count = keys.length;
  return (row) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < count; i++) {
      const raw = row[i];
      out[keys[i]!] = raw === null ? null : decoders[i]!.mapFromDriverValue(raw);
    }
    return out;
  };
}

/**
 * Gives a prepared query the mapper of its rows. With `check` (on under NODE_ENV=test: the test suites) every row is
 * also mapped by drizzle and a difference is an error, so every query the tests run compares the two.
 */
export function mapRowsOnce(prepared: PreparedRows, check = process.env.NODE_ENV === 'test'): void {
  const { fields, joinsNotNullableMap } = prepared;
  if (!fields || prepared.customResultMapper) return;
  const map = compileRowMapper(fields);
  if (!map) return;
  prepared.customResultMapper = check
    ? (rows) =>
        rows.map((row) => {
          const mapped = map(row);
          const expected = mapResultRow(fields, row, joinsNotNullableMap);
          if (!isDeepStrictEqual(mapped, expected)) {
            throw new Error(`The row mapper differs from drizzle's: ${JSON.stringify([mapped, expected])}`);
          }
          return mapped;
        })
    : (rows) => rows.map(map);
}
