import { type LegalBasis, legalBasisSchema, rowsInForce } from './law/basis';
import { PLACEMENT_FEE_CAP_ROWS, PUBLIC_PLACEMENT_ROWS } from './law/fees';
import type { VisaType } from './visas';
import { hourlyEquivalent, monthlyPaidHours, type SalaryType, type WorkSchedule } from './wage';
import { z } from './zod-setup';

/**
 * Who may charge a placement fee, and how much (docs/law-as-data.md#fees): the payouts module refuses a fee payout
 * on these issues, the payouts screen shows them with their basis, and `npm run check:data` (docs/DOMAIN.md#invariants, I-31) reads the same
 * rules in SQL.
 */

export const FEE_ISSUE_CODES = ['FEE_PUBLIC_PLACEMENT', 'FEE_ABOVE_CAP'] as const;
export type FeeIssueCode = (typeof FEE_ISSUE_CODES)[number];

export const feeIssueSchema = z.object({
  code: z.enum(FEE_ISSUE_CODES),
  message: z.string(),
  basis: legalBasisSchema,
  /** With FEE_ABOVE_CAP: the most the fee may be, in won. */
  cap: z.number().int().nullable(),
});
export type FeeIssue = z.infer<typeof feeIssueSchema>;

/** The pay a fee is measured against: the matching's agreed pay, else its post's, over the post's schedule. */
export type FeePay = {
  salaryType: SalaryType;
  salaryAmount: number;
  schedule: WorkSchedule;
  /** The post's contract months; unknown counts as 3 months or more. */
  contractMonths: number | null;
};

export type FeeRuleInput = {
  /** `YYYY-MM-DD`: the rows in force that day apply (the matching's start date, else today). */
  date: string;
  /** The worker's visa as the matching took it (the worker's own when the fee names no matching). */
  visaType: VisaType | null;
  /** The fee before VAT, in won. */
  amount: number;
  pay: FeePay | null;
};

const won = (amount: number) => `${Math.floor(amount).toLocaleString('ko-KR')}원`;
const cite = (basis: LegalBasis) => `${basis.law} ${basis.article}`;

/** The row that gives the visa's placement to the public service, in force on the day. */
export function publicPlacementRow(visa: VisaType | null, date: string) {
  if (!visa) return undefined;
  return rowsInForce(PUBLIC_PLACEMENT_ROWS, date).find((row) => row.visa === visa);
}

/**
 * A pay as a month's wage: its hourly equivalent (`hourlyEquivalent`) over the month's paid hours with 주휴
 * (`monthlyPaidHours`), so a monthly pay is itself and an annual one a twelfth; null when the schedule has no hours.
 */
export function monthlyPayEquivalent(salaryType: SalaryType, amount: number, schedule: WorkSchedule) {
  if (salaryType === 'monthly') return amount;
  if (salaryType === 'annual') return Math.floor(amount / 12);
  const hourly = hourlyEquivalent(salaryType, amount, schedule);
  return hourly === null ? null : Math.floor(hourly * monthlyPaidHours(schedule));
}

export type FeeCap = {
  cap: number;
  monthly: number;
  /** Months of wages the share applies to. */
  months: number;
  share: number;
  basis: LegalBasis;
};

/**
 * The cap row in force: under `shortMonths` months of employment, `shortShare` of the wages of the whole
 * employment; otherwise `longShare` of `shortMonths` months' wages. Null without a row or a monthly wage.
 */
export function placementFeeCap(pay: FeePay, date: string): FeeCap | null {
  const row = rowsInForce(PLACEMENT_FEE_CAP_ROWS, date)[0];
  const monthly = monthlyPayEquivalent(pay.salaryType, pay.salaryAmount, pay.schedule);
  if (!row || monthly === null) return null;
  const short = pay.contractMonths !== null && pay.contractMonths > 0 && pay.contractMonths < row.shortMonths;
  const months = short ? pay.contractMonths! : row.shortMonths;
  const share = short ? row.shortShare : row.longShare;
  // In whole won; share × months first, in hundredths, so 0.3 × 3 is 0.9 exactly.
  const cap = Math.floor((monthly * Math.round(share * months * 100)) / 100);
  return { cap, monthly, months, share, basis: row.basis };
}

export const feeRuleMessages = {
  /** `cite`: the law and article (and 고시) the row reads. */
  publicPlacement: (visa: string, note: string, cite: string) =>
    `${visa} 근로자의 알선 수수료는 받을 수 없습니다(${cite}). ${note} 최고관리자가 법적 근거를 기록한 경우에만 등록·승인할 수 있습니다.`,
  aboveCap: (amount: number, cap: number, monthly: number, months: number, percent: number, cite: string) =>
    `매칭 수수료 ${won(amount)}이 상한 ${won(cap)}을 넘습니다: 월 환산 임금 ${won(monthly)} × ${months}개월 × ${percent}% (${cite}).`,
  legalBasisSuperAdminOnly: '수수료의 법적 근거는 최고관리자만 기록할 수 있습니다.',
  legalBasisRecorded: '법적 근거 기록',
  /** 409 FEES_AFFECTED: `count` fee payouts the change would put outside the rules, the first one's reason. */
  feesAffected: (count: number, first: string) =>
    `이 변경으로 매칭 수수료 정산 ${count}건이 법정 기준을 벗어납니다. 정산의 금액을 먼저 고치거나 취소해 주세요. ${first}`,
  feeLabel: (id: number) => `정산 #${id}`,
} as const;

/** What refuses a fee: the visa's placement is the public service's, and the amount over the cap. */
export function placementFeeIssues(input: FeeRuleInput): FeeIssue[] {
  const issues: FeeIssue[] = [];
  const row = publicPlacementRow(input.visaType, input.date);
  if (row) {
    issues.push({
      code: 'FEE_PUBLIC_PLACEMENT',
      message: feeRuleMessages.publicPlacement(row.visa, row.note, cite(row.basis)),
      basis: row.basis,
      cap: null,
    });
  }
  const cap = input.pay ? placementFeeCap(input.pay, input.date) : null;
  if (cap && input.amount > cap.cap) {
    issues.push({
      code: 'FEE_ABOVE_CAP',
      message: feeRuleMessages.aboveCap(
        input.amount,
        cap.cap,
        cap.monthly,
        cap.months,
        Math.round(cap.share * 100),
        [cite(cap.basis), cap.basis.notice].filter(Boolean).join(', '),
      ),
      basis: cap.basis,
      cap: cap.cap,
    });
  }
  return issues;
}
