import { appendFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger, SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { withCommitHooks } from './commit-hooks';
import { watchEmbeddedWrites } from './embedded-writes';
import { serveOldestRequestFirst } from './oldest-request-first';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Engine = 'pglite' | 'pg';
export type NoticeHandlers = { notice(payload: string): void; live(heard: boolean): void };

export type DbHandle = {
  db: Database;
  engine: Engine;
  /** The pg pool (real PostgreSQL only): streaming exports and health checks use it directly. */
  pool?: pg.Pool;
  pglite?: PGlite;
  /**
   * Hears the notices sent on `channel` (NOTIFY / pg_notify) by any process once their transaction commits.
   * `live(false)` means notices may have been missed (the listening connection is lost; it reconnects by itself),
   * `live(true)` that they are heard again. Returns the way to stop.
   */
  listen(channel: string, handlers: NoticeHandlers): Promise<() => Promise<void>>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

const drizzleOptions = { schema, casing: 'snake_case' } as const;

/**
 * Memoize is off for the app's sessions: a list page joins its lookups (branch, employer, worker …) by primary
 * key for 20 rows, and with a million-row estimate each Memoize node sets up a cache sized for a million keys —
 * 3 ms of executor start-up for 0.2 ms of work (measured on the matchings page; bare-SQL rate 190 → 398 req/s).
 *
 * DateStyle ISO: dates and timestamps come out as `YYYY-MM-DD hh:mm:ss`, whatever the server's default; node-pg
 * parses that form, and the CSV export writes dates as their own text output (export/sql.ts).
 */
const SESSION_SETTINGS = { enable_memoize: 'off', DateStyle: 'ISO' } as const;
const SESSION_OPTIONS = Object.entries(SESSION_SETTINGS)
  .map(([name, value]) => `-c ${name}=${value}`)
  .join(' ');

// Dates and timestamps come back as strings; the repositories decide how to present them.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function openPostgres(
  url: string,
  options: { max?: number; statementTimeoutMs?: number; sqlTraceFile?: string } = {},
): DbHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: options.statementTimeoutMs ?? 20_000,
    application_name: 'ilson',
    options: SESSION_OPTIONS,
  });
  // An idle client losing its connection (PostgreSQL restarted) must not crash the process.
  pool.on('error', () => {});
  // Nor one that is checked out (a transaction, an export): the pool takes its idle listener off while a client is
  // lent, so the lost connection's 'error' event would be unhandled. The query in flight fails (a 503 to the
  // caller) and the pool drops the broken client when it comes back.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = withCommitHooks(
    drizzlePg(pool, {
      ...drizzleOptions,
      logger: options.sqlTraceFile ? sqlTrace(options.sqlTraceFile) : false,
    }) as unknown as Database,
  );
  return {
    db,
    engine: 'pg',
    pool,
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
    async ping() {
      await pool.query('SELECT 1');
    },
    async close() {
      await pool.end();
    },
  };
}

const RELISTEN_DELAY_MS = [100, 500, 1_000, 2_000, 5_000];

/**
 * A connection of its own (a pooled one would be lent to queries) that LISTENs on `channel`, and again after any loss.
 * Between a loss and the next LISTEN, notices are missed: `live(false)` tells the listener to trust nothing it kept.
 */
async function listenPostgres(
  url: string,
  channel: string,
  handlers: NoticeHandlers,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;

  const lost = (lostClient: pg.Client) => {
    if (client !== lostClient) return;
    client = undefined;
    handlers.live(false);
    lostClient.end().catch(() => {});
    if (stopped) return;
    const delay = RELISTEN_DELAY_MS[Math.min(attempt++, RELISTEN_DELAY_MS.length - 1)];
    retry = setTimeout(connect, delay);
    retry.unref();
  };

  async function connect() {
    if (stopped) return;
    const next = new pg.Client({
      connectionString: url,
      application_name: 'ilson-listen',
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
    });
    client = next;
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.notice(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      lost(next);
      return;
    }
    if (client !== next) {
      // Stopped, or lost, while it connected.
      next.end().catch(() => {});
      return;
    }
    attempt = 0;
    handlers.live(true);
  }

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = undefined;
    handlers.live(false);
    await last?.end().catch(() => {});
  };
}

/** The bench's view of what a request runs: every statement with its parameters, one JSON line each. */
function sqlTrace(file: string): Logger {
  return {
    logQuery(query, params) {
      appendFileSync(file, `${JSON.stringify({ query, params })}\n`);
    },
  };
}

export function wrapPglite(client: PGlite, options: { sqlTraceFile?: string } = {}): DbHandle {
  serveOldestRequestFirst(client);
  const db = withCommitHooks(
    drizzlePglite(client, {
      ...drizzleOptions,
      logger: options.sqlTraceFile ? sqlTrace(options.sqlTraceFile) : false,
    }) as unknown as Database,
  );
  // Lets a list reuse an exact total while nothing it counts was written (db/list.ts listTotal).
  watchEmbeddedWrites(client, db);
  return {
    db,
    engine: 'pglite',
    pglite: client,
    async listen(channel, handlers) {
      // One process owns the embedded database: its own writes are all there is, and PGlite hands their notices over
      // as the statement that sent them returns.
      const stop = await client.listen(channel, handlers.notice);
      handlers.live(true);
      return async () => {
        handlers.live(false);
        if (!client.closed) await stop();
      };
    },
    async ping() {
      await client.query('SELECT 1');
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * PGlite's buffer pool, in place of its 128 MB default: it is resident from the start (PGlite touches all of it),
 * and 48 MB holds the demo's data and much of a small team's while the process stays under its memory target
 * (docs/performance.md#embedded-memory).
 */
export const EMBEDDED_SHARED_BUFFERS = '48MB';

/**
 * Reading a page the embedded engine does not hold costs it a copy from the operating system's cache, whatever the
 * order: the planner is told so (PostgreSQL's default of 4 models a spinning disk). Without it, a list filtered by
 * a common value walks the primary key past every newer row of other values rather than take the index made for
 * that filter (docs/performance.md#embedded-planning).
 */
const EMBEDDED_RANDOM_PAGE_COST = '1.1';

/** The start parameters of every embedded database (bench/src/api.ts opens PGlite directly with the same). */
const EMBEDDED_START_PARAMS = [
  '-c',
  `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`,
  '-c',
  `random_page_cost=${EMBEDDED_RANDOM_PAGE_COST}`,
];

export async function openPglite(
  dataDir?: string,
  loadDataDir?: Blob,
  options: { sqlTraceFile?: string } = {},
): Promise<DbHandle> {
  // pg_trgm: the lists' free-text search uses trigram indexes (migration 0007), as on PostgreSQL.
  const client = await PGlite.create({
    dataDir,
    loadDataDir,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...EMBEDDED_START_PARAMS],
  });
  // PGlite is one session for the life of the process: the same settings as every PostgreSQL connection.
  for (const [name, value] of Object.entries(SESSION_SETTINGS)) await client.exec(`SET ${name} = ${value}`);
  return wrapPglite(client, options);
}

/** Raw SQL rows, the same on both engines (both drivers answer with `{ rows }`). */
export async function queryRows<T>(executor: Pick<Database, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
