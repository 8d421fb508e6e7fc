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
  type z,
} from '@ilson/contracts';
import { listTargetHistory } from '../../audit/history';
import { appendAudit } from '../../audit/trail';
import type { Database } from '../../db/client';
import { digitTerm } from '../../db/list';
import type { Executor } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { addDays, isoOrNull, seoulDayStart, seoulToday } from '../../lib/dates';
import { onUniqueViolation } from '../../lib/db-errors';
import { changedFieldNames, creationDiff, diffOf } from '../../lib/diff';
import { AppError, conflict, notFound, validationError } from '../../lib/errors';
import { checkTransition, statusSummary, versionConflict } from '../../lib/status-change';
import { checkRecordBranch } from '../branches/branches.rules';
import { moveEmployerPosts } from '../job-posts/job-posts.repository';
import { guardNoLiveMatchings } from '../matchings/matchings.integrity';
import { captureUndo } from '../undo/undo';
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

/** Only these may be deleted: an employer that was ever approved keeps its record (withdraw instead). */
const DELETABLE: readonly EmployerStatus[] = ['pending', 'rejected'];
const UNIQUE_REG_NO = 'employers_business_reg_no_key';

/** Field by field, not `{ ...rest }` of the row: see docs/ARCHITECTURE.md "Row mappers". */
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

export function createEmployersService({ db }: { db: Database }) {
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

  async function create(input: EmployerCreate, actor: Actor): Promise<Employer> {
    return onUniqueViolation(UNIQUE_REG_NO, duplicateRegNo, () =>
      db.transaction(async (tx) => {
        await checkRecordBranch(tx, input.branchId, actor.scope);
        if (await repo.businessRegNoTaken(tx, input.businessRegNo)) throw duplicateRegNo();
        const id = await repo.insertEmployer(tx, input);
        await appendAudit(tx, actor.audit, {
          action: 'CREATE',
          targetType: 'employer',
          targetId: id,
          summary: `사업주 등록: ${input.companyName}`,
          diff: creationDiff(input),
        });
        return detail(tx, id, actor);
      }),
    );
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
        return detail(tx, id, actor);
      }),
    );
  }

  /** One status change inside the caller's transaction; the bulk action calls it once per id. */
  async function applyStatus(tx: Executor, id: number, change: StatusChange, actor: Actor): Promise<string> {
    const current = await repo.lockEmployer(tx, id, actor.scope);
    if (!current) throw notFound();
    if (change.version !== undefined && current.version !== change.version) throw versionConflict();
    checkTransition(EMPLOYER_TRANSITIONS, EMPLOYER_STATUS_LABELS, {
      from: current.status,
      to: change.status,
      reason: change.reason,
      role: actor.role,
      only: change.only,
    });
    const now = new Date();
    const approval =
      change.status === 'approved' && current.status === 'pending'
        ? { approvedAt: now, approvedBy: actor.adminId }
        : {};
    const updated = await repo.updateEmployer(
      tx,
      { id, version: current.version, scope: actor.scope },
      { status: change.status, statusReason: change.reason || null, statusChangedAt: now, ...approval },
    );
    if (!updated) throw versionConflict();
    await appendAudit(tx, actor.audit, {
      action: 'UPDATE',
      targetType: 'employer',
      targetId: id,
      summary: statusSummary(EMPLOYER_STATUS_LABELS, current.status, change.status),
      diff: { status: { before: current.status, after: change.status } },
      reason: change.reason || null,
    });
    const reason = recordMessages.postsFollowEmployer(EMPLOYER_STATUS_LABELS[change.status]);
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
      }
    }
    return `${statusSummary(EMPLOYER_STATUS_LABELS, current.status, change.status)} (${current.companyName})`;
  }

  async function changeStatus(id: number, change: StatusChange, actor: Actor) {
    return db.transaction(async (tx) => {
      // The employer and its live job posts, which may follow its status: an undo puts both back.
      const undo = await captureUndo(
        tx,
        [{ table: 'employers', id }, { employerPostsOf: id }],
        change.version !== undefined,
      );
      const summary = await applyStatus(tx, id, change, actor);
      await undo.keep(actor, { type: 'employer', id }, summary);
      return detail(tx, id, actor);
    });
  }

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

  async function remove(id: number, actor: Actor): Promise<void> {
    await db.transaction(async (tx) => {
      const current = await repo.lockEmployer(tx, id, actor.scope);
      if (!current) throw notFound();
      if (!DELETABLE.includes(current.status)) throw conflict(recordMessages.employerNotDeletable);
      await guardNoLiveMatchings(tx, { employerId: id }, recordMessages.employerHasLiveMatchings);
      await repo.softDeleteEmployer(tx, id, actor.scope);
      await appendAudit(tx, actor.audit, {
        action: 'DELETE',
        targetType: 'employer',
        targetId: id,
        summary: `사업주 삭제: ${current.companyName}`,
      });
    });
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
    update,
    changeStatus,
    bulkStatus,
    remove,
    history,
  };
}
export type EmployersService = ReturnType<typeof createEmployersService>;
