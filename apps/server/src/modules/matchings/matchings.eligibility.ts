import {
  can,
  checkEligibility,
  type EligibilityCode,
  type EligibilityIssue,
  type ErrorDetail,
  type Role,
  recordMessages,
  weeklyHours,
} from '@ilson/contracts';
import { AppError } from '../../lib/errors';
import type { JobPostRecord } from '../job-posts/job-posts.repository';
import { effectiveStatus, scheduleOf } from '../job-posts/job-posts.rules';
import type { LockedWorker } from './matchings.repository';

/** The visa rules of @ilson/contracts applied to a stored worker and post. */
export function eligibilityIssues(
  worker: Pick<LockedWorker, 'visaType' | 'visaExpiryDate' | 'koreanLevel' | 'status'>,
  post: JobPostRecord,
  startDate: string | null,
  today: string,
): EligibilityIssue[] {
  return checkEligibility({
    worker: {
      visaType: worker.visaType,
      visaExpiryDate: worker.visaExpiryDate,
      koreanLevel: worker.koreanLevel,
      status: worker.status,
    },
    post: {
      industry: post.industry,
      allowedVisaTypes: post.allowedVisaTypes,
      isSimpleLabour: post.isSimpleLabour,
      employmentType: post.employmentType,
      weeklyHours: weeklyHours(scheduleOf(post)),
      requiredKoreanLevel: post.requiredKoreanLevel,
      status: effectiveStatus(post, today),
      headcount: post.headcount,
      filledCount: post.filledCount,
      contractMonths: post.contractMonths,
    },
    startDate,
  });
}

const HARD_FIELDS: Partial<Record<EligibilityCode, string>> = { VISA_EXPIRES_BEFORE_START: 'start_date' };

/**
 * Refuses hard issues outright (422 VISA_NOT_ELIGIBLE). Warnings not overridden before need an override
 * reason from an admin holding `matchings:override` (else 422 ELIGIBILITY_WARNING listing them).
 * Answers the codes this call overrides.
 */
export function enforceEligibility(
  issues: readonly EligibilityIssue[],
  options: { overrideReason?: string; role: Role; overridden?: readonly string[] },
): EligibilityCode[] {
  const hard = issues.filter((issue) => issue.severity === 'hard');
  if (hard.length > 0) {
    const details: ErrorDetail[] = hard.map((issue) => ({
      field: HARD_FIELDS[issue.code] ?? 'worker_id',
      message: issue.message,
    }));
    throw new AppError('VISA_NOT_ELIGIBLE', 422, hard[0]!.message, details);
  }
  const warnings = issues.filter(
    (issue) => issue.severity === 'warning' && !options.overridden?.includes(issue.code),
  );
  if (warnings.length === 0) return [];
  const details = warnings.map((issue) => ({ field: 'override_reason', message: issue.message }));
  if (!can(options.role, 'matchings:override')) {
    throw new AppError('ELIGIBILITY_WARNING', 422, recordMessages.overrideNotPermitted, details);
  }
  if (!options.overrideReason) {
    throw new AppError('ELIGIBILITY_WARNING', 422, recordMessages.overrideReasonRequired, details);
  }
  return warnings.map((issue) => issue.code);
}
