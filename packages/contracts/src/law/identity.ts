import type { VisaType } from '../visas';
import type { LawRow, LegalBasis } from './basis';

/**
 * Identity checks on workers as data (docs/law-as-data.md#identity): what the 7th digit of a 외국인등록번호 says,
 * which visas have a stay limit (so a 체류 만료일 is required), and when an extension may be filed.
 */

const ARC_BASIS: LegalBasis = {
  law: '출입국관리법',
  article: '제31조제5항, 시행령 제40조의2',
  effectiveFrom: '1993-07-01',
  verify:
    '등록번호의 앞 6자리(생년월일)와 7번째 자리(성별·출생 세기) 체계는 법무부장관이 정하는 부여 방법에 따른 것으로 법령 본문에서 확인하지 못함. 시행일은 출입국관리법 전부개정(법률 제4522호)의 시행일을 씀. 1800년대 출생(9·0)은 근로 연령의 근로자에게 없어 형식 검사에서 거절함.',
};

/** The 7th digit of a 외국인등록번호: the holder's gender and the century of their birth. */
export type ArcDigitRow = LawRow<{ digit: number; gender: 'male' | 'female'; century: number }>;

export const ARC_GENDER_DIGITS: readonly ArcDigitRow[] = [
  { digit: 5, gender: 'male', century: 1900, basis: ARC_BASIS },
  { digit: 6, gender: 'female', century: 1900, basis: ARC_BASIS },
  { digit: 7, gender: 'male', century: 2000, basis: ARC_BASIS },
  { digit: 8, gender: 'female', century: 2000, basis: ARC_BASIS },
];

const STAY_LIMIT_BASIS: LegalBasis = {
  law: '출입국관리법',
  article: '시행규칙 제18조의2 별표 1',
  effectiveFrom: null,
  verify:
    '별표 1(체류자격별 체류기간의 상한)의 현행 개정 시행일을 확인하지 못함. 영주(F-5)에 체류기간 상한이 없다는 것은 별표 1에 F-5가 없다는 데서 읽음.',
};

/** Whether a visa has a stay limit (체류기간의 상한): a worker holding one must have a 체류 만료일. */
export type StayLimitRow = LawRow<{ visaType: VisaType; expires: boolean }>;

const stay = (visaType: VisaType, expires = true): StayLimitRow => ({
  visaType,
  expires,
  basis: STAY_LIMIT_BASIS,
});

export const VISA_STAY_LIMITS: readonly StayLimitRow[] = [
  stay('E-9'),
  stay('H-2'),
  stay('E-8'),
  stay('E-7'),
  stay('E-10'),
  stay('F-2'),
  stay('F-4'),
  stay('F-5', false),
  stay('F-6'),
  stay('D-2'),
  stay('D-4'),
  stay('D-10'),
  stay('G-1'),
];

/** 체류기간 연장허가: filed before the stay ends (on the expiry date at the latest), never dated ahead of today. */
export type ExtensionTimingRow = LawRow<{ rule: 'filed_by_expiry' }>;

export const EXTENSION_TIMING: readonly ExtensionTimingRow[] = [
  {
    rule: 'filed_by_expiry',
    basis: {
      law: '출입국관리법',
      article: '제25조, 시행령 제31조',
      effectiveFrom: '1993-07-01',
      verify:
        '현행 제25조(체류기간 연장허가)의 최종 개정 시행일을 확인하지 못해 전부개정(법률 제4522호)의 시행일을 씀. 만료일 당일 신청은 "체류기간이 끝나기 전"에 드는 것으로 봄.',
    },
  },
];
