import type { LegalBasis } from './basis';
import { EMPLOYMENT_PERIOD_ROWS } from './employment';
import { WORKPLACE_CHANGE_ROWS } from './workplace-change';

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
  { key: 'employment-period', title: '취업활동 기간과 재고용', rows: EMPLOYMENT_PERIOD_ROWS },
  { key: 'workplace-change', title: '사업장 변경 횟수와 구직 기간', rows: WORKPLACE_CHANGE_ROWS },
];
