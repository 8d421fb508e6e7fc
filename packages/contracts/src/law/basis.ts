import { z } from '../zod-setup';

/**
 * The law as data (docs/law-as-data.md): every legal rule the product applies is a row that names where it comes
 * from and when it took effect, so the screen that applies it can show both and a rule can change on a date
 * without a change of code. Rows whose current text or notice could not be confirmed say so in `verify` (shown to
 * the operator) rather than guess silently.
 */
export type LegalBasis = {
  /** The law, decree or notice, as Koreans cite it (e.g. '외국인근로자의 고용 등에 관한 법률'). */
  law: string;
  /** The article, paragraph or table (e.g. '제18조', '시행령 별표 1'). */
  article: string;
  /** The 고시 (title and number) the row's figures come from, where there is one. */
  notice?: string;
  /** `YYYY-MM-DD`: the day the text read took effect (시행일); null when it could not be confirmed. */
  effectiveFrom: string | null;
  /** `YYYY-MM-DD`: the first day the row no longer applies (replaced), or null while in force. */
  effectiveTo?: string | null;
  /** What could not be confirmed against the current text, in Korean; absent when the row was confirmed. */
  verify?: string;
};

/** A row of a law table: its content and its basis. */
export type LawRow<T> = T & { basis: LegalBasis };

/** Whether the row applies on the day (`YYYY-MM-DD`): on or after its 시행일 and before its end. */
export function inForceOn(basis: LegalBasis, date: string): boolean {
  if (basis.effectiveFrom !== null && date < basis.effectiveFrom) return false;
  if (basis.effectiveTo && date >= basis.effectiveTo) return false;
  return true;
}

/** The rows of a table that apply on the day. */
export function rowsInForce<T extends { basis: LegalBasis }>(rows: readonly T[], date: string): T[] {
  return rows.filter((row) => inForceOn(row.basis, date));
}

/** Short abbreviations Korean operators use for the laws the product cites. */
const LAW_SHORT_NAMES: Record<string, string> = {
  '외국인근로자의 고용 등에 관한 법률': '외국인고용법',
  '외국인근로자의 고용 등에 관한 법률 시행령': '외국인고용법 시행령',
  '외국인근로자의 고용 등에 관한 법률 시행규칙': '외국인고용법 시행규칙',
};

/**
 * The basis as one line of Korean, as a refusal or a panel cites it:
 * '외국인고용법 제18조 · 시행 2012-08-02' (what is unconfirmed is the screen's to show, from `verify`).
 */
export function basisLabel(basis: LegalBasis): string {
  const law = LAW_SHORT_NAMES[basis.law] ?? basis.law;
  const parts = [`${law} ${basis.article}`.trim()];
  if (basis.notice) parts.push(basis.notice);
  parts.push(basis.effectiveFrom ? `시행 ${basis.effectiveFrom}` : '시행일 미확인');
  if (basis.effectiveTo) parts.push(`${basis.effectiveTo} 폐지`);
  return parts.join(' · ');
}

/** The basis on the wire (an eligibility issue, a settings row). */
export const legalBasisSchema = z.object({
  law: z.string(),
  article: z.string(),
  notice: z.string().optional(),
  effectiveFrom: z.string().nullable(),
  effectiveTo: z.string().nullable().optional(),
  verify: z.string().optional(),
});
