/**
 * `npm start` on PostgreSQL runs one API process per core behind one port (src/cluster.ts,
 * docs/ARCHITECTURE.md#processes): connections spread over the processes, a process that dies is replaced,
 * SIGHUP replaces them all one at a time without failing a request, SIGTERM stops them all.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { engine } from './helpers';
import { adminUrl, templateName, withDatabase } from './pg-admin';
import { loginTo, migratedDataDir, randomPort, spawnServer, waitReady } from './server-process';

const PASSWORD = 'Cluster-pass-123';
const cleanup: (() => unknown)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

function childrenOf(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split(' ').filter(Boolean).map(Number);
}

/** Starting a process under tsx takes seconds, many more on a loaded machine (the suite runs files in parallel). */
async function until<T>(what: string, probe: () => T | undefined | false, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** GET over the given agent; the status, or the error's code when the request failed. */
function get(port: number, url: string, token: string, agent: http.Agent | false): Promise<number | string> {
  return new Promise((resolve) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: url, agent, headers: { authorization: `Bearer ${token}` } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    // A request left without an answer is a failure to see, not a hung test.
    request.setTimeout(15_000, () =>
      request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })),
    );
  });
}

/** The pids of the processes that answered, from their request log lines (pino writes its pid in each). */
function answeringPids(output: string): Set<number> {
  const pids = new Set<number>();
  for (const line of output.split('\n')) {
    if (!line.includes('request completed')) continue;
    const pid = /"pid":(\d+)/.exec(line)?.[1];
    if (pid) pids.add(Number(pid));
  }
  return pids;
}

describe.runIf(engine === 'pg')('several API processes on PostgreSQL (WEB_CONCURRENCY)', () => {
  it('spreads connections, replaces a process that dies, restarts on SIGHUP without failing a request, stops on SIGTERM', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `${templateName(url).replace(/_tpl$/, '')}_cl_${randomBytes(4).toString('hex')}`;
    await withDatabase(adminUrl(url), (client) => client.query(`CREATE DATABASE "${name}"`));
    cleanup.push(() =>
      withDatabase(adminUrl(url), (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
    );
    const server = spawnServer(randomPort(), {
      DATABASE_URL: adminUrl(url, name),
      JWT_SECRET: 'cluster-test-secret-0123456789abcdef0123',
      PII_KEY: '2e'.repeat(32),
      ADMIN_PASSWORD: PASSWORD,
      WEB_CONCURRENCY: '2',
      LOG_LEVEL: 'info',
      SHUTDOWN_DRAIN_MS: '300',
    });
    cleanup.push(() => {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    });
    const primary = server.child.pid!;
    await waitReady(server);
    await until('two listening processes', () => server.output().includes('API processes listening'));
    const first = childrenOf(primary);
    expect(first).toHaveLength(2);
    // The schema and the first admin were done once, by the primary.
    expect(server.output().match(/첫 최고 관리자\(super_admin\) 계정을 만들었습니다/g)).toHaveLength(1);

    const token = await loginTo(server, 'admin', PASSWORD);
    // A new connection per request: the primary hands them to both processes.
    for (let i = 0; i < 20; i++) expect(await get(server.port, '/api/v1/auth/me', token, false)).toBe(200);
    expect([...answeringPids(server.output())].sort()).toEqual([...first].sort());

    // One dies: it is replaced, and the other serves meanwhile.
    process.kill(first[0]!, 'SIGKILL');
    // A connection the primary handed over just before the kill dies with the process (no server can answer it);
    // once the primary has seen the exit, new connections go to the other process.
    await until('the primary to see the exit', () =>
      server.output().includes('API process stopped unexpectedly'),
    );
    expect(await get(server.port, '/api/v1/auth/me', token, false)).toBe(200);
    const replaced = await until('a replacement', () => {
      const now = childrenOf(primary);
      return now.length === 2 && !now.includes(first[0]!) && now;
    });
    expect(replaced).toContain(first[1]);

    // SIGHUP under load on kept-alive connections: every request answered 200, then only new processes serve.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    let loading = true;
    const statuses: (number | string)[] = [];
    const loops = Array.from({ length: 4 }, async () => {
      while (loading) statuses.push(await get(server.port, '/api/v1/auth/me', token, agent));
    });
    await until('some load', () => statuses.length > 50);
    process.kill(primary, 'SIGHUP');
    const renewed = await until(
      'a rolling restart',
      () => {
        const now = childrenOf(primary);
        return (
          server.output().includes('rolling restart done') &&
          now.length === 2 &&
          now.every((pid) => !replaced.includes(pid)) &&
          now
        );
      },
      180_000,
    );
    const before = statuses.length;
    await until('load on the new processes', () => statuses.length > before + 50);
    loading = false;
    await Promise.all(loops);
    agent.destroy();
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(statuses.length).toBeGreaterThan(100);
    expect(renewed).toHaveLength(2);

    // SIGTERM: every process drains and exits, then the primary with 0.
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    for (const pid of renewed) expect(existsSync(`/proc/${pid}`)).toBe(false);
  }, 480_000);
});

describe.runIf(engine === 'pglite')('the embedded engine (WEB_CONCURRENCY)', () => {
  it('runs one API process whatever WEB_CONCURRENCY says: PGlite is opened by one process only', async () => {
    const dataDir = await migratedDataDir('ilson-cluster-');
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const server = spawnServer(randomPort(), {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_DATA_SCALE: '0',
      ADMIN_PASSWORD: PASSWORD,
      WEB_CONCURRENCY: '4',
    });
    await waitReady(server);
    // The supervisor and the one API process it runs (docs/ARCHITECTURE.md#processes).
    const children = childrenOf(server.child.pid!);
    expect(children).toHaveLength(1);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(existsSync(`/proc/${children[0]}`)).toBe(false);
  }, 120_000);
});
