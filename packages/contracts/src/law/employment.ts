import type { EligibilityIssue } from '../eligibility';
import type { VisaType } from '../visas';
import { type LawRow, rowsInForce } from './basis';

/**
 * 취업활동 기간 (docs/law-as-data.md#employment-period): an E-9 or H-2 worker may work in Korea for three years
 * from entry (외국인고용법 제18조); when the employer asks for 재고용 before that ends, for one year and ten months
 * more (제18조의2). The rows give the figures; `employmentPeriod` computes the end a contract is checked against.
 */
export type EmploymentPeriodRule = {
  /** `period`: the first period from entry; `reemployment`: the extension; `request`: when 재고용 is asked for. */
  rule: 'period' | 'reemployment' | 'request';
  /** The visas the rule applies to. */
  visas: readonly VisaType[];
  /** The length the rule grants, in months (`period`, `reemployment`). */
  months?: number;
  /** For `request`: how many days before the period ends the employer must ask, at the latest. */
  daysBeforeEnd?: number;
};

const LAW = '외국인근로자의 고용 등에 관한 법률';
/** The visas with a 취업활동 기간 under the Act (E-9 and the H-2 of 특례고용). */
export const EMPLOYMENT_PERIOD_VISAS = ['E-9', 'H-2'] as const satisfies readonly VisaType[];
const EPS_VISAS = EMPLOYMENT_PERIOD_VISAS;

export const EMPLOYMENT_PERIOD_ROWS: readonly LawRow<EmploymentPeriodRule>[] = [
  {
    rule: 'period',
    visas: EPS_VISAS,
    months: 36,
    basis: {
      law: LAW,
      article: '제18조',
      effectiveFrom: '2009-10-09',
      verify:
        '현행 제18조(입국한 날부터 3년)의 시행일을 2009-10-09(법률 제9798호)로 적었으나 확인하지 못했습니다. 만료일은 입국일부터 3년이 되는 날의 전날로 계산했습니다.',
    },
  },
  {
    rule: 'reemployment',
    visas: EPS_VISAS,
    months: 22,
    basis: {
      law: LAW,
      article: '제18조의2',
      effectiveFrom: '2009-10-09',
      verify: '재고용 연장(2년 미만, 1년 10개월)의 시행일을 확인하지 못했습니다.',
    },
  },
  {
    rule: 'request',
    visas: EPS_VISAS,
    daysBeforeEnd: 7,
    basis: {
      law: LAW,
      article: '제18조의2 제1항',
      effectiveFrom: '2009-10-09',
      verify:
        '사용자는 취업활동 기간이 끝나기 전에 재고용을 요청해야 합니다. 신청 기한(만료 7일 전)은 시행규칙과 고용센터 안내를 확인하지 못했습니다.',
    },
  },
];

export type EmploymentPeriodWorker = {
  visaType: VisaType | null;
  entryDate?: string | null;
  employmentPeriodEndDate?: string | null;
};

export type EmploymentPeriod = {
  /** `YYYY-MM-DD`: the last day the worker may work. */
  end: string;
  /** The end of the first three years (the day before the third anniversary of entry). */
  baseEnd: string;
  /** Whether a 재고용 is recorded (a stored end later than the first period's). */
  reemployed: boolean;
  /** The last day the employer may ask for 재고용, while it is not recorded; null once it is. */
  requestDeadline: string | null;
  /** The rows applied. */
  basis: LawRow<EmploymentPeriodRule>['basis'];
  requestBasis: LawRow<EmploymentPeriodRule>['basis'] | null;
};

/** `date` plus whole months, the same day of the month or the month's last (calendar months, as the Act counts). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  // The same day of the month, or the month's last day when it has none (31 Jan + 1 month = 28/29 Feb).
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}

function addDays(date: string, days: number): string {
  const target = new Date(`${date}T00:00:00Z`);
  target.setUTCDate(target.getUTCDate() + days);
  return target.toISOString().slice(0, 10);
}

/**
 * The worker's 취업활동 기간 under the rows in force on `onDate` (a contract's start, or today), or null when
 * no row applies (another visa, no entry date, a day before the first 시행일). The end is three years from
 * entry; when a later end is stored, a 재고용 is recorded and that end counts, capped at 1년 10개월 more.
 */
export function employmentPeriod(worker: EmploymentPeriodWorker, onDate: string): EmploymentPeriod | null {
  if (!worker.visaType || !worker.entryDate) return null;
  const visa = worker.visaType;
  const rows = rowsInForce(EMPLOYMENT_PERIOD_ROWS, onDate).filter((row) => row.visas.includes(visa));
  const period = rows.find((row) => row.rule === 'period');
  if (!period?.months) return null;
  const baseEnd = addDays(addMonths(worker.entryDate, period.months), -1);
  const reemployment = rows.find((row) => row.rule === 'reemployment');
  const request = rows.find((row) => row.rule === 'request');
  const stored = worker.employmentPeriodEndDate ?? null;
  if (reemployment?.months && stored && stored > baseEnd) {
    const cap = addDays(addMonths(worker.entryDate, period.months + reemployment.months), -1);
    // Dates as `YYYY-MM-DD` strings: the earlier of the two.
    const [end] = [stored, cap].sort();
    return {
      end: end!,
      baseEnd,
      reemployed: true,
      requestDeadline: null,
      basis: reemployment.basis,
      requestBasis: null,
    };
  }
  return {
    end: baseEnd,
    baseEnd,
    reemployed: false,
    requestDeadline: reemployment && request ? addDays(baseEnd, -(request.daysBeforeEnd ?? 0)) : null,
    basis: period.basis,
    requestBasis: reemployment && request ? request.basis : null,
  };
}

/**
 * The hard issues of a contract against the period: one starting after it ended (EMPLOYMENT_PERIOD_ENDED), or
 * one whose term (start + contract months) runs past it (EMPLOYMENT_PERIOD_EXCEEDED). Without a start date, a
 * period that ended before today refuses.
 */
export function employmentPeriodIssues(args: {
  worker: EmploymentPeriodWorker;
  startDate: string | null;
  contractMonths: number | null;
  today: string;
}): EligibilityIssue[] {
  const on = args.startDate ?? args.today;
  const period = employmentPeriod(args.worker, on);
  if (!period) return [];
  const { end, basis } = period;
  if (on > end) {
    const message = args.startDate
      ? `근무 시작일(${args.startDate})이 취업활동 기간 만료일(${end}) 이후입니다.`
      : `취업활동 기간이 ${end}에 만료되었습니다.`;
    return [{ code: 'EMPLOYMENT_PERIOD_ENDED', severity: 'hard', message, basis }];
  }
  if (args.startDate && args.contractMonths) {
    const contractEnd = addDays(addMonths(args.startDate, args.contractMonths), -1);
    if (contractEnd > end) {
      return [
        {
          code: 'EMPLOYMENT_PERIOD_EXCEEDED',
          severity: 'hard',
          message: `계약 종료일(${contractEnd}, ${args.contractMonths}개월)이 취업활동 기간 만료일(${end})을 넘습니다.`,
          basis,
        },
      ];
    }
  }
  return [];
}
