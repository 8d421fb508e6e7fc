/**
 * Faults (RELIABILITY.md#faults): PostgreSQL stopped (as if it crashed) and started again while the API is under load. Meanwhile every
 * request gets a retryable 503 envelope — never a 500, never a dropped connection; afterwards the same process
 * answers again without a restart; and no write is half-applied (a record and its access-log entry commit together
 * or not at all). Runs on a throwaway cluster of its own, never the shared server.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { engine } from './helpers';
import {
  loginTo,
  randomPort,
  type ServerProcess,
  spawnServer,
  stopServer,
  waitReady,
} from './server-process';
import { startThrowawayCluster, type ThrowawayCluster } from './throwaway-cluster';

const PASSWORD = 'Fault-pass-1234';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Phase = 'up' | 'down' | 'restarted';
type Outcome = {
  phase: Phase;
  kind: 'read' | 'write';
  status: number | 'network';
  code?: string;
  id?: number;
};

let cluster: ThrowawayCluster | undefined;
let server: ServerProcess | undefined;

afterAll(async () => {
  await stopServer(server);
  await cluster?.destroy();
});

describe.runIf(engine === 'pg')('PostgreSQL stopped and restarted under load', () => {
  it('answers 503 envelopes meanwhile, recovers on its own, and leaves no write half-applied', async () => {
    cluster = await startThrowawayCluster();
    await cluster.createDatabase('ilson');
    server = spawnServer(randomPort(), {
      DATABASE_URL: cluster.url('ilson'),
      ADMIN_PASSWORD: PASSWORD,
      JWT_SECRET: 'fault-test-secret-0123456789abcdefghijklmn',
      PII_KEY: '2e'.repeat(32),
      DB_POOL_SIZE: '4',
    });
    await waitReady(server);
    const api = `${server.origin}/api/v1`;
    const token = await loginTo(server, 'admin', PASSWORD);

    let phase: Phase = 'up';
    let running = true;
    const outcomes: Outcome[] = [];
    let serial = 0;
    const once = async (kind: 'read' | 'write') => {
      const at = phase;
      const code = `FT-${randomBytes(3).toString('hex')}-${serial++}`;
      try {
        const response = await fetch(
          kind === 'read' ? `${api}/branches?page_size=5` : `${api}/branches`,
          kind === 'read'
            ? { headers: { authorization: `Bearer ${token}` } }
            : {
                method: 'POST',
                headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
                body: JSON.stringify({ name: `장애지점${serial}`, code, region: '서울특별시' }),
              },
        );
        const body = (await response.json()) as { id?: number; error?: { code: string } };
        outcomes.push({ phase: at, kind, status: response.status, code: body.error?.code, id: body.id });
        if (response.status === 503) expect(response.headers.get('retry-after')).toBeTruthy();
      } catch {
        outcomes.push({ phase: at, kind, status: 'network' });
      }
    };
    const clients = Array.from({ length: 6 }, async (_, i) => {
      while (running) {
        await once(i % 2 === 0 ? 'read' : 'write');
        // Retry politely while the database is away, as a client honouring Retry-After would (faster here).
        if (phase === 'down') await sleep(50);
      }
    });

    await sleep(1_500);
    phase = 'down';
    await cluster.stop('immediate');
    await sleep(2_500);
    expect(server.child.exitCode, server.output()).toBeNull();
    const ready = await fetch(`${server.origin}/readyz`);
    expect(ready.status).toBe(503);
    await cluster.start();
    phase = 'restarted';
    // Recovered on its own: successful writes again within a few seconds, the same process.
    const deadline = Date.now() + 20_000;
    while (
      Date.now() < deadline &&
      outcomes.filter((o) => o.phase === 'restarted' && o.status === 201).length < 5
    ) {
      await sleep(100);
    }
    await sleep(500);
    running = false;
    await Promise.all(clients);

    expect(server.child.exitCode, server.output()).toBeNull();
    expect((await fetch(`${server.origin}/readyz`)).status).toBe(200);
    const byPhase = (p: Phase) => outcomes.filter((o) => o.phase === p);
    const tally = (p: Phase) =>
      Object.entries(
        byPhase(p).reduce<Record<string, number>>((counts, o) => {
          counts[String(o.status)] = (counts[String(o.status)] ?? 0) + 1;
          return counts;
        }, {}),
      )
        .map(([status, n]) => `${status}×${n}`)
        .join(' ');
    console.log(
      `faults: before ${tally('up')}; database down ${tally('down')}; restarted ${tally('restarted')}`,
    );
    // Never a 500 or a dropped connection: 2xx, or 503 with the SERVICE_UNAVAILABLE envelope.
    const unexpected = outcomes.filter(
      (o) =>
        !(o.status === 200 || o.status === 201 || (o.status === 503 && o.code === 'SERVICE_UNAVAILABLE')),
    );
    expect(unexpected).toEqual([]);
    expect(byPhase('up').filter((o) => o.status === 201).length).toBeGreaterThan(0);
    expect(byPhase('down').filter((o) => o.status === 503).length).toBeGreaterThan(0);
    expect(byPhase('restarted').filter((o) => o.status === 201).length).toBeGreaterThanOrEqual(5);

    // Nothing half-applied: every branch has exactly its one CREATE entry, every 201 is there.
    const client = new pg.Client({ connectionString: cluster.url('ilson') });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: number; entries: number }>(
        `SELECT b.id, count(a.id)::int AS entries FROM branches b
           LEFT JOIN audit_logs a ON a.target_type = 'branch' AND a.target_id = b.id::text AND a.action = 'CREATE'
         WHERE b.code LIKE 'FT-%' GROUP BY b.id`,
      );
      expect(rows.filter((row) => row.entries !== 1)).toEqual([]);
      const stored = new Set(rows.map((row) => row.id));
      const created = outcomes.filter((o) => o.status === 201).map((o) => o.id!);
      expect(created.filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      await client.end();
    }
    expect(await stopServer(server)).toBe(0);
  }, 120_000);
});
