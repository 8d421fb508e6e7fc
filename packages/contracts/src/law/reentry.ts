import type { VisaType } from '../visas';
import { type LawRow, rowsInForce } from './basis';
import { addMonths, EMPLOYMENT_PERIOD_VISAS } from './employment';

/**
 * 재입국 (docs/law-as-data.md#reentry): a worker employed under 외국인고용법 who left Korea may be employed under it
 * again only once a waiting period after the departure has passed — six months in general (제18조의3), one month
 * (three before 2021-10-14) for a 성실근로자 re-admitted under the 재입국 취업 특례 (제18조의4). A re-entry starts a
 * new 취업활동 기간 from the new entry date (제18조).
 */
export const REENTRY_KINDS = ['general', 'faithful'] as const;
export type ReentryKind = (typeof REENTRY_KINDS)[number];
export const REENTRY_KIND_LABELS: Record<ReentryKind, string> = {
  general: '일반 재입국',
  faithful: '성실근로자 재입국(특례)',
};

export type ReentryRule = {
  kind: ReentryKind;
  /** The visas whose re-employment waits. */
  visas: readonly VisaType[];
  /** Months from the departure before the worker may be employed again under the Act. */
  months: number;
};

const LAW = '외국인근로자의 고용 등에 관한 법률';

export const REENTRY_ROWS: readonly LawRow<ReentryRule>[] = [
  {
    kind: 'general',
    visas: ['E-9'],
    months: 6,
    basis: {
      law: LAW,
      article: '제18조의3',
      effectiveFrom: null,
      verify:
        '재입국 취업 제한(출국한 날부터 6개월)의 시행일을 확인하지 못했습니다. 제12조제1항의 외국인근로자(H-2 특례)는 제외되는 것으로 보아 E-9에만 적용했습니다. 기간은 출국일을 첫날로 셌습니다.',
    },
  },
  {
    kind: 'faithful',
    visas: ['E-9'],
    months: 3,
    basis: {
      law: LAW,
      article: '제18조의4',
      effectiveFrom: '2012-07-02',
      effectiveTo: '2021-10-14',
      verify:
        '성실근로자 재입국 취업 특례의 시행일(2012-07-02)은 고용센터 안내로, 3개월의 끝(2021-10-14)은 고용노동부 발표 보도로 확인했으며 법령 원문으로는 확인하지 못했습니다.',
    },
  },
  {
    kind: 'faithful',
    visas: ['E-9'],
    months: 1,
    basis: {
      law: LAW,
      article: '제18조의4',
      effectiveFrom: '2021-10-14',
      verify:
        '재입국 제한 기간 3개월 → 1개월 단축(2021년 4월 공포, 2021-10-14 시행)은 고용노동부 발표 보도로 확인했으며 법령 원문으로는 확인하지 못했습니다.',
    },
  },
];

export type ReentryInput = {
  visaType: VisaType | null;
  /** `YYYY-MM-DD` (Seoul): the day the worker was recorded as departed; null when the record does not know. */
  departureDate: string | null;
  entryDate: string;
  kind: ReentryKind;
  today: string;
};

export type ReentryIssue = {
  code: 'REENTRY_IN_FUTURE' | 'REENTRY_BEFORE_DEPARTURE' | 'REENTRY_TOO_EARLY';
  message: string;
  basis?: LawRow<ReentryRule>['basis'];
  /** For REENTRY_TOO_EARLY: the first day the worker may be employed again. */
  earliest?: string;
};

/** The row that applies to a re-entry on `entryDate` of a worker of `visaType`, of the kind given, if any. */
export function reentryRule(
  visaType: VisaType | null,
  kind: ReentryKind,
  entryDate: string,
): LawRow<ReentryRule> | null {
  if (!visaType) return null;
  return (
    rowsInForce(REENTRY_ROWS, entryDate).find((row) => row.kind === kind && row.visas.includes(visaType)) ??
    null
  );
}

/** The first day a worker who left on `departureDate` may be employed again under the row. */
export function reentryEarliest(row: ReentryRule, departureDate: string): string {
  return addMonths(departureDate, row.months);
}

/**
 * What refuses a re-entry: an entry date in the future or before the departure, or inside the waiting period of
 * the row in force on the entry date (the message names the article and the first allowed day).
 */
export function reentryIssues(input: ReentryInput): ReentryIssue[] {
  if (input.entryDate > input.today) {
    return [{ code: 'REENTRY_IN_FUTURE', message: reentryMessages.inFuture(input.entryDate) }];
  }
  if (!input.departureDate) return [];
  if (input.entryDate < input.departureDate) {
    return [
      {
        code: 'REENTRY_BEFORE_DEPARTURE',
        message: reentryMessages.beforeDeparture(input.entryDate, input.departureDate),
      },
    ];
  }
  const row = reentryRule(input.visaType, input.kind, input.entryDate);
  if (!row) return [];
  const earliest = reentryEarliest(row, input.departureDate);
  if (input.entryDate >= earliest) return [];
  return [
    {
      code: 'REENTRY_TOO_EARLY',
      message: reentryMessages.tooEarly(input.departureDate, row.months, row.basis.article, earliest),
      basis: row.basis,
      earliest,
    },
  ];
}

/** The visas whose re-entry must carry its entry date: those with a 취업활동 기간 to restart. */
export const REENTRY_DATE_VISAS: readonly VisaType[] = EMPLOYMENT_PERIOD_VISAS;

export const reentryMessages = {
  entryDateRequired: (visa: string) =>
    `${visa} 근로자의 재입국 처리에는 입국일이 필요합니다(취업활동 기간이 입국일부터 다시 시작됩니다).`,
  inFuture: (entry: string) => `입국일(${entry})이 오늘보다 뒤입니다. 입국한 뒤에 처리해 주세요.`,
  beforeDeparture: (entry: string, departure: string) =>
    `입국일(${entry})이 출국 처리일(${departure})보다 앞섭니다.`,
  tooEarly: (departure: string, months: number, article: string, earliest: string) =>
    `출국일(${departure})부터 ${months}개월이 지나야 다시 취업할 수 있습니다(외국인고용법 ${article}): 입국일은 ${earliest} 이후여야 합니다.`,
} as const;

/** The access log's summary of a re-entry, after the status change's own. */
export const reentrySummary = (entry: string, kind: ReentryKind) =>
  `재입국: 입국일 ${entry} (${REENTRY_KIND_LABELS[kind]})`;
