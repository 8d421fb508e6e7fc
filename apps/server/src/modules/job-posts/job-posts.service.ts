import {
  allowedVisasMessage,
  camelToSnake,
  can,
  type Duty,
  EMPLOYER_STATUS_LABELS,
  JOB_POST_STATUS_LABELS,
  JOB_POST_TRANSITIONS,
  type JobPost,
  type JobPostStatus,
  type jobPostCreateSchema,
  jobPostDutyMessage,
  type jobPostListQuerySchema,
  type jobPostUpdateSchema,
  MATCHING_STATUSES,
  type PilotSector,
  recordMessages,
  trashMessages,
  undoMessages,
  type z,
} from '@ilson/contracts';
import { listTargetHistory } from '../../audit/history';
import { appendAudit } from '../../audit/trail';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { addDays, seoulDayStart, seoulToday } from '../../lib/dates';
import { changedFieldNames, creationDiff, diffOf } from '../../lib/diff';
import { AppError, conflict, notFound, validationError } from '../../lib/errors';
import { checkTransition, statusSummary, versionConflict } from '../../lib/status-change';
import { checkRecordBranch } from '../branches/branches.rules';
import { guardHeldMatchings, guardNoLiveMatchings, linkedMatchings } from '../matchings/matchings.integrity';
import { MATCHING_HELD_STATUSES } from '../matchings/matchings.repository';
import { guardFees } from '../payouts/payouts.fees';
import type { SettingsService } from '../settings/settings.service';
import { checkInTrash, checkRestoreBranch, logRestore, type Restored } from '../trash/trash.rules';
import {
  checkReversal,
  guardHeldMatchingsOf,
  inChangeTransaction,
  keptFields,
  type Reversal,
  restoredFields,
  type UndoMove,
  undoRecorder,
} from '../undo/undo';
import * as repo from './job-posts.repository';
import { effectiveStatus, isExpired, minimumWageError, toJobPost } from './job-posts.rules';

type JobPostCreate = z.output<typeof jobPostCreateSchema>;
type JobPostUpdate = z.output<typeof jobPostUpdateSchema>;
type JobPostListQuery = z.output<typeof jobPostListQuerySchema>;
/** A status change; without a version (a bulk action) it applies to the record as it now stands. */
type StatusChange = {
  status: JobPostStatus;
  reason?: string;
  version?: number;
  only?: readonly JobPostStatus[];
  /** An undo moving the post back (docs/undo-and-trash.md#undo-of-a-status-change). */
  reversal?: Reversal;
};

/** Statuses before approval: a post that matchings were made on does not go back to them (an undo would). */
const BEFORE_APPROVAL: readonly JobPostStatus[] = ['draft', 'pending', 'rejected'];
/** Every matching but a cancelled one: work was offered on the post. */
const MADE_MATCHINGS = MATCHING_STATUSES.filter((status) => status !== 'cancelled');

/** Fields the rules of matchings under way read: visas, sector, kind of work and the hours pay is spread over. */
const MATCHING_RULE_FIELDS = [
  'industry',
  'duty',
  'allowedVisaTypes',
  'isSimpleLabour',
  'employmentType',
  'workDays',
  'workStartTime',
  'workEndTime',
  'breakMinutes',
] as const;

/** Edits of a published post that need no new review: how many are hired and until when. */
const OPERATIONAL_FIELDS: readonly string[] = ['headcount', 'deadline'];
const needsReview = (field: string) => !OPERATIONAL_FIELDS.includes(field);

/** A post may only allow the visas its industry permits (docs/DOMAIN.md). */
function checkAllowedVisas(
  post: Pick<repo.JobPostValues, 'industry' | 'allowedVisaTypes'> & { duty?: Duty },
  /** The `pilotSectors` setting (docs/law-as-data.md#operator-kept-rows). */
  pilots: readonly PilotSector[],
) {
  const duty = post.duty ?? 'general';
  const dutyMessage = jobPostDutyMessage(post.industry, duty);
  if (dutyMessage) throw validationError([{ field: 'duty', message: dutyMessage }]);
  const message = allowedVisasMessage(post.industry, post.allowedVisaTypes, duty, seoulToday(), pilots);
  if (message) throw validationError([{ field: 'allowed_visa_types', message }]);
}

/** The pay and schedule of a post: what its hourly-equivalent pay, and a placement fee's cap, are computed from. */
const WAGE_FIELDS = [
  'salaryType',
  'salaryAmount',
  'workDays',
  'workStartTime',
  'workEndTime',
  'breakMinutes',
] as const;

/** Fields whose change moves the hourly-equivalent pay or the year it is compared in. */
const PAY_FIELDS = [...WAGE_FIELDS, 'deadline'] as const;

/** Fields a placement fee's cap is computed from (packages/contracts/src/fees.ts placementFeeCap). */
const FEE_FIELDS = [...WAGE_FIELDS, 'contractMonths'] as const;

/** The list screen's query as repository filters (bulk actions over the same list share it). */
export function jobPostFilters<Q extends { deadlineFrom?: string; deadlineTo?: string }>(query: Q) {
  if (query.deadlineFrom && query.deadlineTo && query.deadlineFrom > query.deadlineTo) {
    throw validationError([{ field: 'deadline_to', message: recordMessages.dateRangeInverted }]);
  }
  const { page: _p, pageSize: _s, sort: _o, order: _d, ...filters } = query as Q & Record<string, unknown>;
  return filters as Omit<Q, 'page' | 'pageSize' | 'sort' | 'order'>;
}

export function createJobPostsService({ db, settings }: { db: Database; settings: SettingsService }) {
  async function detail(executor: Executor, id: number, actor: Actor): Promise<JobPost> {
    const row = await repo.findJobPost(executor, id, actor.scope);
    if (!row) throw notFound();
    return toJobPost(row, seoulToday());
  }

  async function checkPay(
    executor: Executor,
    post: Omit<Parameters<typeof minimumWageError>[0], 'employeeCount'> & {
      deadline: string | null;
      employerId: number;
    },
  ) {
    const { minimumWageByYear } = await settings.get(executor);
    const employeeCount = await repo.employeeCountOf(executor, post.employerId);
    const error = minimumWageError(
      { ...post, employeeCount },
      post.deadline ?? seoulToday(),
      minimumWageByYear,
    );
    if (error) throw validationError([error]);
  }

  function checkDeadline(deadline: string | null | undefined) {
    if (deadline && deadline < seoulToday()) {
      throw validationError([{ field: 'deadline', message: recordMessages.deadlinePast }]);
    }
  }

  /**
   * The post's employer, in the admin's branches and in a branch that still takes new records, and not withdrawn: a
   * withdrawal is final and closed its posts, so nothing is posted under it again (docs/DOMAIN.md#statuses). A
   * pending, rejected or suspended employer may still be approved (again), so a draft may wait for it.
   */
  async function employerFor(executor: Executor, employerId: number, actor: Actor) {
    const employer = await repo.findEmployerOf(executor, employerId, actor.scope);
    if (!employer) {
      throw validationError([{ field: 'employer_id', message: recordMessages.employerNotFound }]);
    }
    if (employer.status === 'withdrawn') {
      throw validationError([{ field: 'employer_id', message: recordMessages.employerWithdrawn }]);
    }
    await checkRecordBranch(executor, employer.branchId, actor.scope);
    return employer;
  }

  async function list(query: JobPostListQuery, actor: Actor) {
    const today = seoulToday();
    const { rows, total, totalEstimated } = await repo.listJobPosts(
      db,
      actor.scope,
      {
        ...jobPostFilters(query),
        sort: query.sort,
        order: query.order,
        page: query.page,
        pageSize: query.pageSize,
      },
      today,
    );
    return {
      data: rows.map((row) => toJobPost(row, today)),
      meta: { page: query.page, pageSize: query.pageSize, total, totalEstimated },
    };
  }

  /** The global search's page: titles only, the newest `pageSize` matches, a few columns (searchJobPosts). */
  async function search(query: JobPostListQuery, actor: Actor) {
    const today = seoulToday();
    const rows = await repo.searchJobPosts(db, actor.scope, jobPostFilters(query), today, query.pageSize);
    return rows.map((row) => ({ ...row, status: effectiveStatus(row, today) }));
  }

  async function create(input: JobPostCreate, actor: Actor): Promise<JobPost> {
    const { submit, ...fields } = input;
    checkDeadline(fields.deadline);
    return db.transaction(async (tx) => {
      checkAllowedVisas(fields, (await settings.get(tx)).pilotSectors);
      const employer = await employerFor(tx, fields.employerId, actor);
      await checkPay(tx, fields);
      const status: JobPostStatus = submit ? 'pending' : 'draft';
      const id = await repo.insertJobPost(tx, {
        ...fields,
        branchId: employer.branchId,
        status,
        statusChangedAt: new Date(),
        createdBy: actor.adminId,
      });
      await appendAudit(tx, actor.audit, {
        action: 'CREATE',
        targetType: 'job_post',
        targetId: id,
        summary: `채용공고 등록: ${fields.title} (${JOB_POST_STATUS_LABELS[status]})`,
        diff: creationDiff({ ...fields, branchId: employer.branchId, status }),
      });
      return detail(tx, id, actor);
    });
  }

  async function update(id: number, input: JobPostUpdate, actor: Actor): Promise<JobPost> {
    const { version, ...changes } = input;
    return db.transaction(async (tx) => {
      const current = await repo.lockJobPost(tx, id, actor.scope);
      if (!current) throw notFound();
      if (current.version !== version) throw versionConflict();
      if (effectiveStatus(current, seoulToday()) === 'closed')
        throw conflict(recordMessages.jobPostNotEditable);
      const diff = diffOf(current, changes);
      if (Object.keys(diff).length === 0) return detail(tx, id, actor);
      const values: Partial<repo.JobPostValues> = Object.fromEntries(
        Object.keys(diff).map((key) => [key, diff[key]!.after]),
      );
      if (diff.employerId) {
        if (!BEFORE_APPROVAL.includes(current.status)) {
          throw validationError([{ field: 'employer_id', message: recordMessages.employerChangeLocked }]);
        }
        const employer = await employerFor(tx, changes.employerId!, actor);
        if (employer.branchId !== current.branchId) {
          values.branchId = employer.branchId;
          diff.branchId = { before: current.branchId, after: employer.branchId };
        }
      }
      if (diff.deadline) checkDeadline(changes.deadline);
      const next = { ...current, ...values };
      if (diff.headcount && next.headcount < current.filledCount) {
        throw validationError([
          { field: 'headcount', message: recordMessages.headcountBelowFilled(current.filledCount) },
        ]);
      }
      if (PAY_FIELDS.some((field) => diff[field])) await checkPay(tx, next);
      if (diff.industry || diff.duty || diff.allowedVisaTypes)
        checkAllowedVisas(next, (await settings.get(tx)).pilotSectors);
      const ruleChanges = Object.fromEntries(
        MATCHING_RULE_FIELDS.filter((field) => diff[field]).map((field) => [field, next[field]]),
      );
      if (Object.keys(ruleChanges).length > 0) {
        const { minimumWageByYear, pilotSectors } = await settings.get(tx);
        const field = diff.allowedVisaTypes
          ? 'allowed_visa_types'
          : diff.industry
            ? 'industry'
            : diff.duty
              ? 'duty'
              : 'employment_type';
        await guardHeldMatchings(
          tx,
          { jobPostId: id },
          { post: ruleChanges },
          { today: seoulToday(), minimumWageByYear, pilotSectors, field },
        );
      }
      // What a post says is reviewed: a published post edited by someone who may not approve goes back to review.
      let reason: string | null = null;
      const published = current.status === 'active' || current.status === 'suspended';
      if (published && !can(actor.role, 'job_posts:approve') && Object.keys(diff).some(needsReview)) {
        // Review holds no matching past the interview (docs/DOMAIN.md#invariants, I-10): with one held, only an approver's edit, which stays
        // published, may change what the post says. The post is locked, so a matching's step waits or is seen.
        const held = await linkedMatchings(tx, { jobPostId: id }, MATCHING_HELD_STATUSES);
        if (held.length > 0) {
          throw new AppError(
            'MATCHINGS_AFFECTED',
            recordMessages.jobPostReviewWithHeldMatchings(held.map((d) => d.label ?? d.message)),
            held,
          );
        }
        values.status = 'pending';
        values.statusReason = recordMessages.jobPostBackToReview;
        values.statusChangedAt = new Date();
        diff.status = { before: current.status, after: 'pending' };
        reason = recordMessages.jobPostBackToReview;
      }
      if (!(await repo.updateJobPost(tx, { id, version, scope: actor.scope }, values))) {
        throw versionConflict();
      }
      // The fees of its matchings that read the post's pay stay within the cap (I-31, docs/law-as-data.md#fees).
      const feeField = FEE_FIELDS.find((field) => diff[field]);
      if (feeField) await guardFees(tx, { jobPostId: id }, camelToSnake(feeField));
      await appendAudit(tx, actor.audit, {
        action: 'UPDATE',
        targetType: 'job_post',
        targetId: id,
        summary: `채용공고 수정: ${changedFieldNames(diff)}`,
        diff,
        reason,
      });
      return detail(tx, id, actor);
    });
  }

  /**
   * Review and publication. Going active needs an approved employer, a deadline not yet passed and pay at
   * or above the minimum wage of the year.
   */
  async function changeStatus(id: number, change: StatusChange, actor: Actor): Promise<JobPost> {
    return inChangeTransaction(db, change.reversal, async (tx) => {
      // The employer first (shared), then the post: the order the employer's own status change takes them in, so
      // a suspension and an approval at once are one after the other (docs/domain-integrity.md#locks).
      const employerId = await repo.employerIdOfPost(tx, id);
      if (employerId === undefined) throw notFound();
      const employerStatus = await repo.shareEmployerStatus(tx, employerId);
      const current = await repo.lockJobPost(tx, id, actor.scope);
      if (!current) throw notFound();
      if (current.employerId !== employerId) throw versionConflict();
      if (change.version !== undefined && current.version !== change.version) throw versionConflict();
      const undo = undoRecorder(tx, change.version !== undefined && !change.reversal);
      const from = effectiveStatus(current, seoulToday());
      if (change.reversal) {
        checkReversal(JOB_POST_TRANSITIONS, {
          from,
          to: change.status,
          role: actor.role,
          reversal: change.reversal,
        });
      } else {
        checkTransition(JOB_POST_TRANSITIONS, JOB_POST_STATUS_LABELS, {
          from,
          to: change.status,
          reason: change.reason,
          role: actor.role,
          only: change.only,
        });
      }
      if (BEFORE_APPROVAL.includes(change.status)) {
        const made = await linkedMatchings(tx, { jobPostId: id }, MADE_MATCHINGS);
        if (made.length > 0) {
          throw new AppError(
            'INVALID_TRANSITION',
            undoMessages.postHasMatchings(
              JOB_POST_STATUS_LABELS[change.status],
              made.map((d) => d.label ?? d.message),
            ),
            made,
          );
        }
      }
      if (change.reversal && change.status === 'suspended') {
        await guardHeldMatchingsOf(tx, { jobPostId: id }, '채용공고', JOB_POST_STATUS_LABELS.suspended);
      }
      const now = new Date();
      const values: Partial<repo.JobPostValues> = {
        status: change.status,
        statusReason: change.reason || null,
        statusChangedAt: now,
      };
      if (change.status === 'active') {
        if (employerStatus !== 'approved') {
          throw new AppError(
            'INVALID_TRANSITION',
            change.reversal && employerStatus
              ? undoMessages.postEmployerNotApproved(
                  current.employerCompanyName ?? '',
                  EMPLOYER_STATUS_LABELS[employerStatus],
                )
              : recordMessages.employerNotApproved,
            // The employer in the way, linked (a refused undo names it: docs/undo-and-trash.md).
            change.reversal && employerStatus
              ? [
                  {
                    message: current.employerCompanyName ?? '',
                    resource: 'employers',
                    id: employerId,
                    label: current.employerCompanyName ?? '',
                  },
                ]
              : undefined,
          );
        }
        checkDeadline(current.deadline);
        await checkPay(tx, current);
        values.publishedAt = current.publishedAt ?? now;
        values.rejectReason = null;
      }
      if (change.status === 'rejected') values.rejectReason = change.reason ?? null;
      if (change.status === 'closed') values.closedAt = now;
      // A reversal puts back what the move overwrote, after the destination's checks above.
      const written = change.reversal
        ? { ...restoredFields<repo.JobPostValues>(change.reversal.previous), status: change.status }
        : values;
      if (!(await repo.updateJobPost(tx, { id, version: change.version, scope: actor.scope }, written))) {
        throw versionConflict();
      }
      await appendAudit(tx, actor.audit, {
        action: 'UPDATE',
        targetType: 'job_post',
        targetId: id,
        summary: change.reversal?.summary ?? statusSummary(JOB_POST_STATUS_LABELS, from, change.status),
        diff: { status: { before: from, after: change.status } },
        reason: change.reversal ? null : change.reason || null,
      });
      await undo.keep(
        actor,
        {
          type: 'job_post',
          id,
          from,
          to: change.status,
          versionAfter: current.version + 1,
          previous: keptFields(current, Object.keys(values)),
        },
        `${statusSummary(JOB_POST_STATUS_LABELS, from, change.status)} (${current.title})`,
      );
      return detail(tx, id, actor);
    });
  }

  /** The undo's door: the post moved back to where the change (or its employer's) found it. */
  const reverseStatus = (move: UndoMove, reversal: Reversal, actor: Actor) =>
    changeStatus(
      move.id,
      { status: move.from as JobPostStatus, version: move.versionAfter, reversal },
      actor,
    );

  /**
   * Any post but an active one may be deleted while no matching on it is under way (docs/DOMAIN.md#invariants, I-15): a closed or suspended post
   * takes no applicant, and an employer's delete waits for its posts (I-21; docs/DOMAIN.md#statuses). One that reads
   * closed past its deadline has its close stored first, as the closing job would, so it comes back from the trash
   * closed.
   */
  async function remove(id: number, actor: Actor): Promise<void> {
    await db.transaction(async (tx) => {
      const current = await repo.lockJobPost(tx, id, actor.scope);
      if (!current) throw notFound();
      const today = seoulToday();
      if (effectiveStatus(current, today) === 'active') throw conflict(recordMessages.jobPostNotDeletable);
      await guardNoLiveMatchings(tx, { jobPostId: id }, recordMessages.jobPostHasMatchings);
      const expired = isExpired(current, today);
      if (expired) {
        const closing = {
          status: 'closed' as const,
          closedAt: seoulDayStart(addDays(current.deadline!, 1)),
          statusChangedAt: new Date(),
          statusReason: recordMessages.jobPostAutoClosed,
        };
        if (!(await repo.updateJobPost(tx, { id, version: current.version, scope: actor.scope }, closing))) {
          throw versionConflict();
        }
      }
      await repo.softDeleteJobPost(tx, id, actor.scope);
      await appendAudit(tx, actor.audit, {
        action: 'DELETE',
        targetType: 'job_post',
        targetId: id,
        summary: `채용공고 삭제: ${current.title}`,
        diff: expired ? { status: { before: 'active', after: 'closed' } } : undefined,
      });
    });
  }

  /**
   * A post's branch is its employer's (docs/DOMAIN.md#invariants, I-23): the employer's move to another branch takes every post
   * of it along, live or in the trash, in the employer's transaction (its row is locked there, so a post created or
   * moved under it meanwhile waits and then takes the new branch), each post logged. Its matchings stay with the
   * branch that made them (docs/domain-integrity.md#a-posts-branch).
   */
  async function followEmployerBranch(tx: Executor, employerId: number, branchId: number, actor: Actor) {
    const moved = await repo.moveEmployerPostsToBranch(tx, employerId, branchId);
    for (const post of moved) {
      await appendAudit(tx, actor.audit, {
        action: 'UPDATE',
        targetType: 'job_post',
        targetId: post.id,
        summary: `채용공고 담당 지점 변경: ${post.title}`,
        diff: { branchId: { before: post.before, after: branchId } },
        reason: recordMessages.postsFollowEmployerBranch,
      });
    }
  }

  /**
   * Out of the trash (docs/undo-and-trash.md, 휴지통), with its create's rules: a live employer (docs/DOMAIN.md#invariants, I-21; restore it
   * first) and an operating branch the admin reaches; a post that reads 게시 중 also an approved employer, as any
   * publication (docs/DOMAIN.md#invariants, I-13); one that is not closed an employer that has not withdrawn, as a create refuses one. A closed
   * post comes back closed under an employer of any status. The employer is shared before the post is locked, the
   * order of a status change.
   */
  async function restore(id: number, actor: Actor): Promise<Restored> {
    return db.transaction(async (tx) => {
      const employerId = await repo.employerIdOfPost(tx, id);
      if (employerId === undefined) throw notFound();
      const employer = await repo.shareEmployer(tx, employerId);
      const current = await repo.lockForRestore(tx, id, actor.scope);
      checkInTrash(current);
      if (current.employerId !== employerId) throw versionConflict();
      if (!employer) {
        // The employer in the way is in the trash: named, with no page to link to.
        const name = await repo.employerNameOf(tx, employerId);
        throw conflict(trashMessages.employerDeleted, [
          { message: trashMessages.parentInTrash('사업주', name), label: name },
        ]);
      }
      await checkRestoreBranch(tx, current.branchId, actor.scope);
      const status = effectiveStatus(current, seoulToday());
      const inTheWay = [
        {
          message: employer.companyName,
          resource: 'employers' as const,
          id: employerId,
          label: employer.companyName,
        },
      ];
      if (status === 'active' && employer.status !== 'approved') {
        throw conflict(
          trashMessages.postEmployerNotApproved(
            employer.companyName,
            EMPLOYER_STATUS_LABELS[employer.status],
          ),
          inTheWay,
        );
      }
      if (status !== 'closed' && employer.status === 'withdrawn') {
        throw conflict(trashMessages.postEmployerWithdrawn(employer.companyName), inTheWay);
      }
      if (!(await repo.restoreJobPost(tx, id, actor.scope))) throw versionConflict();
      const restored = { id, label: `${current.title} · ${employer.companyName}` };
      await logRestore(tx, actor, 'job_post', restored);
      return restored;
    });
  }

  async function history(id: number, actor: Actor) {
    if (!(await repo.findJobPost(db, id, actor.scope))) throw notFound();
    return { data: await listTargetHistory(db, { type: 'job_post', id }) };
  }

  return {
    list,
    search,
    // An operator's view is not counted: viewCount counts the app's views (docs/DOMAIN.md).
    get: (id: number, actor: Actor) => detail(db, id, actor),
    create,
    update,
    changeStatus,
    reverseStatus,
    remove,
    restore,
    followEmployerBranch,
    history,
  };
}
export type JobPostsService = ReturnType<typeof createJobPostsService>;
