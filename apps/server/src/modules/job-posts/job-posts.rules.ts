import {
  checkMinimumWage,
  type ErrorDetail,
  hourlyEquivalent,
  type Industry,
  type JobPost,
  type JobPostStatus,
  recordMessages,
  type SalaryType,
  type Weekday,
  type WorkSchedule,
} from '@ilson/contracts';
import { addDays, isoOrNull, seoulDayStart } from '../../lib/dates';
import type { JobPostRow } from './job-posts.repository';

type Pay = WorkSchedule & {
  salaryType: SalaryType;
  salaryAmount: number;
  industry: Industry;
  /** The employer's regular employees (5+ earn the overtime premium). */
  employeeCount: number;
};

/** An active post whose deadline (a Seoul date) has passed is closed, stored or not. */
export function isExpired(post: { status: JobPostStatus; deadline: string | null }, today: string): boolean {
  return post.status === 'active' && post.deadline !== null && post.deadline < today;
}

export function effectiveStatus(
  post: { status: JobPostStatus; deadline: string | null },
  today: string,
): JobPostStatus {
  return isExpired(post, today) ? 'closed' : post.status;
}

export function scheduleOf(post: {
  workDays: readonly Weekday[];
  workStartTime: string;
  workEndTime: string;
  breakMinutes: number;
}): WorkSchedule {
  return {
    workDays: post.workDays,
    workStartTime: post.workStartTime,
    workEndTime: post.workEndTime,
    breakMinutes: post.breakMinutes,
  };
}

/**
 * The field error when pay amounts to less than the minimum wage of the year (the year of `onDate`: the post's
 * deadline or the contract's start, else today), with the 제56조 overtime premium where it applies
 * (docs/law-as-data.md#wages). A year whose minimum wage is not set is not an error here: the matching's contract
 * step refuses it (MINIMUM_WAGE_UNKNOWN), so a post or a proposal may be entered before the new rate is.
 */
export function minimumWageError(
  pay: Pay,
  onDate: string,
  byYear: Record<string, number>,
  field = 'salary_amount',
): ErrorDetail | null {
  const check = checkMinimumWage({
    salaryType: pay.salaryType,
    salaryAmount: pay.salaryAmount,
    schedule: scheduleOf(pay),
    industry: pay.industry,
    employeeCount: pay.employeeCount,
    date: onDate,
    byYear,
  });
  if (check.kind === 'no_hours') return { field: 'break_minutes', message: recordMessages.noWorkingHours };
  if (check.kind !== 'below') return null;
  return { field, message: check.message };
}

/** Field by field, not `{ ...rest }` of the row: see docs/performance.md#row-mappers. */
export function toJobPost(row: JobPostRow, today: string): JobPost {
  const expired = isExpired(row, today);
  const hourly = hourlyEquivalent(row.salaryType, row.salaryAmount, scheduleOf(row));
  return {
    id: row.id,
    employerId: row.employerId,
    employerName: row.employerName,
    employerStatus: row.employerStatus,
    branchId: row.branchId,
    branchName: row.branchName,
    title: row.title,
    industry: row.industry,
    duty: row.duty,
    jobDescription: row.jobDescription,
    isSimpleLabour: row.isSimpleLabour,
    headcount: row.headcount,
    filledCount: row.filledCount,
    region: row.region,
    zipCode: row.zipCode,
    workAddress: row.workAddress,
    employmentType: row.employmentType,
    contractMonths: row.contractMonths,
    workDays: row.workDays,
    workStartTime: row.workStartTime,
    workEndTime: row.workEndTime,
    breakMinutes: row.breakMinutes,
    salaryType: row.salaryType,
    salaryAmount: row.salaryAmount,
    hourlyEquivalent: hourly === null ? null : Math.round(hourly),
    dormitoryProvided: row.dormitoryProvided,
    mealProvided: row.mealProvided,
    allowedVisaTypes: row.allowedVisaTypes,
    requiredKoreanLevel: row.requiredKoreanLevel,
    deadline: row.deadline,
    viewCount: row.viewCount,
    status: expired ? 'closed' : row.status,
    rejectReason: row.rejectReason,
    statusReason: row.statusReason,
    publishedAt: isoOrNull(row.publishedAt),
    closedAt: expired ? seoulDayStart(addDays(row.deadline!, 1)).toISOString() : isoOrNull(row.closedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}
