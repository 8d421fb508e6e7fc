import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IMPORT_COLUMNS } from '@ilson/contracts';
import iconv from 'iconv-lite';
import pg from 'pg';
import { BENCH_SECRETS } from './dataset';
import { memoryOf, startServer, stopServer } from './process';

/**
 * docs/imports.md: 100,000 workers from one CP949 CSV through the real server — upload, dry run, commit — on
 * PostgreSQL (a fresh database) and on the embedded engine, with the server's peak RSS meanwhile.
 * Targets: ≤ 60 s on PostgreSQL, ≤ 3 min embedded, memory bounded.
 */
export const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const PASSWORD = 'Bench-pass-123';
const BRANCH = '벤치 가져오기 지점';

export type ImportRun = {
  engine: 'postgres' | 'pglite';
  rows: number;
  fileMb: number;
  uploadSeconds: number;
  validateSeconds: number;
  commitSeconds: number;
  totalSeconds: number;
  rowsPerSec: number;
  committed: number;
  peakRssMb: number;
  idleRssMb: number;
};

const round = (value: number) => Math.round(value * 10) / 10;

/** A valid 외국인등록번호 per row (format only, as the contract checks it). */
const alienRegNo = (n: number) => `${900101}-${5 + (n % 2)}${String(n).padStart(6, '0')}`;

function csvFile(rows: number): Buffer {
  const headers = IMPORT_COLUMNS.workers.map((c) => c.header);
  const lines = [headers.join(',')];
  for (let i = 0; i < rows; i++) {
    const values: Record<string, string> = {
      nameKo: `벤치 ${i}`,
      lastName: 'NGUYEN',
      firstName: `BENCH ${i}`,
      // What the 외국인등록번호 states (docs/DOMAIN.md#identity): born 1990-01-01, 5 a man and 6 a woman.
      gender: i % 2 ? '여성' : '남성',
      dateOfBirth: '1990-01-01',
      nationality: '베트남',
      phoneNumber: `010-${String(1000 + (i % 9000))}-${String(1000 + ((i * 7) % 9000))}`,
      alienRegNo: alienRegNo(i),
      visaType: 'E-9',
      visaExpiryDate: '2028-06-30',
      koreanLevel: 'TOPIK 2급',
      desiredIndustries: '제조업',
      branch: BRANCH,
    };
    lines.push(IMPORT_COLUMNS.workers.map((c) => values[c.key] ?? '').join(','));
  }
  return iconv.encode(`${lines.join('\r\n')}\r\n`, 'cp949');
}

async function run(engine: ImportRun['engine'], env: Record<string, string>, port: number, file: Buffer) {
  const server = await startServer(env, port);
  const pid = server.child.pid!;
  try {
    const base = `http://127.0.0.1:${port}/api/v1`;
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@ilson.local', password: PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const json = { ...auth, 'content-type': 'application/json' };
    const branch = await fetch(`${base}/branches`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        name: BRANCH,
        code: `BI${Date.now() % 100000}`,
        region: '경기도',
        address: '경기도 안산시',
        phone: '031-400-1000',
      }),
    });
    if (branch.status !== 201) throw new Error(`branch: ${branch.status} ${await branch.text()}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const idleRssMb = memoryOf(pid).rssMb;
    let peak = idleRssMb;
    const sampler = setInterval(() => {
      peak = Math.max(peak, memoryOf(pid).rssMb);
    }, 100);

    const settle = async (id: number) => {
      for (;;) {
        const batch = (await (await fetch(`${base}/workers/imports/${id}`, { headers: auth })).json()) as {
          status: string;
          committed_rows: number;
          valid_rows: number;
          failure: string | null;
        };
        if (!['validating', 'committing'].includes(batch.status)) return batch;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };

    const t0 = performance.now();
    const uploaded = await fetch(`${base}/workers/imports?file_name=bench.csv`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/csv' },
      body: new Uint8Array(file),
    });
    if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
    const batch = (await uploaded.json()) as { id: number; mapping: (string | null)[] };
    const t1 = performance.now();
    await fetch(`${base}/workers/imports/${batch.id}/validate`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ mapping: batch.mapping }),
    });
    const validated = await settle(batch.id);
    if (validated.valid_rows !== IMPORT_ROWS) throw new Error(`dry run: ${JSON.stringify(validated)}`);
    const t2 = performance.now();
    await fetch(`${base}/workers/imports/${batch.id}/commit`, { method: 'POST', headers: auth });
    const committed = await settle(batch.id);
    const t3 = performance.now();
    clearInterval(sampler);
    peak = Math.max(peak, memoryOf(pid).rssMb);
    const total = (t3 - t0) / 1000;
    return {
      engine,
      rows: IMPORT_ROWS,
      fileMb: round(file.length / 1e6),
      uploadSeconds: round((t1 - t0) / 1000),
      validateSeconds: round((t2 - t1) / 1000),
      commitSeconds: round((t3 - t2) / 1000),
      totalSeconds: round(total),
      rowsPerSec: Math.round(IMPORT_ROWS / total),
      committed: committed.committed_rows,
      peakRssMb: peak,
      idleRssMb,
    } satisfies ImportRun;
  } finally {
    await stopServer(server);
  }
}

export async function measureImports(port: number): Promise<ImportRun[]> {
  const file = csvFile(IMPORT_ROWS);
  const results: ImportRun[] = [];
  const adminUrl = process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = 'ilson_bench_import';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ilson-bench-import-'));
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const common = { ADMIN_PASSWORD: PASSWORD, DEMO_DATA_SCALE: '0', ...BENCH_SECRETS };
    if (process.env.BENCH_IMPORT_ENGINES !== 'pglite') {
      results.push(
        await run('postgres', { ...common, DATABASE_URL: url.toString(), DATA_DIR: dataDir }, port, file),
      );
    }
    if (process.env.BENCH_IMPORT_ENGINES !== 'pg') {
      const liteDir = mkdtempSync(path.join(tmpdir(), 'ilson-bench-import-lite-'));
      try {
        results.push(await run('pglite', { ...common, DATA_DIR: liteDir }, port, file));
      } finally {
        rmSync(liteDir, { recursive: true, force: true });
      }
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}
