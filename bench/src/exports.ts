import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
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
    client.query(copyTo(`COPY (${query}) TO STDOUT WITH (FORMAT csv)`)),
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

/** Downloads one export through HTTP and samples the server's RSS every 50 ms meanwhile. */
async function download(url: string, token: string, pid: number) {
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryOf(pid).rssMb);
  }, 50);
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok || !response.body)
    throw new Error(`export failed: ${response.status} ${await response.text()}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += (chunk as Uint8Array).length;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
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
    const copyExportQuery = await copyRate(
      client,
      `SELECT w.id, w.name_ko, w.last_name || ' ' || w.first_name, w.gender, to_char(w.date_of_birth, 'YYYY-MM-DD'),
        w.nationality, w.phone_number, w.email_address, w.alien_reg_no_masked, w.passport_no_masked, w.visa_type,
        w.visa_status, to_char(w.visa_expiry_date, 'YYYY-MM-DD'), to_char(w.entry_date, 'YYYY-MM-DD'),
        w.korean_level, b.name, w.status, to_char(w.created_at AT TIME ZONE 'Asia/Seoul', 'YYYY-MM-DD HH24:MI:SS')
       FROM workers w LEFT JOIN branches b ON b.id = w.branch_id WHERE w.deleted_at IS NULL ${order}`,
    );
    const csv = await download(`${base}/exports/workers?format=csv&reason=bench`, token, server.child.pid!);
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
