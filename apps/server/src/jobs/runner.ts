import { randomUUID } from 'node:crypto';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows } from '../db/client';
import type { Executor } from '../db/types';
import { AppError } from '../lib/errors';

/**
 * Runs that outlive their process (docs/imports.md, "Runs outlive their process"): an import's dry run, commit or
 * undo, a bulk action. A run goes through its records a page at a time; each page is one transaction that also
 * moves the run's position and heartbeat, and only while the page's `token` still owns the run. Nothing of a run
 * lives only in this process: a run whose process stopped (no heartbeat for a while) is claimed by another, which
 * goes on where it stood.
 */
export type RunRow = { id: number; runnerToken: string | null; cancelRequested: boolean };

export type RunHooks<R extends RunRow> = {
  load(id: number): Promise<R | undefined>;
  /** Still a run in progress (not finished, cancelled or failed meanwhile). */
  isRunning(row: R): boolean;
  /** One page; true when nothing is left. Throws LostRun when the run's update finds another token. */
  step(row: R, token: string): Promise<boolean>;
  /** Ends the run: finished, or stopped on request. */
  finish(row: R, token: string, cancelled: boolean): Promise<void>;
  /** Marks the run failed (an error, `error`; it can be started again). */
  fail(id: number, token: string, error: unknown): Promise<void>;
  /** Gives the run up without ending it, for another process to take at once. */
  release(id: number, token: string): Promise<void>;
  /** Takes over one run with no heartbeat for `staleMs`, giving it `token`: its id. */
  claimStale(token: string, staleMs: number): Promise<number | undefined>;
};

/** This process no longer owns the run (another took it over, or it was ended meanwhile): stop quietly. */
export class LostRun extends Error {}

/** A run without a heartbeat for this long has lost its process. */
export const STALE_RUN_MS = 60_000;

export function createRunner<R extends RunRow>(name: string, hooks: RunHooks<R>, log?: FastifyBaseLogger) {
  const running = new Map<number, Promise<void>>();
  let stopping = false;

  async function loop(id: number, token: string) {
    while (true) {
      const row = await hooks.load(id);
      if (!row || row.runnerToken !== token || !hooks.isRunning(row)) return;
      if (stopping) {
        await hooks.release(id, token);
        return;
      }
      try {
        if (row.cancelRequested) {
          await hooks.finish(row, token, true);
          return;
        }
        if (await hooks.step(row, token)) {
          await hooks.finish(row, token, false);
          return;
        }
      } catch (error) {
        if (error instanceof LostRun) return;
        // A refusal the run's own rules made (an AppError, Korean for the screen) is not the server's fault.
        if (error instanceof AppError) log?.warn({ code: error.code, run: name, id }, 'run refused');
        else log?.error({ err: error, run: name, id }, 'run page failed');
        await hooks.fail(id, token, error);
        return;
      }
      // Let this process's requests (and PGlite's one connection) in between pages.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  function launch(id: number, token: string) {
    if (stopping || running.has(id)) return;
    const run = loop(id, token)
      .catch((error: unknown) => log?.error({ err: error, run: name, id }, 'run failed'))
      .finally(() => running.delete(id));
    running.set(id, run);
  }

  return {
    /** A token for a run about to be started (the caller claims the run with it, then launches it). */
    token: () => randomUUID(),
    launch,
    /** Takes over the runs whose process stopped; called periodically and at start. */
    async resumeStale(): Promise<number> {
      let resumed = 0;
      while (!stopping) {
        const token = randomUUID();
        const id = await hooks.claimStale(token, STALE_RUN_MS);
        if (id === undefined) break;
        // Still looping here on an old token (a stalled page): it stops at its next page; then go on with the new one.
        const previous = running.get(id);
        if (previous) void previous.then(() => launch(id, token));
        else launch(id, token);
        resumed += 1;
      }
      return resumed;
    },
    /** Stops this process's runs after their current page and hands them over. */
    async stop() {
      stopping = true;
      await Promise.allSettled(running.values());
    },
    /** Resolves when this process's runs have ended (tests). */
    async idle() {
      while (running.size > 0) await Promise.allSettled(running.values());
    },
  };
}

/**
 * The sweep's claim: one run of `table` in a running state (`running`, a SQL condition on its status) whose heartbeat
 * is older than `staleMs`, given `token` in the same statement; its id. `SKIP LOCKED` lets several processes sweep
 * at once without taking the same run.
 */
export async function claimStaleRun(
  executor: Executor,
  table: 'import_batches' | 'bulk_jobs',
  running: SQL,
  token: string,
  staleMs: number,
): Promise<number | undefined> {
  const name = sql.raw(table);
  const rows = await queryRows<{ id: number }>(
    executor,
    sql`UPDATE ${name} SET runner_token = ${token}, heartbeat_at = now()
        WHERE id = (
          SELECT id FROM ${name}
          WHERE ${running}
            AND (heartbeat_at IS NULL OR heartbeat_at < now() - make_interval(secs => ${staleMs / 1000}))
          ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id`,
  );
  return rows[0]?.id;
}

/** A table of runs: what `updateOwnedRun` needs of it. */
export type RunTable = PgTable & {
  id: PgColumn;
  runnerToken: PgColumn;
  heartbeatAt: PgColumn;
  updatedAt: PgColumn;
};

/**
 * Writes a run's row only while `token` still owns it, with a fresh heartbeat: false when another process has taken
 * the run over (or it was ended meanwhile), and the caller's transaction must then be rolled back (LostRun).
 */
export async function updateOwnedRun(
  executor: Executor,
  table: RunTable,
  id: number,
  token: string,
  values: Record<string, unknown>,
): Promise<boolean> {
  const rows = await executor
    .update(table as PgTable)
    .set({ ...values, heartbeatAt: new Date(), updatedAt: new Date() } as never)
    .where(and(eq(table.id, id), eq(table.runnerToken, token)))
    .returning({ id: table.id });
  return rows.length === 1;
}
