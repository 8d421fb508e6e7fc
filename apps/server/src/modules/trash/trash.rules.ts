import {
  privacyMessages,
  TRASH_RESTORE_DAYS,
  TRASH_TYPE_LABELS,
  type TrashType,
  trashMessages,
} from '@ilson/contracts';
import { appendAudit } from '../../audit/trail';
import type { Executor } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { Scope } from '../../lib/scope';
import { checkRecordBranch } from '../branches/branches.rules';

/**
 * A restore from the trash is each kind's own service operation (docs/undo-and-trash.md, 휴지통): it locks the row,
 * checks what every restore checks (below) and then what that kind's create would, writes, and logs. The trash
 * module lists and dispatches; it writes no record row.
 */

/** What a restore answers: the record, named as the trash lists it. */
export type Restored = { id: number; label: string };
export type RestoreDoor = (id: number, actor: Actor) => Promise<Restored>;

const DAY_MS = 86_400_000;

/**
 * The locked row is in the trash and may come out: found in the admin's branches, deleted, its personal data not
 * destroyed (docs/privacy-lifecycle.md), deleted less than `TRASH_RESTORE_DAYS` ago.
 */
export function checkInTrash<T extends { deletedAt: Date | null; destroyedAt?: Date | null }>(
  row: T | undefined,
  now = Date.now(),
): asserts row is T & { deletedAt: Date } {
  if (!row) throw notFound();
  if (!row.deletedAt) throw conflict(trashMessages.notDeleted);
  if (row.destroyedAt) throw new AppError('RECORD_DESTROYED', privacyMessages.destroyedUnchangeable);
  if (row.deletedAt.getTime() <= now - TRASH_RESTORE_DAYS * DAY_MS) throw conflict(trashMessages.tooOld);
}

/** A create's branch rule (the branch shared to the end of the transaction), the refusal naming the branch. */
export function checkRestoreBranch(tx: Executor, branchId: number, scope: Scope): Promise<void> {
  return checkRecordBranch(tx, branchId, scope, {
    inactive: (name) =>
      conflict(trashMessages.branchInactive(name), [
        { message: name, resource: 'branches', id: branchId, label: name },
      ]),
  });
}

/**
 * The access-log entry of a restore, the same from every door; `reason` says why a record came back with another
 * (a resume with its worker).
 */
export function logRestore(
  tx: Executor,
  actor: Actor,
  type: TrashType,
  { id, label }: Restored,
  reason: string | null = null,
) {
  return appendAudit(tx, actor.audit, {
    action: 'UPDATE',
    targetType: type,
    targetId: id,
    summary: `${TRASH_TYPE_LABELS[type]} 복원: ${label}`,
    diff: { isDeleted: { before: true, after: false } },
    reason,
  });
}
