import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { openPglite } from '../src/db/client';
import { pgliteDir } from '../src/db/open';

/** The API as its own process (src/main.ts through tsx), for the tests of processes, instances and faults. */
export type ServerProcess = {
  child: ChildProcess;
  port: number;
  /** http://127.0.0.1:<port> */
  origin: string;
  output: () => string;
  exited: Promise<number | null>;
};

const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');
const ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * A port above Linux's ephemeral range (32768–60999): a port inside it may already be the local end of one of
 * the many outgoing database connections the suite holds, and the server then fails with EADDRINUSE.
 */
export const randomPort = () => 61_000 + Math.floor(Math.random() * 4_500);

export function spawnServer(port: number, env: Record<string, string>): ServerProcess {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    // One process unless a test asks for a cluster (on PostgreSQL `npm start` runs one per core).
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      WEB_CONCURRENCY: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, origin: `http://127.0.0.1:${port}`, output: () => output, exited };
}

export async function waitReady(server: ServerProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
    try {
      if ((await fetch(`${server.origin}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server not ready: ${server.output()}`);
}

/** SIGTERM, and the exit code once it has gone (null when it was already gone). */
export async function stopServer(server: ServerProcess | undefined): Promise<number | null> {
  if (!server) return null;
  if (server.child.exitCode === null) server.child.kill('SIGTERM');
  return server.exited;
}

/** Signs in to a running server process; the access token. */
export async function loginTo(server: ServerProcess, email: string, password: string): Promise<string> {
  const reply = await fetch(`${server.origin}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, remember: true }),
  });
  if (reply.status !== 200) throw new Error(`login failed: ${reply.status} ${await reply.text()}`);
  return ((await reply.json()) as { token: string }).token;
}

/**
 * A data directory holding the suite's migrated template (test/global-setup.ts), for a server process whose test is
 * not about the first start: the server then skips PGlite's initdb and the migrations in a child process (about 8 s
 * a start on this machine) and only creates the first admin. A brand-new directory is still used where the first
 * start is what is tested (the demo data).
 */
export async function migratedDataDir(prefix: string): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const handle = await openPglite(pgliteDir(dir), new Blob([readFileSync(inject('pgliteTemplate'))]));
  await handle.close();
  return dir;
}
