import type { EligibilityIssue } from '../eligibility';
import type { VisaType } from '../visas';
import { type LawRow, rowsInForce } from './basis';
import { type EmploymentPeriodWorker, employmentPeriod } from './employment';

/**
 * 사업장 변경 (docs/law-as-data.md#workplace-changes): an E-9 or H-2 worker may change workplace at most three times
 * in the first three years and twice more during 재고용 (외국인고용법 제25조 제4항); changes the employer caused
 * (휴업·폐업, 근로조건 위반 등) do not count; a worker who asked for a change must find the next workplace within
 * three months (제25조 제3항). Rows, so the figures can change on a date.
 */
export type WorkplaceChangeRule = {
  /** `limit_initial` / `limit_reemployment`: changes allowed in the period; `job_search`: months to find work. */
  rule: 'limit_initial' | 'limit_reemployment' | 'job_search';
  visas: readonly VisaType[];
  count?: number;
  months?: number;
  /** Whether changes the employer caused are left out of the count. */
  excludesEmployerCaused?: boolean;
};

const LAW = '외국인근로자의 고용 등에 관한 법률';
const EPS_VISAS = ['E-9', 'H-2'] as const satisfies readonly VisaType[];

export const WORKPLACE_CHANGE_ROWS: readonly LawRow<WorkplaceChangeRule>[] = [
  {
    rule: 'limit_initial',
    visas: EPS_VISAS,
    count: 3,
    excludesEmployerCaused: true,
    basis: {
      law: LAW,
      article: '제25조 제4항',
      effectiveFrom: '2009-10-09',
      verify: '사업장 변경 3회 제한과 사용자 귀책 사유 제외 규정의 현행 시행일을 확인하지 못했습니다.',
    },
  },
  {
    rule: 'limit_reemployment',
    visas: EPS_VISAS,
    count: 2,
    excludesEmployerCaused: true,
    basis: {
      law: LAW,
      article: '제25조 제4항 단서',
      effectiveFrom: '2009-10-09',
      verify: '재고용 기간 중 2회 제한의 조항 위치와 시행일을 확인하지 못했습니다.',
    },
  },
  {
    rule: 'job_search',
    visas: EPS_VISAS,
    months: 3,
    basis: {
      law: LAW,
      article: '제25조 제3항',
      effectiveFrom: '2009-10-09',
      verify: '구직 기간(변경 신청일부터 3개월)의 시행일을 확인하지 못했습니다.',
    },
  },
];

/** A recorded 사업장 변경. */
export type WorkplaceChangeEvent = {
  /** `YYYY-MM-DD`: the day the change was asked for. */
  date: string;
  /** Caused by the employer (휴업·폐업, 근로조건 위반 등): not counted. */
  employerCaused: boolean;
  approved: boolean;
};

export type WorkplaceChangeCount = {
  used: number;
  limit: number;
  left: number;
  basis: LawRow<WorkplaceChangeRule>['basis'];
};

/**
 * The changes used and left in the part of the period `onDate` falls in (the first three years, or 재고용), or null
 * when no row applies (another visa, no entry date, a day before the 시행일). Approved changes the employer did not
 * cause count, each in the part of the period of its date.
 */
export function workplaceChangesLeft(
  worker: EmploymentPeriodWorker,
  events: readonly WorkplaceChangeEvent[],
  onDate: string,
): WorkplaceChangeCount | null {
  const period = employmentPeriod(worker, onDate);
  if (!period || !worker.visaType) return null;
  const visa = worker.visaType;
  const rows = rowsInForce(WORKPLACE_CHANGE_ROWS, onDate).filter((row) => row.visas.includes(visa));
  const inReemployment = onDate > period.baseEnd;
  const row = rows.find((r) => r.rule === (inReemployment ? 'limit_reemployment' : 'limit_initial'));
  if (!row?.count) return null;
  const used = events.filter(
    (event) =>
      event.approved &&
      !(row.excludesEmployerCaused && event.employerCaused) &&
      event.date > worker.entryDate! &&
      (inReemployment ? event.date > period.baseEnd : event.date <= period.baseEnd),
  ).length;
  return { used, limit: row.count, left: Math.max(0, row.count - used), basis: row.basis };
}

/** The last day to find the next workplace after a change asked for on `requestDate`, or null without a row. */
export function jobSearchDeadline(
  visa: VisaType,
  requestDate: string,
): { date: string; basis: LawRow<WorkplaceChangeRule>['basis'] } | null {
  const row = rowsInForce(WORKPLACE_CHANGE_ROWS, requestDate).find(
    (r) => r.rule === 'job_search' && r.visas.includes(visa),
  );
  if (!row?.months) return null;
  const [y, m, d] = requestDate.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + row.months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return { date: target.toISOString().slice(0, 10), basis: row.basis };
}

/**
 * A matching to a new employer is refused when no change is left (WORKPLACE_CHANGES_EXHAUSTED). With `recorded`,
 * the move itself is an approved change already among `events` (recorded since the worker's last employment
 * began), so it is refused only when the count is over the limit; without it, the move would be one more change.
 */
export function workplaceChangeIssues(args: {
  worker: EmploymentPeriodWorker;
  events: readonly WorkplaceChangeEvent[];
  onDate: string;
  toNewEmployer: boolean;
  recorded?: boolean;
}): EligibilityIssue[] {
  if (!args.toNewEmployer) return [];
  const count = workplaceChangesLeft(args.worker, args.events, args.onDate);
  if (!count) return [];
  const refused = args.recorded ? count.used > count.limit : count.left === 0;
  if (!refused) return [];
  return [
    {
      code: 'WORKPLACE_CHANGES_EXHAUSTED',
      severity: 'hard',
      message:
        count.used > count.limit
          ? `사업장 변경 횟수(${count.used}회)가 허용 횟수(${count.limit}회)를 넘습니다.`
          : `사업장 변경 가능 횟수(${count.limit}회)를 모두 사용했습니다.`,
      basis: count.basis,
    },
  ];
}
