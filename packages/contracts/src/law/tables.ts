import type { LegalBasis } from './basis';
import { EMPLOYMENT_PERIOD_ROWS } from './employment';
import { PLACEMENT_FEE_CAP_ROWS, PUBLIC_PLACEMENT_ROWS } from './fees';
import { ARC_GENDER_DIGITS, EXTENSION_TIMING, VISA_STAY_LIMITS } from './identity';
import { PERMIT_RULE_ROWS, QUOTA_ROWS } from './quota';
import { REENTRY_ROWS } from './reentry';
import { REGION_GROUP_ROWS, REGION_MOVE_ROWS } from './regions';
import {
  ONE_EMPLOYER_ROWS,
  STUDENT_HOURS_ROWS,
  VISA_CONTRACT_MONTHS_ROWS,
  VISA_SECTOR_ROWS,
  VISA_STAY_ROWS,
} from './visas';
import {
  MINIMUM_WAGE_ROWS,
  OVERTIME_RATE_ROWS,
  PREMIUM_EXEMPT_INDUSTRY_ROWS,
  PREMIUM_MIN_EMPLOYEES_ROWS,
  STANDARD_WEEKLY_HOURS_ROWS,
} from './wages';
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
  /**
   * The setting that holds what the operator keeps current (docs/law-as-data.md#operator-kept-rows): the rules read
   * it, and these rows are only its first value.
   */
  setting?: 'minimumWageByYear' | 'employerQuotaTables';
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
  {
    key: 'wages.minimumWage',
    title: '연도별 최저임금',
    rows: MINIMUM_WAGE_ROWS,
    setting: 'minimumWageByYear',
  },
  { key: 'wages.standardWeeklyHours', title: '법정 주 근로시간', rows: STANDARD_WEEKLY_HOURS_ROWS },
  { key: 'wages.overtimeRate', title: '연장근로 가산율', rows: OVERTIME_RATE_ROWS },
  { key: 'wages.premiumMinEmployees', title: '가산임금 적용 사업장 규모', rows: PREMIUM_MIN_EMPLOYEES_ROWS },
  {
    key: 'wages.premiumExemptIndustries',
    title: '근로시간·가산임금 적용 제외 업종',
    rows: PREMIUM_EXEMPT_INDUSTRY_ROWS,
  },
  { key: 'fees.publicPlacementVisas', title: '민간 알선 수수료 금지 체류자격', rows: PUBLIC_PLACEMENT_ROWS },
  { key: 'fees.placementFeeCap', title: '유료직업소개 요금 상한', rows: PLACEMENT_FEE_CAP_ROWS },
  { key: 'visa-sectors', title: '체류자격별 취업 가능 업종·직무', rows: VISA_SECTOR_ROWS },
  { key: 'visa-contract-months', title: '체류자격별 최장 계약 기간', rows: VISA_CONTRACT_MONTHS_ROWS },
  { key: 'student-hours', title: '유학생(D-2·D-4) 주당 시간제취업 허용 시간', rows: STUDENT_HOURS_ROWS },
  { key: 'visa-stay', title: '취업 전 최소 체류 기간', rows: VISA_STAY_ROWS },
  { key: 'one-employer', title: '한 사업장에서만 일할 수 있는 체류자격', rows: ONE_EMPLOYER_ROWS },
  { key: 'employment-period', title: '취업활동 기간과 재고용', rows: EMPLOYMENT_PERIOD_ROWS },
  { key: 'reentry', title: '출국 후 재입국 취업 제한 기간', rows: REENTRY_ROWS },
  { key: 'workplace-change', title: '사업장 변경 횟수와 구직 기간', rows: WORKPLACE_CHANGE_ROWS },
  { key: 'workplace-change-region-groups', title: '사업장 변경 권역(시도별)', rows: REGION_GROUP_ROWS },
  { key: 'workplace-change-region-rules', title: '사업장 변경 권역 제한(E-9)', rows: REGION_MOVE_ROWS },
  {
    key: 'employer-permit',
    title: '체류자격별 사업주의 고용허가(고용허가서·특례고용가능확인서)',
    rows: PERMIT_RULE_ROWS,
  },
  {
    key: 'employer-quota',
    title: '업종·내국인 피보험자 수별 외국인근로자 고용허용인원',
    rows: QUOTA_ROWS,
    setting: 'employerQuotaTables',
  },
];
