import {
  can,
  checkEligibility,
  type EligibilityCode,
  type EligibilityInput,
  type EligibilityIssue,
  type EligibilityStage,
  type EmployerQuotaInput,
  type ErrorDetail,
  MATCHING_STATUS_LABELS,
  type PilotSector,
  type RelatedRecord,
  type Role,
  recordMessages,
  weeklyHours,
} from '@ilson/contracts';
import { AppError } from '../../lib/errors';
import type { JobPostRecord } from '../job-posts/job-posts.repository';
import { effectiveStatus, scheduleOf } from '../job-posts/job-posts.rules';
import type { LockedWorker, MatchingWithInputs } from './matchings.repository';

type PostInputs = Pick<
  JobPostRecord,
  | 'industry'
  | 'duty'
  | 'allowedVisaTypes'
  | 'isSimpleLabour'
  | 'employmentType'
  | 'workDays'
  | 'workStartTime'
  | 'workEndTime'
  | 'breakMinutes'
  | 'requiredKoreanLevel'
  | 'status'
  | 'deadline'
  | 'headcount'
  | 'filledCount'
  | 'contractMonths'
>;
type WorkerInputs = Pick<
  LockedWorker,
  | 'visaType'
  | 'visaStatus'
  | 'visaExpiryDate'
  | 'koreanLevel'
  | 'status'
  | 'entryDate'
  | 'studyCourse'
  | 'partTimePermitNo'
  | 'partTimePermitWeeklyHours'
  | 'partTimePermitValidFrom'
  | 'partTimePermitValidTo'
  | 'employmentPeriodEndDate'
>;

/** The recorded 시간제취업허가 of the worker, or null when none is recorded (law/visas.ts). */
function permitOf(worker: WorkerInputs) {
  if (
    !worker.partTimePermitNo ||
    worker.partTimePermitWeeklyHours === null ||
    !worker.partTimePermitValidFrom
  ) {
    return null;
  }
  return {
    number: worker.partTimePermitNo,
    weeklyHours: worker.partTimePermitWeeklyHours,
    validFrom: worker.partTimePermitValidFrom,
    validTo: worker.partTimePermitValidTo,
  };
}
type Pay = { salaryType: NonNullable<MatchingWithInputs['agreedSalaryType']>; salaryAmount: number };

/** The rule engine's input from stored rows (docs/domain-integrity.md). */
export function ruleInput(args: {
  worker: WorkerInputs;
  post: PostInputs;
  standing: { employerStatus: string; branchStatus: string; employeeCount: number };
  startDate: string | null;
  today: string;
  pay?: Pay | null;
  minimumWageByYear?: Record<string, number>;
  engagedIn?: readonly RelatedRecord[];
  /** The worker's 사업장 변경 and whether this is a move (workplace-changes.repository moveInput). */
  workplaceChanges?: EligibilityInput['workplaceChanges'];
  /** The employer's permits and E-9/H-2 contracts (law/quota.ts); absent: not checked. */
  employerQuota?: EmployerQuotaInput | null;
  /** The `pilotSectors` setting (docs/law-as-data.md#operator-kept-rows): required, never the rows as released. */
  pilotSectors: readonly PilotSector[];
}): EligibilityInput {
  const { worker, post, today } = args;
  const schedule = scheduleOf(post);
  return {
    worker: {
      visaType: worker.visaType,
      visaStatus: worker.visaStatus,
      visaExpiryDate: worker.visaExpiryDate,
      koreanLevel: worker.koreanLevel,
      status: worker.status,
      entryDate: worker.entryDate,
      studyCourse: worker.studyCourse,
      partTimePermit: permitOf(worker),
      employmentPeriodEndDate: worker.employmentPeriodEndDate,
    },
    post: {
      industry: post.industry,
      duty: post.duty,
      allowedVisaTypes: post.allowedVisaTypes,
      isSimpleLabour: post.isSimpleLabour,
      employmentType: post.employmentType,
      weeklyHours: weeklyHours(schedule),
      requiredKoreanLevel: post.requiredKoreanLevel,
      status: effectiveStatus(post, today),
      headcount: post.headcount,
      filledCount: post.filledCount,
      contractMonths: post.contractMonths,
      employerStatus: args.standing.employerStatus,
      branchStatus: args.standing.branchStatus,
    },
    startDate: args.startDate,
    pay:
      args.pay && args.minimumWageByYear
        ? {
            ...args.pay,
            schedule,
            minimumWageByYear: args.minimumWageByYear,
            employeeCount: args.standing.employeeCount,
          }
        : null,
    engagedIn: args.engagedIn,
    ...(args.workplaceChanges ? { workplaceChanges: args.workplaceChanges } : {}),
    employerQuota: args.employerQuota ?? null,
    pilotSectors: args.pilotSectors,
    today,
  };
}

export function eligibilityIssues(input: EligibilityInput, stage: EligibilityStage): EligibilityIssue[] {
  return checkEligibility(input, stage);
}

/** `#12 홍길동 · 용접공 모집 (계약 완료)`: how a refusal names a matching. */
export function matchingLabel(row: {
  id: number;
  status: MatchingWithInputs['status'];
  workerNameKo: string;
  workerFirstName: string;
  workerLastName: string;
  post: { title: string };
}): string {
  const worker = row.workerNameKo || `${row.workerFirstName} ${row.workerLastName}`;
  return `#${row.id} ${worker} · ${row.post.title} (${MATCHING_STATUS_LABELS[row.status]})`;
}

const HARD_FIELDS: Partial<Record<EligibilityCode, string>> = {
  VISA_EXPIRES_BEFORE_START: 'start_date',
  EMPLOYMENT_PERIOD_ENDED: 'start_date',
  EMPLOYMENT_PERIOD_EXCEEDED: 'start_date',
  BELOW_MINIMUM_WAGE: 'agreed_salary_amount',
  POST_NOT_MATCHABLE: 'job_post_id',
  BRANCH_INACTIVE: 'job_post_id',
  EMPLOYER_NOT_APPROVED: 'job_post_id',
  EMPLOYER_PERMIT_MISSING: 'start_date',
  EMPLOYER_QUOTA_EXCEEDED: 'start_date',
};

/** An issue as error details: its message, and a linked detail per record it points at. */
function issueDetails(issue: EligibilityIssue, field: string): ErrorDetail[] {
  return [
    { field, message: issue.message },
    ...(issue.related ?? []).map((record) => ({
      message: record.label,
      resource: record.resource,
      id: record.id,
      label: record.label,
    })),
  ];
}

/**
 * Refuses hard issues outright (422 VISA_NOT_ELIGIBLE). Warnings not overridden before need an override
 * reason from an admin holding `matchings:override` (else 422 ELIGIBILITY_WARNING listing them); with
 * `hardOnly` warnings are not asked about. Answers the codes this call overrides.
 */
export function enforceEligibility(
  issues: readonly EligibilityIssue[],
  options: { overrideReason?: string; role: Role; overridden?: readonly string[]; hardOnly?: boolean },
): EligibilityCode[] {
  const hard = issues.filter((issue) => issue.severity === 'hard');
  if (hard.length > 0) {
    const details = hard.flatMap((issue) => issueDetails(issue, HARD_FIELDS[issue.code] ?? 'worker_id'));
    throw new AppError('VISA_NOT_ELIGIBLE', hard[0]!.message, details);
  }
  if (options.hardOnly) return [];
  const warnings = issues.filter(
    (issue) => issue.severity === 'warning' && !options.overridden?.includes(issue.code),
  );
  if (warnings.length === 0) return [];
  const details = warnings.flatMap((issue) => issueDetails(issue, 'override_reason'));
  if (!can(options.role, 'matchings:override')) {
    throw new AppError('ELIGIBILITY_WARNING', recordMessages.overrideNotPermitted, details);
  }
  if (!options.overrideReason) {
    throw new AppError('ELIGIBILITY_WARNING', recordMessages.overrideReasonRequired, details);
  }
  return warnings.map((issue) => issue.code);
}
