import type { LegalBasis } from './basis';
import { PLACEMENT_FEE_CAP_ROWS, PUBLIC_PLACEMENT_ROWS } from './fees';
import {
  MINIMUM_WAGE_ROWS,
  OVERTIME_RATE_ROWS,
  PREMIUM_EXEMPT_INDUSTRY_ROWS,
  PREMIUM_MIN_EMPLOYEES_ROWS,
  STANDARD_WEEKLY_HOURS_ROWS,
} from './wages';

/**
 * Every law table the product applies, in one list (docs/law-as-data.md): `law.test.ts` checks each row's basis
 * is whole (law, article, a 시행일 or a `verify` saying why not, an end after the start), and the docs list them.
 * A new table is added here or that test does not see it.
 */
export type LawTable = {
  key: string;
  /** What the table decides, in Korean. */
  title: string;
  rows: readonly { basis: LegalBasis }[];
};

export const LAW_TABLES: readonly LawTable[] = [
  { key: 'minimum_wage', title: '연도별 최저임금', rows: MINIMUM_WAGE_ROWS },
  { key: 'standard_weekly_hours', title: '법정 주 근로시간', rows: STANDARD_WEEKLY_HOURS_ROWS },
  { key: 'overtime_rate', title: '연장근로 가산율', rows: OVERTIME_RATE_ROWS },
  { key: 'premium_min_employees', title: '가산임금 적용 사업장 규모', rows: PREMIUM_MIN_EMPLOYEES_ROWS },
  {
    key: 'premium_exempt_industries',
    title: '근로시간·가산임금 적용 제외 업종',
    rows: PREMIUM_EXEMPT_INDUSTRY_ROWS,
  },
  { key: 'public_placement_visas', title: '민간 알선 수수료 금지 체류자격', rows: PUBLIC_PLACEMENT_ROWS },
  { key: 'placement_fee_cap', title: '유료직업소개 요금 상한', rows: PLACEMENT_FEE_CAP_ROWS },
];
