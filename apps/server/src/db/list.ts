/** Helpers for the list endpoints (docs/ARCHITECTURE.md#wire): page window, totals, LIKE patterns, search terms. */
import { EXACT_TOTAL_LIMIT, MAX_LIST_WINDOW } from '@ilson/contracts';
import { type Column, count, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AppError } from '../lib/errors';
import { queryRows } from './client';
import type { Executor } from './types';

const TOO_DEEP = `목록은 앞의 ${MAX_LIST_WINDOW.toLocaleString('ko-KR')}건까지만 넘겨 볼 수 있습니다. 검색 조건을 좁히거나 정렬을 바꿔 주세요.`;

/** LIMIT/OFFSET of a page; a page beyond MAX_LIST_WINDOW rows is refused (400) instead of scanned. */
export function pageWindow(query: { page: number; pageSize: number }) {
  const offset = (query.page - 1) * query.pageSize;
  if (offset + query.pageSize > MAX_LIST_WINDOW) {
    throw new AppError('VALIDATION_ERROR', 400, TOO_DEEP, [{ field: 'page', message: TOO_DEEP }]);
  }
  return { limit: query.pageSize, offset };
}

/** From this offset on a page is fetched as a deferred join (below, a plain OFFSET is as cheap). */
export const DEFERRED_JOIN_OFFSET = 200;

type PageQuery<R> = {
  where(where: SQL | undefined): { orderBy(...order: SQL[]): { limit(n: number): { offset(n: number): R } } };
};
type PageOfRows = {
  orderBy(...order: SQL[]): { limit(n: number): { offset(n: number): SQL | SQLWrapper } };
};

/**
 * One page of a list. Deep pages (OFFSET ≥ DEFERRED_JOIN_OFFSET) first pick their ids with `ids` — the same
 * filter and order over the table alone, an index-only scan — and only then read and join those few rows:
 * OFFSET 9,980 of a million rows then walks 10,000 index entries instead of reading and joining 10,000 rows.
 */
export function pageOf<R>(
  query: PageQuery<R>,
  page: {
    where: SQL | undefined;
    order: SQL[];
    window: { limit: number; offset: number };
    id: Column;
    ids: () => PageOfRows;
  },
): R {
  const { limit, offset } = page.window;
  if (offset < DEFERRED_JOIN_OFFSET) {
    return query
      .where(page.where)
      .orderBy(...page.order)
      .limit(limit)
      .offset(offset);
  }
  const pageIds = page
    .ids()
    .orderBy(...page.order)
    .limit(limit)
    .offset(offset);
  return query
    .where(inArray(page.id, pageIds as SQL))
    .orderBy(...page.order)
    .limit(limit)
    .offset(0);
}

export type ListTotal = { total: number; totalEstimated: boolean };

/**
 * A list of one table's rows: the page (`pageOf`, its deep-page ids from the same table) and the total, side by side
 * (two pool connections on PostgreSQL; PGlite queues them).
 */
export async function tablePage<R>(
  executor: Executor,
  query: PageQuery<R>,
  table: PgTable & { id: PgColumn },
  page: { where: SQL | undefined; order: SQL[]; window: { limit: number; offset: number } },
): Promise<{ rows: Awaited<R> } & ListTotal> {
  const [rows, total] = await Promise.all([
    pageOf(query, {
      ...page,
      id: table.id,
      ids: () => executor.select({ id: table.id }).from(table).where(page.where),
    }),
    tableTotal(executor, table, page.where),
  ]);
  return { rows: rows as Awaited<R>, ...total };
}

/** A query for the rows a list matches (any columns, no order or limit): the input of listTotal. */
type MatchingRows = { limit(n: number): { as(alias: string): unknown } } & { getSQL(): SQL };

/**
 * The number of rows a list matches: exact up to EXACT_TOTAL_LIMIT (a count that stops there), above it the
 * planner's estimate, flagged — an exact count of a million rows costs more than the page itself (BENCHMARKS.md).
 * `rows` builds the query afresh on each call (drizzle's builders change in place).
 */
export async function listTotal(executor: Executor, rows: () => MatchingRows): Promise<ListTotal> {
  const capped = rows()
    .limit(EXACT_TOTAL_LIMIT + 1)
    .as('capped');
  // biome-ignore lint/suspicious/noExplicitAny: any matching-rows subquery; only its row count is read.
  const [row] = await executor.select({ n: count() }).from(capped as any);
  const exact = Number(row?.n ?? 0);
  if (exact <= EXACT_TOTAL_LIMIT) return { total: exact, totalEstimated: false };
  const [plan] = await queryRows<{ 'QUERY PLAN': unknown }>(
    executor,
    sql`EXPLAIN (FORMAT JSON) ${rows().getSQL()}`,
  );
  return { total: Math.max(EXACT_TOTAL_LIMIT + 1, planRows(plan?.['QUERY PLAN'])), totalEstimated: true };
}

/** listTotal of the live rows of one table under a WHERE. */
export function tableTotal(executor: Executor, table: PgTable, where: SQL | undefined): Promise<ListTotal> {
  return listTotal(executor, () => executor.select({ one: sql`1` }).from(table).where(where));
}

function planRows(raw: unknown): number {
  const json = typeof raw === 'string' ? JSON.parse(raw) : raw;
  const rows = Array.isArray(json) ? json[0]?.Plan?.['Plan Rows'] : undefined;
  return typeof rows === 'number' && Number.isFinite(rows) ? Math.round(rows) : 0;
}

/** `%term%` for (I)LIKE, with the pattern characters of the input taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The digits of a search box that holds only digits, dashes and spaces (a phone or an id); else null. */
export function digitTerm(q: string): string | null {
  if (!/^[\d\s-]+$/.test(q)) return null;
  const digits = q.replace(/\D/g, '');
  return digits.length > 0 ? digits : null;
}
