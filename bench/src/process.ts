import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export type Started = { child: ChildProcess; port: number; readyMs: number; output: () => string };

/** Starts the product the way `npm start` does (web build skipped) and waits until /readyz answers. */
export async function startServer(env: Record<string, string>, port: number): Promise<Started> {
  let output = '';
  const started = performance.now();
  // The same V8 flags as `npm start` (a larger young generation: exports allocate many short-lived strings).
  // BENCH_SERVER_NODE_FLAGS: more flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it.
  const extra = (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(
    process.execPath,
    ['--max-semi-space-size=16', ...extra, path.join(ROOT, 'scripts/start.mjs')],
    {
      cwd: ROOT,
      // No periodic jobs: a destruction run or a checkpoint in the middle would be measured with the requests.
      env: {
        ...process.env,
        SKIP_WEB_BUILD: '1',
        LOG_LEVEL: 'warn',
        SCHEDULED_JOBS: 'off',
        PORT: String(port),
        // One process (its RSS is the child's); the API bench asks for WEB_CONCURRENCY=N to compare.
        WEB_CONCURRENCY: '1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, port, readyMs: performance.now() - started, output: () => output };
}

export async function stopServer(server: Started): Promise<void> {
  const exited = new Promise((resolve) => server.child.on('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

/** Current and peak resident memory of a process, in MB (Linux /proc). */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}
