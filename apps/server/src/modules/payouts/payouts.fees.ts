import {
  type ErrorDetail,
  type FeeCap,
  type FeeIssue,
  type FeeRuleInput,
  feeRuleMessages,
  type PayoutType,
  placementFeeCap,
  placementFeeIssues,
} from '@ilson/contracts';
import type { Executor } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { seoulToday } from '../../lib/dates';
import { AppError, forbidden } from '../../lib/errors';
import * as repo from './payouts.repository';

/**
 * Who may charge a placement fee and how much (docs/law-as-data.md#fees), for every write of a fee payout: create,
 * edit, a status change towards paying (one by one, in bulk or by an undo). One function decides; the rules are the
 * rows of packages/contracts/src/law/fees.ts.
 */

export type FeeTarget = {
  type: PayoutType;
  matchingId: number | null;
  workerId: number | null;
  amount: number;
};

/** The rule input of a fee: the matching's visa, start date and pay, else the worker's visa alone. */
export async function feeRuleInput(
  executor: Executor,
  target: FeeTarget,
  options: { lock?: boolean } = {},
): Promise<FeeRuleInput> {
  const today = seoulToday();
  if (target.matchingId !== null) {
    const m = await repo.feeMatching(executor, target.matchingId, options);
    if (m) {
      const agreed = m.agreedSalaryType && m.agreedSalaryAmount;
      return {
        date: m.startDate ?? today,
        visaType: m.visaType,
        amount: target.amount,
        pay: {
          salaryType: agreed ? m.agreedSalaryType! : m.salaryType,
          salaryAmount: agreed ? m.agreedSalaryAmount! : m.salaryAmount,
          schedule: {
            workDays: m.workDays,
            workStartTime: m.workStartTime,
            workEndTime: m.workEndTime,
            breakMinutes: m.breakMinutes,
          },
          contractMonths: m.contractMonths,
        },
      };
    }
  }
  const visaType =
    target.workerId !== null ? await repo.workerVisa(executor, target.workerId, options) : null;
  return { date: today, visaType, amount: target.amount, pay: null };
}

/** The issues a fee meets and the cap it is measured against (the form's preview and the detail's panel). */
export async function feeRule(
  executor: Executor,
  target: FeeTarget,
): Promise<{ issues: FeeIssue[]; cap: FeeCap | null }> {
  if (target.type !== 'matching_fee') return { issues: [], cap: null };
  const input = await feeRuleInput(executor, target, { lock: false });
  return {
    issues: placementFeeIssues(input),
    cap: input.pay ? placementFeeCap(input.pay, input.date) : null,
  };
}

/**
 * Refuses (422) a fee the law does not allow: one for an E-9 or E-8 worker without a super admin's recorded legal
 * basis, and one above the cap, with the numbers. Not a fee: nothing to check.
 */
export async function enforceFeeRules(
  tx: Executor,
  target: FeeTarget & { legalBasisNote: string | null },
): Promise<void> {
  if (target.type !== 'matching_fee') return;
  const issues = placementFeeIssues(await feeRuleInput(tx, target)).filter(
    (issue) => !(issue.code === 'FEE_PUBLIC_PLACEMENT' && target.legalBasisNote),
  );
  if (issues.length === 0) return;
  throw new AppError(
    issues[0]!.code,
    issues.map((issue) => issue.message).join(' '),
    issues.map((issue) => ({
      field: issue.code === 'FEE_ABOVE_CAP' ? 'amount' : 'legal_basis_note',
      message: issue.message,
    })),
  );
}

/**
 * Keeps I-31 on the writes that do not touch a payout (docs/law-as-data.md#fees): an edit of a matching's pay or start,
 * of a post's pay, schedule or contract months, of a worker's visa. Called in the change's transaction after its
 * write (the change's row locked for update, which a fee's write share-locks through feeRuleInput), it measures every
 * fee the change reaches as enforceFeeRules would and refuses the change (409 FEES_AFFECTED) naming the payouts.
 */
export async function guardFees(
  tx: Executor,
  by: { matchingId: number } | { jobPostId: number } | { workerId: number },
  field: string,
): Promise<void> {
  const details: ErrorDetail[] = [];
  let first: string | undefined;
  for (const fee of await repo.liveFeesOf(tx, by)) {
    const input = await feeRuleInput(
      tx,
      { type: 'matching_fee', matchingId: fee.matchingId, workerId: fee.workerId, amount: fee.amount },
      { lock: false },
    );
    const issues = placementFeeIssues(input).filter(
      (issue) => !(issue.code === 'FEE_PUBLIC_PLACEMENT' && fee.legalBasisNote),
    );
    if (issues.length === 0) continue;
    const message = issues.map((issue) => issue.message).join(' ');
    first ??= message;
    const label = feeRuleMessages.feeLabel(fee.id);
    details.push({ field, message: `${label}: ${message}`, resource: 'payouts', id: fee.id, label });
  }
  if (details.length > 0) {
    throw new AppError('FEES_AFFECTED', feeRuleMessages.feesAffected(details.length, first!), details);
  }
}

/**
 * The legal basis a write sets: undefined to keep it, else the columns (cleared by null or blank). Only a super admin
 * records or clears one (403), checked here whatever the route.
 */
export function legalBasisColumns(
  note: string | null | undefined,
  current: string | null,
  actor: Actor,
): { legalBasisNote: string | null; legalBasisBy: number | null; legalBasisAt: Date | null } | undefined {
  if (note === undefined) return undefined;
  const next = note?.trim() || null;
  if (next === current) return undefined;
  if (actor.role !== 'super_admin') throw forbidden(feeRuleMessages.legalBasisSuperAdminOnly);
  return next === null
    ? { legalBasisNote: null, legalBasisBy: null, legalBasisAt: null }
    : { legalBasisNote: next, legalBasisBy: actor.adminId, legalBasisAt: new Date() };
}
