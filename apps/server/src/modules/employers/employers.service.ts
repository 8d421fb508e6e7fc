import {
  contactsMaskedFor,
  EMPLOYER_STATUS_LABELS,
  EMPLOYER_TRANSITIONS,
  type Employer,
  type EmployerStatus,
  type employerBulkStatusSchema,
  type employerCreateSchema,
  type employerListQuerySchema,
  type employerUpdateSchema,
  JOB_POST_STATUS_LABELS,
  type JobPostStatus,
  recordMessages,
  trashMessages,
  undoMessages,
  type z,
} from '@ilson/contracts';
import { listTargetHistory } from '../../audit/history';
import { appendAudit } from '../../audit/trail';
import type { Database } from '../../db/client';
import { digitTerm } from '../../db/list';
import { inTransaction } from '../../db/transaction';
import type { Executor, Tx } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { addDays, isoOrNull, seoulDayStart, seoulToday } from '../../lib/dates';
import { onUniqueViolation } from '../../lib/db-errors';
import { changedFieldNames, creationDiff, diffOf } from '../../lib/diff';
import { AppError, conflict, notFound, validationError } from '../../lib/errors';
import type { ImportedRow } from '../../lib/imported';
import { checkTransition, statusSummary, versionConflict } from '../../lib/status-change';
import { checkRecordBranch } from '../branches/branches.rules';
import { livePostsOf, moveEmployerPosts, openPostsOf } from '../job-posts/job-posts.repository';
import { guardHeldMatchings, guardNoLiveMatchings, linkedMatchings } from '../matchings/matchings.integrity';
import { createSettingsService } from '../settings/settings.service';
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
import * as repo from './employers.repository';

type EmployerCreate = z.output<typeof employerCreateSchema>;
type EmployerUpdate = z.output<typeof employerUpdateSchema>;
type EmployerListQuery = z.output<typeof employerListQuerySchema>;
type BulkStatus = z.output<typeof employerBulkStatusSchema>;
/** A status change; a bulk action sends no version and may narrow the starting states (`only`). */
type StatusChange = {
  status: EmployerStatus;
  reason?: string;
  version?: number;
  only?: readonly EmployerStatus[];
  /** An undo moving the employer back (docs/undo-and-trash.md#undo-of-a-status-change). */
  reversal?: Reversal;
};

/**
 * A post is matchable only while its employer is approved (docs/DOMAIN.md): suspending the employer suspends its
 * posts on view, withdrawing closes them, in the same transaction. Approving again reopens nothing.
 */
const POSTS_FOLLOW: Partial<Record<EmployerStatus, { from: JobPostStatus; to: JobPostStatus }[]>> = {
  suspended: [{ from: 'active', to: 'suspended' }],
  withdrawn: [
    { from: 'active', to: 'closed' },
    { from: 'suspended', to: 'closed' },
  ],
};

/**
 * Statuses in which an employer may have no open post and no matching under way. No forward move reaches them
 * from approved; an undo's way back (승인 → 승인 대기) does, and is refused while such records exist.
 */
const HOLDS_NOTHING_OPEN: readonly EmployerStatus[] = ['pending', 'rejected'];

/** Only these may be deleted: an employer that was ever approved keeps its record (withdraw instead). */
const DELETABLE: readonly EmployerStatus[] = ['pending', 'rejected'];
const UNIQUE_REG_NO = 'employers_business_reg_no_key';
/** How many of the posts in the way a refused delete names in its message (all are in its details). */
const SHOWN_TITLES = 3;

/** Field by field, not `{ ...rest }` of the row: see docs/performance.md#row-mappers. */
export function toEmployer(row: repo.EmployerRow): Employer {
  return {
    id: row.id,
    companyName: row.companyName,
    businessRegNo: row.businessRegNo,
    ceoName: row.ceoName,
    openingDate: row.openingDate,
    bizEntityType: row.bizEntityType,
    industry: row.industry,
    region: row.region,
    zipCode: row.zipCode,
    roadAddress: row.roadAddress,
    addressDetail: row.addressDetail,
    phone: row.phone,
    email: row.email,
    managerName: row.managerName,
    managerPhone: row.managerPhone,
    employeeCount: row.employeeCount,
    foreignWorkerCount: row.foreignWorkerCount,
    branchId: row.branchId,
    branchName: row.branchName,
    adminMemo: row.adminMemo,
    status: row.status,
    statusReason: row.statusReason,
    statusChangedAt: isoOrNull(row.statusChangedAt),
    approvedAt: isoOrNull(row.approvedAt),
    approvedBy: row.approvedBy,
    approvedByName: row.approvedByName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

const duplicateRegNo = () =>
  conflict(recordMessages.duplicateBusinessRegNo, [
    { field: 'business_reg_no', message: recordMessages.duplicateBusinessRegNo },
  ]);

/** The list screen's query as repository filters (the export of the same list shares it). */
export function employerFilters(
  query: EmployerFilterQuery,
  { contactsMasked }: { contactsMasked: boolean },
): repo.EmployerFilterValues {
  if (query.registeredFrom && query.registeredTo && query.registeredFrom > query.registeredTo) {
    throw validationError([{ field: 'registered_to', message: recordMessages.dateRangeInverted }]);
  }
  return {
    status: query.status,
    industry: query.industry,
    branchId: query.branchId,
    region: query.region,
    createdFrom: query.registeredFrom ? seoulDayStart(query.registeredFrom) : undefined,
    createdBefore: query.registeredTo ? seoulDayStart(addDays(query.registeredTo, 1)) : undefined,
    q: query.q ? { text: query.q, digits: digitTerm(query.q), contactsMasked } : undefined,
  };
}
type EmployerFilterQuery = Omit<EmployerListQuery, 'page' | 'pageSize' | 'sort' | 'order' | 'branchId'> & {
  branchId?: number;
};

/** What an employer's move to another branch asks of its posts: the job post service's own move (docs/DOMAIN.md#invariants, I-23); app.ts passes it. */
export type EmployerPosts = {
  followEmployerBranch(tx: Executor, employerId: number, branchId: number, actor: Actor): Promise<void>;
};

export function createEmployersService({ db, jobPosts }: { db: Database; jobPosts: EmployerPosts }) {
  async function detail(executor: Executor, id: number, actor: Actor): Promise<Employer> {
    const row = await repo.findEmployer(executor, id, actor.scope);
    if (!row) throw notFound();
    return toEmployer(row);
  }

  async function list(query: EmployerListQuery, actor: Actor) {
    const { rows, total, totalEstimated } = await repo.listEmployers(db, actor.scope, {
      ...employerFilters(query, { contactsMasked: contactsMaskedFor(actor.role) }),
      sort: query.sort,
      order: query.order,
      page: query.page,
      pageSize: query.pageSize,
    });
    return {
      data: rows.map(toEmployer),
      meta: { page: query.page, pageSize: query.pageSize, total, totalEstimated },
    };
  }

  /** The global search's page: the list's filters, the newest `pageSize` matches, a few columns (searchEmployers). */
  function search(query: EmployerListQuery, actor: Actor) {
    return repo.searchEmployers(
      db,
      actor.scope,
      employerFilters(query, { contactsMasked: contactsMaskedFor(actor.role) }),
      query.pageSize,
    );
  }

  /**
   * A new employer in the caller's transaction: the branch (checked, and locked until the transaction ends), the
   * 사업자등록번호 no live employer holds, the row and its access-log entry. The form's create and each row of an
   * import's commit go through it (docs/imports.md#commit-and-undo-go-through-the-services); it answers the id.
   */
  async function createIn(
    tx: Tx,
    input: EmployerCreate,
    actor: Actor,
    options: { imported?: ImportedRow } = {},
  ): Promise<number> {
    const { imported } = options;
    await checkRecordBranch(tx, input.branchId, actor.scope);
    if (await repo.businessRegNoTaken(tx, input.businessRegNo)) throw duplicateRegNo();
    const id = await onUniqueViolation(UNIQUE_REG_NO, duplicateRegNo, () =>
      repo.insertEmployer(tx, {
        ...input,
        ...(imported && { importBatchId: imported.batchId, importRowNo: imported.rowNo }),
      }),
    );
    await appendAudit(tx, actor.audit, {
      action: 'CREATE',
      targetType: 'employer',
      targetId: id,
      summary: `사업주 등록: ${input.companyName}${imported ? ` (${imported.label})` : ''}`,
      diff: creationDiff(input),
    });
    return id;
  }

  async function create(input: EmployerCreate, actor: Actor): Promise<Employer> {
    return db.transaction(async (tx) => detail(tx, await createIn(tx, input, actor), actor));
  }

  async function update(id: number, input: EmployerUpdate, actor: Actor): Promise<Employer> {
    const { version, ...changes } = input;
    return onUniqueViolation(UNIQUE_REG_NO, duplicateRegNo, () =>
      db.transaction(async (tx) => {
        const current = await repo.lockEmployer(tx, id, actor.scope);
        if (!current) throw notFound();
        if (current.version !== version) throw versionConflict();
        const diff = diffOf(current, changes);
        if (Object.keys(diff).length === 0) return detail(tx, id, actor);
        if (diff.branchId) await checkRecordBranch(tx, changes.branchId!, actor.scope);
        if (diff.businessRegNo && (await repo.businessRegNoTaken(tx, changes.businessRegNo!, id))) {
          throw duplicateRegNo();
        }
        // 5+ employees earn the 제56조 overtime premium: a held matching's pay may fall below its floor
        // (docs/law-as-data.md#wages).
        if (diff.employeeCount) {
          const { minimumWageByYear, pilotSectors } = await createSettingsService(db).get(tx);
          await guardHeldMatchings(
            tx,
            { employerId: id },
            { employer: { employeeCount: changes.employeeCount! } },
            { today: seoulToday(), minimumWageByYear, pilotSectors, field: 'employee_count' },
          );
        }
        const values = Object.fromEntries(Object.keys(diff).map((key) => [key, diff[key]!.after]));
        if (!(await repo.updateEmployer(tx, { id, version, scope: actor.scope }, values))) {
          throw versionConflict();
        }
        await appendAudit(tx, actor.audit, {
          action: 'UPDATE',
          targetType: 'employer',
          targetId: id,
          summary: `사업주 수정: ${changedFieldNames(diff)}`,
          diff,
        });
        // A post's branch is its employer's (docs/DOMAIN.md#invariants, I-23): the posts move with it, each logged.
        if (diff.branchId) await jobPosts.followEmployerBranch(tx, id, changes.branchId!, actor);
        return detail(tx, id, actor);
      }),
    );
  }

  /**
   * A deleted employer keeps no live post (docs/DOMAIN.md#invariants, I-21): its delete waits until its posts are deleted, and
   * names how many and the first few. Every door that deletes an employer comes through `remove`; a post's create
   * shares the employer's row, so it either waits for this delete or is seen here (docs/domain-integrity.md#locks).
   */
  async function guardNoLivePosts(tx: Executor, employerId: number) {
    const posts = await livePostsOf(tx, employerId);
    if (posts.length === 0) return;
    throw conflict(
      recordMessages.employerHasLivePosts(
        posts.length,
        posts.slice(0, SHOWN_TITLES).map((post) => post.title),
      ),
      posts.map((post) => {
        const label = `#${post.id} ${post.title}`;
        return { message: label, resource: 'job-posts' as const, id: post.id, label };
      }),
    );
  }

  /** Refuses a move to a status that may hold nothing open while the employer has open posts or live matchings. */
  async function guardNothingOpen(tx: Executor, employerId: number, to: EmployerStatus) {
    const posts = await openPostsOf(tx, employerId, seoulToday());
    const live = await linkedMatchings(tx, { employerId });
    if (posts.length === 0 && live.length === 0) return;
    const postDetails = posts.map((post) => {
      const label = `#${post.id} ${post.title}`;
      return { message: label, resource: 'job-posts' as const, id: post.id, label };
    });
    throw new AppError(
      'INVALID_TRANSITION',
      undoMessages.employerHasOpenWork(
        EMPLOYER_STATUS_LABELS[to],
        postDetails.map((d) => d.label),
        live.map((d) => d.label ?? d.message),
      ),
      [...postDetails, ...live],
    );
  }

  /**
   * One status change inside the caller's transaction; the bulk action calls it once per id. Answers the move
   * made and the posts that followed it, which an undo moves back.
   */
  async function applyStatus(
    tx: Executor,
    id: number,
    change: StatusChange,
    actor: Actor,
  ): Promise<{ summary: string; move: UndoMove; followers: UndoMove[] }> {
    const current = await repo.lockEmployer(tx, id, actor.scope);
    if (!current) throw notFound();
    if (change.version !== undefined && current.version !== change.version) throw versionConflict();
    if (change.reversal) {
      checkReversal(EMPLOYER_TRANSITIONS, {
        from: current.status,
        to: change.status,
        role: actor.role,
        reversal: change.reversal,
      });
    } else {
      checkTransition(EMPLOYER_TRANSITIONS, EMPLOYER_STATUS_LABELS, {
        from: current.status,
        to: change.status,
        reason: change.reason,
        role: actor.role,
        only: change.only,
      });
    }
    if (HOLDS_NOTHING_OPEN.includes(change.status)) await guardNothingOpen(tx, id, change.status);
    else if (change.reversal && change.status !== 'approved') {
      // A forward suspension leaves matchings under way to their next step; an undo does not bring them there.
      await guardHeldMatchingsOf(tx, { employerId: id }, '사업주', EMPLOYER_STATUS_LABELS[change.status]);
    }
    const now = new Date();
    const approval =
      change.status === 'approved' && current.status === 'pending'
        ? { approvedAt: now, approvedBy: actor.adminId }
        : {};
    const values: Partial<repo.EmployerValues> = change.reversal
      ? restoredFields<repo.EmployerValues>(change.reversal.previous)
      : { status: change.status, statusReason: change.reason || null, statusChangedAt: now, ...approval };
    const updated = await repo.updateEmployer(
      tx,
      { id, version: current.version, scope: actor.scope },
      { ...values, status: change.status },
    );
    if (!updated) throw versionConflict();
    const summary = statusSummary(EMPLOYER_STATUS_LABELS, current.status, change.status);
    await appendAudit(tx, actor.audit, {
      action: 'UPDATE',
      targetType: 'employer',
      targetId: id,
      summary: change.reversal?.summary ?? summary,
      diff: { status: { before: current.status, after: change.status } },
      reason: change.reversal ? null : change.reason || null,
    });
    const reason = recordMessages.postsFollowEmployer(EMPLOYER_STATUS_LABELS[change.status]);
    const followers: UndoMove[] = [];
    for (const move of POSTS_FOLLOW[change.status] ?? []) {
      const moved = await moveEmployerPosts(tx, { employerId: id, ...move, today: seoulToday(), reason });
      for (const post of moved) {
        await appendAudit(tx, actor.audit, {
          action: 'UPDATE',
          targetType: 'job_post',
          targetId: post.id,
          summary: `${statusSummary(JOB_POST_STATUS_LABELS, move.from, move.to)} (${post.title})`,
          diff: { status: { before: move.from, after: move.to } },
          reason,
        });
        followers.push({
          type: 'job_post',
          id: post.id,
          ...move,
          versionAfter: post.version,
          previous: keptFields(post.before, ['status', 'statusReason', 'statusChangedAt', 'closedAt']),
        });
      }
    }
    return {
      summary: `${summary} (${current.companyName})`,
      move: {
        type: 'employer',
        id,
        from: current.status,
        to: change.status,
        versionAfter: current.version + 1,
        previous: keptFields(current, Object.keys({ status: null, ...values })),
      },
      followers,
    };
  }

  async function changeStatus(id: number, change: StatusChange, actor: Actor) {
    return inChangeTransaction(db, change.reversal, async (tx) => {
      const { summary, move, followers } = await applyStatus(tx, id, change, actor);
      // One record from its screen can be undone for a moment; a bulk job (no version) keeps its own results.
      const undo = undoRecorder(tx, change.version !== undefined && !change.reversal);
      await undo.keep(actor, move, summary, followers);
      return detail(tx, id, actor);
    });
  }

  /** The undo's door: the employer moved back to where the change found it (docs/undo-and-trash.md). */
  const reverseStatus = (move: UndoMove, reversal: Reversal, actor: Actor) =>
    changeStatus(
      move.id,
      { status: move.from as EmployerStatus, version: move.versionAfter, reversal },
      actor,
    );

  /** Each id on its own: one refusal does not undo the others. */
  async function bulkStatus(input: BulkStatus, actor: Actor) {
    const data: { id: number; ok: boolean; code?: string; message?: string }[] = [];
    for (const id of new Set(input.ids)) {
      try {
        await db.transaction((tx) => applyStatus(tx, id, input, actor));
        data.push({ id, ok: true });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        data.push({ id, ok: false, code: error.code, message: error.details?.[0]?.message ?? error.message });
      }
    }
    return { data };
  }

  /** In `within` when given: an import's undo removes each record here, in its page's transaction. */
  async function remove(id: number, actor: Actor, within?: Tx): Promise<void> {
    await inTransaction(db, within, async (tx) => {
      const current = await repo.lockEmployer(tx, id, actor.scope);
      if (!current) throw notFound();
      if (!DELETABLE.includes(current.status)) throw conflict(recordMessages.employerNotDeletable);
      await guardNoLiveMatchings(tx, { employerId: id }, recordMessages.employerHasLiveMatchings);
      await guardNoLivePosts(tx, id);
      await repo.softDeleteEmployer(tx, id, actor.scope);
      await appendAudit(tx, actor.audit, {
        action: 'DELETE',
        targetType: 'employer',
        targetId: id,
        summary: `사업주 삭제: ${current.companyName}`,
      });
    });
  }

  /**
   * Out of the trash (docs/undo-and-trash.md, 휴지통), with its create's rules: an operating branch the admin reaches,
   * and no live employer with the same 사업자등록번호 (the partial unique index answers a race past the check).
   */
  async function restore(id: number, actor: Actor): Promise<Restored> {
    const duplicate = () => conflict(trashMessages.duplicateEmployer);
    return onUniqueViolation(UNIQUE_REG_NO, duplicate, () =>
      db.transaction(async (tx) => {
        const current = await repo.lockForRestore(tx, id, actor.scope);
        checkInTrash(current);
        await checkRestoreBranch(tx, current.branchId, actor.scope);
        if (await repo.businessRegNoTaken(tx, current.businessRegNo, id)) throw duplicate();
        if (!(await repo.restoreEmployer(tx, id, actor.scope))) throw versionConflict();
        const restored = { id, label: current.companyName };
        await logRestore(tx, actor, 'employer', restored);
        return restored;
      }),
    );
  }

  async function history(id: number, actor: Actor) {
    if (!(await repo.findEmployer(db, id, actor.scope))) throw notFound();
    return { data: await listTargetHistory(db, { type: 'employer', id }) };
  }

  return {
    list,
    search,
    get: (id: number, actor: Actor) => detail(db, id, actor),
    create,
    createIn,
    update,
    changeStatus,
    reverseStatus,
    bulkStatus,
    remove,
    restore,
    removeIn: (tx: Tx, id: number, actor: Actor) => remove(id, actor, tx),
    history,
  };
}
export type EmployersService = ReturnType<typeof createEmployersService>;
