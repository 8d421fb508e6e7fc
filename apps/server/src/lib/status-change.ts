import {
  can,
  findTransition,
  type Permission,
  type Role,
  recordMessages,
  type Transition,
} from '@ilson/contracts';
import { AppError, conflict, forbidden, validationError } from './errors';

/**
 * Checks one status change against its resource's transition table (in @ilson/contracts): allowed at all
 * (409 INVALID_TRANSITION), allowed for this role (403), and given a reason where one is required (422).
 */
export function checkTransition<S extends string>(
  table: readonly Transition<S, Permission>[],
  labels: Record<S, string>,
  change: { from: S; to: S; reason?: string | null; role: Role; only?: readonly S[] },
): Transition<S, Permission> {
  // `only` narrows the table to some starting states: a bulk 승인 approves pending records, not suspended ones.
  const transition =
    change.only && !change.only.includes(change.from)
      ? undefined
      : findTransition(table, change.from, change.to);
  if (!transition) {
    throw new AppError(
      'INVALID_TRANSITION',
      recordMessages.invalidTransition(labels[change.from], labels[change.to]),
    );
  }
  if (!can(change.role, transition.permission)) throw forbidden();
  if (transition.reasonRequired && !change.reason?.trim()) {
    throw validationError([{ field: 'reason', message: recordMessages.reasonRequired }]);
  }
  return transition;
}

export function statusSummary<S extends string>(labels: Record<S, string>, from: S, to: S): string {
  return `상태 변경: ${labels[from]} → ${labels[to]}`;
}

export const versionConflict = () => conflict(recordMessages.versionConflict);
