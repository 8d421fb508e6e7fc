import { maskAlienRegNo, maskPassportNo, normalizeAlienRegNo, PASSPORT_PATTERN } from '@ilson/contracts';
import { digitTerm } from '../../lib/list';
import type { PiiCipher } from '../../lib/pii';
import type { WorkerSearch } from './workers.repository';

/**
 * DESIGN §3: an identifier is kept as AES-256-GCM ciphertext, a keyed hash of its normalised form (exact
 * search, uniqueness) and the masked form replies show. `null` clears all three.
 */
export function alienRegNoColumns(pii: PiiCipher, value: string | null) {
  if (value === null) return { alienRegNoEnc: null, alienRegNoHash: null, alienRegNoMasked: null };
  const digits = normalizeAlienRegNo(value);
  return {
    alienRegNoEnc: pii.encrypt(digits),
    alienRegNoHash: pii.searchHash(digits),
    alienRegNoMasked: maskAlienRegNo(digits),
  };
}

const normalizePassportNo = (value: string) => value.trim().toUpperCase();

export function passportNoColumns(pii: PiiCipher, value: string | null) {
  if (value === null) return { passportNoEnc: null, passportNoHash: null, passportNoMasked: null };
  const normalized = normalizePassportNo(value);
  return {
    passportNoEnc: pii.encrypt(normalized),
    passportNoHash: pii.searchHash(normalized),
    passportNoMasked: maskPassportNo(normalized),
  };
}

/**
 * The worker search box: a name (Korean or Latin, either order), phone digits, or an exact 외국인등록번호
 * (13 digits, dash or not) or 여권번호, both found by their keyed hash.
 */
export function workerSearch(pii: PiiCipher, q: string | undefined): WorkerSearch | undefined {
  if (!q) return undefined;
  const digits = digitTerm(q);
  const passport = normalizePassportNo(q);
  return {
    text: q,
    digits,
    alienRegNoHash: digits?.length === 13 ? pii.searchHash(digits) : undefined,
    passportNoHash: digits === null && PASSPORT_PATTERN.test(passport) ? pii.searchHash(passport) : undefined,
  };
}
