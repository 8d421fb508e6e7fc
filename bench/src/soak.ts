// `npm run test:reliability` (RELIABILITY.md#load-and-soak): the real server on PostgreSQL with demo data, warmed up, then
// SOAK_SECONDS (60) of a mixed read/write workload at SOAK_CONNECTIONS (100) with autocannon. Fails (exit 1) on any
// error or non-2xx reply, or when the server's RSS grows more than 10% after the warm-up; prints p50/p95/p99,
// req/s and the RSS figures (RELIABILITY.md). Uses its own database (RELIABILITY_DATABASE_URL), dropped afterwards.
import autocannon from 'autocannon';
import pg from 'pg';
import { login, PASSWORD } from './api';
import { BENCH_SECRETS, ensureDatabase, runSeed } from './dataset';
import { memoryOf, startServer, stopServer } from './process';

const URL_ = process.env.RELIABILITY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ilson_reliability';
const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const WARMUP_SECONDS = Number(process.env.SOAK_WARMUP_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 100);
const PORT = Number(process.env.SOAK_PORT ?? 3988);
const MAX_RSS_GROWTH = 0.1;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
}

async function dropDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** Every created record of the whole run is distinct (branch codes are unique). */
let serial = 0;

type Run = { result: autocannon.Result; non2xx: Map<number, number>; latencies: number[] };

/** One autocannon run of the mix: every connection cycles through reads of every kind and two creates. */
function load(
  base: string,
  token: string,
  seconds: number,
  ids: { employer: number; worker: number },
): Promise<Run> {
  const auth = { authorization: `Bearer ${token}` };
  const non2xx = new Map<number, number>();
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: seconds,
        timeout: 30,
        requests: [
          { method: 'GET', path: '/api/v1/employers', headers: auth },
          { method: 'GET', path: '/api/v1/workers?status=seeking', headers: auth },
          { method: 'GET', path: `/api/v1/employers/${ids.employer}`, headers: auth },
          { method: 'GET', path: '/api/v1/matchings?page_size=50', headers: auth },
          {
            method: 'POST',
            path: '/api/v1/notices',
            headers: { ...auth, 'content-type': 'application/json' },
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({
                title: `점검 공지 ${serial++}`,
                content: '<p>정기 점검 안내입니다.</p>',
              }),
            }),
          },
          { method: 'GET', path: '/api/v1/dashboard', headers: auth },
          { method: 'GET', path: `/api/v1/workers/${ids.worker}`, headers: auth },
          { method: 'GET', path: '/api/v1/payouts?status=pending', headers: auth },
          {
            method: 'POST',
            path: '/api/v1/branches',
            headers: { ...auth, 'content-type': 'application/json' },
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({ name: `부하지점${serial}`, code: `LD-${serial++}`, region: '경기도' }),
            }),
          },
          { method: 'GET', path: '/api/v1/notices', headers: auth },
        ],
      },
      (error, result) => (error ? reject(error) : resolve({ result, non2xx, latencies })),
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (status < 200 || status >= 300) non2xx.set(status, (non2xx.get(status) ?? 0) + 1);
    });
  });
}

await dropDatabase(URL_);
await ensureDatabase(URL_);
// One admin at a hundred connections: the per-admin read limits (docs/SECURITY.md#read-limits) are off.
const env = {
  ...BENCH_SECRETS,
  DATABASE_URL: URL_,
  ADMIN_PASSWORD: PASSWORD,
  SUMMARY_CACHE_SECONDS: '60',
  SEARCH_RATE_LIMIT_PER_MINUTE: '0',
  LIST_RATE_LIMIT_PER_MINUTE: '0',
};
// First start: migrations and the first admin; then demo data (scale 2) while no server runs.
await stopServer(await startServer(env, PORT));
await runSeed(env, 2, () => {});
const server = await startServer(env, PORT);
const base = `http://127.0.0.1:${PORT}`;
let failed = false;
try {
  const token = await login(base);
  const first = async (path: string) => {
    const reply = await fetch(`${base}/api/v1/${path}`, { headers: { authorization: `Bearer ${token}` } });
    return ((await reply.json()) as { data: { id: number }[] }).data[0]!.id;
  };
  const ids = { employer: await first('employers?page_size=1'), worker: await first('workers?page_size=1') };

  const warm = await load(base, token, WARMUP_SECONDS, ids);
  const afterWarmup = memoryOf(server.child.pid!);
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(memoryOf(server.child.pid!).rssMb), 1_000);
  const soak = await load(base, token, SECONDS, ids);
  clearInterval(sampler);
  const end = memoryOf(server.child.pid!);

  const { result } = soak;
  const errors = result.errors + result.timeouts + [...soak.non2xx.values()].reduce((a, b) => a + b, 0);
  // RSS moves by tens of MB with each major GC: the first and the last ten seconds of the soak are compared as
  // averages of one sample a second, not as two single readings.
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  const startMb = Math.round(mean(samples.slice(0, 10)));
  const endMb = Math.round(mean(samples.slice(-10)));
  const growth = (endMb - startMb) / startMb;
  const summary = {
    connections: CONNECTIONS,
    seconds: SECONDS,
    requests: result.requests.total,
    reqPerSec: Math.round(result.requests.average),
    latencyMs: {
      p50: percentile(soak.latencies, 50),
      p95: percentile(soak.latencies, 95),
      p99: percentile(soak.latencies, 99),
    },
    errors,
    non2xx: Object.fromEntries(soak.non2xx),
    warmupErrors:
      warm.result.errors + warm.result.timeouts + [...warm.non2xx.values()].reduce((a, b) => a + b, 0),
    rssMb: {
      afterWarmup: afterWarmup.rssMb,
      end: end.rssMb,
      firstTenSecondsMean: startMb,
      lastTenSecondsMean: endMb,
      max: Math.max(...samples),
      growthPct: Math.round(growth * 1000) / 10,
      everyTenSeconds: samples.filter((_, i) => i % 10 === 9),
    },
  };
  console.log(JSON.stringify(summary, null, 2));
  console.log(
    `soak: ${CONNECTIONS} connections × ${SECONDS} s, ${summary.requests} requests (${summary.reqPerSec} req/s), ` +
      `p50 ${summary.latencyMs.p50} / p95 ${summary.latencyMs.p95} / p99 ${summary.latencyMs.p99} ms, ` +
      `${errors} errors; RSS ${startMb} → ${endMb} MB (${summary.rssMb.growthPct}%, max ${summary.rssMb.max})`,
  );
  if (errors > 0) {
    console.error(`✘ ${errors} errors or non-2xx replies (target 0)`);
    failed = true;
  }
  if (growth > MAX_RSS_GROWTH) {
    console.error(`✘ RSS grew ${summary.rssMb.growthPct}% after the warm-up (target ≤ 10%)`);
    failed = true;
  }
} finally {
  await stopServer(server);
  await dropDatabase(URL_);
}
process.exit(failed ? 1 : 0);
