import type { VisaType } from '../visas';
import type { LawRow } from './basis';

/**
 * Placement fees as law rows (docs/law-as-data.md#fees), applied by `placementFeeIssues` (fees.ts) on every write of
 * a fee payout and by `npm run check:data` (docs/DOMAIN.md#invariants, I-31).
 */

/** Visas whose placement no private broker may charge for, and why. */
export const PUBLIC_PLACEMENT_ROWS: readonly LawRow<{ visa: VisaType; note: string }>[] = [
  {
    visa: 'E-9',
    note: '고용허가제 외국인근로자의 선발·알선은 직업안정기관(고용센터)만 할 수 있습니다.',
    basis: {
      law: '외국인근로자의 고용 등에 관한 법률',
      article: '제8조제6항',
      effectiveFrom: null,
      verify: '현행 제8조제6항의 시행일을 확인하지 못했습니다(2004-08-17 법 시행 이후 조문 유지로 추정).',
    },
  },
  {
    visa: 'E-8',
    note: '계절근로자 도입은 지방자치단체가 하며 민간 브로커의 개입이 금지됩니다.',
    basis: {
      law: '법무부 외국인 계절근로자 프로그램 운영 지침',
      article: '브로커 개입 금지',
      effectiveFrom: null,
      verify: '지침의 해당 조항 번호와 현행 지침의 시행일을 확인하지 못했습니다.',
    },
  },
];

/**
 * The fee a fee-charging placement agency may take from the employer (직업안정법 제19조제3항, 국내유료직업소개요금
 * 등 고시): a share of the wages of the employment, or of its first 3 months; none from the job seeker since 2013.
 */
export const PLACEMENT_FEE_CAP_ROWS: readonly LawRow<{
  /** Employment shorter than this many months: the share applies to the wages of the whole employment. */
  shortMonths: number;
  shortShare: number;
  /** Employment of `shortMonths` or more: the share applies to the wages of its first `shortMonths` months. */
  longShare: number;
}>[] = [
  {
    shortMonths: 3,
    shortShare: 0.2,
    longShare: 0.3,
    basis: {
      law: '직업안정법',
      article: '제19조제3항',
      notice: '고용노동부 고시 국내유료직업소개요금 등 고시',
      effectiveFrom: null,
      verify:
        '요율(3개월 미만 임금의 20%, 3개월 이상 3개월간 임금의 30%)과 고시 번호·시행일을 원문으로 확인하지 못했습니다. 구직자 징수 금지(2013 개정)는 행정예고로 확인.',
    },
  },
];
