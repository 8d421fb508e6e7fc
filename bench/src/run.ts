// `npm run bench [-- startup web browser]`: measures and prints one table, writes bench/results/<timestamp>.json
// (ignored by git) and the latest summary into BENCHMARKS.md. `exports` needs PostgreSQL (BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/ilson_bench). The API load benchmarks come with [G].
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { measureBrowser } from './browser';
import { measureExports } from './exports';
import { ROOT, startServer, stopServer } from './process';
import { measureStartup } from './startup';
import { measureWebBuild } from './web';

const sections = new Set(process.argv.slice(2).filter((arg) => !arg.startsWith('-')));
const want = (name: string) => sections.size === 0 || sections.has(name);
const PORT = Number(process.env.BENCH_PORT ?? 3987);

const results: Record<string, unknown> = {};
const rows: [string, string, string][] = [];

if (want('web')) {
  const web = measureWebBuild();
  results.web = web;
  rows.push(['web', '/login JS (gzip)', `${web.loginJsGzip} B (target ≤ 204,800)`]);
  rows.push(['web', '/login CSS (gzip)', `${web.loginCssGzip} B`]);
  rows.push(['web', 'shell JS (gzip, cold)', `${web.shellJsGzip} B`]);
  rows.push([
    'web',
    'biggest chunk (gzip)',
    `${web.biggestChunk.gzip} B ${web.biggestChunk.file} (target ≤ 153,600)`,
  ]);
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
  rows.push(['startup', 'idle RSS after first start', `${startup.idleRssMb} MB (target ≤ 400)`]);
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

if (want('exports')) {
  const exports = await measureExports(PORT);
  results.exports = exports;
  const n = exports.rows.toLocaleString('en-US');
  rows.push([
    'exports',
    `COPY TO STDOUT, export-shaped query, ${n} rows`,
    `${exports.copyExportQuery.rowsPerSec} rows/s (${exports.copyExportQuery.mb} MB)`,
  ]);
  rows.push([
    'exports',
    `COPY TO STDOUT, raw table rows, ${n} rows`,
    `${exports.copyRawRows.rowsPerSec} rows/s (${exports.copyRawRows.mb} MB)`,
  ]);
  rows.push([
    'exports',
    `CSV through the server, ${n} rows`,
    `${exports.csv.rowsPerSec} rows/s = ${exports.csv.ratioToCopy}% of COPY (target ≥ 50%), ${exports.csv.mb} MB, peak RSS ${exports.csv.peakRssMb} MB (target ≤ 300)`,
  ]);
  rows.push([
    'exports',
    `xlsx through the server, ${n} rows`,
    `${exports.xlsx.rowsPerSec} rows/s (target ≥ 40,000), ${exports.xlsx.mb} MB, peak RSS ${exports.xlsx.peakRssMb} MB (target ≤ 300)`,
  ]);
  rows.push(['exports', 'server idle RSS on PostgreSQL', `${exports.idleRssMb} MB`]);
}

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
const width = Math.max(...rows.map(([, what]) => what.length));
console.log(`\nIlson benchmarks — ${new Date().toISOString()}\n${machine}\n`);
for (const [section, what, value] of rows)
  console.log(`${section.padEnd(8)} ${what.padEnd(width)}  ${value}`);

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(path.join(ROOT, `bench/results/${stamp}.json`), JSON.stringify({ machine, results }, null, 2));
writeFileSync(path.join(ROOT, 'BENCHMARKS.md'), mergedSummary(rows, machine, new Date().toISOString()));

/**
 * BENCHMARKS.md keeps the latest figures of every section: a run of some sections replaces only their rows,
 * and each row says when and on what it was measured.
 */
function mergedSummary(fresh: [string, string, string][], machine: string, at: string): string {
  const file = path.join(ROOT, 'BENCHMARKS.md');
  const ran = new Set(fresh.map(([section]) => section));
  const kept: string[][] = [];
  if (existsSync(file)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const cells = line.split(' | ').map((cell) => cell.replace(/^\| ?| ?\|$/g, ''));
      if (!line.startsWith('| ') || cells.length < 4 || cells[0] === 'section' || ran.has(cells[0]!))
        continue;
      kept.push(cells.slice(0, 4));
    }
  }
  const when = `${at.slice(0, 16).replace('T', ' ')} UTC`;
  const all = [...kept, ...fresh.map(([section, what, value]) => [section, what, value, when])];
  const order = ['web', 'startup', 'browser', 'exports'];
  all.sort((a, b) => order.indexOf(a[0]!) - order.indexOf(b[0]!));
  const table = all.map((cells) => `| ${cells.join(' | ')} |`).join('\n');
  return `# Benchmarks\n\nLatest \`npm run bench\` figures per section (a run replaces the rows of the sections it measured).\nLast run on ${machine}.\n\n| section | measure | value | measured |\n|---|---|---|---|\n${table}\n`;
}
