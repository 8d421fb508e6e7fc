import type { LegalBasis } from './basis';
import {
  ONE_EMPLOYER_ROWS,
  STUDENT_HOURS_ROWS,
  VISA_CONTRACT_MONTHS_ROWS,
  VISA_SECTOR_ROWS,
  VISA_STAY_ROWS,
} from './visas';

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
  { key: 'visa-sectors', title: '체류자격별 취업 가능 업종·직무', rows: VISA_SECTOR_ROWS },
  { key: 'visa-contract-months', title: '체류자격별 최장 계약 기간', rows: VISA_CONTRACT_MONTHS_ROWS },
  { key: 'student-hours', title: '유학생(D-2·D-4) 주당 시간제취업 허용 시간', rows: STUDENT_HOURS_ROWS },
  { key: 'visa-stay', title: '취업 전 최소 체류 기간', rows: VISA_STAY_ROWS },
  { key: 'one-employer', title: '한 사업장에서만 일할 수 있는 체류자격', rows: ONE_EMPLOYER_ROWS },
];
