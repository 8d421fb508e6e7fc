import { recordMessages } from '@ilson/contracts';
import type { Executor } from '../../db/types';
import { type AppError, validationError } from '../../lib/errors';
import { inScope, type Scope } from '../../lib/scope';
import { branchStanding } from './branches.repository';

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
  const branch = await branchStanding(executor, branchId);
  if (!branch) throw validationError([{ field: 'branch_id', message: recordMessages.branchNotFound }]);
  if (branch.status !== 'active') {
    throw (
      options.inactive?.(branch.name) ??
      validationError([{ field: 'branch_id', message: recordMessages.branchInactive }])
    );
  }
}
