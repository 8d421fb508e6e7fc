import {
  contactsMaskedFor,
  type ErrorDetail,
  jobSearchDeadline,
  privacyMessages,
  WORKPLACE_CHANGE_CAUSE_LABELS,
  type WorkplaceChange,
  type WorkplaceChangeEvent,
  type WorkplaceChangeList,
  type workplaceChangeCreateSchema,
  workplaceChangeMessages,
  workplaceChangesLeft,
  type workplaceChangeUpdateSchema,
  type z,
} from '@ilson/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { appendAudit } from '../../audit/trail';
import type { Database } from '../../db/client';
import { employers } from '../../db/schema';
import type { Executor, Tx } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { seoulToday } from '../../lib/dates';
import { changedFieldNames, creationDiff, diffOf } from '../../lib/diff';
import { notFound, validationError } from '../../lib/errors';
import { type Scope, scopeWhere } from '../../lib/scope';
import { versionConflict } from '../../lib/status-change';
import { guardHeldMatchings } from '../matchings/matchings.integrity';
import type { SettingsService } from '../settings/settings.service';
import * as workersRepo from '../workers/workers.repository';
import * as repo from './workplace-changes.repository';

type Create = z.output<typeof workplaceChangeCreateSchema>;
type Update = z.output<typeof workplaceChangeUpdateSchema>;
type Fields = Pick<
  repo.WorkplaceChangeRecord,
  'requestDate' | 'cause' | 'approved' | 'approvalDate' | 'approvalNo' | 'fromEmployerId' | 'note'
>;

/** A 고용센터 number a viewer is not shown whole (docs/SECURITY.md: personal data masked for viewers). */
const maskNo = (value: string | null) =>
  value ? `${value.slice(0, 2)}${'*'.repeat(Math.max(3, value.length - 2))}` : value;

function toChange(row: repo.WorkplaceChangeRow, masked: boolean): WorkplaceChange {
  return {
    id: row.id,
    workerId: row.workerId,
    requestDate: row.requestDate,
    cause: row.cause,
    approved: row.approved,
    approvalDate: row.approvalDate,
    approvalNo: masked ? maskNo(row.approvalNo) : row.approvalNo,
    // Another branch's employer: neither its id nor its name leaves (the join read nothing of it).
    fromEmployerId: row.fromEmployerInScope === null ? null : row.fromEmployerId,
    fromEmployerName: row.fromEmployerInScope === null ? null : row.fromEmployerName,
    fromEmployerOtherBranch: row.fromEmployerId !== null && row.fromEmployerInScope === null,
    note: masked ? '' : row.note,
    createdByName: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** The record's own rules, as the table's CHECK keeps them, with the field each refusal points at. */
function checkFields(values: Fields, today: string): void {
  const details: ErrorDetail[] = [];
  if (values.requestDate > today) {
    details.push({ field: 'request_date', message: workplaceChangeMessages.requestInFuture });
  }
  if (values.approved) {
    if (!values.approvalDate) {
      details.push({ field: 'approval_date', message: workplaceChangeMessages.approvalDateRequired });
    } else if (values.approvalDate < values.requestDate) {
      details.push({ field: 'approval_date', message: workplaceChangeMessages.approvalBeforeRequest });
    } else if (values.approvalDate > today) {
      details.push({ field: 'approval_date', message: workplaceChangeMessages.approvalInFuture });
    }
  } else if (values.approvalDate || values.approvalNo) {
    details.push({
      field: values.approvalDate ? 'approval_date' : 'approval_no',
      message: workplaceChangeMessages.approvalWithoutApproved,
    });
  }
  if (details.length > 0) throw validationError(details);
}

/** The previous employer named must be live and in the admin's scope (another branch's is not there: no leak). */
async function checkFromEmployer(executor: Executor, id: number | null, scope: Scope): Promise<void> {
  if (id === null) return;
  const [row] = await executor
    .select({ id: employers.id })
    .from(employers)
    .where(and(eq(employers.id, id), isNull(employers.deletedAt), scopeWhere(employers.branchId, scope)))
    .limit(1);
  if (!row) {
    throw validationError([
      { field: 'from_employer_id', message: workplaceChangeMessages.fromEmployerNotFound },
    ]);
  }
}

const summaryOf = (values: Fields) =>
  `${values.requestDate} ${WORKPLACE_CHANGE_CAUSE_LABELS[values.cause]}${values.approved ? ' (승인)' : ''}`;

/**
 * 사업장 변경 of a worker (docs/law-as-data.md#workplace-changes): the worker's permissions and branch scope, the
 * worker row locked for the write (the lock every matching step takes too), and I-29 (docs/DOMAIN.md#invariants) kept: a write that would put a
 * held matching of the worker over the limit is refused (409 MATCHINGS_AFFECTED). A delete only lowers the count.
 */
export function createWorkplaceChangesService({ db, settings }: { db: Database; settings: SettingsService }) {
  async function lockWorker(tx: Tx, workerId: number, actor: Actor, writing: boolean) {
    const worker = await workersRepo.lockWorker(tx, workerId, actor.scope);
    if (!worker) throw notFound();
    // Destroyed at the end of its retention: no new free text about the person (docs/privacy-lifecycle.md).
    if (writing && worker.destroyedAt) throw notFound(privacyMessages.destroyed);
    return worker;
  }

  /** Refuses a write whose events would put a held matching of the worker over the limit (docs/DOMAIN.md#invariants, I-29). */
  async function guard(tx: Tx, workerId: number, after: WorkplaceChangeEvent[], field: string) {
    const { minimumWageByYear, pilotSectors } = await settings.get(tx);
    await guardHeldMatchings(
      tx,
      { workerId },
      { workplaceChanges: after },
      { today: seoulToday(), minimumWageByYear, pilotSectors, field },
    );
  }

  async function one(executor: Executor, workerId: number, id: number, actor: Actor) {
    const row = (await repo.listChanges(executor, workerId, actor.scope)).find((r) => r.id === id);
    if (!row) throw notFound();
    return toChange(row, contactsMaskedFor(actor.role));
  }

  async function list(workerId: number, actor: Actor): Promise<WorkplaceChangeList> {
    const worker = await workersRepo.findWorker(db, workerId, actor.scope);
    if (!worker) throw notFound();
    const today = seoulToday();
    const rows = await repo.listChanges(db, workerId, actor.scope);
    const masked = contactsMaskedFor(actor.role);
    // A worker's changes (dates, causes, the 고용센터 numbers, notes) are personal data: the read is logged.
    await appendAudit(db, actor.audit, {
      action: 'VIEW_PII',
      targetType: 'worker',
      targetId: workerId,
      summary: `사업장 변경 조회: ${rows.length}건`,
      recordCount: rows.length,
    });
    const count = workplaceChangesLeft(worker, rows.map(repo.asEvent), today);
    // The latest change the worker asked for that no contract followed yet: the 3 months to find work run from it.
    const contracts = (await repo.employmentsOf(db, workerId))
      .map((m) => m.contractDate ?? m.startDate)
      .filter((d): d is string => d !== null);
    const open = rows.find(
      (row) => row.cause === 'worker_request' && !contracts.some((date) => date >= row.requestDate),
    );
    const deadline = open && worker.visaType ? jobSearchDeadline(worker.visaType, open.requestDate) : null;
    return {
      data: rows.map((row) => toChange(row, masked)),
      count: count && { used: count.used, limit: count.limit, left: count.left, basis: count.basis },
      jobSearch:
        open && deadline
          ? {
              changeId: open.id,
              requestDate: open.requestDate,
              deadline: deadline.date,
              basis: deadline.basis,
            }
          : null,
    };
  }

  async function create(workerId: number, input: Create, actor: Actor): Promise<WorkplaceChange> {
    return db.transaction(async (tx) => {
      await lockWorker(tx, workerId, actor, true);
      const values: Fields = {
        requestDate: input.requestDate,
        cause: input.cause,
        approved: input.approved,
        approvalDate: input.approvalDate ?? null,
        approvalNo: input.approvalNo || null,
        fromEmployerId: input.fromEmployerId ?? null,
        note: input.note,
      };
      checkFields(values, seoulToday());
      await checkFromEmployer(tx, values.fromEmployerId, actor.scope);
      const before = (await repo.eventsOf(tx, [workerId])).get(workerId) ?? [];
      await guard(tx, workerId, [...before, repo.asEvent(values)], 'approved');
      const id = await repo.insertChange(tx, { ...values, workerId, createdByAdminId: actor.adminId });
      await appendAudit(tx, actor.audit, {
        action: 'CREATE',
        targetType: 'worker',
        targetId: workerId,
        summary: `사업장 변경 등록: ${summaryOf(values)}`,
        diff: creationDiff({ workplaceChangeId: id, ...values }),
      });
      return one(tx, workerId, id, actor);
    });
  }

  async function update(workerId: number, id: number, input: Update, actor: Actor): Promise<WorkplaceChange> {
    const { version, ...changes } = input;
    return db.transaction(async (tx) => {
      await lockWorker(tx, workerId, actor, true);
      const current = await repo.lockChange(tx, workerId, id);
      if (!current) throw notFound();
      if (current.version !== version) throw versionConflict();
      const patch: Partial<Fields> = {
        ...changes,
        ...(changes.approvalNo !== undefined ? { approvalNo: changes.approvalNo || null } : {}),
      };
      // Not approved any more: its approval goes with it.
      if (patch.approved === false) {
        patch.approvalDate ??= null;
        patch.approvalNo ??= null;
      }
      const diff = diffOf(current, patch);
      if (Object.keys(diff).length === 0) return one(tx, workerId, id, actor);
      const next: Fields = { ...current, ...patch };
      checkFields(next, seoulToday());
      if (diff.fromEmployerId) await checkFromEmployer(tx, next.fromEmployerId, actor.scope);
      if (diff.requestDate || diff.cause || diff.approved) {
        const others = (await repo.listChanges(tx, workerId)).filter((row) => row.id !== id);
        await guard(tx, workerId, [...others.map(repo.asEvent), repo.asEvent(next)], 'approved');
      }
      const values = Object.fromEntries(Object.keys(diff).map((key) => [key, diff[key]!.after]));
      if (!(await repo.updateChange(tx, { id, version }, values))) throw versionConflict();
      await appendAudit(tx, actor.audit, {
        action: 'UPDATE',
        targetType: 'worker',
        targetId: workerId,
        summary: `사업장 변경 수정 (${summaryOf(current)}): ${changedFieldNames(diff)}`,
        diff: { workplaceChangeId: { before: id, after: id }, ...diff },
      });
      return one(tx, workerId, id, actor);
    });
  }

  /** Harmless to I-29 (docs/DOMAIN.md#invariants): fewer changes never put a matching over the limit. */
  async function remove(workerId: number, id: number, actor: Actor): Promise<void> {
    await db.transaction(async (tx) => {
      await lockWorker(tx, workerId, actor, false);
      const current = await repo.lockChange(tx, workerId, id);
      if (!current) throw notFound();
      if (!(await repo.softDeleteChange(tx, id))) throw versionConflict();
      await appendAudit(tx, actor.audit, {
        action: 'DELETE',
        targetType: 'worker',
        targetId: workerId,
        summary: `사업장 변경 삭제: ${summaryOf(current)}`,
        diff: { workplaceChangeId: { before: id, after: null } },
      });
    });
  }

  return { list, create, update, remove };
}
export type WorkplaceChangesService = ReturnType<typeof createWorkplaceChangesService>;
