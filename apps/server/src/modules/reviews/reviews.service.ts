import {
  type MatchingStatus,
  type moderationQueueQuerySchema,
  REVIEW_STATUS_LABELS,
  REVIEW_TRANSITIONS,
  type Review,
  recordMessages,
  type reviewCreateSchema,
  type reviewListQuerySchema,
  type reviewStatusChangeSchema,
  type z,
} from '@ilson/contracts';
import { listTargetHistory } from '../../audit/history';
import { appendAudit } from '../../audit/trail';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { addDays, isoOrNull, seoulDayStart } from '../../lib/dates';
import { onUniqueViolation } from '../../lib/db-errors';
import { creationDiff, diffOf } from '../../lib/diff';
import { AppError, conflict, notFound, validationError } from '../../lib/errors';
import { checkTransition, statusSummary, versionConflict } from '../../lib/status-change';
import {
  checkReversal,
  inChangeTransaction,
  keptFields,
  type Reversal,
  restoredFields,
  type UndoMove,
  undoRecorder,
} from '../undo/undo';
import * as repo from './reviews.repository';

type ReviewCreate = z.output<typeof reviewCreateSchema>;
type ReviewListQuery = z.output<typeof reviewListQuerySchema>;
type QueueQuery = z.output<typeof moderationQueueQuerySchema>;
/** A moderation decision; without a version (a bulk action) it applies to the review as it now stands. */
type StatusChange = Omit<z.output<typeof reviewStatusChangeSchema>, 'version'> & {
  version?: number;
  /** An undo moving the review back (docs/undo-and-trash.md#undo-of-a-status-change). */
  reversal?: Reversal;
};

/** Only a matching where work happened can be reviewed. */
const REVIEWABLE: readonly MatchingStatus[] = ['working', 'completed'];
const UNIQUE_REVIEW = 'reviews_matching_reviewer_key';

const duplicateReview = () =>
  conflict(recordMessages.duplicateReview, [
    { field: 'reviewer_type', message: recordMessages.duplicateReview },
  ]);

export function toReview(row: repo.ReviewRow): Review {
  return {
    id: row.id,
    matchingId: row.matchingId,
    reviewerType: row.reviewerType,
    employerId: row.employerId,
    employerName: row.employerName,
    workerId: row.workerId,
    workerName: row.workerNameKo || `${row.workerFirstName} ${row.workerLastName}`,
    branchId: row.branchId,
    rating: row.rating,
    content: row.content,
    reportCount: row.reportCount,
    status: row.status,
    moderationReason: row.moderationReason,
    moderatedBy: row.moderatedBy,
    moderatedByName: row.moderatedByName,
    moderatedAt: isoOrNull(row.moderatedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** The list screen's query as repository filters (bulk actions over the same list share it). */
export function reviewFilters(query: ReviewFilterQuery) {
  if (query.createdFrom && query.createdTo && query.createdFrom > query.createdTo) {
    throw validationError([{ field: 'created_to', message: recordMessages.dateRangeInverted }]);
  }
  return {
    status: query.status,
    rating: query.rating,
    reviewerType: query.reviewerType,
    branchId: query.branchId,
    q: query.q,
    reportedOnly: query.reportedOnly === 'true',
    createdFrom: query.createdFrom ? seoulDayStart(query.createdFrom) : undefined,
    createdBefore: query.createdTo ? seoulDayStart(addDays(query.createdTo, 1)) : undefined,
  };
}
type ReviewFilterQuery = Omit<ReviewListQuery, 'page' | 'pageSize' | 'sort' | 'order'>;

export function createReviewsService({ db }: { db: Database }) {
  async function detail(executor: Executor, id: number, actor: Actor): Promise<Review> {
    const row = await repo.findReview(executor, id, actor.scope);
    if (!row) throw notFound();
    return toReview(row);
  }

  async function list(query: ReviewListQuery, actor: Actor) {
    const { rows, total, totalEstimated } = await repo.listReviews(db, actor.scope, {
      ...reviewFilters(query),
      sort: query.sort,
      order: query.order,
      page: query.page,
      pageSize: query.pageSize,
    });
    return {
      data: rows.map(toReview),
      meta: { page: query.page, pageSize: query.pageSize, total, totalEstimated },
    };
  }

  async function queue(query: QueueQuery, actor: Actor) {
    const { rows, more, total } = await repo.moderationQueue(db, actor.scope, query);
    return {
      data: rows.map(toReview),
      meta: { pageSize: query.pageSize, total, nextAfterId: more ? rows.at(-1)!.id : null },
    };
  }

  async function create(input: ReviewCreate, actor: Actor): Promise<Review> {
    return onUniqueViolation(UNIQUE_REVIEW, duplicateReview, () =>
      db.transaction(async (tx) => {
        const matching = await repo.matchingFor(tx, input.matchingId, actor.scope);
        if (!matching) {
          throw validationError([{ field: 'matching_id', message: recordMessages.matchingNotFound }]);
        }
        if (!REVIEWABLE.includes(matching.status)) {
          throw validationError([
            { field: 'matching_id', message: recordMessages.reviewMatchingNotEligible },
          ]);
        }
        if (await repo.reviewExists(tx, matching.id, input.reviewerType)) throw duplicateReview();
        const values: repo.ReviewValues = {
          ...input,
          employerId: matching.employerId,
          workerId: matching.workerId,
          branchId: matching.branchId,
          createdBy: actor.adminId,
        };
        const id = await repo.insertReview(tx, values);
        await appendAudit(tx, actor.audit, {
          action: 'CREATE',
          targetType: 'review',
          targetId: id,
          summary: `리뷰 대리 등록: 매칭 #${matching.id} (${input.rating}점)`,
          diff: creationDiff(values),
        });
        return detail(tx, id, actor);
      }),
    );
  }

  /**
   * A moderation decision: who decided, when and why stay on the review and in the access log. Publishing
   * (or keeping a published review) clears its reports: they were looked at, so it leaves the queue.
   */
  async function changeStatus(id: number, change: StatusChange, actor: Actor): Promise<Review> {
    return inChangeTransaction(db, change.reversal, async (tx) => {
      const current = await repo.lockReview(tx, id, actor.scope);
      if (!current) throw notFound();
      if (change.version !== undefined && current.version !== change.version) throw versionConflict();
      // One record from its screen can be undone for a moment; a bulk job (no version) keeps its own results.
      const undo = undoRecorder(tx, change.version !== undefined && !change.reversal);
      if (change.reversal) {
        checkReversal(REVIEW_TRANSITIONS, {
          from: current.status,
          to: change.status,
          role: actor.role,
          reversal: change.reversal,
        });
      } else {
        checkTransition(REVIEW_TRANSITIONS, REVIEW_STATUS_LABELS, {
          from: current.status,
          to: change.status,
          reason: change.reason,
          role: actor.role,
        });
        if (current.status === change.status && current.reportCount === 0) {
          throw new AppError('INVALID_TRANSITION', recordMessages.reviewNotReported);
        }
      }
      const values = change.reversal
        ? { ...restoredFields<repo.ReviewValues>(change.reversal.previous), status: change.status }
        : {
            status: change.status,
            reportCount: change.status === 'published' ? 0 : current.reportCount,
            moderationReason: change.reason || null,
            moderatedBy: actor.adminId,
            moderatedAt: new Date(),
          };
      if (!(await repo.updateReview(tx, { id, version: change.version }, values))) throw versionConflict();
      const summary =
        current.status === change.status
          ? `리뷰 검수: 게시 유지, 신고 ${current.reportCount}건 해제`
          : `리뷰 검수: ${statusSummary(REVIEW_STATUS_LABELS, current.status, change.status)}`;
      await appendAudit(tx, actor.audit, {
        action: 'UPDATE',
        targetType: 'review',
        targetId: id,
        summary: change.reversal?.summary ?? summary,
        diff: diffOf(current, { status: values.status, reportCount: values.reportCount }),
        reason: change.reversal ? null : (values.moderationReason ?? null),
      });
      await undo.keep(
        actor,
        {
          type: 'review',
          id,
          from: current.status,
          to: change.status,
          versionAfter: current.version + 1,
          previous: keptFields(current, Object.keys(values)),
        },
        summary,
      );
      return detail(tx, id, actor);
    });
  }

  /** The undo's door: the review moved back to where the decision found it. */
  const reverseStatus = (move: UndoMove, reversal: Reversal, actor: Actor) =>
    changeStatus(
      move.id,
      { status: move.from as StatusChange['status'], version: move.versionAfter, reversal },
      actor,
    );

  async function history(id: number, actor: Actor) {
    if (!(await repo.findReview(db, id, actor.scope))) throw notFound();
    return { data: await listTargetHistory(db, { type: 'review', id }) };
  }

  return {
    list,
    queue,
    get: (id: number, actor: Actor) => detail(db, id, actor),
    create,
    changeStatus,
    reverseStatus,
    history,
  };
}
export type ReviewsService = ReturnType<typeof createReviewsService>;
