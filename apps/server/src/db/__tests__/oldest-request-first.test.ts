import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asRequestArrivedAt, OldestRequestFirst } from '../oldest-request-first';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('OldestRequestFirst (the embedded engine’s order, docs/performance.md#embedded-fairness)', () => {
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

  it('lets the event loop turn when requests arrive one callback at a time and never wait for each other', async () => {
    // Each request arrives in its own I/O callback, after which Node runs the promise steps it started: a request
    // that found the engine idle ran its statements at once, all of them, before the next socket was read. Twenty
    // requests so served took the loop 200–400 ms a turn, and connections waiting to be accepted waited turns.
    const order = new OldestRequestFirst();
    const work = (ms: number) => {
      const end = performance.now() + ms;
      while (performance.now() < end);
    };
    // Counted in statements run between two turns of the loop, not in milliseconds: a loaded machine may stop the
    // process for longer than a turn takes, but it cannot make more statements run in one.
    let statements = 0;
    let sinceTurn = 0;
    let most = 0;
    let running = true;
    const turn = () => {
      most = Math.max(most, statements - sinceTurn);
      sinceTurn = statements;
      if (running) setImmediate(turn);
    };
    setImmediate(turn);
    const request = async () => {
      for (let i = 0; i < 10; i++) {
        await order.run(async () => {
          work(1);
          statements++;
        });
        for (let hop = 0; hop < 3; hop++) await Promise.resolve();
      }
    };
    // Timer callbacks stand for the sockets' callbacks: one phase of the loop runs them all, each to its end.
    const requests = Array.from(
      { length: 20 },
      () => new Promise<void>((resolve) => setTimeout(() => void request().then(resolve), 0)),
    );
    await Promise.all(requests);
    running = false;
    turn();
    expect(statements).toBe(200);
    // 200 statements of 1 ms: the loop turns at least every few of them (not once after all 200).
    expect(most).toBeLessThan(50);
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
    let begun!: () => void;
    const running = new Promise<void>((resolve) => (begun = resolve));
    const first = order.run(async () => {
      begun();
      await tick();
      done.push('first');
    });
    await running;
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
