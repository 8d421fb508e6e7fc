import { recordMessages, WORKER_STATUS_LABELS, type WorkerStatus } from '@ilson/contracts';
import { appendAudit } from '../../audit/trail';
import type { Executor } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { statusSummary } from '../../lib/status-change';
import * as repo from './matchings.repository';

/** States an operator sets by hand: only a matching that puts the worker to work overrides them. */
const MANUAL_STATES: readonly WorkerStatus[] = ['inactive', 'departed'];

/**
 * After a matching is made or changes status, in the same transaction: the post's filled headcount is the
 * count of its contracted and working matchings, and the worker's status follows their open matchings
 * (working if one is working, matched if any is open, else seeking). Each change is logged.
 */
export async function followMatching(
  tx: Executor,
  target: { matchingId: number; jobPostId: number; workerId: number },
  actor: Actor,
): Promise<void> {
  const reason = recordMessages.workerFollowsMatching(target.matchingId);

  const post = await repo.jobPostFor(tx, target.jobPostId);
  const filled = await repo.countFilling(tx, target.jobPostId);
  if (post && post.filledCount !== filled) {
    await repo.setFilledCount(tx, target.jobPostId, filled);
    await appendAudit(tx, actor.audit, {
      action: 'UPDATE',
      targetType: 'job_post',
      targetId: target.jobPostId,
      summary: recordMessages.filledCountChanged(post.filledCount, filled),
      diff: { filledCount: { before: post.filledCount, after: filled } },
      reason,
    });
  }

  const worker = await repo.workerFor(tx, target.workerId);
  if (!worker) return;
  const state = await repo.workerMatchingState(tx, target.workerId);
  const next: WorkerStatus = state.working ? 'working' : state.open ? 'matched' : 'seeking';
  if (worker.status === next) return;
  if (MANUAL_STATES.includes(worker.status) && next !== 'working') return;
  await repo.setWorkerStatus(tx, target.workerId, {
    status: next,
    statusReason: reason,
    statusChangedAt: new Date(),
  });
  await appendAudit(tx, actor.audit, {
    action: 'UPDATE',
    targetType: 'worker',
    targetId: target.workerId,
    summary: statusSummary(WORKER_STATUS_LABELS, worker.status, next),
    diff: { status: { before: worker.status, after: next } },
    reason,
  });
}
