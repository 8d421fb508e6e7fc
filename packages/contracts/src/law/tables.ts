import type { LegalBasis } from './basis';
import { ARC_GENDER_DIGITS, EXTENSION_TIMING, VISA_STAY_LIMITS } from './identity';

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
  {
    key: 'identity.arcGenderDigit',
    title: '외국인등록번호 7번째 자리(성별·출생 세기)',
    rows: ARC_GENDER_DIGITS,
  },
  {
    key: 'identity.stayLimit',
    title: '체류기간 상한이 있는 체류자격(체류 만료일 필수)',
    rows: VISA_STAY_LIMITS,
  },
  { key: 'identity.extensionTiming', title: '체류기간 연장 신청 시기', rows: EXTENSION_TIMING },
];
