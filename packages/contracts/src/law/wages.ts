import type { Industry } from '../industries';
import type { LawRow } from './basis';

/**
 * Wages as law rows (docs/law-as-data.md#wages): the minimum wage of each year, and when a week over 40 hours
 * earns the overtime premium. `wage.ts` computes a schedule's floor from the rows in force on the start date.
 */

const MINIMUM_WAGE_LAW = '최저임금법';
const NOTICE_VERIFY =
  '고시 번호를 원문(국가법령정보센터·고용노동부 고시)으로 확인하지 못했습니다. 금액과 시행일은 확인됨.';

/** The minimum wage of a year (최저임금법 제10조: the minister's 고시 by 5 August, in force from 1 January). */
export type MinimumWageRow = LawRow<{ year: number; hourly: number }>;

function wageRow(year: number, hourly: number, notice: string): MinimumWageRow {
  return {
    year,
    hourly,
    basis: {
      law: MINIMUM_WAGE_LAW,
      article: '제10조',
      notice: `고용노동부 고시 ${notice} (${year}년 적용 최저임금)`,
      effectiveFrom: `${year}-01-01`,
      effectiveTo: `${year + 1}-01-01`,
      verify: NOTICE_VERIFY,
    },
  };
}

/** The settings default `minimumWageByYear` is seeded from these; an operator adds a new year in 설정. */
export const MINIMUM_WAGE_ROWS: readonly MinimumWageRow[] = [
  wageRow(2021, 8_720, '제2020-43호'),
  wageRow(2022, 9_160, '제2021-65호'),
  wageRow(2023, 9_620, '제2022-65호'),
  wageRow(2024, 9_860, '제2023-40호'),
  wageRow(2025, 10_030, '제2024-45호'),
  wageRow(2026, 10_320, '제2025-45호'),
];

/** `{ '2021': 8720, … }`: the rows as the setting stores them. */
export function minimumWageSettingDefault(): Record<string, number> {
  return Object.fromEntries(MINIMUM_WAGE_ROWS.map((row) => [String(row.year), row.hourly]));
}

const LSA = '근로기준법';
const LSA_2007_VERIFY =
  '2007-04-11 전부개정 법률(제8372호) 시행일로 적었습니다. 현행 조문의 최종 개정 시행일은 확인하지 못했습니다.';

/** 법정 근로시간: hours a week beyond which work is overtime (근로기준법 제50조제1항). */
export const STANDARD_WEEKLY_HOURS_ROWS: readonly LawRow<{ hours: number }>[] = [
  {
    hours: 40,
    basis: {
      law: LSA,
      article: '제50조제1항',
      // 주 40시간제는 2004년부터 규모별로 단계 시행되어 5~19인 사업장은 2011-07-01부터 적용되었다.
      effectiveFrom: '2011-07-01',
      verify: '주 40시간제의 5~19인 사업장 적용일(2011-07-01)을 전면 시행일로 적었습니다.',
    },
  },
];

/** 가산임금: overtime is paid at least 1.5 times the ordinary wage (근로기준법 제56조제1항). */
export const OVERTIME_RATE_ROWS: readonly LawRow<{ rate: number }>[] = [
  {
    rate: 1.5,
    basis: {
      law: LSA,
      article: '제56조제1항',
      effectiveFrom: '2007-04-11',
      verify: `${LSA_2007_VERIFY} 제56조는 2018-03-20 개정으로 항이 나뉘었고 1.5배는 그대로입니다.`,
    },
  },
];

/**
 * The premium applies to workplaces of 5 or more regular employees (근로기준법 제11조; 제56조 is not among the
 * articles 시행령 별표 1 applies to smaller ones).
 */
export const PREMIUM_MIN_EMPLOYEES_ROWS: readonly LawRow<{ employees: number }>[] = [
  {
    employees: 5,
    basis: {
      law: LSA,
      article: '제11조, 시행령 제7조 별표 1',
      effectiveFrom: '2007-04-11',
      verify: LSA_2007_VERIFY,
    },
  },
];

/**
 * Industries exempt from the hours and premium rules (근로기준법 제63조제1호·제2호: 농림 사업, 축산·양잠·수산
 * 사업). 임업 is read into 제1호 (그 밖의 농림 사업).
 */
export const PREMIUM_EXEMPT_INDUSTRY_ROWS: readonly LawRow<{ industries: readonly Industry[] }>[] = [
  {
    industries: ['agriculture', 'livestock', 'fishery', 'forestry'],
    basis: {
      law: LSA,
      article: '제63조제1호·제2호',
      effectiveFrom: '2007-04-11',
      verify: `${LSA_2007_VERIFY} 임업을 제1호(그 밖의 농림 사업)에 포함한 해석은 확인이 필요합니다.`,
    },
  },
];
