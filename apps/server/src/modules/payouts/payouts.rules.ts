import {
  defaultPayoutVat,
  maskAccountNo,
  PAYOUT_STATUSES,
  type PayoutStatus,
  type PayoutType,
} from '@ilson/contracts';
import type { PiiCipher } from '../../lib/pii';

/** VAT when none is given: the rule both sides share. */
export const defaultVat = (type: PayoutType, amount: number): number => defaultPayoutVat(type, amount);

/**
 * docs/SECURITY.md: an account number is kept as AES-256-GCM ciphertext, a keyed hash of its digits (exact
 * search) and the masked form replies show (last four digits). `null` clears all three.
 */
export function accountNoColumns(pii: PiiCipher, digits: string | null) {
  if (digits === null) return { accountNoEnc: null, accountNoHash: null, accountNoMasked: null };
  return {
    accountNoEnc: pii.encrypt(digits),
    accountNoHash: pii.searchHash(digits),
    accountNoMasked: maskAccountNo(digits),
  };
}

type StatusSums = { status: PayoutStatus; count: number; amount: number; vat: number };

/** The totals row: every status in its order, zero where the filter has none. */
export function totalsByStatus(rows: StatusSums[]) {
  return PAYOUT_STATUSES.map((status) => {
    const row = rows.find((r) => r.status === status);
    const count = row?.count ?? 0;
    const amount = row?.amount ?? 0;
    const vat = row?.vat ?? 0;
    return { status, count, amount, vat, total: amount + vat };
  });
}
