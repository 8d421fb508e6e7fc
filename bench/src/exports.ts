import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { memoryOf, startServer, stopServer } from './process';

export type ExportResult = {
  rows: number;
  copyExportQuery: { rowsPerSec: number; seconds: number; mb: number };
  copyRawRows: { rowsPerSec: number; seconds: number; mb: number };
  csv: { rowsPerSec: number; seconds: number; mb: number; peakRssMb: number; ratioToCopy: number };
  xlsx: { rowsPerSec: number; seconds: number; mb: number; peakRssMb: number };
  idleRssMb: number;
};

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const PASSWORD = 'Bench-pass-123';

/** The 17 EPS countries, for plausible nationality mixes. */
const COUNTRIES = [
  'PH',
  'MN',
  'LK',
  'VN',
  'TH',
  'UZ',
  'PK',
  'ID',
  'KH',
  'CN',
  'BD',
  'KG',
  'NP',
  'MM',
  'TL',
  'LA',
  'TJ',
];

/**
 * 1M workers written by one INSERT … SELECT generate_series (the demo seed arrives with [G]): names,
 * nationalities, phones, masked identifiers, visas and dates vary per row like real data.
 */
async function ensureWorkers(client: pg.Client): Promise<void> {
  const [{ n }] = (await client.query<{ n: number }>('SELECT count(*)::integer AS n FROM workers')).rows as [
    { n: number },
  ];
  if (n >= ROWS) return;
  console.log(`  seeding ${ROWS - n} workers for the export benchmark…`);
  await client.query(`INSERT INTO branches (name, code, region, address, phone)
    VALUES ('벤치지점', 'BENCH', '경기도', '경기도 안산시', '0311234567') ON CONFLICT DO NOTHING`);
  const countries = `ARRAY[${COUNTRIES.map((c) => `'${c}'`).join(',')}]`;
  await client.query(`
    INSERT INTO workers (name_ko, first_name, last_name, gender, date_of_birth, nationality, phone_number,
      email_address, alien_reg_no_masked, passport_no_masked, visa_type, visa_expiry_date, entry_date,
      korean_level, branch_id, status, created_at)
    SELECT '근로자' || n, 'Given' || n, 'FAMILY' || (n % 997), CASE WHEN n % 3 = 0 THEN 'female' ELSE 'male' END,
      DATE '1975-01-01' + (n % 9000), (${countries})[1 + n % 17], '010' || lpad((n % 100000000)::text, 8, '0'),
      CASE WHEN n % 4 = 0 THEN 'worker' || n || '@mail.test' ELSE '' END,
      to_char(DATE '1975-01-01' + (n % 9000), 'YYMMDD') || '-5******', 'M12****' || lpad((n % 100)::text, 2, '0'),
      (ARRAY['E-9','H-2','E-7','F-4'])[1 + n % 4], DATE '2026-01-01' + (n % 1500), DATE '2020-01-01' + (n % 2000),
      (ARRAY['none','topik1','topik2','topik3'])[1 + n % 4], (SELECT id FROM branches WHERE code = 'BENCH'),
      (ARRAY['seeking','matched','working','inactive'])[1 + n % 4],
      now() - make_interval(secs => n * 7)
    FROM generate_series(${n + 1}, ${ROWS}) AS n`);
  await client.query('ANALYZE workers');
}

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
  await ensureDatabase(url);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ilson-bench-export-'));
  const env = {
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: PASSWORD,
    JWT_SECRET: randomBytes(32).toString('hex'),
    PII_KEY: randomBytes(32).toString('hex'),
  };
  const server = await startServer(env, port);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await ensureWorkers(client);
    const base = `http://127.0.0.1:${port}/api/v1`;
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin', password: PASSWORD }),
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

async function ensureDatabase(url: string) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
}
