/**
 * Work a transaction does last, after its callback and just before it commits (docs/access-log.md#appends-in-a-change):
 * the access log's entries of a change are chained there, so the chain lock is the last lock a change takes and is
 * held only for the entries' own round trips, not for whatever the change did after it logged.
 *
 * Only transactions opened by `db.transaction` on a handle wrapped here run hooks, and so do the savepoints opened
 * inside them (`tx.transaction`): a savepoint's hook waits for the enclosing transaction's commit, and is dropped if
 * the savepoint is rolled back. `beforeCommit` says whether the transaction will run its hook; when it will not (a
 * transaction of another handle), the caller does the work at once instead.
 */
import type { Database } from './client';
import type { Executor, Tx } from './types';

type Hook = () => Promise<void>;
/** The hooks of one transaction (`root`) and its savepoints; closed once they ran. */
type Hooks = { root: Tx; list: Hook[]; open: boolean };

/** A transaction or savepoint → the hooks of the transaction that commits it. */
const hooksOf = new WeakMap<object, Hooks>();
/** A savepoint → what to take back if it is rolled back (its own work and that of the savepoints it released). */
const rollbacksOf = new WeakMap<object, (() => void)[]>();

/** Runs `hook` when the transaction `tx` is or belongs to is about to commit; false if it runs no hooks. */
export function beforeCommit(tx: Executor, hook: Hook): boolean {
  const hooks = hooksOf.get(tx);
  if (!hooks?.open) return false;
  hooks.list.push(hook);
  onRollback(tx, () => {
    const at = hooks.list.indexOf(hook);
    if (at >= 0) hooks.list.splice(at, 1);
  });
  return true;
}

/** The transaction whose commit runs `tx`'s hooks: `tx` itself, or the one `tx` is a savepoint of. */
export function committingTransaction(tx: Executor): Tx | undefined {
  const hooks = hooksOf.get(tx);
  return hooks?.open ? hooks.root : undefined;
}

/** Runs `undo` if the savepoint `tx` (or one around it) is rolled back; a whole transaction's rollback runs no hook. */
export function onRollback(tx: Executor, undo: () => void): void {
  rollbacksOf.get(tx)?.push(undo);
}

function track(tx: Tx, hooks: Hooks, rollbacks?: (() => void)[]) {
  hooksOf.set(tx, hooks);
  if (rollbacks) rollbacksOf.set(tx, rollbacks);
  const savepoint = tx.transaction.bind(tx);
  tx.transaction = (async <T>(callback: (inner: Tx) => Promise<T>) => {
    const own: (() => void)[] = [];
    try {
      const result = await savepoint((inner) => {
        track(inner as Tx, hooks, own);
        return callback(inner as Tx);
      });
      // Released: its work is the enclosing one's now, and goes if that is rolled back.
      rollbacks?.push(...own);
      return result;
    } catch (error) {
      for (const undo of own.reverse()) undo();
      throw error;
    }
  }) as Tx['transaction'];
}

/** `db` with transactions that run their hooks, in the order they were added, before they commit. */
export function withCommitHooks(db: Database): Database {
  const transaction = db.transaction.bind(db);
  db.transaction = ((callback, config) =>
    transaction(async (tx) => {
      const hooks: Hooks = { root: tx, list: [], open: true };
      track(tx, hooks);
      try {
        const result = await callback(tx);
        // A hook may add another (none does now): run until none is left.
        for (let i = 0; i < hooks.list.length; i++) await hooks.list[i]!();
        return result;
      } finally {
        hooks.open = false;
      }
    }, config)) as Database['transaction'];
  return db;
}
