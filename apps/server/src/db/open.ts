import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config';
import { lockDataDir } from '../lib/data-dir-lock';
import { SERVER_ROOT } from '../lib/paths';
import { type DbHandle, openPglite, openPostgres } from './client';
import { type FirstStart, INIT_REPORT_PREFIX, type InitOptions } from './init-options';
import { checkPiiKey } from './key-check';
import { runMigrations } from './migrate';

/**
 * The first-start script (startup/init-embedded.ts, docs/ARCHITECTURE.md#first-start), run as a child process:
 * TypeScript under tsx, or its bundled twin beside this bundle in dist/.
 */
const moduleUrl = import.meta.url;
const INIT_SCRIPT = fileURLToPath(
  moduleUrl.endsWith('.ts')
    ? new URL('../startup/init-embedded.ts', moduleUrl)
    : new URL(`./init-embedded${path.extname(fileURLToPath(moduleUrl))}`, moduleUrl),
);
const INIT_ARGS = INIT_SCRIPT.endsWith('.ts') ? ['--import', 'tsx', INIT_SCRIPT] : [INIT_SCRIPT];

export function isInitialised(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'));
}

export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pgdata');
}

/**
 * Opens the database the configuration names, brings its schema up to date and checks that the PII key is the
 * one its personal data was written with (db/key-check.ts).
 * Embedded: the data directory is locked first; a brand-new one is created by a short-lived child process
 * (initdb, migrations, first admin, demo data), so this process never carries the ~840 MB peak of PGlite's
 * initdb nor the heap the bulk load grows; `firstStart` is that child's report.
 */
export async function openDatabase(config: Config): Promise<DbHandle & { firstStart?: FirstStart }> {
  if (config.databaseUrl) {
    const handle = openPostgres(config.databaseUrl, {
      max: config.dbPoolSize,
      sqlTraceFile: config.sqlTraceFile,
    });
    try {
      await runMigrations(handle);
      await checkPiiKey(handle.db, config.piiKey);
    } catch (error) {
      await handle.close();
      throw error;
    }
    return handle;
  }
  const release = await lockDataDir(config.dataDir);
  try {
    let firstStart: FirstStart | undefined;
    if (!isInitialised(config.dataDir)) {
      const options: InitOptions = {
        adminEmail: config.adminEmail,
        adminPassword: config.adminPassword,
        demoDataScale: config.demoDataScale,
        piiKey: config.piiKey.toString('base64'),
      };
      const child = spawnSync(process.execPath, [...INIT_ARGS, pgliteDir(config.dataDir)], {
        input: JSON.stringify(options),
        stdio: ['pipe', 'pipe', 'inherit'],
        cwd: SERVER_ROOT,
        encoding: 'utf8',
        maxBuffer: 16 * 1024 * 1024,
      });
      if (child.status !== 0) throw new Error('임베디드 데이터베이스를 초기화하지 못했습니다.');
      const report = child.stdout.split('\n').find((line) => line.startsWith(INIT_REPORT_PREFIX));
      if (report) firstStart = JSON.parse(report.slice(INIT_REPORT_PREFIX.length)) as FirstStart;
    }
    const handle = await openPglite(pgliteDir(config.dataDir), undefined, {
      sqlTraceFile: config.sqlTraceFile,
    });
    try {
      await runMigrations(handle);
      await checkPiiKey(handle.db, config.piiKey);
    } catch (error) {
      await handle.close();
      throw error;
    }
    const close = handle.close;
    return {
      ...handle,
      firstStart,
      async close() {
        await close();
        await release();
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}
