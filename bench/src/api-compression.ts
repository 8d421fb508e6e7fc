import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { login, PASSWORD } from './api';
import { BENCH_SECRETS } from './dataset';
import { startServer, stopServer } from './process';

/** What Chromium asks for on every request. */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const SECONDS = Number(process.env.BENCH_COMPRESSION_SECONDS ?? 10);
const CONNECTIONS = 10;
const PATHS = ['/api/v1/workers?page_size=20', '/api/v1/workers?page_size=100', '/api/v1/dashboard'];
const BROTLI_QUALITY = 2;

export type CompressionCase = {
  path: string;
  /** Reply body: as JSON, and as br (quality 2, the server's) / gzip 4 would send it. */
  bytes: number;
  brBytes: number;
  gzipBytes: number;
  /** CPU per reply to compress it at br quality 2 (µs), measured in this process. */
  brMicros: number;
  offRps: number;
  onRps: number;
  offP95: number;
  onP95: number;
};

async function load(base: string, urlPath: string, token: string) {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: [
          {
            method: 'GET',
            path: urlPath,
            headers: { authorization: `Bearer ${token}`, 'accept-encoding': ACCEPT_ENCODING },
          },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  return {
    rps: Math.round(result.requests.total / SECONDS),
    p95: Math.round(latencies[Math.floor(latencies.length * 0.95)] ?? 0),
    non2xx: result.non2xx,
  };
}

/**
 * req/s of API reads with Chromium's Accept-Encoding, with API compression off (API_COMPRESS_THRESHOLD_BYTES=0)
 * and on (the default), on the embedded engine with the demo data: the decision in docs/wire.md#api-replies.
 */
export async function measureApiCompression(port: number, log: (line: string) => void) {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ilson-bench-compression-'));
  const env = {
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: PASSWORD,
    SEARCH_RATE_LIMIT_PER_MINUTE: '0',
    LIST_RATE_LIMIT_PER_MINUTE: '0',
    ...BENCH_SECRETS,
  };
  const runs: Record<'off' | 'on', Record<string, { rps: number; p95: number }>> = { off: {}, on: {} };
  const bodies: Record<string, string> = {};
  try {
    // Off, on, off, on: the better of two runs each, so a neighbour's burst does not decide.
    for (const setting of ['off', 'on', 'off', 'on'] as const) {
      // On: the server's default threshold and levels, as shipped.
      const server = await startServer(
        setting === 'off' ? { ...env, API_COMPRESS_THRESHOLD_BYTES: '0' } : env,
        port,
      );
      try {
        const token = await login(base);
        for (const urlPath of PATHS) {
          if (!bodies[urlPath]) {
            const reply = await fetch(`${base}${urlPath}`, { headers: { authorization: `Bearer ${token}` } });
            bodies[urlPath] = await reply.text();
          }
          await load(base, urlPath, token); // warm-up, not counted
          const measured = await load(base, urlPath, token);
          if (measured.non2xx) throw new Error(`${urlPath}: ${measured.non2xx} replies not 2xx`);
          const previous = runs[setting][urlPath];
          if (!previous || measured.rps > previous.rps) runs[setting][urlPath] = measured;
          log(`  compression ${setting} ${urlPath}: ${measured.rps} req/s, p95 ${measured.p95} ms`);
        }
      } finally {
        await stopServer(server);
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return PATHS.map((urlPath): CompressionCase => {
    const body = Buffer.from(bodies[urlPath]!);
    const br = () =>
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }).length;
    const started = performance.now();
    for (let i = 0; i < 200; i++) br();
    const brMicros = Math.round(((performance.now() - started) / 200) * 1000);
    return {
      path: urlPath,
      bytes: body.length,
      brBytes: br(),
      gzipBytes: gzipSync(body, { level: 4 }).length,
      brMicros,
      offRps: runs.off[urlPath]!.rps,
      onRps: runs.on[urlPath]!.rps,
      offP95: runs.off[urlPath]!.p95,
      onP95: runs.on[urlPath]!.p95,
    };
  });
}
