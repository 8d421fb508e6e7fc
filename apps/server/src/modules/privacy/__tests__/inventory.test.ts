import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { queryRows } from '../../../db/client';
import * as undo from '../../undo/undo';
import { classify, NOT_PERSONAL_DESPITE_NAME, PERSONAL_DATA_INVENTORY, PERSONAL_NAME } from '../inventory';
import * as repository from '../privacy.repository';
import * as traces from '../traces';

/**
 * The inventory of personal data (docs/privacy-lifecycle.md#the-inventory) against the migrated schema of the
 * engine under test: every column is classified, a column named like personal data is classified as such, and
 * every destruction the inventory names exists.
 */

let ctx: TestContext;
let columns: { table: string; column: string }[];

beforeAll(async () => {
  ctx = await createTestContext();
  columns = await queryRows<{ table: string; column: string }>(
    ctx.db,
    sql`SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
        WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
  );
});
afterAll(async () => {
  await ctx?.close();
});

describe('the inventory of personal data', () => {
  it('classifies every column of the schema', () => {
    expect(columns.length).toBeGreaterThan(300);
    const missing = columns
      .filter((c) => classify(c.table, c.column) === undefined)
      .map((c) => `${c.table}.${c.column}`);
    expect(missing, 'add these to PERSONAL_DATA_INVENTORY (modules/privacy/inventory.ts)').toEqual([]);
  });

  it('lists no column the schema does not have, and none twice', () => {
    const live = new Set(columns.map((c) => `${c.table}.${c.column}`));
    const listed = Object.entries(PERSONAL_DATA_INVENTORY).flatMap(([table, entry]) =>
      [...Object.keys(entry.personal ?? {}), ...Object.keys(entry.derived ?? {}), ...entry.none].map(
        (column) => `${table}.${column}`,
      ),
    );
    expect(listed.filter((name) => !live.has(name))).toEqual([]);
    expect(listed.filter((name, i) => listed.indexOf(name) !== i)).toEqual([]);
  });

  it('classifies a column named like personal data (*_enc, *_hash, name, phone, email, address, memo, ip) as such', () => {
    const wrong = columns
      .filter((c) => PERSONAL_NAME.test(c.column))
      .filter((c) => !(`${c.table}.${c.column}` in NOT_PERSONAL_DESPITE_NAME))
      .filter((c) => classify(c.table, c.column) === 'none')
      .map((c) => `${c.table}.${c.column}`);
    expect(wrong).toEqual([]);
    // A ciphertext is the datum itself; a keyed or plain hash is made from it.
    const kinds = (suffix: string) => [
      ...new Set(columns.filter((c) => c.column.endsWith(suffix)).map((c) => classify(c.table, c.column))),
    ];
    expect(kinds('_enc')).toEqual(['personal']);
    expect(kinds('_hash')).toEqual(['derived']);
    for (const name of Object.keys(NOT_PERSONAL_DESPITE_NAME)) {
      const [table, column] = name.split('.') as [string, string];
      expect(classify(table, column), name).toBe('none');
    }
  });

  it('names only destructions that exist', () => {
    const known = new Set([...Object.keys(repository), ...Object.keys(traces), ...Object.keys(undo)]);
    const named = Object.values(PERSONAL_DATA_INVENTORY)
      .flatMap((entry) => [...Object.values(entry.personal ?? {}), ...Object.values(entry.derived ?? {})])
      .flatMap((holding) =>
        'destroyed' in holding ? (holding.destroyed.match(/\b[a-z][A-Za-z]+[A-Z]\w*/g) ?? []) : [],
      );
    expect(named.length).toBeGreaterThan(10);
    expect([...new Set(named)].filter((name) => !known.has(name))).toEqual([]);
  });
});
