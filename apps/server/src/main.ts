import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app';
import { HAND_OVER, supervise } from './cluster';
import { type Config, ConfigError, loadConfig } from './config';
import { KeyMismatchError } from './db/key-check';
import { openDatabase } from './db/open';
import { DataDirLockedError } from './lib/data-dir-lock';
import { loggerOptions, serializeError } from './logger';
import { ensureFirstAdmin } from './modules/admins/bootstrap';

const SHUTDOWN_GRACE_MS = 25_000;

function prettyLogs(config: Config): boolean {
  return process.stdout.isTTY && config.nodeEnv !== 'production';
}

function url(config: Config): string {
  return `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}/`;
}

async function main() {
  const config = loadConfig();
  if (cluster.isPrimary && config.processes > 1) return runPrimary(config);
  if (cluster.isPrimary && !config.databaseUrl) return runEmbeddedPrimary(config);
  return serve(config);
}

/**
 * The embedded engine's supervisor (docs/ARCHITECTURE.md#processes): one API process, which opens the data
 * directory and holds its lock, replaced when it dies. The primary opens nothing: the process it forks does
 * everything a single process does, the first start included.
 */
async function runEmbeddedPrimary(config: Config) {
  const log = pino(loggerOptions(config.logLevel, prettyLogs(config)) as pino.LoggerOptions);
  const supervisor = supervise({
    processes: 1,
    exec: fileURLToPath(import.meta.url),
    log,
    exclusive: true,
  });
  process.exit(await supervisor.stopped);
}

/**
 * Several API processes (PostgreSQL only, docs/ARCHITECTURE.md#processes): the schema, the key check and the first
 * admin are done here once, then cluster.ts runs the processes, each of which starts as a single process would.
 */
async function runPrimary(config: Config) {
  const log = pino(loggerOptions(config.logLevel, prettyLogs(config)) as pino.LoggerOptions);
  const db = await openDatabase(config);
  try {
    printFirstAdmin(
      await ensureFirstAdmin(db.db, { email: config.adminEmail, password: config.adminPassword }),
    );
  } finally {
    await db.close();
  }
  const supervisor = supervise({ processes: config.processes, exec: fileURLToPath(import.meta.url), log });
  log.info({ engine: 'PostgreSQL', processes: config.processes }, `일손 관리자: ${url(config)}`);
  process.exit(await supervisor.stopped);
}

function printFirstAdmin(first: Awaited<ReturnType<typeof ensureFirstAdmin>>, demo?: string) {
  if (!first.created) return;
  const lines = [
    '첫 최고 관리자(super_admin) 계정을 만들었습니다.',
    `  아이디: ${first.loginId}   이메일: ${first.email}`,
    first.password
      ? `  비밀번호: ${first.password}   (이번 한 번만 표시됩니다. 로그인 후 변경하세요.)`
      : '  비밀번호: ADMIN_PASSWORD 환경 변수의 값',
  ];
  if (demo) lines.push(demo);
  console.log(`\n${lines.join('\n')}\n`);
}

/** One API process: the only one, or one of the cluster's. */
async function serve(config: Config) {
  const startedAt = performance.now();
  const db = await openDatabase(config);
  // A brand-new embedded database was set up (first admin, demo data) by the first-start child process.
  const first =
    db.firstStart?.admin ??
    (await ensureFirstAdmin(db.db, { email: config.adminEmail, password: config.adminPassword }));
  const app = await buildApp({
    config,
    db,
    scheduledJobs: config.scheduledJobs,
    logger: loggerOptions(config.logLevel, prettyLogs(config)),
  });
  printFirstAdmin(first, db.firstStart?.demo);

  let closing = false;
  const shutdown = async (signal: string, mode: 'refuse' | 'handOver' = 'refuse') => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, mode }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown grace period over; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    try {
      // Readiness goes 503 and new requests are refused while those already received finish.
      app.beginDrain(mode);
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      await app.close();
      await db.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('message', (message) => {
    if (message === HAND_OVER) void shutdown(HAND_OVER, 'handOver');
  });

  await app.listen({ port: config.port, host: config.host });
  const engine = db.engine === 'pglite' ? `embedded PGlite (${config.dataDir})` : 'PostgreSQL';
  const startupMs = Math.round(performance.now() - startedAt);
  // In a cluster the primary names the address once.
  if (cluster.isWorker && config.processes > 1) app.log.debug({ startupMs }, 'API process listening');
  else app.log.info({ engine, startupMs }, `일손 관리자: ${url(config)}`);
}

main().catch((error) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof KeyMismatchError
  ) {
    console.error(`시작할 수 없습니다: ${error.message}`);
  } else {
    // Not the error itself: a failed query carries its parameters.
    console.error(serializeError(error));
  }
  process.exit(1);
});
