import {
  contactsMaskedFor,
  EXTENSION_STATUS_LABELS,
  PII_FIELD_LABELS,
  type PiiField,
  piiFieldWire,
  privacyMessages,
  REENTRY_DATE_VISAS,
  recordMessages,
  reentryIssues,
  reentryMessages,
  reentrySummary,
  trashMessages,
  visaValidity,
  WORKER_STATUS_LABELS,
  WORKER_TRANSITIONS,
  type Worker,
  type WorkerStatusChange,
  type workerCreateSchema,
  type workerListQuerySchema,
  type workerUpdateSchema,
  type z,
} from '@ilson/contracts';
import { listTargetHistory } from '../../audit/history';
import { appendAudit } from '../../audit/trail';
import type { Database } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Executor, Tx } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { seoulToday } from '../../lib/dates';
import { changedFieldNames, creationDiff, type Diff, diffOf } from '../../lib/diff';
import { conflict, notFound, validationError } from '../../lib/errors';
import type { ImportedRow } from '../../lib/imported';
import type { PiiCipher } from '../../lib/pii';
import { checkTransition, statusSummary, versionConflict } from '../../lib/status-change';
import { checkRecordBranch } from '../branches/branches.rules';
import {
  guardHeldMatchings,
  guardNoLiveMatchings,
  guardOneEmployerVisa,
} from '../matchings/matchings.integrity';
import { guardFees } from '../payouts/payouts.fees';
import type { SettingsService } from '../settings/settings.service';
import { checkInTrash, checkRestoreBranch, logRestore, type Restored } from '../trash/trash.rules';
import { type ExtensionInput, extensionValues } from './workers.extension';
import { answerHeldIdentifier, identifierAttempt, refuseHeldIdentifiers } from './workers.identity';
import { checkEditedIdentity, checkNewIdentity } from './workers.identity-rules';
import {
  alienRegNoColumns,
  checkIdentifierSearch,
  contactsShownTo,
  listViewEntry,
  passportNoColumns,
  workerSearch,
} from './workers.pii';
import * as repo from './workers.repository';

type WorkerCreate = z.output<typeof workerCreateSchema>;
type WorkerUpdate = z.output<typeof workerUpdateSchema>;
type WorkerListQuery = z.output<typeof workerListQuerySchema>;

/** Field by field, not `{ ...rest }` of the row: see docs/performance.md#row-mappers. */
export function toWorker(row: repo.WorkerRow, today = seoulToday()): Worker {
  return {
    id: row.id,
    nameKo: row.nameKo,
    firstName: row.firstName,
    lastName: row.lastName,
    gender: row.gender,
    dateOfBirth: row.dateOfBirth,
    nationality: row.nationality,
    phoneNumber: row.phoneNumber,
    emailAddress: row.emailAddress,
    alienRegNo: row.alienRegNoMasked,
    passportNo: row.passportNoMasked,
    passportExpiryDate: row.passportExpiryDate,
    visaType: row.visaType,
    visaStatus: row.visaStatus,
    visaValidity: visaValidity(row, today),
    visaExpiryDate: row.visaExpiryDate,
    entryDate: row.entryDate,
    studyCourse: row.studyCourse,
    partTimePermitNo: row.partTimePermitNo,
    partTimePermitWeeklyHours: row.partTimePermitWeeklyHours,
    partTimePermitValidFrom: row.partTimePermitValidFrom,
    partTimePermitValidTo: row.partTimePermitValidTo,
    employmentPeriodEndDate: row.employmentPeriodEndDate,
    koreanLevel: row.koreanLevel,
    desiredIndustries: row.desiredIndustries,
    streetAddress: row.streetAddress,
    city: row.city,
    stateProvince: row.stateProvince,
    postalCode: row.postalCode,
    country: row.country,
    branchId: row.branchId,
    branchName: row.branchName,
    adminMemo: row.adminMemo,
    status: row.status,
    statusReason: row.statusReason,
    statusChangedAt: row.statusChangedAt?.toISOString() ?? null,
    extensionStatus: row.extensionStatus,
    extensionAppliedAt: row.extensionAppliedAt,
    extensionApprovedAt: row.extensionApprovedAt,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/**
 * 재입국 처리 (docs/law-as-data.md#reentry): the new entry date restarts the 취업활동 기간, so it is required for
 * the visas that have one, checked against the waiting period of 제18조의3/제18조의4 from the departure (the day
 * the worker was recorded as departed), and written with the stored 재고용 end cleared. Other visas may give it.
 */
function reentryValues(current: repo.WorkerRecord, change: WorkerStatusChange, now: Date) {
  const needsDate = (REENTRY_DATE_VISAS as readonly string[]).includes(current.visaType);
  if (!change.entryDate) {
    if (!needsDate) return null;
    const message = reentryMessages.entryDateRequired(current.visaType);
    throw validationError([{ field: 'entry_date', message }], message);
  }
  const kind = change.reentryKind ?? 'general';
  const issues = reentryIssues({
    visaType: current.visaType,
    departureDate: current.statusChangedAt ? seoulToday(current.statusChangedAt) : null,
    entryDate: change.entryDate,
    kind,
    today: seoulToday(now),
  });
  if (issues.length > 0) {
    throw validationError(
      issues.map((issue) => ({ field: 'entry_date', message: issue.message })),
      issues.map((issue) => issue.message).join(' '),
    );
  }
  const values = { entryDate: change.entryDate, employmentPeriodEndDate: null };
  return {
    values,
    summary: reentrySummary(change.entryDate, kind),
    diff: {
      entryDate: { before: current.entryDate, after: change.entryDate },
      ...(current.employmentPeriodEndDate
        ? { employmentPeriodEndDate: { before: current.employmentPeriodEndDate, after: null } }
        : {}),
      reentryKind: { before: null, after: kind },
    },
  };
}

/** The worker list's view for its access-log entry (listViewEntry): the filters as sent, the rows shown. */
const listView = (filters: Record<string, unknown>, rows: { id: number }[], total: number) => ({
  label: '근로자 목록 조회',
  targetType: 'worker',
  filters,
  ids: rows.map((r) => r.id),
  total,
});

const displayName = (w: { nameKo: string; firstName: string; lastName: string }) =>
  w.nameKo || `${w.firstName} ${w.lastName}`;

/** The list screen's query as repository filters (the export of the same list shares it). */
export function workerFilters(
  pii: PiiCipher,
  query: WorkerFilterQuery,
  options: { contactsMasked: boolean },
): repo.WorkerFilters {
  if (query.visaExpiryFrom && query.visaExpiryTo && query.visaExpiryFrom > query.visaExpiryTo) {
    throw validationError([{ field: 'visa_expiry_to', message: recordMessages.dateRangeInverted }]);
  }
  return {
    status: query.status,
    nationality: query.nationality,
    visaType: query.visaType,
    branchId: query.branchId,
    visaExpiryFrom: query.visaExpiryFrom,
    visaExpiryTo: query.visaExpiryTo,
    q: workerSearch(pii, query.q, options),
  };
}
type WorkerFilterQuery = Omit<WorkerListQuery, 'page' | 'pageSize' | 'sort' | 'order' | 'reason'>;

/**
 * What the worker's delete and restore ask of its resumes, each resume by the resume service's own operation in the
 * worker's transaction (docs/DOMAIN.md#invariants, I-22); app.ts passes the resume service.
 */
export type WorkerResumes = {
  removeWithWorker(tx: Executor, workerId: number, actor: Actor): Promise<void>;
  restoreWithWorker(tx: Executor, workerId: number, actor: Actor): Promise<void>;
};

/** Worker fields the rules of matchings under way read (docs/domain-integrity.md). */
const RULE_FIELDS = [
  'visaType',
  'visaStatus',
  'visaExpiryDate',
  'status',
  'studyCourse',
  'partTimePermitNo',
  'partTimePermitWeeklyHours',
  'partTimePermitValidFrom',
  'partTimePermitValidTo',
  'entryDate',
  'employmentPeriodEndDate',
] as const;

export function createWorkersService({
  db,
  pii,
  settings,
  resumes,
}: {
  db: Database;
  pii: PiiCipher;
  settings: SettingsService;
  resumes: WorkerResumes;
}) {
  /** Refuses a change of the worker's visa or status that would break a matching under way. */
  async function guardMatchings(
    tx: Executor,
    workerId: number,
    change: Partial<Pick<repo.WorkerValues, (typeof RULE_FIELDS)[number]>>,
  ) {
    const changed = RULE_FIELDS.filter((field) => change[field] !== undefined);
    if (changed.length === 0) return;
    if (change.visaType) await guardOneEmployerVisa(tx, workerId, change.visaType, seoulToday());
    const { minimumWageByYear, pilotSectors } = await settings.get(tx);
    const field = changed.includes('visaExpiryDate')
      ? 'visa_expiry_date'
      : changed.includes('entryDate')
        ? 'entry_date'
        : changed.includes('employmentPeriodEndDate')
          ? 'employment_period_end_date'
          : changed.includes('visaType')
            ? 'visa_type'
            : changed.includes('visaStatus')
              ? 'visa_status'
              : 'status';
    await guardHeldMatchings(
      tx,
      { workerId },
      { worker: change },
      { today: seoulToday(), minimumWageByYear, pilotSectors, field },
    );
  }

  async function detail(executor: Executor, id: number, actor: Actor): Promise<Worker> {
    const row = await repo.findWorker(executor, id, actor.scope);
    if (!row) throw notFound();
    return contactsShownTo(toWorker(row), actor.role);
  }

  /**
   * The list returns workers' personal data: one access-log entry per request (docs/SECURITY.md). A search by a full
   * identifier is checked first (permission, reason, the admin's budget) and its entry carries the reason.
   */
  async function list(query: WorkerListQuery, actor: Actor) {
    const lookup = await checkIdentifierSearch(db, actor, query);
    const { reason: _reason, ...shown } = query;
    const { rows, total, totalEstimated } = await repo.listWorkers(db, actor.scope, {
      ...workerFilters(pii, query, { contactsMasked: contactsMaskedFor(actor.role) }),
      sort: query.sort,
      order: query.order,
      page: query.page,
      pageSize: query.pageSize,
    });
    await appendAudit(db, actor.audit, listViewEntry(listView(shown, rows, total), lookup));
    return {
      data: rows.map((row) => contactsShownTo(toWorker(row), actor.role)),
      meta: { page: query.page, pageSize: query.pageSize, total, totalEstimated },
    };
  }

  /**
   * The global search's page: the list's filters, the newest `pageSize` matches, a few columns (searchWorkers) — a
   * view of personal data all the same, logged and masked as the list is.
   */
  async function search(query: WorkerListQuery, actor: Actor) {
    const lookup = await checkIdentifierSearch(db, actor, query);
    const { reason: _reason, ...shown } = query;
    const filters = workerFilters(pii, query, { contactsMasked: contactsMaskedFor(actor.role) });
    const rows = await repo.searchWorkers(db, actor.scope, filters, query.pageSize);
    await appendAudit(db, actor.audit, listViewEntry(listView(shown, rows, rows.length), lookup));
    return rows.map((row) => contactsShownTo(row, actor.role));
  }

  /** Every open of a worker's detail is a view of personal data: it goes to the access log. */
  async function get(id: number, actor: Actor): Promise<Worker> {
    const worker = await detail(db, id, actor);
    await appendAudit(db, actor.audit, {
      action: 'VIEW_PII',
      targetType: 'worker',
      targetId: id,
      summary: `근로자 상세 조회: ${displayName(worker)}`,
    });
    return worker;
  }

  /**
   * A new worker in the caller's transaction: the branch (checked, and locked until the transaction ends), the
   * identifiers no other live worker holds (IdentifierHeld), the row and its access-log entry. The form's create and
   * each row of an import's commit go through it (docs/imports.md#commit-and-undo-go-through-the-services); it
   * answers the id, and reads nothing back.
   */
  async function createIn(
    tx: Tx,
    input: WorkerCreate,
    actor: Actor,
    options: { imported?: ImportedRow } = {},
  ): Promise<number> {
    const { alienRegNo, passportNo, ...fields } = input;
    const arn = alienRegNoColumns(pii, alienRegNo ?? null);
    const passport = passportNoColumns(pii, passportNo ?? null);
    const { imported } = options;
    // The schema checked it; an import's commit runs its rows again here (docs/DOMAIN.md#identity).
    checkNewIdentity(input, seoulToday());
    await checkRecordBranch(tx, fields.branchId, actor.scope);
    await refuseHeldIdentifiers(tx, {
      alienRegNo: arn.alienRegNoHash,
      passportNo: passport.passportNoHash,
    });
    const id = await repo.insertWorker(tx, {
      ...fields,
      ...arn,
      ...passport,
      ...(imported && { importBatchId: imported.batchId, importRowNo: imported.rowNo }),
    });
    await appendAudit(tx, actor.audit, {
      action: 'CREATE',
      targetType: 'worker',
      targetId: id,
      summary: `근로자 등록: ${displayName(fields)}${imported ? ` (${imported.label})` : ''}`,
      diff: creationDiff({
        ...fields,
        alienRegNo: arn.alienRegNoMasked,
        passportNo: passport.passportNoMasked,
      }),
    });
    return id;
  }

  async function create(input: WorkerCreate, actor: Actor): Promise<Worker> {
    return db
      .transaction(async (tx) => detail(tx, await createIn(tx, input, actor), actor))
      .catch((caught: unknown) =>
        answerHeldIdentifier(db, caught, actor, { ...identifierAttempt(pii, input), action: '근로자 등록' }),
      );
  }

  async function update(id: number, input: WorkerUpdate, actor: Actor): Promise<Worker> {
    const { version, alienRegNo, passportNo, ...changes } = input;
    const nextArn = alienRegNoColumns(pii, alienRegNo ?? null);
    const nextPassport = passportNoColumns(pii, passportNo ?? null);
    const attempt = {
      alienRegNo: { hash: nextArn.alienRegNoHash, masked: nextArn.alienRegNoMasked },
      passportNo: { hash: nextPassport.passportNoHash, masked: nextPassport.passportNoMasked },
      exceptId: id,
      action: `근로자 #${id} 수정`,
    };
    return db
      .transaction(async (tx) => {
        const current = await repo.lockWorker(tx, id, actor.scope);
        if (!current) throw notFound();
        if (current.version !== version) throw versionConflict();
        const diff: Diff = diffOf(current, changes);
        const values: Partial<repo.WorkerValues> = Object.fromEntries(
          Object.keys(diff).map((key) => [key, diff[key]!.after]),
        );
        if (diff.visaStatus && changes.visaStatus === 'pending') {
          // 심사 중 is what a filed extension sets (docs/DOMAIN.md#invariants), not a choice of the form.
          throw validationError([{ field: 'visa_status', message: recordMessages.visaPendingFromExtension }]);
        }
        if (diff.branchId) await checkRecordBranch(tx, changes.branchId!, actor.scope);
        checkEditedIdentity(current, changes, alienRegNo, seoulToday());
        if (alienRegNo !== undefined) {
          if (nextArn.alienRegNoHash !== current.alienRegNoHash) {
            await refuseHeldIdentifiers(tx, { alienRegNo: nextArn.alienRegNoHash }, id);
            Object.assign(values, nextArn);
            diff.alienRegNo = { before: current.alienRegNoMasked, after: nextArn.alienRegNoMasked };
          }
        }
        if (passportNo !== undefined) {
          if (nextPassport.passportNoHash !== current.passportNoHash) {
            await refuseHeldIdentifiers(tx, { passportNo: nextPassport.passportNoHash }, id);
            Object.assign(values, nextPassport);
            diff.passportNo = { before: current.passportNoMasked, after: nextPassport.passportNoMasked };
          }
        }
        if (Object.keys(diff).length === 0) return detail(tx, id, actor);
        await guardMatchings(tx, id, values);
        if (!(await repo.updateWorker(tx, { id, version, scope: actor.scope }, values))) {
          throw versionConflict();
        }
        // A fee naming the worker and no matching is measured by the worker's visa (I-31, docs/law-as-data.md#fees).
        if (diff.visaType) await guardFees(tx, { workerId: id }, 'visa_type');
        await appendAudit(tx, actor.audit, {
          action: 'UPDATE',
          targetType: 'worker',
          targetId: id,
          summary: `근로자 수정: ${changedFieldNames(diff)}`,
          diff,
        });
        return detail(tx, id, actor);
      })
      .catch((caught: unknown) => answerHeldIdentifier(db, caught, actor, attempt));
  }

  async function changeStatus(id: number, change: WorkerStatusChange, actor: Actor): Promise<Worker> {
    return db.transaction(async (tx) => {
      const current = await repo.lockWorker(tx, id, actor.scope);
      if (!current) throw notFound();
      if (current.version !== change.version) throw versionConflict();
      checkTransition(WORKER_TRANSITIONS, WORKER_STATUS_LABELS, {
        from: current.status,
        to: change.status,
        reason: change.reason,
        role: actor.role,
      });
      const now = new Date();
      const reentry = current.status === 'departed' ? reentryValues(current, change, now) : null;
      const values = {
        status: change.status,
        statusReason: change.reason || null,
        statusChangedAt: now,
        ...reentry?.values,
      };
      await guardMatchings(tx, id, values);
      if (!(await repo.updateWorker(tx, { id, version: change.version, scope: actor.scope }, values))) {
        throw versionConflict();
      }
      const summary = statusSummary(WORKER_STATUS_LABELS, current.status, change.status);
      await appendAudit(tx, actor.audit, {
        action: 'UPDATE',
        targetType: 'worker',
        targetId: id,
        summary: reentry ? `${summary} · ${reentry.summary}` : summary,
        diff: { status: { before: current.status, after: change.status }, ...reentry?.diff },
        reason: change.reason || null,
      });
      return detail(tx, id, actor);
    });
  }

  async function updateExtension(id: number, input: ExtensionInput, actor: Actor): Promise<Worker> {
    const today = seoulToday();
    return db.transaction(async (tx) => {
      const current = await repo.lockWorker(tx, id, actor.scope);
      if (!current) throw notFound();
      if (current.version !== input.version) throw versionConflict();
      const values = extensionValues(current, input, today);
      const diff = diffOf(current, values);
      if (Object.keys(diff).length === 0) return detail(tx, id, actor);
      await guardMatchings(tx, id, values);
      if (!(await repo.updateWorker(tx, { id, version: input.version, scope: actor.scope }, values))) {
        throw versionConflict();
      }
      const from = EXTENSION_STATUS_LABELS[current.extensionStatus];
      await appendAudit(tx, actor.audit, {
        action: 'UPDATE',
        targetType: 'worker',
        targetId: id,
        summary: `체류기간 연장: ${from} → ${EXTENSION_STATUS_LABELS[values.extensionStatus]}`,
        diff,
      });
      return detail(tx, id, actor);
    });
  }

  /**
   * Moves a worker to another branch (a bulk action's "담당 지점 변경"): the branch must be one the admin reaches and
   * still operating, as on an edit. Already there is no change and no refusal.
   */
  async function changeBranch(id: number, branchId: number, actor: Actor): Promise<void> {
    await db.transaction(async (tx) => {
      const current = await repo.lockWorker(tx, id, actor.scope);
      if (!current) throw notFound();
      if (current.branchId === branchId) return;
      await checkRecordBranch(tx, branchId, actor.scope);
      if (!(await repo.updateWorker(tx, { id, scope: actor.scope }, { branchId }))) throw versionConflict();
      await appendAudit(tx, actor.audit, {
        action: 'UPDATE',
        targetType: 'worker',
        targetId: id,
        summary: `근로자 담당 지점 변경: ${displayName(current)}`,
        diff: { branchId: { before: current.branchId, after: branchId } },
      });
    });
  }

  /** Returns one identifier in plaintext, once, and logs who asked and why. */
  async function reveal(id: number, input: { field: PiiField; reason: string }, actor: Actor) {
    return db.transaction(async (tx) => {
      const row = await repo.findSecrets(tx, id, actor.scope);
      if (!row) throw notFound();
      // Destroyed at the end of its retention: nothing left to reveal, and the reply says why (privacy-lifecycle.md).
      if (row.destroyedAt) throw notFound(privacyMessages.destroyed);
      const stored = input.field === 'alienRegNo' ? row.alienRegNoEnc : row.passportNoEnc;
      if (!stored) throw notFound(recordMessages.piiNotSet);
      const value = pii.decrypt(stored);
      await appendAudit(tx, actor.audit, {
        action: 'REVEAL',
        targetType: 'worker',
        targetId: id,
        summary: `${PII_FIELD_LABELS[input.field]} 열람: ${displayName(row)}`,
        reason: input.reason,
      });
      // Field names are values here, which the wire does not convert: snake_case as the request spells them.
      return { field: piiFieldWire(input.field), value };
    });
  }

  /** In `within` when given: an import's undo removes each record here, in its page's transaction. */
  async function remove(id: number, actor: Actor, within?: Tx): Promise<void> {
    await inTransaction(db, within, async (tx) => {
      const current = await repo.lockWorker(tx, id, actor.scope);
      if (!current) throw notFound();
      await guardNoLiveMatchings(tx, { workerId: id }, recordMessages.workerHasLiveMatchings);
      await repo.softDeleteWorker(tx, id, actor.scope);
      await appendAudit(tx, actor.audit, {
        action: 'DELETE',
        targetType: 'worker',
        targetId: id,
        summary: `근로자 삭제: ${displayName(current)}`,
      });
      await resumes.removeWithWorker(tx, id, actor);
    });
  }

  /**
   * Out of the trash (docs/undo-and-trash.md, 휴지통), with its create's rules: an operating branch the admin reaches,
   * a visa 심사 중 only under a filed extension (docs/DOMAIN.md#invariants, I-19), and no live worker holding its 외국인등록번호 or 여권번호 —
   * named to an admin who reaches the holder, in the neutral words otherwise, as the form's create answers. The
   * resumes that went to the trash with it come back with it.
   */
  async function restore(id: number, actor: Actor): Promise<Restored> {
    const attempt: Parameters<typeof answerHeldIdentifier>[3] = {
      exceptId: id,
      action: `근로자 #${id} 복원`,
      restore: true,
    };
    return db
      .transaction(async (tx) => {
        const current = await repo.lockForRestore(tx, id, actor.scope);
        checkInTrash(current);
        attempt.alienRegNo = { hash: current.alienRegNoHash, masked: current.alienRegNoMasked };
        attempt.passportNo = { hash: current.passportNoHash, masked: current.passportNoMasked };
        await checkRestoreBranch(tx, current.branchId, actor.scope);
        if (current.visaStatus === 'pending' && current.extensionStatus !== 'applied') {
          throw conflict(trashMessages.visaPendingWithoutExtension);
        }
        await refuseHeldIdentifiers(
          tx,
          { alienRegNo: current.alienRegNoHash, passportNo: current.passportNoHash },
          id,
        );
        if (!(await repo.restoreWorker(tx, id, actor.scope))) throw versionConflict();
        const name = `${current.firstName} ${current.lastName}`;
        const restored = { id, label: current.nameKo ? `${current.nameKo} (${name})` : name };
        await logRestore(tx, actor, 'worker', restored);
        await resumes.restoreWithWorker(tx, id, actor);
        return restored;
      })
      .catch((caught: unknown) => answerHeldIdentifier(db, caught, actor, attempt));
  }

  /** The record's changes and reveals; the detail views (VIEW_PII) stay in the full access log. */
  async function history(id: number, actor: Actor) {
    if (!(await repo.findWorker(db, id, actor.scope))) throw notFound();
    return { data: await listTargetHistory(db, { type: 'worker', id, excludeActions: ['VIEW_PII'] }) };
  }

  return {
    list,
    search,
    get,
    create,
    createIn,
    update,
    changeStatus,
    changeBranch,
    updateExtension,
    reveal,
    remove,
    restore,
    removeIn: (tx: Tx, id: number, actor: Actor) => remove(id, actor, tx),
    history,
  };
}
export type WorkersService = ReturnType<typeof createWorkersService>;
