import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of a test's own (initdb into a temp dir, its own port), for tests that stop or break the
 * database: never the shared server. As root, the server binaries run as the `postgres` user (initdb refuses root).
 */
export type ThrowawayCluster = {
  port: number;
  url(database: string): string;
  createDatabase(name: string): Promise<void>;
  start(): Promise<void>;
  /** `immediate`: like a crash (connections cut, no checkpoint); `fast`: a clean stop. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  destroy(): Promise<void>;
};

function binDir(): string {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  return path.join('/usr/lib/postgresql', versions[0]!, 'bin');
}

export async function startThrowawayCluster(): Promise<ThrowawayCluster> {
  const bin = binDir();
  const dir = mkdtempSync(path.join(tmpdir(), 'ilson-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const uid = Number(stdout.trim());
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, uid, Number(gid.trim()));
  }
  const pgRun = (command: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args])
      : run(path.join(bin, command), args);
  const port = 20_000 + Math.floor(Math.random() * 10_000);
  await pgRun('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c max_connections=50`;
  const cluster: ThrowawayCluster = {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: cluster.url('postgres') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
    },
    async start() {
      await pgRun('pg_ctl', [
        '-D',
        data,
        '-w',
        '-t',
        '60',
        '-l',
        path.join(dir, 'log'),
        '-o',
        options,
        'start',
      ]);
    },
    async stop(mode = 'fast') {
      await pgRun('pg_ctl', ['-D', data, '-w', '-t', '60', '-m', mode, 'stop']);
    },
    async destroy() {
      await cluster.stop('immediate').catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
