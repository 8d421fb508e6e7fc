import { recordMessages } from '@ilson/contracts';
import type { Executor } from '../../db/types';
import { validationError } from '../../lib/errors';
import { inScope, type Scope } from '../../lib/scope';
import { branchStatus } from './branches.repository';

/**
 * A record may only be put in a branch the admin reaches, that exists and still operates: an inactive
 * branch takes no new records (docs/DOMAIN.md). Employers, workers and job posts check it on create and move.
 */
export async function checkRecordBranch(executor: Executor, branchId: number, scope: Scope): Promise<void> {
  if (!inScope(scope, branchId)) {
    throw validationError([{ field: 'branch_id', message: recordMessages.branchOutOfScope }]);
  }
  const status = await branchStatus(executor, branchId);
  if (!status) throw validationError([{ field: 'branch_id', message: recordMessages.branchNotFound }]);
  if (status !== 'active') {
    throw validationError([{ field: 'branch_id', message: recordMessages.branchInactive }]);
  }
}
