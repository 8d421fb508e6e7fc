import { josa } from 'es-hangul';
import { DUTY_LABELS, type Duty } from './duties';
import { EMPLOYER_STATUS_LABELS, type EmployerStatus } from './employers';
import { INDUSTRIES, INDUSTRY_LABELS, type Industry } from './industries';
import type { LegalBasis } from './law/basis';
import { employmentPeriodIssues } from './law/employment';
import { type EmployerQuotaInput, employerQuotaIssues } from './law/quota';
import { type EarlierWorkplace, workplaceRegionIssues } from './law/regions';
import type { PilotSector, StudyCourse } from './law/visas';
import { type WorkplaceChangeEvent, workplaceChangeIssues } from './law/workplace-change';
import {
  currentVisaIndustries,
  oneEmployerRule,
  type PartTimePermit,
  visaSectorDecision,
  visaWorkIssues,
} from './visa-work';
import { KOREAN_LEVELS, type KoreanLevel, VISA_TYPE_LABELS, type VisaStatus, type VisaType } from './visas';
import { checkMinimumWage, type SalaryType, type WorkSchedule } from './wage';

/**
 * The one rule engine of a matching's inputs (docs/domain-integrity.md): which visa may work where, whether a
 * worker's visa is valid today, and what blocks or needs a second look at each step of a matching. The server
 * calls it on every write that changes one of its inputs; the web shows what it answers.
 */

/**
 * Where each visa may work (docs/DOMAIN.md): E-9/H-2/E-8/E-10 only in their permitted sectors, F-2/F-5/F-6 anywhere,
 * F-4 anywhere but simple labour (단순노무), D-2/D-4 part-time only, D-10 not at all. Data, so the rules are
 * read in one place and each has its test.
 */
export type VisaRule = {
  /** Industries the visa may work in; 'all' for any. */
  industries: readonly Industry[] | 'all';
  simpleLabourAllowed: boolean;
  partTimeOnly: boolean;
  /** Work needs a permission checked case by case: a warning, not a refusal. */
  needsCaseCheck?: boolean;
  /** Not allowed to take employment at all. */
  noEmployment?: boolean;
};

/** The sectors come from the law table (law/visas.ts, the rows now in force); the engine reads the table by date. */
const sectors = (visa: VisaType) => currentVisaIndustries(visa, INDUSTRIES);

export const VISA_RULES: Record<VisaType, VisaRule> = {
  'E-9': { industries: sectors('E-9'), simpleLabourAllowed: true, partTimeOnly: false },
  'H-2': { industries: sectors('H-2'), simpleLabourAllowed: true, partTimeOnly: false },
  'E-8': { industries: sectors('E-8'), simpleLabourAllowed: true, partTimeOnly: false },
  'E-10': { industries: sectors('E-10'), simpleLabourAllowed: true, partTimeOnly: false },
  'E-7': {
    industries: sectors('E-7'),
    simpleLabourAllowed: false,
    partTimeOnly: false,
    needsCaseCheck: true,
  },
  'F-2': { industries: sectors('F-2'), simpleLabourAllowed: true, partTimeOnly: false },
  'F-5': { industries: sectors('F-5'), simpleLabourAllowed: true, partTimeOnly: false },
  'F-6': { industries: sectors('F-6'), simpleLabourAllowed: true, partTimeOnly: false },
  'F-4': { industries: sectors('F-4'), simpleLabourAllowed: false, partTimeOnly: false },
  'D-2': { industries: sectors('D-2'), simpleLabourAllowed: true, partTimeOnly: true },
  'D-4': { industries: sectors('D-4'), simpleLabourAllowed: true, partTimeOnly: true },
  'D-10': { industries: [], simpleLabourAllowed: false, partTimeOnly: false, noEmployment: true },
  'G-1': { industries: sectors('G-1'), simpleLabourAllowed: true, partTimeOnly: false, needsCaseCheck: true },
};

const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * Whether the industry (and, when given, the duty) lets a holder of the visa work on the day (a post may only allow
 * such visas); the rows in force that day decide (law/visas.ts).
 */
export function visaPermitsIndustry(
  visa: VisaType,
  industry: Industry,
  duty?: Duty,
  date = todayUtc(),
  /** The `pilotSectors` setting; absent: the pilot rows as released. */
  pilots?: readonly PilotSector[],
): boolean {
  if (VISA_RULES[visa].noEmployment) return false;
  const decision = visaSectorDecision(visa, industry, duty, date, pilots);
  return decision.industry && decision.duty;
}

/** The visa types a post of the industry may allow, in VISA_RULES order. */
export function visasPermittedIn(
  industry: Industry,
  duty?: Duty,
  date?: string,
  pilots?: readonly PilotSector[],
): VisaType[] {
  return (Object.keys(VISA_RULES) as VisaType[]).filter((visa) =>
    visaPermitsIndustry(visa, industry, duty, date, pilots),
  );
}

/** The field error of a post that allows visas its industry does not permit, or null. */
export function allowedVisasMessage(
  industry: Industry,
  allowed: readonly VisaType[],
  duty?: Duty,
  date?: string,
  pilots?: readonly PilotSector[],
): string | null {
  const refused = allowed.filter((visa) => !visaPermitsIndustry(visa, industry, duty, date, pilots));
  if (refused.length === 0) return null;
  const industryLabel =
    duty && duty !== 'general'
      ? `${INDUSTRY_LABELS[industry]}(${DUTY_LABELS[duty]})`
      : INDUSTRY_LABELS[industry];
  return `${josa(industryLabel, '은/는')} ${refused.map((v) => VISA_TYPE_LABELS[v]).join(', ')} 체류자격을 허용할 수 없습니다.`;
}

/**
 * A worker's visa as it stands today (a Seoul date): cancelled and under review (체류기간 연장 심사 중, the
 * holder may stay) as declared; otherwise expired once the expiry date has passed, whatever was stored.
 */
export function visaValidity(
  worker: { visaStatus: VisaStatus; visaExpiryDate: string | null },
  today: string,
): VisaStatus {
  if (worker.visaStatus === 'cancelled' || worker.visaStatus === 'pending') return worker.visaStatus;
  if (worker.visaStatus === 'expired') return 'expired';
  return worker.visaExpiryDate !== null && worker.visaExpiryDate < today ? 'expired' : 'valid';
}

export const ELIGIBILITY_CODES = [
  'VISA_MISSING',
  'VISA_CANCELLED',
  'VISA_EXPIRED',
  'VISA_NOT_ALLOWED_BY_POST',
  'VISA_NO_EMPLOYMENT',
  'VISA_SECTOR_NOT_PERMITTED',
  'VISA_NO_SIMPLE_LABOUR',
  'VISA_PART_TIME_ONLY',
  'VISA_EXPIRES_BEFORE_START',
  'VISA_DUTY_NOT_PERMITTED',
  'VISA_CONTRACT_TOO_LONG',
  'VISA_HOURS_OVER_LIMIT',
  'VISA_PART_TIME_PERMIT_MISSING',
  'VISA_STAY_TOO_SHORT',
  'WORKER_DEPARTED',
  'BELOW_MINIMUM_WAGE',
  'MINIMUM_WAGE_UNKNOWN',
  'POST_NOT_MATCHABLE',
  'EMPLOYER_NOT_APPROVED',
  'BRANCH_INACTIVE',
  'WORKER_ENGAGED',
  'VISA_PENDING',
  'VISA_WEEKLY_HOURS',
  'VISA_CASE_CHECK',
  'VISA_EXPIRES_DURING_CONTRACT',
  'KOREAN_LEVEL_BELOW',
  'WORKER_NOT_AVAILABLE',
  'HEADCOUNT_FILLED',
  'EMPLOYMENT_PERIOD_ENDED',
  'EMPLOYMENT_PERIOD_EXCEEDED',
  'WORKPLACE_CHANGES_EXHAUSTED',
  'WORKPLACE_CHANGE_REGION',
  'EMPLOYER_PERMIT_MISSING',
  'EMPLOYER_QUOTA_EXCEEDED',
] as const;
export type EligibilityCode = (typeof ELIGIBILITY_CODES)[number];

/** A record an issue points at: the screen links to it (`/{resource}/{id}`). */
export type RelatedRecord = { resource: 'matchings'; id: number; label: string };

/** `hard`: cannot be overridden. `warning`: an admin with matchings:override may proceed with a recorded reason. */
export type EligibilityIssue = {
  code: EligibilityCode;
  severity: 'hard' | 'warning';
  message: string;
  related?: RelatedRecord[];
  /** The legal rule applied (docs/law-as-data.md); the panel shows it under the message. */
  basis?: LegalBasis;
};

/**
 * The step a check is made for. `propose`: a new matching (the post must be open for matching); `accept`,
 * `contract`, `start`: the matching moves to accepted, contracted or working; `hold`: an edit of the worker,
 * the post or the matching while it is accepted, contracted or working (only what makes it unlawful counts).
 */
export type EligibilityStage = 'propose' | 'accept' | 'contract' | 'start' | 'hold';

export type EligibilityInput = {
  worker: {
    visaType: VisaType | null;
    visaStatus: VisaStatus;
    visaExpiryDate: string | null;
    koreanLevel: KoreanLevel;
    status: string;
    /** D-4 holders work only after a stay (law/visas.ts), and the 취업활동 기간 runs from it (law/employment.ts). */
    entryDate?: string | null;
    /** The end stored when 재고용 is recorded (law/employment.ts). */
    employmentPeriodEndDate?: string | null;
    studyCourse?: StudyCourse | null;
    /** The recorded 시간제취업허가 of a D-2/D-4 holder; null: none; absent: not checked. */
    partTimePermit?: PartTimePermit | null;
  };
  post: {
    industry: Industry;
    /** The post's duty (직무); absent when the caller does not know it (only the industry is checked). */
    duty?: Duty;
    allowedVisaTypes: readonly VisaType[];
    isSimpleLabour: boolean;
    employmentType: string;
    weeklyHours: number;
    requiredKoreanLevel: KoreanLevel;
    /** As it stands today (an active post past its deadline is closed). */
    status: string;
    headcount: number;
    filledCount: number;
    contractMonths: number | null;
    employerStatus: string;
    branchStatus: string;
  };
  /** `YYYY-MM-DD`; when known, a visa expiring before it blocks the contract. */
  startDate: string | null;
  /** The agreed pay on the post's schedule, checked against the minimum wage of the year work starts. */
  pay?: {
    salaryType: SalaryType;
    salaryAmount: number;
    schedule: WorkSchedule;
    minimumWageByYear: Record<string, number>;
    /** The employer's regular employees: 5+ earn the overtime premium (docs/law-as-data.md#wages). */
    employeeCount: number;
  } | null;
  /** The worker's other matchings that are contracted or working (blocks only one-employer visas, law/visas.ts). */
  engagedIn?: readonly RelatedRecord[];
  /**
   * The worker's recorded 사업장 변경 (law/workplace-change.ts); absent: not checked. `toNewEmployer`: the employer
   * is not the one of the worker's most recent employment; `recorded`: an approved change recorded since that
   * employment began stands for this move.
   */
  workplaceChanges?: {
    events: readonly WorkplaceChangeEvent[];
    toNewEmployer: boolean;
    recorded: boolean;
    /**
     * 사업장 변경 권역 (law/regions.ts): the worker's earlier employments with their employers' 시도, the new
     * employer's 시도, and whether the change recorded for this move was employer-caused; absent: not checked.
     */
    region?: { earlier: readonly EarlierWorkplace[]; to: string | null; employerCaused: boolean };
  };
  /**
   * The employer's permits and E-9/H-2 contracts (law/quota.ts): checked for E-9 and H-2 workers, a warning at the
   * proposal and acceptance, hard at the contract; absent: not checked (an older caller).
   */
  employerQuota?: EmployerQuotaInput | null;
  /** The `pilotSectors` setting (law/visas.ts): the pilot sectors in force; absent: the pilot rows as released. */
  pilotSectors?: readonly PilotSector[];
  /** Today in Seoul. */
  today: string;
};

function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, d));
  return target.toISOString().slice(0, 10);
}

/** How a refusal names the step it refuses. */
const STEP_LABELS: Record<'accept' | 'contract' | 'start', string> = {
  accept: '수락',
  contract: '계약',
  start: '근무 시작',
};

/**
 * The post's states as the job-posts contract names them (JOB_POST_STATUS_LABELS): that file imports this one, so
 * the labels a refusal needs are kept here.
 */
const POST_STATE_LABELS: Record<string, string> = {
  draft: '작성 중',
  pending: '승인 대기',
  active: '게시 중',
  rejected: '반려',
  closed: '마감',
  suspended: '게시 중지',
};

/** Every issue of the pair at the given step, hard ones first. */
export function checkEligibility(
  input: EligibilityInput,
  stage: EligibilityStage = 'propose',
): EligibilityIssue[] {
  const { worker, post, startDate, today } = input;
  const issues: EligibilityIssue[] = [];
  const hard = (code: EligibilityCode, message: string, related?: RelatedRecord[], basis?: LegalBasis) =>
    issues.push({
      code,
      severity: 'hard',
      message,
      ...(related ? { related } : {}),
      ...(basis ? { basis } : {}),
    });
  const warn = (code: EligibilityCode, message: string, related?: RelatedRecord[], basis?: LegalBasis) =>
    issues.push({
      code,
      severity: 'warning',
      message,
      ...(related ? { related } : {}),
      ...(basis ? { basis } : {}),
    });
  const ruleDate = startDate ?? today;

  if (!worker.visaType) {
    hard('VISA_MISSING', '근로자의 체류자격이 등록되어 있지 않습니다.');
    return issues;
  }
  const visa = VISA_TYPE_LABELS[worker.visaType];
  const rule = VISA_RULES[worker.visaType];
  const validity = visaValidity(worker, today);
  if (validity === 'cancelled') hard('VISA_CANCELLED', `${josa(visa, '이/가')} 취소된 체류자격입니다.`);
  if (validity === 'expired') {
    hard(
      'VISA_EXPIRED',
      worker.visaExpiryDate
        ? `체류기간이 ${worker.visaExpiryDate}에 만료되었습니다.`
        : '체류기간이 만료된 근로자입니다.',
    );
  }
  if (worker.status === 'departed') hard('WORKER_DEPARTED', '출국 처리된 근로자입니다.');
  if (!post.allowedVisaTypes.includes(worker.visaType)) {
    hard('VISA_NOT_ALLOWED_BY_POST', `이 채용공고는 ${visa} 체류자격을 허용하지 않습니다.`);
  }
  if (rule.noEmployment) {
    hard('VISA_NO_EMPLOYMENT', `${visa} 체류자격으로는 취업할 수 없습니다.`);
  } else {
    issues.push(...visaIssues(input, worker.visaType, stage, ruleDate));
    if (post.isSimpleLabour && !rule.simpleLabourAllowed) {
      hard('VISA_NO_SIMPLE_LABOUR', `${josa(visa, '은/는')} 단순노무 업무에 종사할 수 없습니다.`);
    }
    if (rule.partTimeOnly && post.employmentType !== 'part_time') {
      hard('VISA_PART_TIME_ONLY', `${josa(visa, '은/는')} 시간제(아르바이트) 일자리만 가능합니다.`);
    }
  }
  if (startDate && worker.visaExpiryDate && worker.visaExpiryDate < startDate) {
    hard(
      'VISA_EXPIRES_BEFORE_START',
      `체류 만료일(${worker.visaExpiryDate})이 근무 시작일(${startDate})보다 앞섭니다.`,
    );
  }
  // 취업활동 기간 (docs/law-as-data.md#employment-period).
  issues.push(...employmentPeriodIssues({ worker, startDate, contractMonths: post.contractMonths, today }));
  if (input.pay) {
    // Wages (docs/law-as-data.md#wages): the year work starts, with the 제56조 premium; an unset year refuses the
    // contract and later steps, warns before (a proposal may wait for the new rate), and is not held.
    const { salaryType, salaryAmount, schedule, minimumWageByYear, employeeCount } = input.pay;
    const wage = checkMinimumWage({
      salaryType,
      salaryAmount,
      schedule,
      industry: post.industry,
      employeeCount,
      date: startDate ?? today,
      byYear: minimumWageByYear,
    });
    if (wage.kind === 'below') {
      issues.push({
        code: 'BELOW_MINIMUM_WAGE',
        severity: 'hard',
        message: `약정 임금이 ${wage.message}`,
        basis: wage.basis,
      });
    } else if (wage.kind === 'unknown_year' && stage !== 'hold') {
      const severity = stage === 'propose' || stage === 'accept' ? 'warning' : 'hard';
      issues.push({ code: 'MINIMUM_WAGE_UNKNOWN', severity, message: wage.message, basis: wage.basis });
    }
  }
  const engaged = input.engagedIn ?? [];
  const oneEmployer = oneEmployerRule(worker.visaType, ruleDate);
  if (engaged.length > 0 && stage !== 'hold' && oneEmployer) {
    const message = `${josa(visa, '은/는')} 한 사업장에서만 일할 수 있습니다. 이 근로자는 다른 매칭에서 이미 계약 완료 또는 근무 중입니다: ${engaged.map((r) => r.label).join(', ')}`;
    if (stage === 'propose' || stage === 'accept') warn('WORKER_ENGAGED', message, [...engaged], oneEmployer);
    else hard('WORKER_ENGAGED', message, [...engaged], oneEmployer);
  }
  if (input.workplaceChanges) {
    // 사업장 변경 (docs/law-as-data.md#workplace-changes): a warning at the proposal and acceptance, hard at the
    // contract and the start; a held matching is kept under the limit whatever its employer (docs/DOMAIN.md#invariants, I-29).
    const { events, toNewEmployer, recorded } = input.workplaceChanges;
    const held = stage === 'hold';
    for (const issue of workplaceChangeIssues({
      worker,
      events,
      onDate: ruleDate,
      toNewEmployer: held || toNewEmployer,
      recorded: held || recorded,
    })) {
      issues.push({ ...issue, severity: stage === 'propose' || stage === 'accept' ? 'warning' : 'hard' });
    }
    // 사업장 변경 권역 (docs/law-as-data.md#workplace-change-regions): the 고용센터 enforces it, so only ever a
    // warning (an override with a reason at the proposal and the contract), and not re-judged for a held matching.
    const region = input.workplaceChanges.region;
    if (region && toNewEmployer && !held) {
      issues.push(
        ...workplaceRegionIssues({
          visa: worker.visaType,
          entryDate: worker.entryDate ?? null,
          earlier: region.earlier,
          to: region.to,
          employerCaused: region.employerCaused,
          onDate: ruleDate,
        }),
      );
    }
  }
  if (stage === 'hold') return sortIssues(issues);
  // 고용허가·고용허용인원 (docs/law-as-data.md#employer-permits-and-quota): refused at the contract, which is when
  // the worker starts to count against the employer; before it the operator is told what is missing.
  if (input.employerQuota && stage !== 'start') {
    const quotaIssues = employerQuotaIssues({
      visa: worker.visaType,
      startDate,
      contractMonths: post.contractMonths,
      today,
      employer: input.employerQuota,
    });
    for (const issue of quotaIssues) {
      issues.push(stage === 'contract' ? issue : { ...issue, severity: 'warning' });
    }
  }

  if (stage === 'propose') {
    if (post.status !== 'active') {
      hard('POST_NOT_MATCHABLE', '게시 중인 채용공고에만 매칭을 등록할 수 있습니다.');
    } else if (post.employerStatus !== 'approved') {
      hard('POST_NOT_MATCHABLE', '승인된 사업주의 채용공고에만 매칭을 등록할 수 있습니다.');
    }
    if (post.branchStatus !== 'active') {
      hard('BRANCH_INACTIVE', '운영 중지된 지점의 채용공고에는 매칭을 등록할 수 없습니다.');
    }
  } else {
    // The later steps need the same standing as the first, a post past its deadline aside (docs/DOMAIN.md#invariants).
    const step = STEP_LABELS[stage];
    if (post.employerStatus !== 'approved') {
      const status = EMPLOYER_STATUS_LABELS[post.employerStatus as EmployerStatus] ?? post.employerStatus;
      hard(
        'EMPLOYER_NOT_APPROVED',
        `승인된 사업주의 매칭만 ${step}할 수 있습니다. 이 사업주는 ${status} 상태입니다.`,
      );
    }
    if (post.status !== 'active' && post.status !== 'closed') {
      hard(
        'POST_NOT_MATCHABLE',
        `게시 중이거나 마감된 채용공고의 매칭만 ${step}할 수 있습니다. 이 채용공고는 ${POST_STATE_LABELS[post.status] ?? post.status} 상태입니다.`,
      );
    }
  }
  if (stage === 'start') return sortIssues(issues);
  if (validity === 'pending') {
    warn('VISA_PENDING', '체류기간 연장 심사 중인 근로자입니다. 심사 결과를 확인하세요.');
  }
  if (rule.needsCaseCheck) {
    const basis = visaSectorDecision(
      worker.visaType,
      post.industry,
      post.duty,
      ruleDate,
      input.pilotSectors,
    ).basis;
    warn(
      'VISA_CASE_CHECK',
      worker.visaType === 'E-7'
        ? `${josa(visa, '은/는')} 허가받은 직종에서만 일할 수 있습니다. 허가 직종을 개별 확인해야 합니다.`
        : `${josa(visa, '은/는')} 취업 가능 여부를 개별 확인해야 합니다.`,
      undefined,
      basis,
    );
  }
  if (
    startDate &&
    worker.visaExpiryDate &&
    worker.visaExpiryDate >= startDate &&
    post.contractMonths &&
    worker.visaExpiryDate < addMonths(startDate, post.contractMonths)
  ) {
    warn(
      'VISA_EXPIRES_DURING_CONTRACT',
      `계약 기간 중 체류기간(${worker.visaExpiryDate})이 끝납니다. 연장 계획을 확인하세요.`,
    );
  }
  if (KOREAN_LEVELS.indexOf(worker.koreanLevel) < KOREAN_LEVELS.indexOf(post.requiredKoreanLevel)) {
    warn('KOREAN_LEVEL_BELOW', '근로자의 한국어 능력이 공고의 요구 수준보다 낮습니다.');
  }
  if (stage === 'propose' && worker.status !== 'seeking' && worker.status !== 'matched') {
    if (worker.status !== 'departed') warn('WORKER_NOT_AVAILABLE', '근로자가 구직 중 상태가 아닙니다.');
  }
  if (stage !== 'accept' && post.filledCount >= post.headcount) {
    warn('HEADCOUNT_FILLED', '채용공고의 모집 인원이 이미 찼습니다.');
  }
  return sortIssues(issues);
}

/** The visa's work rules (visa-work.ts) as eligibility issues, read on the contract's start date. */
function visaIssues(
  input: EligibilityInput,
  visaType: VisaType,
  stage: EligibilityStage,
  date: string,
): EligibilityIssue[] {
  const { worker, post } = input;
  return visaWorkIssues(
    {
      visaType,
      koreanLevel: worker.koreanLevel,
      ...(worker.entryDate !== undefined ? { entryDate: worker.entryDate } : {}),
      ...(worker.studyCourse !== undefined ? { studyCourse: worker.studyCourse } : {}),
      ...(worker.partTimePermit !== undefined ? { partTimePermit: worker.partTimePermit } : {}),
      industry: post.industry,
      ...(post.duty !== undefined ? { duty: post.duty } : {}),
      employmentType: post.employmentType,
      weeklyHours: post.weeklyHours,
      contractMonths: post.contractMonths,
      ...(input.pilotSectors ? { pilotSectors: input.pilotSectors } : {}),
    },
    stage,
    date,
  );
}

function sortIssues(issues: EligibilityIssue[]): EligibilityIssue[] {
  return [...issues.filter((i) => i.severity === 'hard'), ...issues.filter((i) => i.severity === 'warning')];
}

export function hasHardIssue(issues: readonly EligibilityIssue[]): boolean {
  return issues.some((issue) => issue.severity === 'hard');
}

/** The hard issues of `after` that `before` did not have: what an edit would newly break. */
export function newHardIssues(
  before: readonly EligibilityIssue[],
  after: readonly EligibilityIssue[],
): EligibilityIssue[] {
  const had = new Set(before.filter((i) => i.severity === 'hard').map((i) => i.code));
  return after.filter((i) => i.severity === 'hard' && !had.has(i.code));
}
