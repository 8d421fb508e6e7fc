import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asRequestArrivedAt, OldestRequestFirst } from '../oldest-request-first';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('OldestRequestFirst (the embedded engine’s order, docs/ARCHITECTURE.md#embedded-fairness)', () => {
  it('runs one statement at a time, each the waiting one of the earliest request, and loses none', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            arrivedAt: fc.integer({ min: 0, max: 20 }),
            startsAfter: fc.integer({ min: 0, max: 4 }),
            statements: fc.array(
              fc.record({ ticks: fc.integer({ min: 0, max: 2 }), thinks: fc.integer({ min: 0, max: 2 }) }),
              {
                minLength: 1,
                maxLength: 4,
              },
            ),
          }),
          { minLength: 1, maxLength: 10 },
        ),
        async (requests) => {
          const order = new OldestRequestFirst();
          let running = 0;
          let ran = 0;
          const waiting = new Set<{ key: number }>();
          /** What was waiting when the last statement ended: the next one must be the earliest of these. */
          let atChoice: number[] = [];
          const problems: string[] = [];
          await Promise.all(
            requests.map((request, r) =>
              asRequestArrivedAt(request.arrivedAt, async () => {
                for (let i = 0; i < request.startsAfter; i++) await tick();
                for (const [s, statement] of request.statements.entries()) {
                  const me = { key: request.arrivedAt };
                  waiting.add(me);
                  await order.run(async () => {
                    waiting.delete(me);
                    running += 1;
                    if (running > 1) problems.push(`request ${r} statement ${s} ran beside another`);
                    const earliest = Math.min(...atChoice);
                    if (me.key > earliest)
                      problems.push(`request ${r} (${me.key}) went before one of ${earliest}`);
                    for (let i = 0; i < statement.ticks; i++) await tick();
                    running -= 1;
                    ran += 1;
                    atChoice = [...waiting].map((w) => w.key);
                  });
                  for (let i = 0; i < statement.thinks; i++) await tick();
                }
              }),
            ),
          );
          expect(problems).toEqual([]);
          expect(ran).toBe(requests.reduce((sum, request) => sum + request.statements.length, 0));
          expect(order.waiting).toBe(0);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('lets the event loop look at its sockets between statements, at least every few milliseconds', async () => {
    const order = new OldestRequestFirst();
    // PGlite's statements run synchronously: here, 3 ms of work each.
    const work = (ms: number) => {
      const end = performance.now() + ms;
      while (performance.now() < end);
    };
    const done: string[] = [];
    const statements = Array.from({ length: 10 }, (_, i) =>
      order.run(async () => {
        work(3);
        done.push(`statement ${i}`);
      }),
    );
    setImmediate(() => done.push('the event loop'));
    await Promise.all(statements);
    expect(done.slice(0, 4)).toContain('the event loop');
  });

  it('goes on after a statement that fails', async () => {
    const order = new OldestRequestFirst();
    const failing = order.run(async () => {
      await tick();
      throw new Error('boom');
    });
    const next = order.run(async () => 'next');
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
  });

  it('counts a statement outside any request from when it is issued', async () => {
    const order = new OldestRequestFirst();
    const done: string[] = [];
    const first = order.run(async () => {
      await tick();
      done.push('first');
    });
    // Issued now, outside a request: after a request that arrived long ago, before one that arrives later.
    const job = order.run(async () => void done.push('job'));
    const old = asRequestArrivedAt(0, () => order.run(async () => void done.push('old request')));
    const later = asRequestArrivedAt(performance.now() + 60_000, () =>
      order.run(async () => void done.push('later request')),
    );
    await Promise.all([first, job, old, later]);
    expect(done).toEqual(['first', 'old request', 'job', 'later request']);
  });
});
