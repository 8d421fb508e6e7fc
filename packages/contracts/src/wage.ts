/**
 * Hourly-equivalent pay of a job post, to compare with the year's minimum wage (최저임금).
 * Monthly pay covers the paid weekly holiday (주휴수당): monthly hours = (weekly hours + 주휴 hours) × 365/7/12,
 * which gives the familiar 209 hours for a 40-hour week.
 */
export const SALARY_TYPES = ['hourly', 'daily', 'monthly', 'annual'] as const;
export type SalaryType = (typeof SALARY_TYPES)[number];
export const SALARY_TYPE_LABELS: Record<SalaryType, string> = {
  hourly: '시급',
  daily: '일급',
  monthly: '월급',
  annual: '연봉',
};

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  mon: '월',
  tue: '화',
  wed: '수',
  thu: '목',
  fri: '금',
  sat: '토',
  sun: '일',
};

export type WorkSchedule = {
  workDays: readonly Weekday[];
  /** `HH:mm`; an end before the start means the shift runs past midnight. */
  workStartTime: string;
  workEndTime: string;
  breakMinutes: number;
};

function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** Paid hours of one working day. */
export function dailyHours(schedule: WorkSchedule): number {
  let span = minutesOf(schedule.workEndTime) - minutesOf(schedule.workStartTime);
  if (span <= 0) span += 24 * 60;
  return Math.max(0, span - schedule.breakMinutes) / 60;
}

export function weeklyHours(schedule: WorkSchedule): number {
  return dailyHours(schedule) * schedule.workDays.length;
}

/** 주휴시간: 15+ hours a week earn a paid day off, in proportion to a 40-hour week, at most 8 hours. */
export function weeklyHolidayHours(schedule: WorkSchedule): number {
  const weekly = weeklyHours(schedule);
  return weekly >= 15 ? Math.min(8, (weekly / 40) * 8) : 0;
}

/** Rounded to whole hours, as the labour ministry does (40 hours a week → 209). */
export function monthlyPaidHours(schedule: WorkSchedule): number {
  return Math.round(((weeklyHours(schedule) + weeklyHolidayHours(schedule)) * 365) / 7 / 12);
}

/** The pay per hour the offer amounts to, in won (null when the schedule has no hours). */
export function hourlyEquivalent(
  salaryType: SalaryType,
  amount: number,
  schedule: WorkSchedule,
): number | null {
  switch (salaryType) {
    case 'hourly':
      return amount;
    case 'daily': {
      const hours = dailyHours(schedule);
      return hours > 0 ? amount / hours : null;
    }
    case 'monthly': {
      const hours = monthlyPaidHours(schedule);
      return hours > 0 ? amount / hours : null;
    }
    case 'annual': {
      const hours = monthlyPaidHours(schedule);
      return hours > 0 ? amount / 12 / hours : null;
    }
  }
}

/** The minimum wage of a year from the `minimumWageByYear` setting: that year's, else the latest year before it. */
export function minimumWageFor(year: number, byYear: Record<string, number>): number | null {
  const years = Object.keys(byYear)
    .map(Number)
    .filter((y) => y <= year)
    .sort((a, b) => b - a);
  return years.length ? (byYear[String(years[0])] ?? null) : null;
}
