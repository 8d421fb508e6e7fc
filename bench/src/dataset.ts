import { spawn } from 'node:child_process';
import pg from 'pg';
import { ROOT, startServer, stopServer } from './process';

/** Bench-only keys (a throwaway database): the seed and every server of a run must share them. */
export const BENCH_SECRETS = {
  JWT_SECRET: 'bench-only-jwt-secret-not-for-production-0001',
  PII_KEY: '0f'.repeat(32),
};

export const PG_SCALE = Number(process.env.BENCH_SCALE ?? 1000);
export const PGLITE_SCALE = Number(process.env.BENCH_PGLITE_SCALE ?? 20);

export async function ensureDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
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

export type SeedRun = { rows: number; ms: number };

/**
 * `npm run seed` as a user runs it, against the given environment (DATABASE_URL or DATA_DIR): the rows it reports
 * and the time it took from the command to its end.
 */
export function runSeed(
  env: Record<string, string>,
  scale: number,
  log: (line: string) => void,
): Promise<SeedRun> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'seed', '--', '--scale', String(scale), '--reset'], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let tail = '';
    let rows = 0;
    const keep = (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-4000);
      for (const line of chunk.toString().split('\n')) {
        if (/행,|초$/.test(line)) log(`  ${line.trim()}`);
        // The last line: "완료: 9,876,543행, 123.4초".
        const done = /^완료: ([\d,]+)행/.exec(line);
        if (done) rows = Number(done[1]!.replaceAll(',', ''));
      }
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('exit', (code) =>
      code === 0
        ? resolve({ rows, ms: performance.now() - started })
        : reject(new Error(`seed failed (${code}):\n${tail}`)),
    );
  });
}

/**
 * The benchmark dataset on PostgreSQL: migrated, the first admin created (the access log needs admins), and the
 * demo data at PG_SCALE. A database that already holds that many workers is reused as it is (a seed of 1M
 * workers takes minutes).
 */
export async function ensurePgDataset(
  url: string,
  env: Record<string, string>,
  port: number,
  log: (line: string) => void,
): Promise<void> {
  await prepareDatabase(url, env, port);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const n = async (table: string) =>
      Number((await client.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
    const workers = await n('workers');
    // The seed's access log (1,000 rows per scale unit) exists only when an admin did before the seed ran.
    if (workers === PG_SCALE * 1000 && (await n('audit_logs')) >= PG_SCALE * 1000) return;
    // BENCH_KEEP_DATA=1: measure whatever the database holds (a quick run while the harness itself changes).
    if (process.env.BENCH_KEEP_DATA === '1' && workers > 0) return;
    log(`seeding PostgreSQL at scale ${PG_SCALE} (${workers} workers now)…`);
  } finally {
    await client.end();
  }
  await runSeed(env, PG_SCALE, log);
}

/** The database created if missing, migrated, and its first admin made (the seed's access log needs one). */
async function prepareDatabase(url: string, env: Record<string, string>, port: number): Promise<void> {
  await ensureDatabase(url);
  await stopServer(await startServer(env, port));
}

/** Seeding scale 1000 (docs/performance.md#targets) on PostgreSQL, from the command to its end (the api section reuses the data). */
export async function measurePgSeed(
  url: string,
  env: Record<string, string>,
  port: number,
  log: (line: string) => void,
): Promise<SeedRun> {
  await prepareDatabase(url, env, port);
  log(`seeding PostgreSQL at scale ${PG_SCALE}…`);
  return runSeed(env, PG_SCALE, log);
}
