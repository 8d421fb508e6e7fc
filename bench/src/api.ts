import { fork } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import autocannon from 'autocannon';
import pg from 'pg';
import { type Started, startServer, stopServer } from './process';

/** One endpoint under load: a GET of `path` (or a login), with its p95 target when it has one (docs/performance.md#targets). */
export type ApiCase = {
  group: string;
  name: string;
  path: string;
  targetP95Ms?: number;
  login?: boolean;
  connections?: number;
  /** A list page (the embedded engine's targets are per list, docs/performance.md#targets). */
  list?: boolean;
};

export type Latency = {
  p50: number;
  p95: number;
  p99: number;
  reqPerSec: number;
  requests: number;
  errors: number;
};

export type ApiResult = ApiCase & {
  server: Latency;
  /** The same statements, with the same parameters, through a bare pg pool at the same concurrency. */
  bare?: Latency & { statements: number };
  /** What one request ran (from the trace): kept in the results JSON for EXPLAIN. */
  sql?: Statement[];
  ratio?: number;
  totalEstimated?: boolean;
  /** The embedded engine, a list: the same load at 5 connections (docs/performance.md#targets: p95 ≤ 100 ms there). */
  fiveConnections?: Latency;
  /**
   * A case held to 70% of its bare SQL: the same load on an HTTP server that only runs the statements
   * (floor-server.ts), and its share of the bare SQL — how far any Node server gets on this machine.
   */
  floor?: Latency & { ratio: number };
  /** The same load on `npm start`'s default on PostgreSQL: one process per core (WEB_CONCURRENCY). */
  processes?: Latency & { count: number; ratio?: number };
};

export const PASSWORD = 'Bench-pass-123';
export const ADMIN_EMAIL = 'admin@ilson.local';
const CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 5);
/**
 * Each case is first run this long, unmeasured: the percentiles are the steady state's, not the JIT compiling the
 * case's code path or the engine reading its pages into memory for the first request after a start. The bare SQL and
 * PGlite directly are warmed up alike, so a ratio compares two warm sides.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_API_WARMUP_SECONDS ?? 1);

/** A list's first page or a detail at ≥ 70% of its bare SQL; every other case at ≥ 50% (docs/performance.md#targets). */
export const ratioTarget = (name: string): number => (/first page|detail/.test(name) ? 70 : 50);

/** Every list with its default sort and each typical filter, the deepest page, details, dashboard, stats, login. */
export function apiCases(ids: Record<string, number>): ApiCase[] {
  // BENCH_API_ONLY=<regex>: only the matching cases (while working on some of them).
  const only = process.env.BENCH_API_ONLY ? new RegExp(process.env.BENCH_API_ONLY) : undefined;
  return allCases(ids).filter((c) => !only || only.test(c.name));
}

function allCases(ids: Record<string, number>): ApiCase[] {
  const list = (group: string, base: string, filters: Record<string, string>): ApiCase[] => [
    { group, list: true, name: `${base} first page`, path: `/api/v1/${base}`, targetP95Ms: 50 },
    ...Object.entries(filters).map(([name, query]) => ({
      group,
      list: true,
      name: `${base} ${name}`,
      path: `/api/v1/${base}?${query}`,
      targetP95Ms: 50,
    })),
    {
      group,
      list: true,
      name: `${base} deepest page (500 × 20)`,
      path: `/api/v1/${base}?page=500&page_size=20`,
      targetP95Ms: 100,
    },
  ];
  const today = new Date();
  const yearAgo = new Date(today.getTime() - 364 * 86_400_000);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return [
    ...list('employers', 'employers', {
      'status=pending': 'status=pending',
      'industry=construction': 'industry=construction',
      'region=경기도': `region=${encodeURIComponent('경기도')}`,
      branch_id: `branch_id=${ids.branch}`,
      // Trigram search needs 3 characters; a 2-syllable Korean term still scans (see BENCHMARKS.md).
      'q=company name': `q=${encodeURIComponent('플라스틱')}`,
      'sort=company_name': 'sort=company_name&order=asc',
    }),
    ...list('workers', 'workers', {
      'status=seeking': 'status=seeking',
      'nationality=VN': 'nationality=VN',
      'visa_type=H-2': 'visa_type=H-2',
      branch_id: `branch_id=${ids.branch}`,
      'q=name': `q=${encodeURIComponent('Nguyen')}`,
      'q=phone digits': 'q=1234',
    }),
    ...list('job-posts', 'job-posts', {
      'status=active': 'status=active',
      'industry=agriculture': 'industry=agriculture',
      'visa_type=E-9': 'visa_type=E-9',
      branch_id: `branch_id=${ids.branch}`,
      'q=title': `q=${encodeURIComponent('용접공')}`,
    }),
    ...list('resumes', 'resumes', {
      'status=active': 'status=active',
      'nationality=NP': 'nationality=NP',
      branch_id: `branch_id=${ids.branch}`,
    }),
    ...list('matchings', 'matchings', {
      'status=interview': 'status=interview',
      'nationality=KH': 'nationality=KH',
      branch_id: `branch_id=${ids.branch}`,
      employer_id: `employer_id=${ids.employer}`,
      'created in the last 30 days': `created_from=${day(new Date(today.getTime() - 30 * 86_400_000))}`,
    }),
    ...list('payouts', 'payouts', {
      'status=pending': 'status=pending',
      'type=wage': 'type=wage',
      branch_id: `branch_id=${ids.branch}`,
    }),
    ...list('reviews', 'reviews', {
      'status=pending': 'status=pending',
      'reported only': 'reported_only=true',
      'rating=1': 'rating=1',
    }),
    ...list('users', 'users', { 'user_type=worker': 'user_type=worker', 'status=dormant': 'status=dormant' }),
    ...list('notices', 'notices', { 'status=published': 'status=published' }),
    ...list('branches', 'branches', { 'region=경기도': `region=${encodeURIComponent('경기도')}` }),
    ...list('admins', 'admins', { 'role=viewer': 'role=viewer' }),
    ...list('audit-logs', 'audit-logs', {
      'action=LOGIN': 'action=LOGIN',
      'target_type=worker': 'target_type=worker',
    }),
    { group: 'detail', name: 'employer detail', path: `/api/v1/employers/${ids.employer}` },
    { group: 'detail', name: 'worker detail', path: `/api/v1/workers/${ids.worker}` },
    { group: 'detail', name: 'job post detail', path: `/api/v1/job-posts/${ids.jobPost}` },
    { group: 'detail', name: 'matching detail', path: `/api/v1/matchings/${ids.matching}` },
    { group: 'detail', name: 'payout detail', path: `/api/v1/payouts/${ids.payout}` },
    { group: 'dashboard', name: 'dashboard', path: '/api/v1/dashboard', targetP95Ms: 100 },
    // The global search (p95 ≤ 100 ms, docs/performance.md#targets): every kind the super admin reads, five of each.
    {
      group: 'search',
      name: 'search q=company name',
      path: `/api/v1/search?q=${encodeURIComponent('플라스틱')}`,
      targetP95Ms: 100,
    },
    {
      group: 'search',
      name: 'search q=worker name',
      path: `/api/v1/search?q=${encodeURIComponent('Nguyen')}`,
      targetP95Ms: 100,
    },
    // Five operators searching at once (an office's worth): the same search at a human's concurrency.
    {
      group: 'search',
      name: 'search q=worker name, 5 connections',
      path: `/api/v1/search?q=${encodeURIComponent('Nguyen')}`,
      targetP95Ms: 100,
      connections: 5,
    },
    {
      group: 'search',
      name: 'search q=#matching',
      path: `/api/v1/search?q=${encodeURIComponent(`#${ids.matching}`)}`,
      targetP95Ms: 100,
    },
    {
      group: 'visa-expiry',
      name: 'visa-expiry first page (D-30)',
      path: '/api/v1/workers/visa-expiry?bucket=d30',
      targetP95Ms: 50,
    },
    {
      group: 'visa-expiry',
      name: 'visa-expiry overdue',
      path: '/api/v1/workers/visa-expiry?bucket=overdue',
      targetP95Ms: 50,
    },
    {
      group: 'stats',
      name: 'matching stats, 12 months',
      path: `/api/v1/matchings/stats?from=${day(yearAgo)}&to=${day(today)}`,
      targetP95Ms: 300,
    },
    {
      group: 'login',
      name: 'login (password hash, 4 connections)',
      path: '/api/v1/auth/login',
      login: true,
      connections: 4,
    },
  ];
}

/** Ids the filters and detail cases use, read through the API: a busy branch, an employer with matchings, … */
export async function pickIds(base: string, token: string): Promise<Record<string, number>> {
  const first = async (list: string) => {
    const reply = await fetch(`${base}/api/v1/${list}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await reply.json()) as { data: Record<string, number>[] };
    return body.data[0] ?? {};
  };
  const matching = await first('matchings?page_size=1');
  const worker = await first('workers?page_size=1');
  return {
    branch: worker.branch_id ?? 1,
    employer: matching.employer_id ?? 1,
    worker: worker.id ?? 1,
    jobPost: matching.job_post_id ?? 1,
    matching: matching.id ?? 1,
    payout: (await first('payouts?page_size=1')).id ?? 1,
  };
}

export async function login(base: string): Promise<string> {
  const reply = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: PASSWORD }),
  });
  if (!reply.ok) throw new Error(`login failed: ${reply.status} ${await reply.text()}`);
  return ((await reply.json()) as { token: string }).token;
}

/** An access token lives ACCESS_TOKEN_TTL_SECONDS (15 min); a whole engine's run takes longer. */
const TOKEN_REUSE_MS = 10 * 60_000;

/** A signed-in bench: `token()` signs in again once the last token is ten minutes old (a case takes seconds). */
function signedIn(base: string) {
  let current: { token: string; at: number } | undefined;
  return {
    async token(): Promise<string> {
      if (!current || performance.now() - current.at > TOKEN_REUSE_MS) {
        current = { token: await login(base), at: performance.now() };
      }
      return current.token;
    },
  };
}

export type Statement = { query: string; params: unknown[] };

/**
 * The statements each case runs, read from the SQL trace of a server started with SQL_TRACE_FILE: one request
 * per case, the trace lines it added. The measured server runs without the trace.
 */
export async function traceStatements(
  server: Started,
  traceFile: string,
  cases: ApiCase[],
  token: string,
): Promise<Map<string, { statements: Statement[]; totalEstimated?: boolean }>> {
  const base = `http://127.0.0.1:${server.port}`;
  const traced = new Map<string, { statements: Statement[]; totalEstimated?: boolean }>();
  for (const c of cases) {
    if (c.login) continue;
    // Twice: the first warms caches (settings) whose queries a steady-state request does not run.
    await fetch(`${base}${c.path}`, { headers: { authorization: `Bearer ${token}` } });
    const before = existsSync(traceFile) ? statSync(traceFile).size : 0;
    const reply = await fetch(`${base}${c.path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await reply.json()) as { meta?: { total_estimated?: boolean }; error?: unknown };
    if (!reply.ok) throw new Error(`${c.name}: ${reply.status} ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const added = readFileSync(traceFile).subarray(before).toString('utf8');
    const statements = added
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Statement);
    traced.set(c.name, { statements, totalEstimated: body.meta?.total_estimated });
  }
  return traced;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function summarise(latencies: number[], seconds: number, errors: number): Latency {
  const sorted = latencies.sort((a, b) => a - b);
  const r = (n: number) => Math.round(n * 10) / 10;
  return {
    p50: r(percentile(sorted, 50)),
    p95: r(percentile(sorted, 95)),
    p99: r(percentile(sorted, 99)),
    reqPerSec: Math.round(sorted.length / seconds),
    requests: sorted.length,
    errors,
  };
}

/**
 * What the admin client's browser sends with every call: the XSRF cookie the server gave it with the page (SPEC:
 * same-origin calls carry it). A client without it is given a new one with every reply, which no browser asks for.
 */
const BROWSER_COOKIE = `XSRF-TOKEN=${'b'.repeat(32)}`;

/**
 * autocannon against the running server, after WARMUP_SECONDS of the same load; latencies are collected per response
 * for exact percentiles.
 */
export async function loadServer(base: string, c: ApiCase, token: string): Promise<Latency> {
  if (WARMUP_SECONDS > 0) await runLoad(base, c, token, WARMUP_SECONDS);
  return runLoad(base, c, token, SECONDS);
}

async function runLoad(base: string, c: ApiCase, token: string, seconds: number): Promise<Latency> {
  const latencies: number[] = [];
  let errors = 0;
  let n = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: c.connections ?? CONNECTIONS,
        duration: seconds,
        requests: [
          c.login
            ? {
                method: 'POST',
                path: c.path,
                // A different client address per request (TRUST_PROXY): the per-IP login limit is not what is measured.
                setupRequest: (request) => ({
                  ...request,
                  headers: {
                    'content-type': 'application/json',
                    'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n++ & 255}`,
                  },
                  body: JSON.stringify({ email: ADMIN_EMAIL, password: PASSWORD }),
                }),
              }
            : {
                method: 'GET',
                path: c.path,
                headers: { authorization: `Bearer ${token}`, cookie: BROWSER_COOKIE },
              },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      if (status >= 400) errors++;
      latencies.push(responseTime);
    });
  });
  return summarise(latencies, seconds, errors + result.errors + result.timeouts);
}

/** The same statements, in the same order, per simulated request through a bare pool of as many connections. */
export async function loadBare(
  url: string,
  statements: Statement[],
  connections = CONNECTIONS,
): Promise<Latency> {
  // The server's session settings (apps/server/src/db/client.ts SESSION_SETTINGS): the same SQL, planned alike.
  const pool = new pg.Pool({ connectionString: url, max: connections, options: '-c enable_memoize=off' });
  let latencies: number[] = [];
  let errors = 0;
  const drive = (seconds: number) => {
    const until = performance.now() + seconds * 1000;
    return Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < until) {
          const started = performance.now();
          // One connection per simulated request: a BEGIN … COMMIT the server ran stays on one session.
          const client = await pool.connect();
          try {
            for (const s of statements) await client.query(s.query, s.params);
          } catch {
            errors++;
            await client.query('ROLLBACK').catch(() => {});
          } finally {
            client.release();
          }
          latencies.push(performance.now() - started);
        }
      }),
    );
  };
  try {
    // Warmed up as the server is (loadServer): the pool's connections open and their sessions plan the statements.
    if (WARMUP_SECONDS > 0) {
      await drive(WARMUP_SECONDS);
      latencies = [];
      errors = 0;
    }
    await drive(SECONDS);
  } finally {
    await pool.end();
  }
  return summarise(latencies, SECONDS, errors);
}

/**
 * The same statements per request through floor-server.ts, a Node HTTP server with nothing else, under the same
 * autocannon load as the server (its own process, as the server is).
 */
export async function loadFloor(url: string, c: ApiCase, statements: Statement[]): Promise<Latency> {
  const port = Number(process.env.BENCH_FLOOR_PORT ?? 3988);
  const child = fork(path.join(import.meta.dirname, 'floor-server.ts'), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const ready = new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`floor server exited (${code})`)));
    });
    child.send({ url, statements, connections: c.connections ?? CONNECTIONS, port });
    await ready;
    // No token: the floor checks nothing.
    return await loadServer(`http://127.0.0.1:${port}`, c, '');
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * PGlite opened as the server opens it (apps/server/src/db/client.ts: the start parameters and session settings
 * of docs/performance.md#embedded-memory), for the embedded engine's bare limit.
 */
async function openDirectPglite(dir: string): Promise<PGlite> {
  const db = await PGlite.create({
    dataDir: dir,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=48MB', '-c', 'random_page_cost=1.1'],
  });
  await db.exec('SET enable_memoize = off');
  return db;
}

/** A case's statements in a loop through PGlite for the bench's seconds, after a warm-up as the server's. */
async function loadPgliteDirect(db: PGlite, statements: Statement[]): Promise<Latency> {
  let latencies: number[] = [];
  let errors = 0;
  const drive = async (seconds: number) => {
    const until = performance.now() + seconds * 1000;
    while (performance.now() < until) {
      const started = performance.now();
      try {
        for (const s of statements) await db.query(s.query, s.params);
      } catch {
        errors++;
        await db.exec('ROLLBACK').catch(() => {});
      }
      latencies.push(performance.now() - started);
    }
  };
  if (WARMUP_SECONDS > 0) {
    await drive(WARMUP_SECONDS);
    latencies = [];
    errors = 0;
  }
  await drive(SECONDS);
  return summarise(latencies, SECONDS, errors);
}

/** The server's req/s as a percentage of the bare limit's. */
function shareOf(server: Latency, bare: Latency): number {
  return Math.round((server.reqPerSec / Math.max(1, bare.reqPerSec)) * 100);
}

/** Runs every case against a server on `url` (PostgreSQL, with the bare limit) or an embedded data directory. */
export async function measureApi(options: {
  port: number;
  env: Record<string, string>;
  databaseUrl?: string;
  /** The embedded engine's data directory (pgdata): the statements are then also run through PGlite directly. */
  pgliteDir?: string;
  /** Then the same cases again on this many processes (1: not). */
  processes?: number;
  log: (line: string) => void;
}): Promise<ApiResult[]> {
  const base = `http://127.0.0.1:${options.port}`;
  let traced = new Map<string, { statements: Statement[]; totalEstimated?: boolean }>();
  let cases: ApiCase[] | undefined;
  {
    const traceFile = path.join(tmpdir(), `ilson-bench-trace-${process.pid}.jsonl`);
    rmSync(traceFile, { force: true });
    const tracing = await startServer({ ...options.env, SQL_TRACE_FILE: traceFile }, options.port);
    try {
      const token = await login(base);
      cases = apiCases(await pickIds(base, token));
      traced = await traceStatements(tracing, traceFile, cases, token);
    } finally {
      await stopServer(tracing);
      rmSync(traceFile, { force: true });
    }
  }
  const server = await startServer(options.env, options.port);
  const results: ApiResult[] = [];
  try {
    const session = signedIn(base);
    cases ??= apiCases(await pickIds(base, await session.token()));
    for (const c of cases) {
      const token = await session.token();
      const measured = await loadServer(base, c, token);
      const trace = traced.get(c.name);
      const result: ApiResult = { ...c, server: measured, totalEstimated: trace?.totalEstimated };
      if (!options.databaseUrl && c.list)
        result.fiveConnections = await loadServer(base, { ...c, connections: 5 }, token);
      if (options.databaseUrl && trace) {
        const bare = await loadBare(options.databaseUrl, trace.statements, c.connections);
        result.bare = { ...bare, statements: trace.statements.length };
        result.sql = trace.statements;
        result.ratio = shareOf(measured, bare);
        if (ratioTarget(c.name) > 50) {
          const floor = await loadFloor(options.databaseUrl, c, trace.statements);
          result.floor = { ...floor, ratio: shareOf(floor, bare) };
        }
      }
      options.log(
        `  ${c.name}: p50 ${measured.p50} / p95 ${measured.p95} / p99 ${measured.p99} ms, ${measured.reqPerSec} req/s` +
          (result.bare ? ` — bare SQL ${result.bare.reqPerSec} req/s (${result.ratio}%)` : '') +
          (result.floor
            ? ` — statements-only HTTP server ${result.floor.reqPerSec} req/s (${result.floor.ratio}%)`
            : '') +
          (measured.errors ? ` — ${measured.errors} errors` : ''),
      );
      results.push(result);
    }
  } finally {
    await stopServer(server);
  }
  if (options.pgliteDir) {
    // The embedded engine's own limit: the same statements through PGlite in this process, one after another
    // (PGlite runs one query at a time, so more connections would only queue), on the stopped server's data.
    const direct = await openDirectPglite(options.pgliteDir);
    try {
      for (const result of results) {
        const trace = traced.get(result.name);
        if (!trace) continue;
        const bare = await loadPgliteDirect(direct, trace.statements);
        result.bare = { ...bare, statements: trace.statements.length };
        result.sql = trace.statements;
        result.ratio = shareOf(result.server, bare);
        options.log(
          `  ${result.name}: PGlite directly ${bare.reqPerSec} req/s (the server ${result.ratio}% of it)`,
        );
      }
    } finally {
      await direct.close();
    }
  }
  const count = options.processes ?? 1;
  if (count > 1) {
    const cluster = await startServer({ ...options.env, WEB_CONCURRENCY: String(count) }, options.port);
    try {
      const session = signedIn(base);
      for (const result of results) {
        const measured = await loadServer(base, result, await session.token());
        const ratio = result.bare ? shareOf(measured, result.bare) : undefined;
        result.processes = { ...measured, count, ratio };
        options.log(
          `  ${result.name} on ${count} processes: p95 ${measured.p95} ms, ${measured.reqPerSec} req/s` +
            (ratio === undefined ? '' : ` (${ratio}% of bare SQL)`),
        );
      }
    } finally {
      await stopServer(cluster);
    }
  }
  return results;
}
