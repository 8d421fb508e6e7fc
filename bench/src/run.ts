// `npm run bench [-- startup web browser seed api exports import compression]`: measures and prints one table, writes bench/results/<timestamp>.json
// (ignored by git) and the latest summary into BENCHMARKS.md. `exports` needs PostgreSQL (BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/ilson_bench), seeded at BENCH_SCALE (1000: 1M workers) on first use; `api`
// also runs on the embedded engine at BENCH_PGLITE_SCALE.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { type ApiResult, measureApi, PASSWORD, ratioTarget } from './api';
import { measureApiCompression } from './api-compression';
import { measureBrowser } from './browser';
import { BENCH_SECRETS, ensurePgDataset, measurePgSeed, PG_SCALE, PGLITE_SCALE, runSeed } from './dataset';
import { measureExports } from './exports';
import { measureImports } from './imports';
import { ROOT, startServer, stopServer } from './process';
import { measureStartup } from './startup';
import { measureWebBuild } from './web';
import { measureWire } from './wire';

const sections = new Set(process.argv.slice(2).filter((arg) => !arg.startsWith('-')));
const want = (name: string) => sections.size === 0 || sections.has(name);
const PORT = Number(process.env.BENCH_PORT ?? 3987);

const results: Record<string, unknown> = {};
/** The first names of a long list, and how many more. */
const few = (names: string[]) =>
  names.length > 4 ? `${names.slice(0, 4).join(', ')} and ${names.length - 4} more` : names.join(', ');
const rows: [string, string, string][] = [];
// The 1-minute load average when the run started (each row of BENCHMARKS.md carries it with the one at the end).
const startLoad = os.loadavg()[0]!;
/** The head of BENCHMARKS.md: what its figures are and which of them compare across days. */
const SUMMARY_HEAD = `# Benchmarks

Latest \`npm run bench\` figures per section (a run replaces the rows of the sections it measured). Each row says when
it was measured, on what machine and at what load (the 1-minute load average when its run started and ended).

**Absolute and relative figures.** Milliseconds, req/s, rows/s, seconds and MB are *absolute*: they depend on the
machine and on what else ran on it, and compare only with rows measured at a like load (on this shared 2-core machine
they moved by 15% and more between days). The figures given as a share of a reference measured in the same run —
"→ n%" of the bare SQL or floor server, "2 processes … → n%", "% of COPY", compression "on vs off" — are *ratios*:
those are the ones to compare across days. Bytes (the web rows) depend on the build only.

The web rows are bytes as sent: the brotli twins the server sends, and what Chromium received for a cold page
(docs/wire.md). Before 2026-12-04 they were gzip -9 sizes of files the server sent uncompressed (3.1× less than
the browser received). Rows measured before 2026-12-04 23:00 UTC do not carry their machine and load: the runs that
wrote them recorded only the last run's.
`;

if (want('web')) {
  const web = measureWebBuild();
  results.web = web;
  // ≤ 150 KB (docs/performance.md#targets). These are the bodies the server sends to a browser asking for br (the build's twins).
  const loginTarget = 150 * 1024;
  rows.push([
    'web',
    '/login JS (br, as sent)',
    `${web.loginJsBr} B (target ≤ ${loginTarget.toLocaleString('en-US')} ${web.loginJsBr <= loginTarget ? '✓' : '✘'})`,
  ]);
  rows.push(['web', '/login CSS (br, as sent)', `${web.loginCssBr} B`]);
  rows.push(['web', '/login page (br, as sent)', `${web.loginHtmlBr} B`]);
  rows.push(['web', 'shell JS (br, as sent, cold)', `${web.shellJsBr} B`]);
  rows.push([
    'web',
    'biggest chunk (br, as sent)',
    `${web.biggestChunk.br} B ${web.biggestChunk.file} (target ≤ 153,600)`,
  ]);
  rows.push([
    'web',
    'built text files without .br/.gz twins',
    web.twinsMissing.length ? `${web.twinsMissing.length}: ${few(web.twinsMissing)} ✘` : '0 ✓',
  ]);
  if (web.twinsMissing.length) process.exitCode = 1;
  // What a browser receives: a cold page in headless Chromium against the built server, every response counted
  // as encoded on the wire (headers included). Goals (docs/performance.md#targets): /login ≤ 60 KB, a signed-in first screen ≤ 400 KB.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ilson-bench-wire-'));
  const server = await startServer({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'Bench-pass-123' }, PORT);
  try {
    const wire = await measureWire(`http://127.0.0.1:${PORT}`, 'Bench-pass-123');
    results.wire = wire;
    for (const page of wire.pages) {
      const goal = page.path === '/login' ? 60 * 1024 : 400 * 1024;
      const met = page.bytes <= goal && page.uncompressed.length === 0;
      if (!met) process.exitCode = 1;
      const encodings = Object.entries(page.encodings)
        .map(([encoding, count]) => `${count} ${encoding}`)
        .join(', ');
      rows.push([
        'web',
        `cold ${page.path}, bytes as sent (Chromium)`,
        `${page.bytes} B in ${page.requests} responses (${encodings}; static ${page.staticBytes} B) (goal ≤ ${goal.toLocaleString('en-US')} ${met ? '✓' : '✘'})${page.uncompressed.length ? `; ${page.uncompressed.length} sent uncompressed: ${few(page.uncompressed)} ✘` : ''}`,
      ]);
    }
    // The build's figure must be what the wire carried: /login's scripts and styles as sent, within the headers.
    const login = wire.pages.find((page) => page.path === '/login')!;
    const claimed = web.loginJsBr + web.loginCssBr + web.loginHtmlBr;
    const honest =
      login.staticBytes >= claimed && login.staticBytes <= claimed + login.requests * 1024 + 4096;
    if (!honest) process.exitCode = 1;
    rows.push([
      'web',
      '/login build figure vs the wire',
      `build says ${claimed} B of page+JS+CSS, the wire carried ${login.staticBytes} B of static responses with headers and the page ${honest ? '✓' : '✘ (the build figure is not what the server sends)'}`,
    ]);
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
// Not in a plain `npm run bench`: API compression off and on, twice each (a few minutes).
if (sections.has('compression')) {
  const cases = await measureApiCompression(PORT, (line) => console.log(line));
  results.compression = cases;
  for (const c of cases) {
    const ratio = Math.round((c.onRps / c.offRps) * 100);
    rows.push([
      'compression',
      `API ${c.path} ${c.bytes >= 8192 ? 'compressed (br q2, ≥ 8 KB)' : 'under 8 KB, not compressed'}: on vs off, embedded, 10 connections`,
      `${c.bytes} → ${c.brBytes} B if compressed (gzip 4: ${c.gzipBytes} B), ${c.brMicros} µs to compress; ${c.offRps} → ${c.onRps} req/s (${ratio}%), p95 ${c.offP95} → ${c.onP95} ms`,
    ]);
  }
}
if (want('startup')) {
  const startup = await measureStartup(PORT);
  results.startup = startup;
  rows.push([
    'startup',
    'cold first start (initdb + migrations)',
    `${startup.coldStartMs} ms (target ≤ 20,000)`,
  ]);
  rows.push(['startup', 'warm start', `${startup.warmStartMs} ms (target ≤ 3,000)`]);
  rows.push([
    'startup',
    'idle RSS after first start',
    `${startup.idleRssMb} MB (target ≤ 350 ${startup.idleRssMb <= 350 ? '✓' : '✘'})`,
  ]);
  rows.push(['startup', 'idle RSS after warm start', `${startup.warmIdleRssMb} MB`]);
  rows.push(['startup', 'peak RSS of the server process', `${startup.peakRssMb} MB`]);
}
if (want('browser')) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ilson-bench-browser-'));
  const server = await startServer({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'Bench-pass-123' }, PORT);
  try {
    const browser = await measureBrowser(`http://127.0.0.1:${PORT}`, 'Bench-pass-123');
    results.browser = browser;
    rows.push(['browser', 'usable /login (headless Chromium)', `${browser.loginUsableMs} ms`]);
    rows.push(['browser', 'login → rendered /dashboard', `${browser.dashboardRenderedMs} ms`]);
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ilson_bench';
/** The bench is one admin at thousands of requests a second: the per-admin read limits would measure themselves. */
const NO_READ_LIMITS = { SEARCH_RATE_LIMIT_PER_MINUTE: '0', LIST_RATE_LIMIT_PER_MINUTE: '0' };
const pgServerEnv = (dataDir: string) => ({
  DATABASE_URL: BENCH_DATABASE_URL,
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: PASSWORD,
  TRUST_PROXY: '1',
  ...NO_READ_LIMITS,
  ...BENCH_SECRETS,
});

// Not in a plain `npm run bench`: it replaces the benchmark database's data (minutes at scale 1000).
if (sections.has('seed')) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ilson-bench-seed-'));
  try {
    const seed = await measurePgSeed(BENCH_DATABASE_URL, pgServerEnv(dataDir), PORT, (line) =>
      console.log(line),
    );
    results.seed = seed;
    const minutes = seed.ms / 60_000;
    const perSecond = Math.round(seed.rows / (seed.ms / 1000));
    rows.push([
      'seed',
      `scale ${PG_SCALE} on PostgreSQL`,
      `${minutes.toFixed(1)} min (target ≤ 5 ${minutes <= 5 ? '✓' : '✘'}), ${seed.rows.toLocaleString('en-US')} rows, ${perSecond.toLocaleString('en-US')} rows/s (target ≥ 25,000 ${perSecond >= 25_000 ? '✓' : '✘'})`,
    ]);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (want('api')) {
  const url = BENCH_DATABASE_URL;
  const log = (line: string) => console.log(line);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ilson-bench-api-'));
  const pgEnv = pgServerEnv(dataDir);
  const liteEnv = {
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: PASSWORD,
    TRUST_PROXY: '1',
    ...NO_READ_LIMITS,
    ...BENCH_SECRETS,
  };
  // BENCH_API_ENGINES: `pg`, `pglite` or both (the default), comma-separated.
  const engines = new Set((process.env.BENCH_API_ENGINES ?? 'pg,pglite').split(','));
  try {
    let onPg: ApiResult[] = [];
    if (engines.has('pg')) {
      await ensurePgDataset(url, pgEnv, PORT, log);
      log(`API on PostgreSQL, scale ${PG_SCALE}:`);
      onPg = await measureApi({
        port: PORT,
        env: pgEnv,
        databaseUrl: url,
        processes: Number(process.env.BENCH_API_PROCESSES ?? os.availableParallelism()),
        log,
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
    let onPglite: ApiResult[] = [];
    if (engines.has('pglite')) {
      log(`API on the embedded engine (PGlite), scale ${PGLITE_SCALE}:`);
      await stopServer(await startServer({ ...liteEnv, DEMO_DATA_SCALE: '0' }, PORT));
      await runSeed(liteEnv, PGLITE_SCALE, log);
      onPglite = await measureApi({
        port: PORT,
        env: liteEnv,
        pgliteDir: path.join(dataDir, 'pgdata'),
        log,
      });
    }
    results.api = {
      postgres: { scale: PG_SCALE, cases: onPg },
      pglite: { scale: PGLITE_SCALE, cases: onPglite },
    };
    for (const r of onPg) rows.push(['api-pg', r.name, apiCell(r)]);
    // The ratio targets here are PostgreSQL's (docs/performance.md#targets); the embedded engine is one connection, measured for the record.
    for (const r of onPglite) rows.push(['api-pglite', r.name, embeddedCell(r)]);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (want('exports')) {
  const exports = await measureExports(PORT);
  results.exports = exports;
  const n = exports.rows.toLocaleString('en-US');
  rows.push([
    'exports',
    `COPY TO STDOUT, export-shaped query (median of 3), ${n} rows`,
    `${exports.copyExportQuery.rowsPerSec} rows/s (${exports.copyExportQuery.mb} MB)`,
  ]);
  rows.push([
    'exports',
    `COPY TO STDOUT, raw table rows, ${n} rows`,
    `${exports.copyRawRows.rowsPerSec} rows/s (${exports.copyRawRows.mb} MB)`,
  ]);
  rows.push([
    'exports',
    `CSV through the server (median of 3), ${n} rows`,
    `${exports.csv.rowsPerSec} rows/s = ${exports.csv.ratioToCopy}% of COPY (target ≥ 80% ${exports.csv.ratioToCopy >= 80 ? '✓' : '✘'}), ${exports.csv.mb} MB, peak RSS ${exports.csv.peakRssMb} MB (target ≤ 300)`,
  ]);
  rows.push([
    'exports',
    `xlsx through the server, ${n} rows`,
    `${exports.xlsx.rowsPerSec} rows/s (target ≥ 40,000 ${exports.xlsx.rowsPerSec >= 40_000 ? '✓' : '✘'}), ${exports.xlsx.mb} MB, peak RSS ${exports.xlsx.peakRssMb} MB (target ≤ 300 ${exports.xlsx.peakRssMb <= 300 ? '✓' : '✘'})`,
  ]);
  rows.push(['exports', 'server idle RSS on PostgreSQL', `${exports.idleRssMb} MB`]);
}

if (want('import')) {
  const runs = await measureImports(PORT);
  results.import = runs;
  for (const r of runs) {
    const target = r.engine === 'postgres' ? 60 : 180;
    rows.push([
      'import',
      `${r.rows.toLocaleString('en-US')} workers, CP949 CSV (${r.fileMb} MB), ${r.engine === 'postgres' ? 'PostgreSQL' : 'embedded'}`,
      `${r.totalSeconds} s = upload ${r.uploadSeconds} + dry run ${r.validateSeconds} + commit ${r.commitSeconds} (target ≤ ${target} ${r.totalSeconds <= target ? '✓' : '✘'}), ${r.rowsPerSec} rows/s, ${r.committed} committed, peak RSS ${r.peakRssMb} MB (idle ${r.idleRssMb})`,
    ]);
  }
}

/** p50/p95/p99 and req/s; the bare-SQL limit and the share of it; the target and whether it was met. */
function apiCell(r: ApiResult): string {
  const s = r.server;
  const parts = [`${s.p50} / ${s.p95} / ${s.p99} ms, ${s.reqPerSec} req/s`];
  const floor = ratioTarget(r.name);
  if (r.bare)
    parts.push(
      `bare SQL ${r.bare.reqPerSec} req/s → ${r.ratio}% ${r.ratio! >= floor ? '✓' : '✘'} (≥ ${floor}%)`,
    );
  // How far a server with none of our code gets (floor-server.ts): the share the target asks is measured against it.
  if (r.floor)
    parts.push(
      `statements-only HTTP server ${r.floor.reqPerSec} req/s → ${r.floor.ratio}%` +
        (r.floor.errors ? ` (${r.floor.errors} errors ✘)` : ''),
    );
  if (r.processes) {
    const p = r.processes;
    parts.push(
      `${p.count} processes: p95 ${p.p95} ms, ${p.reqPerSec} req/s` +
        (p.ratio === undefined ? '' : ` → ${p.ratio}% ${p.ratio >= floor ? '✓' : '✘'}`),
    );
  }
  if (r.targetP95Ms) parts.push(`p95 target ≤ ${r.targetP95Ms} ${s.p95 <= r.targetP95Ms ? '✓' : '✘'}`);
  if (r.totalEstimated) parts.push('total estimated');
  if (s.errors) parts.push(`${s.errors} errors ✘`);
  return parts.join('; ');
}

/**
 * The embedded engine (docs/performance.md#targets): every list's p95 ≤ 100 ms at 5 connections and p99 ≤ 300 ms at 20, beside the
 * same statements run through PGlite directly (the engine's own limit).
 */
function embeddedCell(r: ApiResult): string {
  const s = r.server;
  const parts = [`${s.p50} / ${s.p95} / ${s.p99} ms, ${s.reqPerSec} req/s`];
  if (r.list) parts.push(`p99 target ≤ 300 ${s.p99 <= 300 ? '✓' : '✘'}`);
  if (r.fiveConnections) {
    const f = r.fiveConnections;
    parts.push(
      `5 connections: p95 ${f.p95} ms (target ≤ 100 ${f.p95 <= 100 ? '✓' : '✘'}), ${f.reqPerSec} req/s`,
    );
  }
  if (r.bare) parts.push(`PGlite directly ${r.bare.reqPerSec} req/s → ${r.ratio}%`);
  if (s.errors) parts.push(`${s.errors} errors ✘`);
  return parts.join('; ');
}

// The load average at the start: absolute figures of a run on a shared machine are only comparable at a like load.
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}, load ${os.loadavg()[0]!.toFixed(1)}`;
// Each row carries the machine and the load of its own run (at its start and its end): rows of different runs stay
// side by side in BENCHMARKS.md, and an absolute figure means something only beside the load it was measured at.
const rowMachine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, load ${startLoad.toFixed(1)} → ${os.loadavg()[0]!.toFixed(1)}`;
const width = Math.max(...rows.map(([, what]) => what.length));
console.log(`\nIlson benchmarks — ${new Date().toISOString()}\n${machine}\n`);
for (const [section, what, value] of rows)
  console.log(`${section.padEnd(8)} ${what.padEnd(width)}  ${value}`);

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(path.join(ROOT, `bench/results/${stamp}.json`), JSON.stringify({ machine, results }, null, 2));
writeFileSync(path.join(ROOT, 'BENCHMARKS.md'), mergedSummary(rows, rowMachine, new Date().toISOString()));

/**
 * BENCHMARKS.md keeps the latest figures of every section: a run of some sections replaces only their rows (a
 * run of some API cases, only theirs), and each row says when and on what it was measured.
 */
function mergedSummary(fresh: [string, string, string][], rowMachine: string, at: string): string {
  const file = path.join(ROOT, 'BENCHMARKS.md');
  const ran = new Set(fresh.map(([section]) => section));
  // A run narrowed to some cases (BENCH_API_ONLY) replaces just those rows.
  const partial = Boolean(process.env.BENCH_API_ONLY);
  const measured = new Set(fresh.map(([section, what]) => `${section}\u0000${what}`));
  const replaced = (cells: string[]) =>
    ran.has(cells[0]!) && (!partial || measured.has(`${cells[0]}\u0000${cells[1]}`));
  const kept: string[][] = [];
  if (existsSync(file)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const cells = line.split(' | ').map((cell) => cell.replace(/^\| ?| ?\|$/g, ''));
      if (!line.startsWith('| ') || cells.length < 4 || cells[0] === 'section' || replaced(cells)) continue;
      kept.push(cells.slice(0, 4));
    }
  }
  const when = `${at.slice(0, 16).replace('T', ' ')} UTC on ${rowMachine}`;
  const all = [...kept, ...fresh.map(([section, what, value]) => [section, what, value, when])];
  const order = ['web', 'compression', 'startup', 'browser', 'seed', 'api-pg', 'api-pglite', 'exports'];
  all.sort((a, b) => order.indexOf(a[0]!) - order.indexOf(b[0]!));
  const table = all.map((cells) => `| ${cells.join(' | ')} |`).join('\n');
  return `${SUMMARY_HEAD}\n| section | measure | value | measured (when, machine, load at start → end) |\n|---|---|---|---|\n${table}\n`;
}
