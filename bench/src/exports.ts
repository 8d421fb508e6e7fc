import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
// The server's own COPY reader: PostgreSQL's side is read as cheaply as the server reads it, so that neither
// client takes more of the two cores from PostgreSQL than the other (docs/exports.md#what-a-csv-row-costs).
import { copyOut } from '../../apps/server/src/export/copy-out';
import { BENCH_SECRETS, ensurePgDataset } from './dataset';
import { memoryOf, startServer, stopServer } from './process';

/** The rows of the export: every live worker of the dataset, counted before the run. */
let ROWS = 0;

export type ExportResult = {
  rows: number;
  copyExportQuery: { rowsPerSec: number; seconds: number; mb: number };
  copyRawRows: { rowsPerSec: number; seconds: number; mb: number };
  csv: { rowsPerSec: number; seconds: number; mb: number; peakRssMb: number; ratioToCopy: number };
  xlsx: { rowsPerSec: number; seconds: number; mb: number; peakRssMb: number };
  idleRssMb: number;
};

const PASSWORD = 'Bench-pass-123';

async function copyRate(client: pg.Client, query: string) {
  let bytes = 0;
  const started = performance.now();
  await pipeline(
    client.query(copyOut(`COPY (${query}) TO STDOUT WITH (FORMAT csv)`)),
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        callback();
      },
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { rowsPerSec: Math.round(ROWS / seconds), seconds: round(seconds), mb: round(bytes / 1e6) };
}

const round = (value: number) => Math.round(value * 10) / 10;

/** The run with the median rate. */
const median = <T extends { rowsPerSec: number }>(runs: T[]): T =>
  [...runs].sort((a, b) => a.rowsPerSec - b.rowsPerSec)[Math.floor(runs.length / 2)]!;

/**
 * Downloads one export through HTTP and samples the server's RSS every 50 ms meanwhile. node:http, not fetch: on
 * two cores the client's own CPU is taken from PostgreSQL and the server, and fetch's web streams cost this
 * client twice what node:http does for the same bytes (docs/exports.md#what-a-csv-row-costs).
 */
async function download(url: string, token: string, pid: number) {
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryOf(pid).rssMb);
  }, 50);
  const started = performance.now();
  let bytes = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      http
        .get(url, { headers: { authorization: `Bearer ${token}` } }, (response) => {
          if (response.statusCode !== 200) {
            let text = '';
            response.on('data', (chunk: Buffer) => (text += chunk));
            response.on('end', () => reject(new Error(`export failed: ${response.statusCode} ${text}`)));
            return;
          }
          response.on('data', (chunk: Buffer) => (bytes += chunk.length));
          response.on('end', resolve);
          response.on('error', reject);
        })
        .on('error', reject);
    });
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  peak = Math.max(peak, memoryOf(pid).rssMb);
  return {
    rowsPerSec: Math.round(ROWS / seconds),
    seconds: round(seconds),
    mb: round(bytes / 1e6),
    peakRssMb: peak,
  };
}

/**
 * Exports of 1M workers on PostgreSQL (BENCH_DATABASE_URL): CSV and xlsx through the real server, and
 * PostgreSQL's own `COPY … TO STDOUT` of the same rows in the same run.
 */
export async function measureExports(port: number): Promise<ExportResult> {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ilson_bench';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ilson-bench-export-'));
  const env = { DATABASE_URL: url, DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD, ...BENCH_SECRETS };
  await ensurePgDataset(url, env, port, (line) => console.log(line));
  const server = await startServer(env, port);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Every live worker of the seeded dataset (1M at the benchmark scale).
    ROWS = Number(
      (await client.query('SELECT count(*) AS n FROM workers WHERE deleted_at IS NULL')).rows[0].n,
    );
    const base = `http://127.0.0.1:${port}/api/v1`;
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@ilson.local', password: PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const idleRssMb = memoryOf(server.child.pid!).rssMb;

    const order = 'ORDER BY w.created_at DESC, w.id DESC';
    const copyRawRows = await copyRate(
      client,
      `SELECT w.* FROM workers w WHERE w.deleted_at IS NULL ${order}`,
    );
    // The comparison: the export's columns with none of its formatting (no labels, phone dashes, formula
    // neutralisation or nationality names), dates written the way the export writes them, under the session
    // settings the export runs with (DateStyle ISO, no JIT: export/sources.ts).
    await client.query('SET DateStyle = ISO; SET jit = off');
    const exportShaped = `SELECT w.id, w.name_ko, w.last_name || ' ' || w.first_name, w.gender, w.date_of_birth::text,
        w.nationality, w.phone_number, w.email_address, w.alien_reg_no_masked, w.passport_no_masked, w.visa_type,
        w.visa_status, w.visa_expiry_date::text, w.entry_date::text, w.korean_level, b.name, w.status,
        left((w.created_at AT TIME ZONE 'Asia/Seoul')::text, 19)
       FROM workers w LEFT JOIN branches b ON b.id = w.branch_id WHERE w.deleted_at IS NULL ${order}`;
    // COPY and the server's CSV take turns, three times each, and each reports its median: on a shared
    // 2-core machine one run of either can be a third slower than the next.
    const copies: Awaited<ReturnType<typeof copyRate>>[] = [];
    const csvs: Awaited<ReturnType<typeof download>>[] = [];
    for (let round = 0; round < 3; round++) {
      copies.push(await copyRate(client, exportShaped));
      csvs.push(await download(`${base}/exports/workers?format=csv&reason=bench`, token, server.child.pid!));
    }
    const copyExportQuery = median(copies);
    const csv = { ...median(csvs), peakRssMb: Math.max(...csvs.map((run) => run.peakRssMb)) };
    const xlsx = await download(
      `${base}/exports/workers?format=excel&reason=bench`,
      token,
      server.child.pid!,
    );
    return {
      rows: ROWS,
      copyExportQuery,
      copyRawRows,
      csv: { ...csv, ratioToCopy: round((csv.rowsPerSec / copyExportQuery.rowsPerSec) * 100) },
      xlsx,
      idleRssMb,
    };
  } finally {
    await client.end();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
