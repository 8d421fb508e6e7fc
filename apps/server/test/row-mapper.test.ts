/**
 * docs/performance.md#built-statements: a built statement's rows are mapped by a mapper made once
 * (db/row-mapper.ts). It must make exactly the objects drizzle's own mapping makes — every column kind, SQL fields
 * with and without a decoder, nulls, aliases — and a statement built once must answer what drizzle answers.
 */

import { isDeepStrictEqual } from 'node:util';
import * as drizzle from 'drizzle-orm';
import { desc, getTableColumns, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  integer,
  jsonb,
  numeric,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtOnce } from '../src/db/list';
import { compileRowMapper } from '../src/db/row-mapper';
import { auditLogs, employers } from '../src/db/schema';
import { insertBranch, insertEmployer } from './fixtures';
import { createTestContext, type TestContext } from './helpers';

type Fields = { path: string[]; field: unknown }[];
const { mapResultRow, orderSelectedFields } = drizzle as unknown as {
  mapResultRow(fields: Fields, row: unknown[]): Record<string, unknown>;
  orderSelectedFields(selection: Record<string, unknown>): Fields;
};

/** Every column kind a mapper can meet, as drizzle types them (no database needed: the driver's values are made). */
const kinds = pgTable('kinds', {
  id: integer('id'),
  big: bigint('big', { mode: 'number' }),
  bigText: bigint('big_text', { mode: 'bigint' }),
  name: text('name'),
  flag: boolean('flag'),
  at: timestamp('at', { withTimezone: true, mode: 'string' }),
  atDate: timestamp('at_date', { withTimezone: true }),
  day: date('day'),
  dayDate: date('day_date', { mode: 'date' }),
  amount: numeric('amount'),
  amountNumber: numeric('amount_number', { mode: 'number' }),
  body: jsonb('body'),
  tags: text('tags').array(),
  ratio: doublePrecision('ratio'),
  small: smallint('small'),
  approx: real('approx'),
});

/** A value as node-postgres or PGlite hands it over for the column (or null). */
const driverValue: Record<keyof typeof kinds.$inferSelect, fc.Arbitrary<unknown>> = {
  id: fc.oneof(fc.integer(), fc.integer().map(String)),
  big: fc.oneof(fc.integer(), fc.bigInt({ min: -(2n ** 53n), max: 2n ** 53n }).map(String)),
  bigText: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String),
  name: fc.string({ unit: 'binary' }),
  flag: fc.boolean(),
  at: fc.constantFrom('2026-11-28 09:00:00+09', '2026-01-01 00:00:00.123456+00'),
  atDate: fc.constantFrom('2026-11-28 09:00:00+09', '2026-01-01 00:00:00.123+00'),
  day: fc.constantFrom('2026-11-28', '1999-02-28'),
  dayDate: fc.constantFrom('2026-11-28', '1999-02-28'),
  amount: fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
  amountNumber: fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
  body: fc.jsonValue(),
  tags: fc.oneof(fc.array(fc.string()), fc.constant('{a,"b c"}')),
  ratio: fc.double(),
  small: fc.integer({ min: -32768, max: 32767 }),
  approx: fc.oneof(fc.float().map(String), fc.float()),
};

const columns = Object.entries(getTableColumns(kinds));

/** A flat selection of some columns, under their own or other names, with SQL fields among them. */
const selections = fc
  .tuple(
    fc.subarray(columns, { minLength: 1 }),
    fc.boolean(),
    fc.subarray(['plain', 'count', 'aliased', 'text'] as const),
  )
  .map(([picked, rename, extras]) => {
    const selection: Record<string, unknown> = {};
    const values: fc.Arbitrary<unknown>[] = [];
    for (const [key, column] of picked) {
      selection[rename ? `${key}Renamed` : key] = column;
      values.push(fc.option(driverValue[key as keyof typeof driverValue], { nil: null }));
    }
    for (const extra of extras) {
      if (extra === 'plain') selection.plain = sql`1`;
      if (extra === 'count') selection.total = sql<number>`count(*)`.mapWith(Number);
      if (extra === 'aliased') selection.aliased = sql<string>`'x'`.as('aliased');
      if (extra === 'text') selection.label = sql<string>`'x'`.mapWith(kinds.name);
      values.push(fc.option(fc.oneof(fc.integer().map(String), fc.string()), { nil: null }));
    }
    return { fields: orderSelectedFields(selection), values };
  });

describe('rows mapped by a mapper made once (db/row-mapper.ts)', () => {
  it('makes what drizzle makes, for any flat selection and any row', () => {
    fc.assert(
      fc.property(
        selections.chain(({ fields, values }) => fc.tuple(fc.constant(fields), fc.tuple(...values))),
        ([fields, row]) => {
          const map = compileRowMapper(fields);
          expect(map).toBeDefined();
          const mapped = map!(row);
          const expected = mapResultRow(fields, row);
          expect(isDeepStrictEqual(mapped, expected)).toBe(true);
          expect(Object.keys(mapped)).toEqual(Object.keys(expected));
        },
      ),
      { numRuns: 600 },
    );
  });

  it('leaves a nested selection to drizzle', () => {
    const fields = orderSelectedFields({ id: kinds.id, owner: { name: kinds.name } });
    expect(compileRowMapper(fields)).toBeUndefined();
  });
});

describe('a statement built once answers as drizzle answers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    const branch = await insertBranch(ctx, { name: '행 매핑 지점' });
    for (let i = 0; i < 5; i++) await insertEmployer(ctx, branch.id, { companyName: `(주)행${i}` });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('employers with every column, a count and an alias; the audit log with its timestamps and JSON', async () => {
    const selection = {
      ...getTableColumns(employers),
      rows: sql<number>`count(*) over ()`.mapWith(Number),
      label: sql<string>`${employers.companyName} || '!'`.as('label'),
    };
    const build = () => ctx.db.select(selection).from(employers).orderBy(desc(employers.id)).limit(10);
    const built = await builtOnce(ctx.db, 'row-mapper-test', 'employers', build).execute();
    expect(built.length).toBeGreaterThan(0);
    expect(built).toEqual(await build());
    const logs = () => ctx.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(20);
    expect(await builtOnce(ctx.db, 'row-mapper-test', 'logs', logs).execute()).toEqual(await logs());
  });
});
