import {
  PII_FIELD_LABELS,
  type PiiField,
  recordMessages,
  trashMessages,
  workerPiiMessages,
} from '@ilson/contracts';
import { appendAudit } from '../../audit/trail';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { driverError, isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { PiiCipher } from '../../lib/pii';
import { inScope, type Scope } from '../../lib/scope';
import { alienRegNoColumns, passportNoColumns, spendIdentifierLookup } from './workers.pii';
import * as repo from './workers.repository';

/**
 * One person, one live worker (docs/DOMAIN.md#one-person-one-worker): a 외국인등록번호 and a 여권번호 each belong to
 * one live worker at most, kept by a partial unique index apiece. Every door that writes them (the form's create and
 * edit, the trash's restore, each row of an import's commit) refuses a held one here, and answers as
 * docs/pii-search.md says of a duplicate outside the admin's branches.
 */

export const IDENTIFIER_KEYS: Record<PiiField, string> = {
  alienRegNo: 'workers_alien_reg_no_hash_key',
  passportNo: 'workers_passport_no_hash_key',
};

const WIRE_FIELD: Record<PiiField, string> = { alienRegNo: 'alien_reg_no', passportNo: 'passport_no' };

export const DUPLICATE_IDENTIFIER: Record<PiiField, string> = {
  alienRegNo: recordMessages.duplicateAlienRegNo,
  passportNo: recordMessages.duplicatePassportNo,
};

/** The neutral words for a holder the admin cannot reach: neither confirmed nor located. */
export const IDENTIFIER_UNAVAILABLE: Record<PiiField, string> = {
  alienRegNo: workerPiiMessages.alienRegNoUnavailable,
  passportNo: workerPiiMessages.passportNoUnavailable,
};

const RESTORE_DUPLICATE: Record<PiiField, string> = {
  alienRegNo: trashMessages.duplicateWorkerAlienRegNo,
  passportNo: trashMessages.duplicateWorkerPassportNo,
};

const conflictOn = (field: PiiField, message: string) =>
  new AppError('CONFLICT', message, [{ field: WIRE_FIELD[field], message }]);

/** Thrown inside a write's transaction when another live worker holds the identifier; answered after the rollback. */
export class IdentifierHeld extends Error {
  constructor(
    readonly field: PiiField,
    readonly holder: { id: number; branchId: number },
  ) {
    super(`${field} held`);
  }
}

/** The identifier whose unique index refused a write (two writes racing past the check), if one did. */
export function violatedIdentifier(error: unknown): PiiField | undefined {
  if (!isUniqueViolation(error)) return undefined;
  const constraint = (driverError(error) as { constraint?: string }).constraint;
  return (Object.keys(IDENTIFIER_KEYS) as PiiField[]).find((field) => IDENTIFIER_KEYS[field] === constraint);
}

/** Refuses (IdentifierHeld) an identifier another live worker holds: the 외국인등록번호 first, then the 여권번호. */
export async function refuseHeldIdentifiers(
  tx: Executor,
  hashes: Partial<Record<PiiField, string | null>>,
  exceptId?: number,
): Promise<void> {
  for (const field of ['alienRegNo', 'passportNo'] as const) {
    const hash = hashes[field];
    if (!hash) continue;
    const holder = await repo.identifierHolder(tx, field, hash, exceptId);
    if (holder) throw new IdentifierHeld(field, holder);
  }
}

/** An attempt's identifiers as the write had them: the keyed hash (to find the holder) and the masked form (the log). */
export type IdentifierAttempt = Partial<Record<PiiField, { hash: string | null; masked: string | null }>>;

/** The identifiers a create was given, as an attempt to answer for. */
export function identifierAttempt(
  pii: PiiCipher,
  input: { alienRegNo?: string | null; passportNo?: string | null },
): IdentifierAttempt {
  const arn = alienRegNoColumns(pii, input.alienRegNo ?? null);
  const passport = passportNoColumns(pii, input.passportNo ?? null);
  return {
    alienRegNo: { hash: arn.alienRegNoHash, masked: arn.alienRegNoMasked },
    passportNo: { hash: passport.passportNoHash, masked: passport.passportNoMasked },
  };
}

/**
 * Whether a write was refused for an identifier another live worker holds — the check's IdentifierHeld, or the
 * unique index when two writes raced past it — and the holder, found by the attempt's hash; undefined for any other
 * error. Reads only: the caller answers (answerHeldIdentifier, or an import row's outcome).
 */
export async function heldIdentifier(
  executor: Executor,
  caught: unknown,
  attempt: IdentifierAttempt & { exceptId?: number },
): Promise<{ field: PiiField; holder?: { id: number; branchId: number } } | undefined> {
  if (caught instanceof IdentifierHeld) return { field: caught.field, holder: caught.holder };
  const field = violatedIdentifier(caught);
  if (!field) return undefined;
  const hash = attempt[field]?.hash;
  return {
    field,
    holder: hash ? await repo.identifierHolder(executor, field, hash, attempt.exceptId) : undefined,
  };
}

/** Whether the admin reaches the holder, and so may be told which identifier is registered (docs/SECURITY.md). */
export const holderShown = (scope: Scope, holder: { branchId: number } | undefined) =>
  holder ? inScope(scope, holder.branchId) : scope.all;

/**
 * A write refused because another live worker holds one of its identifiers (docs/SECURITY.md). An admin who reaches
 * that worker is told which identifier is registered; anyone else gets the neutral message that neither confirms nor
 * locates it, the attempt goes to the access log (whose number, by whom, what was refused) for the head office, and it
 * spends a turn of the admin's identifier budget, since it told them something about a record they cannot see.
 * Anything else is thrown on as it came.
 */
export async function answerHeldIdentifier(
  db: Database,
  caught: unknown,
  actor: Actor,
  attempt: IdentifierAttempt & { exceptId?: number; action: string; restore?: boolean },
): Promise<never> {
  const held = await heldIdentifier(db, caught, attempt);
  if (!held) throw caught;
  const { field, holder } = held;
  if (holderShown(actor.scope, holder)) {
    throw conflictOn(field, attempt.restore ? RESTORE_DUPLICATE[field] : DUPLICATE_IDENTIFIER[field]);
  }
  await appendAudit(db, actor.audit, {
    action: 'VIEW_PII',
    targetType: 'worker',
    targetId: holder?.id ?? null,
    summary: `접근 범위 밖 근로자와 ${PII_FIELD_LABELS[field]} 중복: ${attempt[field]?.masked ?? ''} (${attempt.action} 거절, 중복 안내 없이 본사 문의 안내)`,
  });
  await spendIdentifierLookup(db, actor);
  throw conflictOn(field, IDENTIFIER_UNAVAILABLE[field]);
}
