import {
  checkEligibility,
  type ErrorDetail,
  MATCHING_OPEN_STATUSES,
  type MatchingStatus,
  newHardIssues,
  ONE_EMPLOYER_ROWS,
  type PilotSector,
  type RelatedRecord,
  recordMessages,
  rowsInForce,
  type VisaType,
  type WorkplaceChangeEvent,
} from '@ilson/contracts';
import type { Executor } from '../../db/types';
import { AppError } from '../../lib/errors';
import { eventsOf } from '../workplace-changes/workplace-changes.repository';
import { matchingLabel, ruleInput } from './matchings.eligibility';
import * as repo from './matchings.repository';

/**
 * The invariants of matchings under way, kept on every write that changes one of their inputs
 * (docs/domain-integrity.md): a worker's visa or status, a post's terms, a matching's dates and pay, and
 * deletes of the records they hang on. Each guard runs inside the caller's transaction, after the caller
 * locked the record it changes, so a concurrent status change waits for it and then sees the new values.
 */

type Row = repo.MatchingWithInputs;
type By = Parameters<typeof repo.matchingsWithInputs>[1];

export type HeldChange = {
  worker?: Partial<Row['worker']>;
  /** The employer's regular employees: 5+ earn the overtime premium (docs/law-as-data.md#wages). */
  employer?: { employeeCount?: number };
  post?: Partial<Row['post']>;
  matching?: {
    startDate?: string | null;
    agreedSalaryType?: Row['agreedSalaryType'];
    agreedSalaryAmount?: number | null;
  };
  /** The worker's 사업장 변경 as they would be after the write (docs/DOMAIN.md#invariants, I-29). */
  workplaceChanges?: readonly WorkplaceChangeEvent[];
};

const payOf = (m: { agreedSalaryType: Row['agreedSalaryType']; agreedSalaryAmount: number | null }) =>
  m.agreedSalaryType && m.agreedSalaryAmount
    ? { salaryType: m.agreedSalaryType, salaryAmount: m.agreedSalaryAmount }
    : null;

/**
 * What a held matching is measured against: today and the operator-kept law settings the caller read in its
 * transaction (docs/law-as-data.md#operator-kept-rows) — the pilot sectors too, never the rows as released.
 */
export type HoldContext = {
  today: string;
  minimumWageByYear: Record<string, number>;
  pilotSectors: readonly PilotSector[];
};

function inputOf(
  row: Row,
  change: HeldChange,
  context: HoldContext,
  events: readonly WorkplaceChangeEvent[],
) {
  const matching = { ...row, ...change.matching };
  return ruleInput({
    worker: { ...row.worker, ...change.worker },
    post: { ...row.post, ...change.post },
    standing: {
      employerStatus: row.employerStatus,
      branchStatus: row.branchStatus,
      employeeCount: change.employer?.employeeCount ?? row.employeeCount,
    },
    startDate: matching.startDate,
    today: context.today,
    pay: payOf(matching),
    minimumWageByYear: context.minimumWageByYear,
    pilotSectors: context.pilotSectors,
    // At `hold` the engine keeps the count within the limit whatever the employer (docs/DOMAIN.md#invariants, I-29).
    workplaceChanges: { events: change.workplaceChanges ?? events, toNewEmployer: true, recorded: true },
  });
}

/**
 * Refuses a change (409 MATCHINGS_AFFECTED) that would give an accepted, contracted or working matching a
 * hard issue it did not have: each such matching is listed with what would break. Issues a matching
 * already had (a visa that ran out since) do not block an unrelated edit.
 */
export async function guardHeldMatchings(
  tx: Executor,
  by: By,
  change: HeldChange,
  context: HoldContext & { field: string },
): Promise<void> {
  const rows = await repo.matchingsWithInputs(tx, by, repo.MATCHING_HELD_STATUSES);
  if (rows.length === 0) return;
  const events = await eventsOf(
    tx,
    rows.map((row) => row.workerId),
  );
  const details: ErrorDetail[] = [];
  let first: string | undefined;
  for (const row of rows) {
    const recorded = events.get(row.workerId) ?? [];
    const before = checkEligibility(inputOf(row, {}, context, recorded), 'hold');
    const after = checkEligibility(inputOf(row, change, context, recorded), 'hold');
    const broken = newHardIssues(before, after);
    if (broken.length === 0) continue;
    first ??= broken[0]!.message;
    const label = matchingLabel(row);
    details.push({
      field: context.field,
      message: `${label}: ${broken.map((issue) => issue.message).join(' ')}`,
      resource: 'matchings',
      id: row.id,
      label,
    });
  }
  if (details.length > 0) {
    throw new AppError(
      'MATCHINGS_AFFECTED',
      recordMessages.matchingsAffected(details.length, first!),
      details,
    );
  }
}

function linked(rows: readonly Row[]): ErrorDetail[] {
  return rows.map((row) => {
    const label = matchingLabel(row);
    return { message: label, resource: 'matchings', id: row.id, label };
  });
}

/** The record's matchings in `statuses`, as details that link to them (a refusal names what is in the way). */
export async function linkedMatchings(
  tx: Executor,
  by: By,
  statuses: readonly MatchingStatus[] = MATCHING_OPEN_STATUSES,
): Promise<ErrorDetail[]> {
  return linked(await repo.matchingsWithInputs(tx, by, statuses));
}

/** Refuses a delete (409 LIVE_MATCHINGS) while the record has matchings under way, listing them. */
export async function guardNoLiveMatchings(tx: Executor, by: By, message: string): Promise<void> {
  // Most records have none: a look at the index first, the five-table read only to name them.
  if (!(await repo.anyMatching(tx, by, MATCHING_OPEN_STATUSES))) return;
  const rows = await repo.matchingsWithInputs(tx, by, MATCHING_OPEN_STATUSES);
  if (rows.length > 0) throw new AppError('LIVE_MATCHINGS', message, linked(rows));
}

const ENGAGED: readonly MatchingStatus[] = ['contracted', 'working'];

/** The worker's other matchings that are contracted or working: where they are engaged already. */
export async function engagedElsewhere(
  tx: Executor,
  workerId: number,
  exceptMatchingId?: number,
): Promise<RelatedRecord[]> {
  const rows = await repo.matchingsWithInputs(tx, { workerId }, ENGAGED);
  return rows
    .filter((row) => row.id !== exceptMatchingId)
    .map((row) => ({ resource: 'matchings', id: row.id, label: matchingLabel(row) }));
}

/**
 * The unique index behind "one contracted or working matching per worker of a one-employer visa" (migration 0010,
 * narrowed by 0042 to the visas of ONE_EMPLOYER_ROWS as the matching took them: an F-5 worker may hold two jobs).
 * A matching of another visa does not meet it; the contract step's rule engine, under the worker's lock, still
 * refuses a second job to a worker whose visa is now a one-employer one (docs/law-as-data.md#visas).
 */
export const ENGAGED_WORKER_INDEX = 'matchings_worker_engaged_key';

/**
 * Refuses (409 MATCHINGS_AFFECTED) a worker's visa change to one whose holder works for one employer only (in force
 * today) while they hold two or more contracted or working matchings, listing them (docs/DOMAIN.md#invariants I-32). The caller
 * has locked the worker, as the contract step does, so neither can slip past the other.
 */
export async function guardOneEmployerVisa(tx: Executor, workerId: number, visa: VisaType, today: string) {
  const basis = rowsInForce(ONE_EMPLOYER_ROWS, today).find((row) => row.visa === visa)?.basis;
  if (!basis) return;
  const rows = await repo.matchingsWithInputs(tx, { workerId }, ENGAGED);
  if (rows.length < 2) return;
  const message = recordMessages.oneEmployerVisaEngaged(visa, rows.length, `${basis.law} ${basis.article}`);
  throw new AppError(
    'MATCHINGS_AFFECTED',
    message,
    linked(rows).map((detail) => ({ ...detail, field: 'visa_type' })),
  );
}
