/** Helpers for the list endpoints (docs/ARCHITECTURE.md#wire): page window, totals, LIKE patterns, search terms. */
import { EXACT_TOTAL_LIMIT, MAX_LIST_WINDOW } from '@ilson/contracts';
import {
  and,
  asc,
  type Column,
  count,
  desc,
  gt,
  inArray,
  like,
  lte,
  max,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AppError } from '../lib/errors';
import { queryRows } from './client';
import { embeddedWritesOf, type WriteSnapshot } from './embedded-writes';
import { mapRowsOnce, type PreparedRows } from './row-mapper';
import type { Executor } from './types';

const TOO_DEEP = `목록은 앞의 ${MAX_LIST_WINDOW.toLocaleString('ko-KR')}건까지만 넘겨 볼 수 있습니다. 검색 조건을 좁히거나 정렬을 바꿔 주세요.`;

/** Where a statement is reused from, and its key (builtOnce). */
export type Reuse = { site: string; key: unknown };

/** A statement built once: `execute` runs it again with the same parameters, or with new placeholder values. */
export type BuiltStatement<T> = { execute(placeholders?: Record<string, unknown>): Promise<T> };

/** At most this many built statements per call site and database: past it, the oldest is built again when asked. */
const BUILT_PER_SITE = 200;
const builtStatements = new WeakMap<object, Map<string, Map<string, unknown>>>();

/**
 * What drizzle keeps of an executor: the dialect a database shares with every transaction it opens, and the session,
 * whose client (the pool, or the connection a transaction holds) a prepared query runs on.
 */
type DrizzleInternals = { dialect: object; session: { client: unknown } };

/**
 * What one call site keeps, by key, for a database and all its transactions (they share drizzle's dialect): a
 * statement built in one transaction serves the next ones and the database itself (docs/performance.md#built-statements).
 */
function keptAt(executor: Executor, site: string): Map<string, unknown> {
  const owner = (executor as unknown as DrizzleInternals).dialect;
  let sites = builtStatements.get(owner);
  if (!sites) {
    sites = new Map();
    builtStatements.set(owner, sites);
  }
  let kept = sites.get(site);
  if (!kept) {
    kept = new Map();
    sites.set(site, kept);
  }
  return kept;
}

/**
 * The built statement, run on `executor`'s own connection: the text, parameters and row mapping are the same for a
 * database and its transactions; only drizzle's `client` differs, and a transaction's statements must go through its
 * connection to see its writes and keep its locks.
 */
function boundTo<T>(
  prepared: BuiltStatement<T> & { client?: unknown },
  executor: Executor,
): BuiltStatement<T> {
  const { client } = (executor as unknown as DrizzleInternals).session;
  if (prepared.client === client) return prepared;
  const bound = Object.create(prepared) as typeof prepared;
  bound.client = client;
  return bound;
}

function keep<T>(kept: Map<string, unknown>, key: string, value: T): T {
  if (kept.size >= BUILT_PER_SITE) kept.delete(kept.keys().next().value!);
  kept.set(key, value);
  return value;
}

/**
 * The key as text. JSON would write a Set or a Map as `{}` and drop a function: two different statements would share
 * a key, so those are refused (a key is plain data: numbers, strings, booleans, null, dates, arrays and objects).
 */
function statementKey(key: unknown): string {
  if (typeof key === 'string') return key;
  return JSON.stringify(key, (_name, value: unknown) => {
    if (
      value instanceof Set ||
      value instanceof Map ||
      typeof value === 'function' ||
      typeof value === 'symbol' ||
      typeof value === 'bigint'
    ) {
      throw new TypeError(
        `builtOnce: a statement key holds ${typeof value === 'object' ? value.constructor.name : typeof value}`,
      );
    }
    return value;
  });
}

/**
 * A select built by drizzle once per `key` and then reused (docs/performance.md#built-statements): building a
 * list page's statement cost more than a third of the request on PostgreSQL. `build` must depend on nothing but what
 * `key` holds (no clock, no settings read inside): the key is the statement's identity. Values that change per call
 * go in as `sql.placeholder` and are given to `execute`.
 */
export function builtOnce<T>(
  executor: Executor,
  site: string,
  key: unknown,
  build: () => PromiseLike<T>,
): BuiltStatement<T> {
  const kept = keptAt(executor, site);
  const id = statementKey(key);
  const known = kept.get(id) as BuiltStatement<T> | undefined;
  if (known) return boundTo(known, executor);
  // drizzle's own step from a builder to its prepared query, without a server-side name (see the doc).
  const prepared = (build() as unknown as { _prepare(): BuiltStatement<T> & PreparedRows })._prepare();
  mapRowsOnce(prepared);
  return keep(kept, id, prepared);
}

/** `make`'s value, made on the first call only: what a reused statement needs only when it is built. */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

/** LIMIT/OFFSET of a page; a page beyond MAX_LIST_WINDOW rows is refused (400) instead of scanned. */
export function pageWindow(query: { page: number; pageSize: number }) {
  const offset = (query.page - 1) * query.pageSize;
  if (offset + query.pageSize > MAX_LIST_WINDOW) {
    throw new AppError('INVALID_REQUEST', TOO_DEEP, [{ field: 'page', message: TOO_DEEP }]);
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

/** What a list page is built from: its query (columns and joins), WHERE, ORDER BY and window. */
export type PageParts<R> = {
  query: PageQuery<R>;
  where: SQL | undefined;
  order: SQL[];
  window: { limit: number; offset: number };
};

/**
 * A list of one table's rows: the page (`pageOf`, its deep-page ids from the same table) and the total, side by side
 * (two pool connections on PostgreSQL; PGlite queues them). With `reuse`, the statements are built once per key
 * (builtOnce: `parts` must depend on nothing but the key) and `parts` is not even called again.
 */
export async function tablePage<R>(
  executor: Executor,
  table: PgTable & { id: PgColumn },
  parts: () => PageParts<R>,
  reuse?: Reuse,
): Promise<{ rows: Awaited<R> } & ListTotal> {
  const page = once(parts);
  const rowsQuery = () =>
    pageOf(page().query, {
      ...page(),
      id: table.id,
      ids: () => executor.select({ id: table.id }).from(table).where(page().where),
    }) as PromiseLike<Awaited<R>>;
  const key = reuse && statementKey(reuse.key);
  const [rows, total] = await Promise.all([
    reuse ? builtOnce(executor, `${reuse.site} page`, key, rowsQuery).execute() : rowsQuery(),
    tableTotal(executor, table, () => page().where, reuse && { site: reuse.site, key }),
  ]);
  return { rows, ...total };
}

/** The usual list order: the chosen sort column, then the id, both in the asked direction. */
export function sortedTablePage<R>(
  executor: Executor,
  table: PgTable & { id: PgColumn },
  reuse: Reuse,
  filters: { order: 'asc' | 'desc'; page: number; pageSize: number },
  parts: () => { query: PageQuery<R>; where: SQL | undefined; sortBy: Column | SQLWrapper },
): Promise<{ rows: Awaited<R> } & ListTotal> {
  return tablePage(
    executor,
    table,
    () => {
      const { query, where, sortBy } = parts();
      const direction = filters.order === 'asc' ? asc : desc;
      return { query, where, order: [direction(sortBy), direction(table.id)], window: pageWindow(filters) };
    },
    reuse,
  );
}

/** How many of the newest rows (by id) a search looks through before it asks the trigram indexes. */
export const SEARCH_RECENT_WINDOW = 50_000;

/**
 * The highest id of a table, read at most every NEWEST_ID_SECONDS per process. Any value is correct for searchPage —
 * it only splits the rows between its two steps, and rows above a stale value fall in the first — so a process may
 * keep it without sharing anything.
 */
const NEWEST_ID_SECONDS = 30;
const newestIds = new WeakMap<PgTable, { id: number; at: number }>();

async function newestId(executor: Executor, table: PgTable & { id: PgColumn }): Promise<number> {
  const known = newestIds.get(table);
  if (known && Date.now() - known.at < NEWEST_ID_SECONDS * 1000) return known.id;
  const [top] = await executor.select({ id: max(table.id) }).from(table);
  const id = Number(top?.id ?? 0);
  newestIds.set(table, { id, at: Date.now() });
  return id;
}

/**
 * The newest `limit` rows a search box matches, newest registered first, without a count (the global search,
 * docs/ARCHITECTURE.md#global-search). The planner cannot tell a common name (a fifth of the workers) from a
 * string nobody has (`#123`) — it estimates both alike — so one plan is always wrong: walking the newest rows is
 * instant for the first and reads the whole table for the second; the trigram index is the reverse. So, in two
 * bounded steps: the newest SEARCH_RECENT_WINDOW rows by id first (a primary-key range, at most that many rows);
 * only when they hold fewer than `limit` matches — so the term is rare — the older rows, in an order the primary key
 * cannot give, which leaves the trigram (bitmap) indexes, fast for a rare term.
 */
export async function searchPage<R>(
  executor: Executor,
  build: (executor: Executor) => PageQuery<R>,
  table: PgTable & { id: PgColumn },
  where: SQL | undefined,
  limit: number,
  window = SEARCH_RECENT_WINDOW,
): Promise<Awaited<R>> {
  const recentFrom = (await newestId(executor, table)) - window;
  const recent = (await build(executor)
    .where(and(where, gt(table.id, recentFrom)))
    .orderBy(desc(table.id))
    .limit(limit)
    .offset(0)) as unknown[];
  if (recent.length >= limit || recentFrom <= 0) return recent as Awaited<R>;
  // `id + 0`: ordered by an expression, so the primary key cannot serve the order and the planner does not walk
  // it row by row through the older rows looking for a rare term; the trigram (bitmap) indexes find them instead.
  const older = (await build(executor)
    .where(and(where, lte(table.id, recentFrom)))
    .orderBy(sql`${table.id} + 0 DESC`)
    .limit(limit - recent.length)
    .offset(0)) as unknown[];
  return [...recent, ...older] as Awaited<R>;
}

/** A query for the rows a list matches (any columns, no order or limit): the input of listTotal. */
type MatchingRows = { limit(n: number): { as(alias: string): unknown } } & {
  getSQL(): SQL;
  toSQL(): { sql: string; params: unknown[] };
};

/** Most lists match fewer rows than this: one count capped here answers them in one round trip. */
const QUICK_COUNT_LIMIT = 1_000;
/**
 * Above the quick count, the bounded count to EXACT_TOTAL_LIMIT runs only when the planner expects at most this
 * many rows: its estimate may be off by a few times, but a filter it puts at a million rows is not worth counting
 * to 50,000 to learn that it matches more.
 */
const RECOUNT_ESTIMATE_LIMIT = EXACT_TOTAL_LIMIT * 5;

/**
 * The number of rows a list matches: exact up to EXACT_TOTAL_LIMIT, above it the planner's estimate, flagged —
 * an exact count of a million rows costs more than the page itself (docs/performance.md#list-totals).
 * A count capped at QUICK_COUNT_LIMIT first; over it, the plan's estimate decides whether a count capped at
 * EXACT_TOTAL_LIMIT is worth running. What the last count of the same statement found (knownTotals, below) may
 * answer an estimate again or skip the quick count. `rows` builds the query afresh on each call (drizzle's builders
 * change in place).
 */
export async function listTotal(
  executor: Executor,
  rows: () => MatchingRows,
  reuse?: Reuse,
): Promise<ListTotal> {
  // The count statement's text is the key of what is known of it; with `reuse` it is built once per key.
  const key = reuse ? countKey(executor, reuse, rows) : JSON.stringify(rows().toSQL());
  const known = knownTotals.get(key);
  if (known?.estimated && Date.now() - known.at < ESTIMATE_REUSE_MS) {
    return { total: known.total, totalEstimated: true };
  }
  // The embedded engine: an exact total holds while nothing it counts has been written (db/embedded-writes.ts).
  const writes = embeddedWritesOf(executor);
  if (known && !known.estimated && known.snapshot && writes?.unchangedSince(known.snapshot)) {
    return { total: known.total, totalEstimated: false };
  }
  await writes?.ready();
  // Taken before counting: a write that lands after it, even one queued ahead of the count, makes it stale.
  const snapshot = writes?.snapshot(key);
  if (!writes || !snapshot) return countTotal(executor, rows, key, known, snapshot, reuse);
  // A burst of the same page (a cold start, or twenty operators after one save) counts once: a count in flight since
  // before the last write to what it counts is joined, and what it finds is current for every request joining it.
  const pending = countsInFlight.get(key);
  if (pending && writes.unchangedSince(pending.snapshot)) return pending.total;
  const entry = { snapshot, total: countTotal(executor, rows, key, known, snapshot, reuse) };
  countsInFlight.set(key, entry);
  try {
    return await entry.total;
  } finally {
    if (countsInFlight.get(key) === entry) countsInFlight.delete(key);
  }
}

function countKey(executor: Executor, reuse: Reuse, rows: () => MatchingRows) {
  const kept = keptAt(executor, `${reuse.site} count`);
  const id = statementKey(reuse.key);
  return (kept.get(id) as string | undefined) ?? keep(kept, id, JSON.stringify(rows().toSQL()));
}

/** The embedded engine's counts under way, by statement (listTotal). */
const countsInFlight = new Map<string, { snapshot: WriteSnapshot; total: Promise<ListTotal> }>();

async function countTotal(
  executor: Executor,
  rows: () => MatchingRows,
  key: string,
  known: ReturnType<typeof knownTotals.get>,
  snapshot: WriteSnapshot | undefined,
  reuse: Reuse | undefined,
): Promise<ListTotal> {
  // The same statement counted past the quick count a moment ago: straight to the full count (still exact).
  const countedToLimit = known !== undefined && !known.estimated && known.total > QUICK_COUNT_LIMIT;
  if (countedToLimit) {
    const exact = await cappedCount(executor, rows, EXACT_TOTAL_LIMIT, reuse);
    if (exact <= EXACT_TOTAL_LIMIT) return knownTotals.keep(key, exact, false, snapshot);
  } else {
    const quick = await cappedCount(executor, rows, QUICK_COUNT_LIMIT, reuse);
    if (quick <= QUICK_COUNT_LIMIT) return knownTotals.keep(key, quick, false, snapshot);
  }
  const [plan] = await queryRows<{ 'QUERY PLAN': unknown }>(
    executor,
    sql`EXPLAIN (FORMAT JSON) ${rows().getSQL()}`,
  );
  const estimate = planRows(plan?.['QUERY PLAN']);
  if (estimate <= RECOUNT_ESTIMATE_LIMIT && !countedToLimit) {
    const exact = await cappedCount(executor, rows, EXACT_TOTAL_LIMIT, reuse);
    if (exact <= EXACT_TOTAL_LIMIT) return knownTotals.keep(key, exact, false, snapshot);
  }
  return knownTotals.keep(key, Math.max(EXACT_TOTAL_LIMIT + 1, estimate), true);
}

/**
 * What the process last learned of each count statement (docs/performance.md#list-totals). An estimated total is
 * reused for ESTIMATE_REUSE_MS: an estimate is only ever about right and the planner's own moves slowly, so the
 * reuse changes nothing an operator can see, while it spares the statements behind it on every first page of a big
 * list. On PostgreSQL an exact total is never reused; it only tells the next count of the same statement which
 * count to run (one that matched more than QUICK_COUNT_LIMIT rows is counted to EXACT_TOTAL_LIMIT at once, without
 * the quick count and the plan), so a row just added or removed still shows in the next total. On the embedded
 * engine, whose one process sees every write, an exact total is reused while nothing it counts was written
 * (docs/performance.md#exact-totals-on-the-embedded-engine).
 */
export const ESTIMATE_REUSE_MS = 10_000;
const TOTALS_KEPT = 500;

class KnownTotals {
  private readonly known = new Map<
    string,
    { total: number; estimated: boolean; at: number; snapshot?: WriteSnapshot }
  >();

  get(key: string) {
    return this.known.get(key);
  }

  keep(key: string, total: number, estimated: boolean, snapshot?: WriteSnapshot): ListTotal {
    // Oldest first out: a Map iterates in insertion order, and a kept key is re-inserted.
    this.known.delete(key);
    if (this.known.size >= TOTALS_KEPT) this.known.delete(this.known.keys().next().value!);
    this.known.set(key, { total, estimated, at: Date.now(), snapshot });
    return { total, totalEstimated: estimated };
  }

  /** For tests: forget everything. */
  clear(): void {
    this.known.clear();
  }
}

export const knownTotals = new KnownTotals();

/** How many rows match, counting no further than `limit + 1`. */
async function cappedCount(
  executor: Executor,
  rows: () => MatchingRows,
  limit: number,
  reuse: Reuse | undefined,
): Promise<number> {
  const build = () => {
    const capped = rows()
      .limit(limit + 1)
      .as('capped');
    // biome-ignore lint/suspicious/noExplicitAny: any matching-rows subquery; only its row count is read.
    return executor.select({ n: count() }).from(capped as any);
  };
  const [row] = await (reuse
    ? builtOnce(executor, `${reuse.site} count ${limit}`, reuse.key, build).execute()
    : build());
  return Number(row?.n ?? 0);
}

/** listTotal of the live rows of one table under a WHERE (given, or built when needed: see tablePage). */
export function tableTotal(
  executor: Executor,
  table: PgTable,
  where: SQL | undefined | (() => SQL | undefined),
  reuse?: Reuse,
): Promise<ListTotal> {
  const condition = typeof where === 'function' ? where : () => where;
  return listTotal(executor, () => executor.select({ one: sql`1` }).from(table).where(condition()), reuse);
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

/**
 * A search by phone digits: anywhere in the number, or — for whoever sees `010-****-5678` — within the last four
 * only, so a masked middle is not found out digit by digit (docs/SECURITY.md#contacts-a-viewer-sees).
 */
export function contactDigitsCondition(column: PgColumn, digits: string, masked: boolean): SQL {
  if (!masked) return like(column, containsPattern(digits));
  return digits.length <= 4 ? like(sql`right(${column}, 4)`, containsPattern(digits)) : sql`false`;
}
