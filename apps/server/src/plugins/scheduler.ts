import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export type ScheduledJob = {
  name: string;
  intervalMs: number;
  /** Delay of the first run after the server is ready. */
  firstRunMs: number;
  run: () => Promise<unknown>;
};

/**
 * Periodic jobs of this process. Every job must be safe to run from several API processes at once (each
 * takes its own PostgreSQL advisory lock). A run never overlaps the previous one of the same job; a failed
 * run is logged and retried at the next tick; shutdown waits for a run in progress.
 */
export const schedulerPlugin = fp(async (app: FastifyInstance, { jobs }: { jobs: ScheduledJob[] }) => {
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<void>>();
  let stopped = false;

  const tick = (job: ScheduledJob) => {
    if (stopped || app.draining || running.has(job.name)) return;
    const run = job
      .run()
      .then((result) => app.log[result ? 'info' : 'debug']({ job: job.name, result }, 'scheduled job done'))
      .catch((error: unknown) => app.log.error({ err: error, job: job.name }, 'scheduled job failed'))
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
  };

  app.addHook('onReady', async () => {
    for (const job of jobs) {
      timers.push(setTimeout(() => tick(job), job.firstRunMs).unref());
      timers.push(setInterval(() => tick(job), job.intervalMs).unref());
    }
  });
  app.addHook('onClose', async () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    await Promise.allSettled(running.values());
  });
});
