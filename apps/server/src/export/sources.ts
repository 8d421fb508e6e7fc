import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import Cursor from 'pg-cursor';
import { copyOut } from './copy-out';
import { BinaryCopyRows, type SheetColumnSql, sheetRowsQuery } from './sheet-copy';
import { inlineQuery, renderQuery } from './sql';

/** Where the rows come from and in which order: the list's FROM, WHERE and sort. */
export type ExportPlan = {
  from: SQL;
  where: SQL | undefined;
  sortColumn: PgColumn;
  id: PgColumn;
  descending: boolean;
};

/**
 * A stream of export rows from one engine. `count` and the rows see the same data on PostgreSQL (one
 * REPEATABLE READ, READ ONLY transaction); `done` commits, `abandon` drops the connection so PostgreSQL
 * stops at once (a client that went away must not leave a cursor or a COPY running).
 */
export type ExportSource = {
  count(): Promise<number>;
  /** Rows of the given values (as arrays), in batches. */
  batches(values: SQL[], signal: AbortSignal): AsyncGenerator<unknown[][]>;
  /** PostgreSQL only: `COPY (SELECT values…) TO STDOUT` as CSV into `out` (left open). */
  copyCsv?: (values: SQL[], out: Writable, signal: AbortSignal) => Promise<void>;
  /**
   * PostgreSQL only: the sheet's rows as PostgreSQL writes their XML (export/sheet-copy.ts) into `out` (left open),
   * numbered from `firstRow`; answers how many rows it wrote.
   */
  copySheet?: (
    columns: readonly SheetColumnSql[],
    out: Writable,
    firstRow: number,
    signal: AbortSignal,
  ) => Promise<number>;
  done(): Promise<void>;
  abandon(): Promise<void>;
};

export const BATCH_ROWS = 2_000;

const where = (plan: ExportPlan, extra?: SQL) => {
  const conditions = [plan.where, extra].filter((c): c is SQL => c !== undefined);
  return conditions.length ? sql.join(conditions, sql` AND `) : sql`true`;
};

const direction = (plan: ExportPlan) => (plan.descending ? sql`DESC` : sql`ASC`);

function selectQuery(plan: ExportPlan, values: SQL[], options: { keyset?: SQL; limit?: number } = {}): SQL {
  const dir = direction(plan);
  const query = sql`SELECT ${sql.join(values, sql`, `)} FROM ${plan.from} WHERE ${where(plan, options.keyset)}
    ORDER BY ${plan.sortColumn} ${dir}, ${plan.id} ${dir}`;
  return options.limit ? sql`${query} LIMIT ${sql.raw(String(options.limit))}` : query;
}

const countQuery = (plan: ExportPlan) =>
  sql`SELECT count(*)::integer AS n FROM ${plan.from} WHERE ${where(plan)}`;

export async function openPostgresSource(pool: pg.Pool, plan: ExportPlan): Promise<ExportSource> {
  const client = await pool.connect();
  let released = false;
  const release = (error?: Error) => {
    if (released) return;
    released = true;
    client.release(error);
  };
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    // The pool's statement timeout guards API calls; a million-row export streams for longer. JIT is off: the
    // export's statement is costed high enough for LLVM to compile and optimise its hundreds of CASE branches,
    // in every parallel worker, which took longer than evaluating them (docs/exports.md#what-a-csv-row-costs).
    // Floats in their shortest exact text (the server's default, pinned here): the sheet's numbers are written by
    // PostgreSQL itself (export/sheet-copy.ts).
    await client.query(
      'SET LOCAL statement_timeout = 0; SET LOCAL jit = off; SET LOCAL extra_float_digits = 1',
    );
  } catch (error) {
    release(error as Error);
    throw error;
  }

  return {
    async count() {
      const { text, params } = renderQuery(countQuery(plan));
      const result = await client.query<{ n: number }>(text, params);
      return result.rows[0]?.n ?? 0;
    },
    async *batches(values, signal) {
      const { text, params } = renderQuery(selectQuery(plan, values));
      const cursor = client.query(new Cursor<unknown[]>(text, params, { rowMode: 'array' }));
      // One batch ahead: PostgreSQL sends the next rows while this process writes the current ones, instead of
      // each side waiting for the other (the xlsx writer's CPU and the database's overlap).
      let next: Promise<unknown[][]> | undefined = cursor.read(BATCH_ROWS);
      try {
        for (;;) {
          if (signal.aborted) return;
          const rows = await next;
          next = undefined;
          if (rows.length === 0) break;
          next = cursor.read(BATCH_ROWS);
          yield rows;
        }
      } finally {
        await next?.catch(() => {});
        if (!released) await cursor.close().catch(() => {});
      }
    },
    async copyCsv(values, out, signal) {
      const copy = client.query(
        copyOut(`COPY (${inlineQuery(selectQuery(plan, values))}) TO STDOUT WITH (FORMAT csv)`),
      );
      await pipeline(copy, out, { end: false, signal });
    },
    async copySheet(columns, out, firstRow, signal) {
      const query = sheetRowsQuery(columns, (values) => selectQuery(plan, values), firstRow);
      const copy = client.query(copyOut(`COPY (${inlineQuery(query)}) TO STDOUT WITH (FORMAT binary)`));
      const rows = new BinaryCopyRows();
      await pipeline(copy, rows, out, { end: false, signal });
      return rows.rows;
    },
    async done() {
      try {
        await client.query('COMMIT');
        release();
      } catch (error) {
        release(error as Error);
        throw error;
      }
    },
    async abandon() {
      // Destroying the connection ends the backend's COPY or cursor now, not when it next finishes.
      release(new Error('export abandoned'));
    },
  };
}

/**
 * PGlite has one connection: a cursor held open would queue every other request behind the export, so
 * the rows come in keyset batches (`WHERE (sort, id) after the last row`), each a short query of its own.
 * Between batches other requests run; the rows are not one snapshot (the embedded engine's trade-off).
 */
export function openPgliteSource(client: PGlite, plan: ExportPlan): ExportSource {
  const run = async (query: SQL) => {
    const { text, params } = renderQuery(query);
    return (await client.query<unknown[]>(text, params, { rowMode: 'array' })).rows;
  };
  return {
    async count() {
      const [row] = await run(countQuery(plan));
      return Number(row?.[0] ?? 0);
    },
    async *batches(values, signal) {
      const keyed = [...values, sql`(${plan.sortColumn})::text`, plan.id as unknown as SQL];
      let last: { key: string | null; id: number } | undefined;
      for (;;) {
        if (signal.aborted) return;
        const rows = await run(
          selectQuery(plan, keyed, { keyset: last && after(plan, last), limit: BATCH_ROWS }),
        );
        if (rows.length === 0) break;
        const tail = rows[rows.length - 1]!;
        last = { key: tail[values.length] as string | null, id: Number(tail[values.length + 1]) };
        yield rows.map((row) => row.slice(0, values.length));
        if (rows.length < BATCH_ROWS) break;
        // PGlite runs on this thread: let the socket and other requests' queries go between batches.
        await nextTurn();
      }
    },
    async done() {},
    async abandon() {},
  };
}

/**
 * The rows after `last` in the list's order, as a row comparison `(sort, id) > (…)` that the list's
 * `(sort, id)` index answers by a range scan. PostgreSQL puts NULLs last when ascending and first when
 * descending; a NOT NULL sort column needs no NULL branch.
 */
function after(plan: ExportPlan, last: { key: string | null; id: number }): SQL {
  const { sortColumn: s, id } = plan;
  const nullable = !s.notNull;
  if (!plan.descending) {
    if (last.key === null) return sql`(${s} IS NULL AND ${id} > ${last.id})`;
    const beyond = sql`(${s}, ${id}) > (${last.key}, ${last.id})`;
    return nullable ? sql`(${beyond} OR ${s} IS NULL)` : beyond;
  }
  if (last.key === null) return sql`((${s} IS NULL AND ${id} < ${last.id}) OR ${s} IS NOT NULL)`;
  return sql`(${s}, ${id}) < (${last.key}, ${last.id})`;
}
