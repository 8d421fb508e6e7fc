import { recordMessages } from '@ilson/contracts';
import { committingTransaction } from '../../db/commit-hooks';
import type { Executor, Tx } from '../../db/types';
import { type AppError, validationError } from '../../lib/errors';
import { inScope, type Scope } from '../../lib/scope';
import { branchesStanding, branchStanding } from './branches.repository';

type Standing = NonNullable<Awaited<ReturnType<typeof branchStanding>>>;
/** Per transaction: the branches it holds locked from its top level (holdBranches), as they stood. */
const held = new WeakMap<Tx, Map<number, Standing | undefined>>();

/**
 * Reads and share-locks these branches in `tx` itself, not in a savepoint, so the lock lasts until `tx` ends: their
 * standing cannot change meanwhile, and checkRecordBranch in `tx` and its savepoints reads it from here instead of
 * asking again. An import's page holds its rows' branches before it creates each row in a savepoint
 * (docs/imports.md#commit-and-undo-go-through-the-services).
 */
export async function holdBranches(tx: Tx, branchIds: number[]): Promise<void> {
  if (committingTransaction(tx) !== tx) throw new Error('holdBranches: not the top level of a transaction');
  const standings = await branchesStanding(tx, branchIds);
  const known = held.get(tx) ?? new Map<number, Standing | undefined>();
  for (const id of branchIds) known.set(id, standings.get(id));
  held.set(tx, known);
}

/**
 * A record may only be put in a branch the admin reaches, that exists and still operates: an inactive
 * branch takes no new records (docs/DOMAIN.md). Employers, workers and job posts check it on create, move and
 * restore from the trash. The branch stays locked `FOR SHARE` until the caller's transaction ends, so a
 * deactivation at the same moment waits for the record, or the record sees the deactivation
 * (docs/domain-integrity.md#locks).
 */
export async function checkRecordBranch(
  executor: Executor,
  branchId: number,
  scope: Scope,
  options: { inactive?: (branchName: string) => AppError } = {},
): Promise<void> {
  if (!inScope(scope, branchId)) {
    throw validationError([{ field: 'branch_id', message: recordMessages.branchOutOfScope }]);
  }
  const root = committingTransaction(executor);
  const known = root && held.get(root);
  const branch = known?.has(branchId) ? known.get(branchId) : await branchStanding(executor, branchId);
  if (!branch) throw validationError([{ field: 'branch_id', message: recordMessages.branchNotFound }]);
  if (branch.status !== 'active') {
    throw (
      options.inactive?.(branch.name) ??
      validationError([{ field: 'branch_id', message: recordMessages.branchInactive }])
    );
  }
}
