import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { KeyMismatchError } from './db/key-check';
import { openDatabase } from './db/open';
import { DataDirLockedError } from './lib/data-dir-lock';
import { loggerOptions, serializeError } from './logger';
import { ensureFirstAdmin } from './modules/admins/bootstrap';

const SHUTDOWN_GRACE_MS = 25_000;

async function main() {
  const config = loadConfig();
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
    logger: loggerOptions(config.logLevel, process.stdout.isTTY && config.nodeEnv !== 'production'),
  });

  if (first.created) {
    const lines = [
      '첫 최고 관리자(super_admin) 계정을 만들었습니다.',
      `  아이디: ${first.loginId}   이메일: ${first.email}`,
      first.password
        ? `  비밀번호: ${first.password}   (이번 한 번만 표시됩니다. 로그인 후 변경하세요.)`
        : '  비밀번호: ADMIN_PASSWORD 환경 변수의 값',
    ];
    if (db.firstStart?.demo) lines.push(db.firstStart.demo);
    console.log(`\n${lines.join('\n')}\n`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown grace period over; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    try {
      // Readiness goes 503 and new requests are refused while those already received finish.
      app.beginDrain();
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

  await app.listen({ port: config.port, host: config.host });
  const engine = db.engine === 'pglite' ? `embedded PGlite (${config.dataDir})` : 'PostgreSQL';
  app.log.info(
    { engine, startupMs: Math.round(performance.now() - startedAt) },
    `일손 관리자: http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}/`,
  );
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
