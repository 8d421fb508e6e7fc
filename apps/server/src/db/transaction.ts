import type { Database } from './client';
import type { Tx } from './types';

/**
 * Runs `run` in the caller's transaction when there is one, else in a transaction of its own: a service operation
 * that a generic door (an import's page, docs/imports.md#commit-and-undo-go-through-the-services) calls inside its
 * own transaction, and its route on its own.
 */
export function inTransaction<T>(db: Database, tx: Tx | undefined, run: (tx: Tx) => Promise<T>): Promise<T> {
  return tx ? run(tx) : db.transaction(run);
}
