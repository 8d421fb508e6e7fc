import { INDUSTRY_LABELS, type Industry } from './industries';
import { KOREAN_LEVELS, type KoreanLevel, VISA_TYPE_LABELS, type VisaType } from './visas';

/**
 * Where each visa may work (DESIGN §4): E-9/H-2/E-8/E-10 only in their permitted sectors, F-2/F-5/F-6 anywhere,
 * F-4 anywhere but simple labour (단순노무), D-2/D-4 part-time only, D-10 not at all. Data, so the rules are
 * read in one place and each has its test.
 */
export type VisaRule = {
  /** Industries the visa may work in; 'all' for any. */
  industries: readonly Industry[] | 'all';
  simpleLabourAllowed: boolean;
  partTimeOnly: boolean;
  /** Weekly hours a part-time-only visa may work without a separate permit. */
  maxWeeklyHours?: number;
  /** Work needs a permission checked case by case: a warning, not a refusal. */
  needsCaseCheck?: boolean;
  /** Not allowed to take employment at all. */
  noEmployment?: boolean;
};

export const VISA_RULES: Record<VisaType, VisaRule> = {
  'E-9': {
    industries: [
      'manufacturing',
      'construction',
      'agriculture',
      'livestock',
      'fishery',
      'forestry',
      'mining',
      'recycling',
      'shipbuilding',
      'food_service',
      'accommodation',
      'logistics',
    ],
    simpleLabourAllowed: true,
    partTimeOnly: false,
  },
  'H-2': {
    industries: [
      'manufacturing',
      'construction',
      'agriculture',
      'livestock',
      'fishery',
      'forestry',
      'recycling',
      'shipbuilding',
      'food_service',
      'accommodation',
      'logistics',
      'cleaning',
      'service',
    ],
    simpleLabourAllowed: true,
    partTimeOnly: false,
  },
  'E-8': {
    industries: ['agriculture', 'livestock', 'fishery'],
    simpleLabourAllowed: true,
    partTimeOnly: false,
  },
  'E-10': { industries: ['fishery', 'shipbuilding'], simpleLabourAllowed: true, partTimeOnly: false },
  'E-7': {
    industries: [
      'manufacturing',
      'shipbuilding',
      'construction',
      'agriculture',
      'livestock',
      'fishery',
      'food_service',
      'service',
      'other',
    ],
    simpleLabourAllowed: false,
    partTimeOnly: false,
  },
  'F-2': { industries: 'all', simpleLabourAllowed: true, partTimeOnly: false },
  'F-5': { industries: 'all', simpleLabourAllowed: true, partTimeOnly: false },
  'F-6': { industries: 'all', simpleLabourAllowed: true, partTimeOnly: false },
  'F-4': { industries: 'all', simpleLabourAllowed: false, partTimeOnly: false },
  'D-2': { industries: 'all', simpleLabourAllowed: true, partTimeOnly: true, maxWeeklyHours: 25 },
  'D-4': { industries: 'all', simpleLabourAllowed: true, partTimeOnly: true, maxWeeklyHours: 20 },
  'D-10': { industries: [], simpleLabourAllowed: false, partTimeOnly: false, noEmployment: true },
  'G-1': { industries: 'all', simpleLabourAllowed: true, partTimeOnly: false, needsCaseCheck: true },
};

export const ELIGIBILITY_CODES = [
  'VISA_NOT_ALLOWED_BY_POST',
  'VISA_NO_EMPLOYMENT',
  'VISA_SECTOR_NOT_PERMITTED',
  'VISA_NO_SIMPLE_LABOUR',
  'VISA_PART_TIME_ONLY',
  'VISA_EXPIRES_BEFORE_START',
  'VISA_MISSING',
  'VISA_WEEKLY_HOURS',
  'VISA_CASE_CHECK',
  'VISA_EXPIRES_DURING_CONTRACT',
  'KOREAN_LEVEL_BELOW',
  'WORKER_NOT_AVAILABLE',
  'POST_NOT_ACTIVE',
  'HEADCOUNT_FILLED',
] as const;
export type EligibilityCode = (typeof ELIGIBILITY_CODES)[number];

/** `hard`: cannot be overridden. `warning`: an admin with matchings:override may proceed with a recorded reason. */
export type EligibilityIssue = { code: EligibilityCode; severity: 'hard' | 'warning'; message: string };

export type EligibilityInput = {
  worker: {
    visaType: VisaType | null;
    visaExpiryDate: string | null;
    koreanLevel: KoreanLevel;
    status: string;
  };
  post: {
    industry: Industry;
    allowedVisaTypes: readonly VisaType[];
    isSimpleLabour: boolean;
    employmentType: string;
    weeklyHours: number;
    requiredKoreanLevel: KoreanLevel;
    status: string;
    headcount: number;
    filledCount: number;
    contractMonths: number | null;
  };
  /** `YYYY-MM-DD`; when known, a visa expiring before it blocks the contract. */
  startDate: string | null;
};

function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, d));
  return target.toISOString().slice(0, 10);
}

export function checkEligibility({ worker, post, startDate }: EligibilityInput): EligibilityIssue[] {
  const issues: EligibilityIssue[] = [];
  const hard = (code: EligibilityCode, message: string) => issues.push({ code, severity: 'hard', message });
  const warn = (code: EligibilityCode, message: string) =>
    issues.push({ code, severity: 'warning', message });

  if (!worker.visaType) {
    hard('VISA_MISSING', '근로자의 체류자격이 등록되어 있지 않습니다.');
    return issues;
  }
  const visa = VISA_TYPE_LABELS[worker.visaType];
  const rule = VISA_RULES[worker.visaType];
  if (!post.allowedVisaTypes.includes(worker.visaType)) {
    hard('VISA_NOT_ALLOWED_BY_POST', `이 채용공고는 ${visa} 체류자격을 허용하지 않습니다.`);
  }
  if (rule.noEmployment) {
    hard('VISA_NO_EMPLOYMENT', `${visa} 체류자격으로는 취업할 수 없습니다.`);
    return issues;
  }
  if (rule.industries !== 'all' && !rule.industries.includes(post.industry)) {
    hard('VISA_SECTOR_NOT_PERMITTED', `${visa}는 ${INDUSTRY_LABELS[post.industry]}에서 일할 수 없습니다.`);
  }
  if (post.isSimpleLabour && !rule.simpleLabourAllowed) {
    hard('VISA_NO_SIMPLE_LABOUR', `${visa}는 단순노무 업무에 종사할 수 없습니다.`);
  }
  if (rule.partTimeOnly) {
    if (post.employmentType !== 'part_time') {
      hard('VISA_PART_TIME_ONLY', `${visa}는 시간제(아르바이트) 일자리만 가능합니다.`);
    } else if (rule.maxWeeklyHours !== undefined && post.weeklyHours > rule.maxWeeklyHours) {
      warn(
        'VISA_WEEKLY_HOURS',
        `${visa}의 주당 허용 시간(${rule.maxWeeklyHours}시간)을 넘습니다. 별도 허가를 확인하세요.`,
      );
    }
  }
  if (rule.needsCaseCheck) {
    warn('VISA_CASE_CHECK', `${visa}는 취업 가능 여부를 개별 확인해야 합니다.`);
  }
  if (startDate && worker.visaExpiryDate) {
    if (worker.visaExpiryDate < startDate) {
      hard(
        'VISA_EXPIRES_BEFORE_START',
        `체류 만료일(${worker.visaExpiryDate})이 근무 시작일(${startDate})보다 앞섭니다.`,
      );
    } else if (post.contractMonths && worker.visaExpiryDate < addMonths(startDate, post.contractMonths)) {
      warn(
        'VISA_EXPIRES_DURING_CONTRACT',
        `계약 기간 중 체류기간(${worker.visaExpiryDate})이 끝납니다. 연장 계획을 확인하세요.`,
      );
    }
  }
  if (KOREAN_LEVELS.indexOf(worker.koreanLevel) < KOREAN_LEVELS.indexOf(post.requiredKoreanLevel)) {
    warn('KOREAN_LEVEL_BELOW', '근로자의 한국어 능력이 공고의 요구 수준보다 낮습니다.');
  }
  if (worker.status !== 'seeking' && worker.status !== 'matched') {
    warn('WORKER_NOT_AVAILABLE', '근로자가 구직 중 상태가 아닙니다.');
  }
  if (post.status !== 'active') {
    warn('POST_NOT_ACTIVE', '게시 중인 채용공고가 아닙니다.');
  }
  if (post.filledCount >= post.headcount) {
    warn('HEADCOUNT_FILLED', '채용공고의 모집 인원이 이미 찼습니다.');
  }
  return issues;
}

export function hasHardIssue(issues: readonly EligibilityIssue[]): boolean {
  return issues.some((issue) => issue.severity === 'hard');
}
