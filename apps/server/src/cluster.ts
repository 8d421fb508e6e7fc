import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';

/** Sent to a process being replaced in a rolling restart: answer what arrives, close connections, exit. */
export const HAND_OVER = 'ilson:hand-over';

/**
 * A process that died is replaced after a pause that doubles with each crash in a row (1 s, 2 s, 4 s … 30 s), so
 * a process that crashes at once does not spin; one that served for a minute before dying starts the count again.
 */
const RESPAWN_DELAY_MS = 1_000;
const RESPAWN_DELAY_MAX_MS = 30_000;
const SERVED_LONG_ENOUGH_MS = 60_000;
/** Replacements in a row that die before they listen: then the primary gives up, for the service manager. */
const MAX_FAILED_REPLACEMENTS = 6;

export type Supervisor = { stopped: Promise<number> };

/**
 * The primary of `npm start` (docs/ARCHITECTURE.md#processes): runs `processes` API processes sharing one port
 * (node:cluster hands each new connection to one of them), one on the embedded engine. It serves nothing itself.
 * - a process that dies after it listened is replaced;
 * - SIGHUP replaces them one at a time: the fresh one listens first, then the old one hands over (answers the
 *   requests that still reach it, closing each connection after the reply) and exits — no request is refused;
 *   a fresh one that fails to start ends the restart and the old ones go on serving;
 * - SIGTERM/SIGINT stops them all (each drains as a single process does) and exits with 0 when they all did.
 */
export function supervise(options: {
  processes: number;
  exec: string;
  log: Logger;
  /**
   * The processes cannot run side by side (the embedded engine: one opener of the data directory): a rolling
   * restart stops the old process before it starts the new one.
   */
  exclusive?: boolean;
}): Supervisor {
  const { log } = options;
  cluster.setupPrimary({ exec: options.exec });
  /** The processes meant to be serving (not those handing over). */
  const serving = new Set<Worker>();
  const listened = new WeakMap<Worker, number>();
  let everListened = false;
  let crashes = 0;
  let failedReplacements = 0;
  let stopping = false;
  let restarting = false;
  let exitCode = 0;
  let resolveStopped: (code: number) => void = () => {};
  const stopped = new Promise<number>((resolve) => (resolveStopped = resolve));

  function start(): Promise<Worker> {
    const worker = cluster.fork();
    serving.add(worker);
    return new Promise((resolve, reject) => {
      worker.once('listening', () => {
        listened.set(worker, performance.now());
        everListened = true;
        failedReplacements = 0;
        resolve(worker);
      });
      worker.once('exit', (code) => reject(new Error(`API process exited (${code}) before listening`)));
    });
  }

  function exited(worker: Worker): Promise<void> {
    if (worker.isDead()) return Promise.resolve();
    return new Promise((resolve) => worker.once('exit', () => resolve()));
  }

  cluster.on('exit', (worker, code, signal) => {
    const wasServing = serving.delete(worker);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) resolveStopped(exitCode);
      return;
    }
    if (!wasServing) return; // handed over, as asked
    log.error({ pid: worker.process.pid, code, signal }, 'API process stopped unexpectedly');
    const listenedAt = listened.get(worker);
    if (listenedAt !== undefined && performance.now() - listenedAt > SERVED_LONG_ENOUGH_MS) crashes = 0;
    if (listenedAt === undefined && everListened) failedReplacements += 1;
    if (everListened && failedReplacements < MAX_FAILED_REPLACEMENTS) {
      const delay = Math.min(RESPAWN_DELAY_MS * 2 ** crashes, RESPAWN_DELAY_MAX_MS);
      crashes += 1;
      log.info({ delayMs: delay }, 'replacing the API process');
      // Not unref'd: with its only process gone, this timer is what keeps the primary alive.
      setTimeout(() => {
        if (!stopping) start().catch((error: Error) => log.error({ err: error }, 'replacement failed'));
      }, delay);
    } else if (serving.size === 0 && !restarting) {
      // Nothing is serving and a fresh process cannot start: leave it to the service manager.
      log.error('no API process could start; exiting');
      resolveStopped(1);
    }
  });

  async function rollingRestart() {
    if (restarting || stopping) return;
    restarting = true;
    log.info({ processes: serving.size }, 'rolling restart');
    try {
      for (const old of [...serving]) {
        if (options.exclusive) {
          serving.delete(old);
          old.send(HAND_OVER);
          await exited(old);
          await start();
          continue;
        }
        await start();
        serving.delete(old);
        old.send(HAND_OVER);
        await exited(old);
      }
      log.info('rolling restart done');
    } catch (error) {
      log.error({ err: error }, 'rolling restart stopped: the running processes go on serving');
    } finally {
      restarting = false;
    }
  }

  function stop(signal: NodeJS.Signals) {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping the API processes');
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    if (workers.length === 0) resolveStopped(exitCode);
    for (const worker of workers) worker.process.kill('SIGTERM');
  }

  process.on('SIGHUP', () => void rollingRestart());
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  Promise.all(Array.from({ length: options.processes }, start)).then(
    () => log.info({ processes: options.processes }, 'API processes listening'),
    (error: Error) => {
      log.error({ err: error }, 'an API process could not start');
      exitCode = 1;
      stop('SIGTERM');
    },
  );
  return { stopped };
}
