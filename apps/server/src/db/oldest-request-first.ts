import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import type { PGlite } from '@electric-sql/pglite';

/**
 * The embedded engine runs one statement at a time (docs/performance.md#embedded-fairness). PGlite's own queue is
 * first come, first served per statement, and hands on by resolving a promise: a request that needs four statements
 * queues four times behind everyone who arrived since, and a chain of synchronous statements keeps the event loop
 * from its sockets. Here the next statement is the one whose request arrived first — a request, once begun, is
 * finished before those that came after it — and it starts from the event loop. A statement outside any request
 * (a scheduled job, an import run) counts from the moment it is issued.
 */
const arrival = new AsyncLocalStorage<number>();

/** Runs `fn` (and all that it starts) as the work of a request that arrived at `arrivedAt` (performance.now()). */
export function asRequestArrivedAt<T>(arrivedAt: number, fn: () => T): T {
  return arrival.run(arrivedAt, fn);
}

/** The longest the engine runs statements back to back before the event loop looks at its sockets. */
const POLL_EVERY_MS = 5;

type Waiting = { key: number; order: number; start: () => void };

export class OldestRequestFirst {
  #busy = false;
  #order = 0;
  #polledAt = 0;
  /** Sorted by arrival, then by the order of asking: the front goes next. */
  readonly #waiting: Waiting[] = [];

  get waiting(): number {
    return this.#waiting.length;
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (!this.#busy && performance.now() - this.#polledAt >= POLL_EVERY_MS) {
      // Idle now, but not necessarily since the loop last turned: each request arrives in a socket's callback, after
      // which Node runs the promise steps it started, so a request finding the engine idle would run every statement
      // it has before the next socket is read — twenty of them, one after another, in one turn of the loop. Past the
      // budget, this statement too waits for a turn of the loop, in the queue with those that arrive meanwhile.
      this.#busy = true;
      this.#polledAt = performance.now();
      setImmediate(() => this.#startNext());
    }
    if (this.#busy) {
      const key = arrival.getStore() ?? performance.now();
      await new Promise<void>((start) => this.#enqueue({ key, order: this.#order++, start }));
    }
    this.#busy = true;
    try {
      return await fn();
    } finally {
      const next = this.#waiting.shift();
      if (!next) this.#busy = false;
      else if (performance.now() - this.#polledAt < POLL_EVERY_MS) next.start();
      else {
        // Through the event loop, not at once: PGlite's statements run synchronously, and a chain of them resolved
        // one from another would keep the loop from its sockets — new connections, new requests — until every
        // request in flight was done. Not after every statement: a turn of the loop costs as much as a small one.
        this.#polledAt = performance.now();
        setImmediate(next.start);
      }
    }
  }

  #startNext() {
    const next = this.#waiting.shift();
    if (!next) this.#busy = false;
    else next.start();
  }

  #enqueue(waiting: Waiting) {
    // Binary search for the first entry that goes after this one; the queue is as long as the requests in flight.
    let low = 0;
    let high = this.#waiting.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const other = this.#waiting[middle]!;
      if (other.key < waiting.key || (other.key === waiting.key && other.order < waiting.order))
        low = middle + 1;
      else high = middle;
    }
    this.#waiting.splice(low, 0, waiting);
  }
}

/**
 * Puts PGlite's statements, transactions included, in the order above. Every public entry (`query`, `exec`,
 * `transaction`, `describeQuery`) passes through `_runExclusiveTransaction`; the statements inside a transaction
 * do not, so a transaction runs whole once its turn comes.
 */
export function serveOldestRequestFirst(client: PGlite): OldestRequestFirst {
  const order = new OldestRequestFirst();
  const own = client._runExclusiveTransaction.bind(client);
  client._runExclusiveTransaction = <T>(fn: () => Promise<T>) => order.run(() => own(fn));
  return order;
}
