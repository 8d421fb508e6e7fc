import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import { getTableName } from 'drizzle-orm';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DbHandle } from '../db/client';
import { copyColumns, csvLine, type TableSpec } from './rows';

/** One connection the whole seed runs on, inside one transaction: raw SQL and COPY FROM STDIN / blob. */
/** Column names quoted: some are reserved words (`references`). */
const quoted = (columns: readonly string[]) => columns.map((c) => `"${c}"`).join(', ');

export type SeedConnection = {
  query<T = Record<string, unknown>>(text: string): Promise<T[]>;
  /** `freeze`: the table was emptied by TRUNCATE in this transaction (COPY … FREEZE, docs/seed.md#bulk-load). */
  copyCsv(table: string, columns: readonly string[], csv: string, freeze: boolean): Promise<void>;
  release(): Promise<void>;
};

export async function connect(handle: DbHandle): Promise<SeedConnection> {
  if (handle.engine === 'pg') {
    const client = await handle.pool!.connect();
    // Loading a large scale takes longer than the API's statement timeout.
    await client.query('SET statement_timeout = 0');
    return pgConnection(client);
  }
  return pgliteConnection(handle.pglite!);
}

function pgConnection(client: pg.PoolClient): SeedConnection {
  return {
    async query<T>(text: string) {
      return (await client.query(text)).rows as T[];
    },
    async copyCsv(table, columns, csv, freeze) {
      const stream = client.query(
        copyFrom(`COPY ${table} (${quoted(columns)}) FROM STDIN WITH (${copyOptions(freeze)})`),
      );
      await pipeline(Readable.from([csv]), stream);
    },
    async release() {
      client.release();
    },
  };
}

function pgliteConnection(db: PGlite): SeedConnection {
  return {
    async query<T>(text: string) {
      return (await db.query<T>(text)).rows;
    },
    async copyCsv(table, columns, csv, freeze) {
      const statement = `COPY ${table} (${quoted(columns)}) FROM '/dev/blob' WITH (${copyOptions(freeze)})`;
      await db.query(statement, [], { blob: new Blob([csv]) });
    },
    async release() {},
  };
}

const copyOptions = (freeze: boolean) => (freeze ? 'FORMAT csv, FREEZE' : 'FORMAT csv');

/**
 * docs/seed.md#bulk-load: sets aside the secondary indexes and the foreign keys of the tables about to be filled (in
 * the seed's transaction: nothing is seen or lost if it fails) and returns how to put them back, built once over the
 * loaded rows instead of row by row. Unique indexes and foreign keys are checked again as they come back, so a seed
 * that broke one still fails. Primary keys, unique and exclusion constraints, checks and triggers stay in force
 * throughout.
 */
export async function setAsideIndexesAndKeys(
  conn: SeedConnection,
  tables: readonly string[],
): Promise<() => Promise<void>> {
  const set = `ARRAY[${tables.map((table) => `'${table}'`).join(', ')}]::regclass[]`;
  const keys = await conn.query<{ owner: string; name: string; definition: string }>(
    `SELECT conrelid::regclass::text AS owner, quote_ident(conname) AS name, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint WHERE contype = 'f' AND conrelid = ANY(${set}) ORDER BY oid`,
  );
  const indexes = await conn.query<{ name: string; definition: string }>(
    `SELECT indexrelid::regclass::text AS name, pg_get_indexdef(indexrelid) AS definition
       FROM pg_index i
      WHERE indrelid = ANY(${set})
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
      ORDER BY indexrelid`,
  );
  for (const key of keys) await conn.query(`ALTER TABLE ${key.owner} DROP CONSTRAINT ${key.name}`);
  if (indexes.length > 0) await conn.query(`DROP INDEX ${indexes.map((index) => index.name).join(', ')}`);
  return async () => {
    for (const index of indexes) await conn.query(index.definition);
    for (const key of keys) {
      await conn.query(`ALTER TABLE ${key.owner} ADD CONSTRAINT ${key.name} ${key.definition}`);
    }
  };
}

export type LoadResult = { table: string; rows: number; ms: number; waitMs: number };

const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Streams generated records into a table in COPY batches, so memory stays bounded at any scale. The next
 * batch is generated while the server ingests the previous one (PostgreSQL works in its own process); the
 * generator yields to the event loop now and then so the socket keeps draining meanwhile.
 */
export async function copyRecords<T>(
  conn: SeedConnection,
  spec: TableSpec<T>,
  records: Iterable<T>,
  options: { batchRows?: number; onProgress?: (rows: number) => void; freeze?: boolean } = {},
): Promise<LoadResult> {
  // Small enough that a batch's text dies young (docs/seed.md#memory): 20,000 rows spent a third of the time in GC.
  const batchRows = options.batchRows ?? 5_000;
  const table = getTableName(spec.table);
  // The first row names the fields; every row of a spec is the same object literal, so the others follow them.
  let fields: string[] | null = null;
  let columns: string[] = [];
  const started = performance.now();
  let waitMs = 0;
  let inFlight: Promise<void> | null = null;
  let csv = '';
  let inBatch = 0;
  let rows = 0;
  const send = async (chunk: string, count: number) => {
    const waitStarted = performance.now();
    await inFlight;
    waitMs += performance.now() - waitStarted;
    rows += count;
    const reported = rows;
    inFlight = conn
      .copyCsv(table, columns, chunk, options.freeze ?? false)
      .then(() => options.onProgress?.(reported));
    // A failed batch surfaces at the next await; keep it from counting as unhandled meanwhile.
    inFlight.catch(() => {});
  };
  for (const record of records) {
    const row = spec.row(record) as Record<string, unknown>;
    if (fields === null) {
      fields = Object.keys(row);
      columns = copyColumns(spec.table, fields);
    }
    csv += csvLine(fields.map((field) => row[field]));
    inBatch++;
    if (inBatch % 1_000 === 0 && inFlight) await yieldToIo();
    if (inBatch === batchRows) {
      await send(csv, inBatch);
      csv = '';
      inBatch = 0;
    }
  }
  if (inBatch > 0) await send(csv, inBatch);
  const waitStarted = performance.now();
  await inFlight;
  waitMs += performance.now() - waitStarted;
  return { table, rows, ms: performance.now() - started, waitMs };
}
