import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { gracefulClosePlugin } from '../graceful-close';
import { schedulerPlugin } from '../scheduler';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('schedulerPlugin', () => {
  it('runs a job once ready and on every tick, never two runs at once, and waits for one on close', async () => {
    let runs = 0;
    let concurrent = 0;
    let maxConcurrent = 0;
    let finished = 0;
    const app = Fastify();
    await app.register(gracefulClosePlugin);
    await app.register(schedulerPlugin, {
      jobs: [
        {
          name: 'test',
          intervalMs: 10,
          firstRunMs: 0,
          run: async () => {
            runs++;
            concurrent++;
            maxConcurrent = Math.max(maxConcurrent, concurrent);
            await sleep(25);
            concurrent--;
            finished++;
          },
        },
      ],
    });
    await app.ready();
    await sleep(120);
    await app.close();
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(maxConcurrent).toBe(1);
    expect(finished).toBe(runs);
  });

  it('keeps ticking after a failed run', async () => {
    let runs = 0;
    const app = Fastify();
    await app.register(gracefulClosePlugin);
    await app.register(schedulerPlugin, {
      jobs: [
        {
          name: 'failing',
          intervalMs: 10,
          firstRunMs: 0,
          run: async () => {
            runs++;
            throw new Error('boom');
          },
        },
      ],
    });
    await app.ready();
    await sleep(60);
    await app.close();
    expect(runs).toBeGreaterThanOrEqual(2);
  });
});
