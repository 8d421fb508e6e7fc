/**
 * Work a transaction does last, after its callback and just before it commits (docs/access-log.md#appends-in-a-change):
 * the access log's entries of a change are chained there, so the chain lock is the last lock a change takes and is
 * held only for the entries' own round trips, not for whatever the change did after it logged.
 *
 * Only transactions opened by `db.transaction` on a handle wrapped here run hooks. `beforeCommit` says whether the
 * transaction will run its hook; when it will not (a savepoint, a transaction of another handle), the caller does
 * the work at once instead, as before.
 */
import type { Database } from './client';
import type { Executor } from './types';

type Hook = () => Promise<void>;

const hooksOf = new WeakMap<object, Hook[]>();

/** Runs `hook` when `tx`'s callback has returned, before its COMMIT; false if `tx` runs no hooks. */
export function beforeCommit(tx: Executor, hook: Hook): boolean {
  const hooks = hooksOf.get(tx);
  if (!hooks) return false;
  hooks.push(hook);
  return true;
}

/** `db` with transactions that run their hooks, in the order they were added, before they commit. */
export function withCommitHooks(db: Database): Database {
  const transaction = db.transaction.bind(db);
  db.transaction = ((callback, config) =>
    transaction(async (tx) => {
      const hooks: Hook[] = [];
      hooksOf.set(tx, hooks);
      const result = await callback(tx);
      // A hook may add another (none does now): run until none is left.
      for (let i = 0; i < hooks.length; i++) await hooks[i]!();
      hooksOf.delete(tx);
      return result;
    }, config)) as Database['transaction'];
  return db;
}
