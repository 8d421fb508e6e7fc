import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine } from './helpers';
import { adminUrl, templateName, withDatabase } from './pg-admin';
import { loginTo, migratedDataDir, randomPort, spawnServer, waitReady } from './server-process';

const PASSWORD = 'Proc-test-pass-1';
let dataDir = '';
let databaseUrl: string | undefined;
const dropDatabase: (() => Promise<unknown>)[] = [];

function startServer(port: number, logLevel = 'warn', extraEnv: Record<string, string> = {}) {
  return spawnServer(port, {
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: logLevel,
    SHUTDOWN_DRAIN_MS: '300',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
    ...extraEnv,
  });
}

const port = randomPort;

beforeAll(async () => {
  // A migrated, empty database: the first admin is still created (and printed) by the first start.
  dataDir =
    engine === 'pglite'
      ? await migratedDataDir('ilson-proc-')
      : mkdtempSync(path.join(tmpdir(), 'ilson-proc-'));
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
        body: JSON.stringify({ email: 'admin', password: PASSWORD }),
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
    'loses no acknowledged write when killed (SIGKILL) in the middle of writing, and starts again on the same data',
    async () => {
      const fresh = await migratedDataDir('ilson-kill-');
      try {
        const env = { DATA_DIR: fresh, DEMO_DATA_SCALE: '0' };
        const first = startServer(port(), 'warn', env);
        await waitReady(first);
        const base = `http://127.0.0.1:${first.port}/api/v1`;
        const token = await loginTo(first, 'admin', PASSWORD);
        const acknowledged: number[] = [];
        let serial = 0;
        let killed = false;
        const writer = async () => {
          while (!killed) {
            const code = `KL-${serial++}`;
            const reply = await fetch(`${base}/branches`, {
              method: 'POST',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ name: `강제종료${code}`, code, region: '서울특별시' }),
            }).catch(() => null);
            if (reply?.status === 201) acknowledged.push(((await reply.json()) as { id: number }).id);
          }
        };
        const writers = Array.from({ length: 4 }, writer);
        while (acknowledged.length < 30) await new Promise((resolve) => setTimeout(resolve, 10));
        first.child.kill('SIGKILL');
        killed = true;
        expect(await first.exited).toBeNull();
        await Promise.all(writers);

        // The next start takes over the data directory of the dead process and has every acknowledged write.
        const again = startServer(port(), 'warn', env);
        await waitReady(again);
        const next = await loginTo(again, 'admin', PASSWORD);
        const listed = await fetch(`http://127.0.0.1:${again.port}/api/v1/branches?page_size=100&q=KL-`, {
          headers: { authorization: `Bearer ${next}` },
        });
        const ids = new Set(((await listed.json()) as { data: { id: number }[] }).data.map((b) => b.id));
        expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
        again.child.kill('SIGTERM');
        expect(await again.exited).toBe(0);
      } finally {
        rmSync(fresh, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it.runIf(engine === 'pglite')(
    'restarts the embedded API process after it is killed (kill -9), with every acknowledged write',
    async () => {
      const fresh = await migratedDataDir('ilson-restart-');
      try {
        const env = { DATA_DIR: fresh, DEMO_DATA_SCALE: '0', LOG_LEVEL: 'info' };
        const server = startServer(port(), 'info', env);
        await waitReady(server);
        const base = `http://127.0.0.1:${server.port}`;
        const token = await loginTo(server, 'admin', PASSWORD);
        const ids: number[] = [];
        for (let i = 0; i < 5; i++) {
          const reply = await fetch(`${base}/api/v1/branches`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ name: `재시작${i}`, code: `RS-${i}`, region: '서울특별시' }),
          });
          expect(reply.status).toBe(201);
          ids.push(((await reply.json()) as { id: number }).id);
        }
        const children = () =>
          readFileSync(`/proc/${server.child.pid}/task/${server.child.pid}/children`, 'utf8')
            .split(' ')
            .filter(Boolean)
            .map(Number);
        const [first] = children();
        expect(first).toBeGreaterThan(0);
        process.kill(first!, 'SIGKILL');
        const killedAt = performance.now();
        // The supervisor sees the exit, waits a second, forks a fresh process, which takes over the data
        // directory's lock of the dead one and opens the database again.
        let healthy = false;
        while (!healthy && performance.now() - killedAt < 30_000) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          healthy = await fetch(`${base}/healthz`).then(
            (reply) => reply.ok,
            () => false,
          );
        }
        const restartMs = Math.round(performance.now() - killedAt);
        expect(healthy, server.output()).toBe(true);
        expect(restartMs).toBeLessThan(30_000);
        console.log(`embedded API process killed: /healthz answered again after ${restartMs} ms`);
        const [second] = children();
        expect(second).not.toBe(first);
        expect(server.child.exitCode).toBeNull();
        const again = await loginTo(server, 'admin', PASSWORD);
        const listed = await fetch(`${base}/api/v1/branches?page_size=100&q=RS-`, {
          headers: { authorization: `Bearer ${again}` },
        });
        const found = ((await listed.json()) as { data: { id: number }[] }).data.map((b) => b.id);
        expect(ids.filter((id) => !found.includes(id))).toEqual([]);
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
        expect(existsSync(`/proc/${second}`)).toBe(false);
      } finally {
        rmSync(fresh, { recursive: true, force: true });
      }
    },
    120_000,
  );

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
        const token = await loginTo(first, 'admin', PASSWORD);
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
