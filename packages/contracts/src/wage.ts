import type { Industry } from './industries';
import { type LegalBasis, rowsInForce } from './law/basis';
import {
  MINIMUM_WAGE_ROWS,
  OVERTIME_RATE_ROWS,
  PREMIUM_EXEMPT_INDUSTRY_ROWS,
  PREMIUM_MIN_EMPLOYEES_ROWS,
  STANDARD_WEEKLY_HOURS_ROWS,
} from './law/wages';

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

/**
 * The minimum wage of a year from the `minimumWageByYear` setting: that year's only. A year not set is null —
 * never the latest year before it (docs/law-as-data.md#wages): the caller refuses or warns naming the year.
 */
export function minimumWageFor(year: number, byYear: Record<string, number>): number | null {
  return byYear[String(year)] ?? null;
}

/** The overtime premium terms in force, when they apply to the employer (근로기준법 제56조). */
export type OvertimePremium = { standardHours: number; rate: number; basis: LegalBasis };

/**
 * Whether weeks over 40 hours earn the 제56조 premium on the day: employers of 5+ regular employees (제11조), not
 * in the 제63조 industries. Null when it does not apply (or the rows are not in force on the day).
 */
export function overtimePremiumFor(args: {
  industry: Industry;
  employeeCount: number;
  date: string;
}): OvertimePremium | null {
  const hours = rowsInForce(STANDARD_WEEKLY_HOURS_ROWS, args.date)[0];
  const rate = rowsInForce(OVERTIME_RATE_ROWS, args.date)[0];
  if (!hours || !rate) return null;
  const minEmployees = rowsInForce(PREMIUM_MIN_EMPLOYEES_ROWS, args.date)[0];
  if (minEmployees && args.employeeCount < minEmployees.employees) return null;
  const exempt = rowsInForce(PREMIUM_EXEMPT_INDUSTRY_ROWS, args.date)[0];
  if (exempt?.industries.includes(args.industry)) return null;
  return { standardHours: hours.hours, rate: rate.rate, basis: rate.basis };
}

/**
 * The least pay a schedule may earn at a minimum wage, with its breakdown (weekly hours): basic hours, 주휴 hours,
 * and hours over the standard week × the premium rate. Monthly paid hours are rounded as the ministry does
 * (40 hours a week → 209); without a premium they are `monthlyPaidHours`.
 */
export type WageFloor = {
  minimumWage: number;
  weeklyHours: number;
  basicHours: number;
  holidayHours: number;
  overtimeHours: number;
  overtimeRate: number;
  /** Paid hours a day the daily pay must cover (overtime weighted, spread over the working days). */
  dailyPaidHours: number;
  monthlyPaidHours: number;
  dailyFloor: number;
  monthlyFloor: number;
};

export function wageFloor(
  schedule: WorkSchedule,
  minimumWage: number,
  premium: Pick<OvertimePremium, 'standardHours' | 'rate'> | null,
): WageFloor {
  const weekly = weeklyHours(schedule);
  const holidayHours = weeklyHolidayHours(schedule);
  const overtimeHours = premium ? Math.max(0, weekly - premium.standardHours) : 0;
  const overtimeRate = overtimeHours > 0 && premium ? premium.rate : 1;
  const basicHours = weekly - overtimeHours;
  const worked = basicHours + overtimeHours * overtimeRate;
  const days = schedule.workDays.length;
  const dailyPaidHours = overtimeHours > 0 && days > 0 ? worked / days : dailyHours(schedule);
  const monthly =
    overtimeHours > 0 ? Math.round(((worked + holidayHours) * 365) / 7 / 12) : monthlyPaidHours(schedule);
  return {
    minimumWage,
    weeklyHours: weekly,
    basicHours,
    holidayHours,
    overtimeHours,
    overtimeRate,
    dailyPaidHours,
    monthlyPaidHours: monthly,
    dailyFloor: minimumWage * dailyPaidHours,
    monthlyFloor: minimumWage * monthly,
  };
}

/** The pay per hour the offer amounts to over the floor's paid hours (overtime weighted), null without hours. */
export function hourlyOverFloor(salaryType: SalaryType, amount: number, floor: WageFloor): number | null {
  switch (salaryType) {
    case 'hourly':
      return amount;
    case 'daily':
      return floor.dailyPaidHours > 0 ? amount / floor.dailyPaidHours : null;
    case 'monthly':
      return floor.monthlyPaidHours > 0 ? amount / floor.monthlyPaidHours : null;
    case 'annual':
      return floor.monthlyPaidHours > 0 ? amount / 12 / floor.monthlyPaidHours : null;
  }
}

const won = (amount: number) => `${Math.floor(amount).toLocaleString('ko-KR')}원`;
const hoursText = (hours: number) => `${Math.round(hours * 10) / 10}시간`;

/** '기본 40시간 + 주휴 8시간 + 연장 8시간 × 1.5 (주 기준)': how the floor is made up. */
export function floorBreakdownText(floor: WageFloor): string {
  const parts = [`기본 ${hoursText(floor.basicHours)}`, `주휴 ${hoursText(floor.holidayHours)}`];
  if (floor.overtimeHours > 0) parts.push(`연장 ${hoursText(floor.overtimeHours)} × ${floor.overtimeRate}`);
  return `${parts.join(' + ')} (주 기준)`;
}

/** What the minimum-wage check of a pay answers. */
export type MinimumWageCheck =
  | { kind: 'ok'; year: number; floor: WageFloor }
  | { kind: 'no_hours'; year: number }
  | { kind: 'unknown_year'; year: number; message: string; basis: LegalBasis }
  | {
      kind: 'below';
      year: number;
      floor: WageFloor;
      hourly: number;
      premium: OvertimePremium | null;
      message: string;
      basis: LegalBasis;
    };

/** The minimum wage law row of the year, for its basis (a year the operator added has the law's article only). */
function minimumWageBasis(year: number): LegalBasis {
  const row = MINIMUM_WAGE_ROWS.find((r) => r.year === year);
  return (
    row?.basis ?? {
      law: '최저임금법',
      article: '제10조',
      effectiveFrom: `${year}-01-01`,
      effectiveTo: `${year + 1}-01-01`,
      verify: `${year}년 최저임금은 설정에 입력된 금액입니다. 고시 번호를 확인해 주세요.`,
    }
  );
}

export const minimumWageUnknownMessage = (year: number) =>
  `${year}년 최저임금이 설정되어 있지 않습니다. 설정 > 연도별 최저시급에 ${year}년 금액을 입력해 주세요.`;

/**
 * The pay checked against the minimum wage of the year of `date` (the contract's start), with the 제56조 premium
 * where it applies (docs/law-as-data.md#wages). An unset year is `unknown_year`, never an older year's wage.
 */
export function checkMinimumWage(input: {
  salaryType: SalaryType;
  salaryAmount: number;
  schedule: WorkSchedule;
  industry: Industry;
  employeeCount: number;
  date: string;
  byYear: Record<string, number>;
}): MinimumWageCheck {
  const year = Number(input.date.slice(0, 4));
  const minimum = minimumWageFor(year, input.byYear);
  if (minimum === null) {
    return {
      kind: 'unknown_year',
      year,
      message: minimumWageUnknownMessage(year),
      basis: minimumWageBasis(year),
    };
  }
  const premium = overtimePremiumFor(input);
  const floor = wageFloor(input.schedule, minimum, premium);
  const hourly = hourlyOverFloor(input.salaryType, input.salaryAmount, floor);
  if (hourly === null) return { kind: 'no_hours', year };
  if (hourly >= minimum) return { kind: 'ok', year, floor };
  let message = `${year}년 최저임금(시급 ${won(minimum)})보다 낮습니다. 환산 시급 ${won(hourly)}`;
  const withPremium = premium !== null && floor.overtimeHours > 0;
  if (withPremium) {
    const daily = input.salaryType === 'daily';
    const amount = daily ? floor.dailyFloor : floor.monthlyFloor;
    const hours = daily ? floor.dailyPaidHours : floor.monthlyPaidHours;
    message +=
      ` · ${daily ? '일' : '월'} 최저 ${won(Math.ceil(amount))} = 시급 ${won(minimum)} × ${hoursText(hours)}` +
      ` (${floorBreakdownText(floor)}, 근로기준법 제56조 연장근로 가산)`;
  }
  return {
    kind: 'below',
    year,
    floor,
    hourly,
    premium,
    message,
    basis: withPremium ? premium.basis : minimumWageBasis(year),
  };
}
