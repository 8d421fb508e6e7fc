import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine } from './helpers';
import { adminUrl, templateName, withDatabase } from './pg-admin';

const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');
const dataDir = mkdtempSync(path.join(tmpdir(), 'ilson-proc-'));
let databaseUrl: string | undefined;
const dropDatabase: (() => Promise<unknown>)[] = [];

type Server = { child: ChildProcess; port: number; output: () => string; exited: Promise<number | null> };

function startServer(port: number, logLevel = 'warn', extraEnv: Record<string, string> = {}): Server {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'Proc-test-pass-1',
      LOG_LEVEL: logLevel,
      SHUTDOWN_DRAIN_MS: '300',
      NODE_ENV: 'test',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, output: () => output, exited };
}

async function waitReady(server: Server, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server not ready: ${server.output()}`);
}

const port = () => 40_000 + Math.floor(Math.random() * 20_000);

beforeAll(async () => {
  if (engine === 'pg') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `${templateName(url).replace(/_tpl$/, '')}_p_${randomBytes(4).toString('hex')}`;
    await withDatabase(adminUrl(url), (client) => client.query(`CREATE DATABASE "${name}"`));
    databaseUrl = adminUrl(url, name);
    dropDatabase.push(() =>
      withDatabase(adminUrl(url), (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
    );
  }
});
afterAll(async () => {
  for (const drop of dropDatabase) await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe(`the server process (${engine})`, () => {
  it('starts on an empty database, prints the first admin once, and drains in-flight requests on SIGTERM', async () => {
    const server = startServer(port(), 'info');
    await waitReady(server);
    expect(server.output()).toContain('첫 최고 관리자(super_admin) 계정을 만들었습니다.');
    const received = () =>
      server.output().match(/"url":"\/api\/v1\/auth\/login"[^\n]*incoming request/g)?.length ?? 0;

    const base = `http://127.0.0.1:${server.port}`;
    const inFlight = Array.from({ length: 8 }, () =>
      fetch(`${base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin', password: 'Proc-test-pass-1' }),
      }).then((response) => response.status),
    );
    // In flight = received by the server: every one of them must finish normally.
    while (received() < 8) await new Promise((resolve) => setTimeout(resolve, 10));
    server.child.kill('SIGTERM');
    while (!server.output().includes('shutting down'))
      await new Promise((resolve) => setTimeout(resolve, 10));
    const late = await fetch(`${base}/api/v1/settings/public`).then(
      (response) => response.status,
      () => 'refused',
    );
    expect(await Promise.all(inFlight)).toEqual(Array(8).fill(200));
    expect([503, 'refused']).toContain(late);
    expect(await server.exited).toBe(0);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();

    const again = startServer(port());
    await waitReady(again);
    expect(again.output()).not.toContain('첫 최고 관리자');
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  });

  it.runIf(engine === 'pglite')('refuses a second process on the same data directory', async () => {
    const first = startServer(port());
    await waitReady(first);
    const second = startServer(port());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('다른 프로세스');
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  });

  it.runIf(engine === 'pglite')(
    'fills a brand-new embedded database with demo data on the first start only',
    async () => {
      const fresh = mkdtempSync(path.join(tmpdir(), 'ilson-demo-'));
      try {
        const env = { DATA_DIR: fresh, DEMO_DATA_SCALE: '0.2' };
        const first = startServer(port(), 'warn', env);
        await waitReady(first);
        // 0.2 × (1,000 workers, 200 employers): the banner says what was filled in.
        expect(first.output()).toMatch(
          /데모 데이터를 채웠습니다 \([\d.]+초\): 지점 \d+, 사업주 40, 근로자 200,/,
        );
        const base = `http://127.0.0.1:${first.port}/api/v1`;
        const login = await fetch(`${base}/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'admin', password: 'Proc-test-pass-1' }),
        });
        const { token } = (await login.json()) as { token: string };
        const workers = await fetch(`${base}/workers?page_size=1`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(((await workers.json()) as { meta: { total: number } }).meta.total).toBe(200);
        first.child.kill('SIGTERM');
        expect(await first.exited).toBe(0);

        // The next start keeps the data and adds none.
        const again = startServer(port(), 'warn', env);
        await waitReady(again);
        expect(again.output()).not.toContain('데모 데이터');
        again.child.kill('SIGTERM');
        expect(await again.exited).toBe(0);
      } finally {
        rmSync(fresh, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
