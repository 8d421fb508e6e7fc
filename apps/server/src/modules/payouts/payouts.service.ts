import {
  PAYOUT_APPROVED_STATUSES,
  PAYOUT_LOCKED_STATUSES,
  PAYOUT_MONEY_FIELDS,
  PAYOUT_STATUS_LABELS,
  PAYOUT_TRANSITIONS,
  type Payout,
  type PayoutType,
  type payoutCreateSchema,
  type payoutListQuerySchema,
  type payoutStatusChangeSchema,
  type payoutUpdateSchema,
  privacyMessages,
  recordMessages,
  type z,
} from '@ilson/contracts';
import { listTargetHistory } from '../../audit/history';
import { appendAudit } from '../../audit/trail';
import type { Database } from '../../db/client';
import { reusedUntilWritten } from '../../db/embedded-writes';
import { digitTerm } from '../../db/list';
import { cachedSummary } from '../../db/summary-cache';
import type { Executor } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { isoOrNull } from '../../lib/dates';
import { onUniqueViolation } from '../../lib/db-errors';
import { changedFieldNames, creationDiff, type Diff, diffOf } from '../../lib/diff';
import { AppError, conflict, notFound, validationError } from '../../lib/errors';
import type { PiiCipher } from '../../lib/pii';
import { scopeKey } from '../../lib/scope';
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
import { enforceFeeRules, feeRule, legalBasisColumns } from './payouts.fees';
import * as repo from './payouts.repository';
import { accountNoColumns, defaultVat, totalsByStatus } from './payouts.rules';

type PayoutCreate = z.output<typeof payoutCreateSchema>;
type PayoutUpdate = z.output<typeof payoutUpdateSchema>;
type PayoutListQuery = z.output<typeof payoutListQuerySchema>;
/** A status change; without a version (a bulk action) it applies to the payout as it now stands. */
type StatusChange = Omit<z.output<typeof payoutStatusChangeSchema>, 'version'> & {
  version?: number;
  /** An undo moving the payout back (docs/undo-and-trash.md#undo-of-a-status-change). */
  reversal?: Reversal;
};
type Links = { employerId: number; matchingId: number | null; workerId: number | null; type: PayoutType };

/** A paid-at a little ahead of this server's clock is a clock difference, not a future payment. */
const CLOCK_SKEW_MS = 5 * 60_000;

export function toPayout(row: repo.PayoutRow): Payout {
  return {
    id: row.id,
    matchingId: row.matchingId,
    employerId: row.employerId,
    employerName: row.employerName,
    workerId: row.workerId,
    workerName:
      row.workerNameKo || (row.workerFirstName ? `${row.workerFirstName} ${row.workerLastName}` : null),
    branchId: row.branchId,
    type: row.type,
    amount: row.amount,
    vat: row.vat,
    total: row.amount + row.vat,
    method: row.method,
    bankName: row.bankName,
    accountNo: row.accountNoMasked,
    accountHolder: row.accountHolder,
    scheduledDate: row.scheduledDate,
    paidAt: isoOrNull(row.paidAt),
    memo: row.memo,
    lastEditedBy: row.lastEditedBy,
    lastEditorName: row.lastEditorName,
    status: row.status,
    statusReason: row.statusReason,
    legalBasisNote: row.legalBasisNote,
    legalBasisBy: row.legalBasisBy,
    legalBasisByName: row.legalBasisByName,
    legalBasisAt: isoOrNull(row.legalBasisAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

const fieldError = (field: string, message: string) => validationError([{ field, message }]);

/** The list screen's query as repository filters (the export of the same list shares it). */
export function payoutFilters(pii: PiiCipher, query: PayoutFilterQuery): repo.PayoutFilters {
  if (query.dateFrom && query.dateTo && query.dateFrom > query.dateTo) {
    throw fieldError('date_to', recordMessages.dateRangeInverted);
  }
  const digits = query.q ? digitTerm(query.q) : null;
  return {
    status: query.status,
    type: query.type,
    employerId: query.employerId,
    branchId: query.branchId,
    dateFrom: query.dateFrom,
    dateTo: query.dateTo,
    q: query.q
      ? { text: query.q, accountNoHash: digits && digits.length >= 6 ? pii.searchHash(digits) : undefined }
      : undefined,
  };
}
type PayoutFilterQuery = Omit<PayoutListQuery, 'page' | 'pageSize' | 'sort' | 'order'>;

/** The partial unique index behind one live fee payout per matching (migration 0010). */
const MATCHING_FEE_INDEX = 'payouts_matching_fee_key';

/** 409 naming the payout that already carries the matching's fee (linked when known). */
const duplicateFee = (existingId?: number) =>
  conflict(recordMessages.duplicateMatchingFee, [
    {
      field: 'matching_id',
      message: recordMessages.duplicateMatchingFee,
      ...(existingId === undefined
        ? {}
        : { resource: 'payouts' as const, id: existingId, label: `정산 #${existingId}` }),
    },
  ]);

export function createPayoutsService({
  db,
  pii,
  cacheSeconds = 0,
}: {
  db: Database;
  pii: PiiCipher;
  /** Totals over more than EXACT_TOTAL_LIMIT payouts are reused this long (summary_cache). */
  cacheSeconds?: number;
}) {
  async function detail(executor: Executor, id: number, actor: Actor): Promise<Payout> {
    const row = await repo.findPayout(executor, id, actor.scope);
    if (!row) throw notFound();
    return toPayout(row);
  }

  /** Employer, matching and worker exist, are in the admin's branches and belong together. */
  async function checkLinks(executor: Executor, links: Links, actor: Actor, exceptId?: number) {
    if (!(await repo.employerFor(executor, links.employerId, actor.scope))) {
      throw fieldError('employer_id', recordMessages.employerNotFound);
    }
    if (links.matchingId !== null) {
      const matching = await repo.matchingFor(executor, links.matchingId, actor.scope);
      if (!matching) throw fieldError('matching_id', recordMessages.matchingNotFound);
      if (matching.employerId !== links.employerId) {
        throw fieldError('matching_id', recordMessages.payoutMatchingMismatch);
      }
      if (links.workerId !== null && matching.workerId !== links.workerId) {
        throw fieldError('worker_id', recordMessages.payoutWorkerMismatch);
      }
    }
    if (links.workerId !== null && !(await repo.workerFor(executor, links.workerId, actor.scope))) {
      throw fieldError('worker_id', recordMessages.workerNotFound);
    }
    if (links.type === 'wage' && links.workerId === null) {
      throw fieldError('worker_id', recordMessages.payoutWorkerRequired);
    }
    if (links.type === 'matching_fee' && links.matchingId !== null) {
      const existing = await repo.liveMatchingFee(executor, links.matchingId, exceptId);
      if (existing) throw duplicateFee(existing.id);
    }
  }

  /** Dates filter on the scheduled date, else the day the payout was registered (Seoul). */
  async function list(query: PayoutListQuery, actor: Actor) {
    const filters = payoutFilters(pii, query);
    const { rows, total, totalEstimated } = await repo.listPayouts(db, actor.scope, {
      ...filters,
      sort: query.sort,
      order: query.order,
      page: query.page,
      pageSize: query.pageSize,
    });
    // A few hundred payouts are summed on every request; sums over more (a whole year, 500k rows) are reused for
    // a minute, and the reply says as of when. A search term is never part of a cache key (it may be personal).
    const live = !totalEstimated || query.q !== undefined;
    const key = `payout-totals:${scopeKey(actor.scope)}:${JSON.stringify(filters)}`;
    const totals = live
      ? // On the embedded engine, reused while no payout is written (docs/performance.md#list-totals).
        { value: await reusedUntilWritten(db, repo.payoutTotals(db, actor.scope, filters)), computedAt: null }
      : await cachedSummary(db, key, cacheSeconds, () => repo.payoutTotals(db, actor.scope, filters));
    const byStatus = totalsByStatus(totals.value);
    return {
      data: rows.map(toPayout),
      meta: {
        page: query.page,
        pageSize: query.pageSize,
        // The per-status counts are exact (as of `totalsAsOf`): they are the total.
        total: live ? total : byStatus.reduce((sum, row) => sum + row.count, 0),
        totalEstimated: false,
      },
      totals: byStatus,
      totalsAsOf: totals.computedAt ? totals.computedAt.toISOString() : null,
    };
  }

  async function create(input: PayoutCreate, actor: Actor): Promise<Payout> {
    const { accountNo, vat, legalBasisNote, ...fields } = input;
    const account = accountNoColumns(pii, accountNo ?? null);
    const basis = legalBasisColumns(legalBasisNote, null, actor);
    const values: repo.PayoutValues = {
      ...fields,
      vat: vat ?? defaultVat(fields.type, fields.amount),
      ...account,
      ...basis,
      createdBy: actor.adminId,
      lastEditedBy: actor.adminId,
      statusChangedAt: new Date(),
    };
    return onUniqueViolation(
      MATCHING_FEE_INDEX,
      () => duplicateFee(),
      () =>
        db.transaction(async (tx) => {
          await checkLinks(tx, fields, actor);
          await enforceFeeRules(tx, { ...fields, legalBasisNote: basis?.legalBasisNote ?? null });
          const id = await repo.insertPayout(tx, values);
          await appendAudit(tx, actor.audit, {
            action: 'CREATE',
            targetType: 'payout',
            targetId: id,
            summary: `정산 등록: ${input.amount.toLocaleString('ko-KR')}원`,
            diff: creationDiff({
              ...fields,
              vat: values.vat,
              accountNo: account.accountNoMasked,
              ...(basis ? { legalBasisNote: basis.legalBasisNote } : {}),
            }),
          });
          return detail(tx, id, actor);
        }),
    );
  }

  /**
   * A paid or cancelled payout is final. VAT sent as null, or left out while the amount or type changes,
   * becomes the default again; the account number is kept unless sent.
   */
  async function update(id: number, input: PayoutUpdate, actor: Actor): Promise<Payout> {
    const { version, accountNo, vat, legalBasisNote, ...changes } = input;
    return onUniqueViolation(
      MATCHING_FEE_INDEX,
      () => duplicateFee(),
      () =>
        db.transaction(async (tx) => {
          const current = await repo.lockPayout(tx, id, actor.scope);
          if (!current) throw notFound();
          if (current.version !== version) throw versionConflict();
          if ((PAYOUT_LOCKED_STATUSES as readonly string[]).includes(current.status)) {
            throw conflict(recordMessages.payoutNotEditable(PAYOUT_STATUS_LABELS[current.status]));
          }
          const diff: Diff = diffOf(current, changes);
          const next = { ...current, ...changes };
          const nextVat =
            vat ??
            (vat === null || diff.amount || diff.type ? defaultVat(next.type, next.amount) : current.vat);
          if (nextVat !== current.vat) diff.vat = { before: current.vat, after: nextVat };
          const values: Partial<repo.PayoutValues> = Object.fromEntries(
            Object.keys(diff).map((key) => [key, diff[key]!.after]),
          );
          if (diff.employerId || diff.matchingId || diff.workerId || diff.type) {
            await checkLinks(tx, next, actor, id);
          }
          const basis = legalBasisColumns(legalBasisNote, current.legalBasisNote, actor);
          if (basis) {
            Object.assign(values, basis);
            diff.legalBasisNote = { before: current.legalBasisNote, after: basis.legalBasisNote };
          }
          if (accountNo !== undefined) {
            const account = accountNoColumns(pii, accountNo);
            if (account.accountNoHash !== current.accountNoHash) {
              Object.assign(values, account);
              diff.accountNo = { before: current.accountNoMasked, after: account.accountNoMasked };
            }
          }
          if (Object.keys(diff).length === 0) return detail(tx, id, actor);
          // Every edit of a fee meets the fee rules as it will stand (docs/law-as-data.md#fees).
          await enforceFeeRules(tx, {
            ...next,
            legalBasisNote: basis ? basis.legalBasisNote : current.legalBasisNote,
          });
          // docs/SECURITY.md: whoever changes the money is its maker; an approved payout goes back to review.
          const money = PAYOUT_MONEY_FIELDS.some((field) => diff[field]);
          let reason: string | null = null;
          if (money) {
            values.lastEditedBy = actor.adminId;
            if (current.status === 'approved' || current.status === 'failed') {
              values.status = 'pending';
              values.statusReason = recordMessages.payoutBackToPending;
              values.statusChangedAt = new Date();
              diff.status = { before: current.status, after: 'pending' };
              reason = recordMessages.payoutBackToPending;
            }
          }
          if (!(await repo.updatePayout(tx, { id, version }, values))) throw versionConflict();
          await appendAudit(tx, actor.audit, {
            action: 'UPDATE',
            targetType: 'payout',
            targetId: id,
            summary: `정산 수정: ${changedFieldNames(diff)}`,
            diff,
            reason,
          });
          return detail(tx, id, actor);
        }),
    );
  }

  async function changeStatus(id: number, change: StatusChange, actor: Actor): Promise<Payout> {
    const now = new Date();
    return inChangeTransaction(db, change.reversal, async (tx) => {
      const current = await repo.lockPayout(tx, id, actor.scope);
      if (!current) throw notFound();
      if (change.version !== undefined && current.version !== change.version) throw versionConflict();
      const undo = undoRecorder(tx, change.version !== undefined && !change.reversal);
      if (change.reversal) {
        checkReversal(PAYOUT_TRANSITIONS, {
          from: current.status,
          to: change.status,
          role: actor.role,
          reversal: change.reversal,
        });
      } else {
        checkTransition(PAYOUT_TRANSITIONS, PAYOUT_STATUS_LABELS, {
          from: current.status,
          to: change.status,
          reason: change.reason,
          role: actor.role,
        });
      }
      // A fee that goes on towards paying, or comes back from cancelled (an undo too), meets the fee rules; a cancel
      // or a failure never is refused on their account (docs/law-as-data.md#fees).
      if (change.status === 'approved' || change.status === 'paid' || current.status === 'cancelled') {
        await enforceFeeRules(tx, current);
      }
      let reason = change.reason || null;
      // An undo approves nothing: it moves back a step the admin just took.
      if (!change.reversal && (PAYOUT_APPROVED_STATUSES as readonly string[]).includes(change.status)) {
        // Maker–checker: the maker approves only as a super_admin, with a reason on record.
        if (current.lastEditedBy === actor.adminId) {
          if (actor.role !== 'super_admin') throw new AppError('SELF_APPROVAL');
          if (!change.reason?.trim()) {
            throw fieldError('reason', recordMessages.selfApprovalReasonRequired);
          }
          reason = recordMessages.selfApprovalNote(change.reason.trim());
        }
      }
      const values: Partial<repo.PayoutValues> = {
        status: change.status,
        statusReason: reason,
        statusChangedAt: now,
      };
      if (!change.reversal && change.status === 'paid') {
        const paidAt = change.paidAt ? new Date(change.paidAt) : now;
        if (paidAt.getTime() > now.getTime() + CLOCK_SKEW_MS) {
          throw fieldError('paid_at', recordMessages.paidAtInFuture);
        }
        values.paidAt = paidAt;
      }
      const written = change.reversal
        ? { ...restoredFields<repo.PayoutValues>(change.reversal.previous), status: change.status }
        : values;
      if (!(await repo.updatePayout(tx, { id, version: change.version }, written))) throw versionConflict();
      const { statusChangedAt: _at, statusReason: _r, ...logged } = written;
      await appendAudit(tx, actor.audit, {
        action: 'UPDATE',
        targetType: 'payout',
        targetId: id,
        summary:
          change.reversal?.summary ?? statusSummary(PAYOUT_STATUS_LABELS, current.status, change.status),
        diff: diffOf(current, logged),
        reason: change.reversal ? null : reason,
      });
      await undo.keep(
        actor,
        {
          type: 'payout',
          id,
          from: current.status,
          to: change.status,
          versionAfter: current.version + 1,
          previous: keptFields(current, Object.keys(values)),
        },
        `${statusSummary(PAYOUT_STATUS_LABELS, current.status, change.status)} (정산 #${id})`,
      );
      return detail(tx, id, actor);
    });
  }

  /** The undo's door: the payout moved back to where the change found it. */
  const reverseStatus = (move: UndoMove, reversal: Reversal, actor: Actor) =>
    changeStatus(
      move.id,
      { status: move.from as StatusChange['status'], version: move.versionAfter, reversal },
      actor,
    );

  /** Returns the account number in plaintext, once, and logs who asked and why. */
  async function reveal(id: number, input: { reason: string }, actor: Actor) {
    const row = await repo.findAccountNo(db, id, actor.scope);
    if (!row) throw notFound();
    if (row.destroyedAt) throw notFound(privacyMessages.destroyed);
    if (!row.accountNoEnc) throw notFound(recordMessages.piiNotSet);
    const value = pii.decrypt(row.accountNoEnc);
    await appendAudit(db, actor.audit, {
      action: 'REVEAL',
      targetType: 'payout',
      targetId: id,
      summary: `계좌번호 열람: 정산 #${id} (${row.employerName})`,
      reason: input.reason,
    });
    return { value };
  }

  async function history(id: number, actor: Actor) {
    if (!(await repo.findPayout(db, id, actor.scope))) throw notFound();
    return { data: await listTargetHistory(db, { type: 'payout', id }) };
  }

  /** The fee rules a fee would meet, for the form's preview (the matching and worker read within the admin's branches). */
  async function feeRulePreview(
    query: { matchingId?: number; workerId?: number; amount: number },
    actor: Actor,
  ) {
    const matchingId =
      query.matchingId !== undefined && (await repo.matchingFor(db, query.matchingId, actor.scope))
        ? query.matchingId
        : null;
    const workerId =
      query.workerId !== undefined && (await repo.workerFor(db, query.workerId, actor.scope))
        ? query.workerId
        : null;
    return feeRule(db, { type: 'matching_fee', matchingId, workerId, amount: query.amount });
  }

  return {
    list,
    feeRule: feeRulePreview,
    get: (id: number, actor: Actor) => detail(db, id, actor),
    create,
    update,
    changeStatus,
    reverseStatus,
    reveal,
    history,
  };
}
export type PayoutsService = ReturnType<typeof createPayoutsService>;
