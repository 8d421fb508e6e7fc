import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LegalBasis, rowsInForce } from './law/basis';
import {
  MINIMUM_WAGE_ROWS,
  minimumWageSettingDefault,
  OVERTIME_RATE_ROWS,
  PREMIUM_EXEMPT_INDUSTRY_ROWS,
  PREMIUM_MIN_EMPLOYEES_ROWS,
  STANDARD_WEEKLY_HOURS_ROWS,
} from './law/wages';
import { SETTINGS_DEFAULTS } from './settings';
import {
  checkMinimumWage,
  dailyHours,
  hourlyEquivalent,
  minimumWageFor,
  monthlyPaidHours,
  overtimePremiumFor,
  WEEKDAYS,
  type WorkSchedule,
  wageFloor,
} from './wage';

const fullTime: WorkSchedule = {
  workDays: ['mon', 'tue', 'wed', 'thu', 'fri'],
  workStartTime: '09:00',
  workEndTime: '18:00',
  breakMinutes: 60,
};

describe('hourly-equivalent pay', () => {
  it('a 40-hour week is 209 paid hours a month, with 주휴', () => {
    expect(dailyHours(fullTime)).toBe(8);
    expect(monthlyPaidHours(fullTime)).toBe(209);
  });

  it('converts daily, monthly and annual pay', () => {
    expect(hourlyEquivalent('hourly', 10_320, fullTime)).toBe(10_320);
    expect(hourlyEquivalent('daily', 82_560, fullTime)).toBe(10_320);
    // 2026's legal monthly minimum: 10,320 × 209 = 2,156,880원.
    expect(hourlyEquivalent('monthly', 2_156_880, fullTime)).toBe(10_320);
    expect(hourlyEquivalent('annual', 2_156_880 * 12, fullTime)).toBe(10_320);
  });

  it('handles a night shift past midnight and short weeks without 주휴', () => {
    const night: WorkSchedule = {
      workDays: ['mon'],
      workStartTime: '22:00',
      workEndTime: '06:00',
      breakMinutes: 60,
    };
    expect(dailyHours(night)).toBe(7);
    // 7 hours a week: no paid weekly holiday.
    expect(monthlyPaidHours(night)).toBe(30);
  });

  it('finds the minimum wage of a year, and never falls back to an earlier year', () => {
    const byYear = { '2025': 10_030, '2026': 10_320 };
    expect(minimumWageFor(2026, byYear)).toBe(10_320);
    expect(minimumWageFor(2027, byYear)).toBeNull();
    expect(minimumWageFor(2024, byYear)).toBeNull();
  });
});

const sixDays: WorkSchedule = { ...fullTime, workDays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'] };
const pay = (over: Partial<Parameters<typeof checkMinimumWage>[0]> = {}) =>
  checkMinimumWage({
    salaryType: 'monthly',
    salaryAmount: 2_510_000,
    schedule: sixDays,
    industry: 'manufacturing',
    employeeCount: 10,
    date: '2026-03-02',
    byYear: SETTINGS_DEFAULTS.minimumWageByYear,
    ...over,
  });

describe('the minimum wage rows (law/wages.ts)', () => {
  it('seed the setting, one row a year from 2021, each in force from 1 January to the next', () => {
    expect(SETTINGS_DEFAULTS.minimumWageByYear).toEqual(minimumWageSettingDefault());
    expect(MINIMUM_WAGE_ROWS.map((row) => row.year)).toEqual([2021, 2022, 2023, 2024, 2025, 2026]);
    expect(SETTINGS_DEFAULTS.minimumWageByYear['2026']).toBe(10_320);
  });

  // Every row: allowed at its rate and refused a won below it, on its 시행일; the day before is the previous year's.
  it.each(MINIMUM_WAGE_ROWS.map((row) => [row.year, row.hourly, row.basis.effectiveFrom!] as const))(
    '%i: %i원 from its 시행일',
    (year, hourly, from) => {
      const byYear = SETTINGS_DEFAULTS.minimumWageByYear;
      const at = (amount: number, date: string) =>
        checkMinimumWage({
          ...pay(),
          salaryType: 'hourly',
          salaryAmount: amount,
          schedule: fullTime,
          industry: 'manufacturing',
          employeeCount: 10,
          date,
          byYear,
        }).kind;
      expect(rowsInForce(MINIMUM_WAGE_ROWS, from).map((row) => row.year)).toEqual([year]);
      expect(at(hourly, from)).toBe('ok');
      expect(at(hourly - 1, from)).toBe('below');
      const dayBefore = `${year - 1}-12-31`;
      expect(rowsInForce(MINIMUM_WAGE_ROWS, dayBefore).every((row) => row.year === year - 1)).toBe(true);
      // The previous year's lower rate is lawful the day before (2020 is not set: refused as unknown).
      expect(at(hourly - 1, dayBefore)).toBe(year === 2021 ? 'unknown_year' : 'ok');
    },
  );

  it('an unset year is refused naming the year and the setting, not judged by an older rate', () => {
    const check = pay({ date: '2027-01-04', salaryAmount: 5_000_000 });
    expect(check.kind).toBe('unknown_year');
    expect(check.kind === 'unknown_year' && check.message).toBe(
      '2027년 최저임금이 설정되어 있지 않습니다. 설정 > 연도별 최저시급에 2027년 금액을 입력해 주세요.',
    );
    expect(pay({ date: '2027-01-04', byYear: { '2027': 10_500 }, salaryAmount: 5_000_000 }).kind).toBe('ok');
  });
});

describe('the monthly floor with the overtime premium (근로기준법 제56조)', () => {
  it('a 6-day 48-hour week at 2,510,000원 is refused at 10,320원: the floor is 261 hours, 2,693,520원', () => {
    const check = pay();
    expect(check.kind).toBe('below');
    if (check.kind !== 'below') return;
    expect(check.floor).toMatchObject({
      basicHours: 40,
      holidayHours: 8,
      overtimeHours: 8,
      overtimeRate: 1.5,
      monthlyPaidHours: 261,
      monthlyFloor: 2_693_520,
    });
    expect(check.message).toContain('월 최저 2,693,520원');
    expect(check.message).toContain('연장 8시간 × 1.5');
    expect(check.basis.article).toBe('제56조제1항');
    expect(pay({ salaryAmount: 2_693_520 }).kind).toBe('ok');
  });

  it('does not apply under 5 employees (제11조) nor in the 제63조 industries', () => {
    expect(pay({ employeeCount: 4 }).kind).toBe('ok');
    expect(pay({ employeeCount: 5 }).kind).toBe('below');
    for (const industry of ['agriculture', 'livestock', 'fishery', 'forestry'] as const) {
      expect(pay({ industry }).kind).toBe('ok');
    }
  });

  // Every rule row: allowed and refused on both sides of its 시행일.
  it.each([
    ['standard weekly hours', STANDARD_WEEKLY_HOURS_ROWS],
    ['overtime rate', OVERTIME_RATE_ROWS],
    ['5 employees', PREMIUM_MIN_EMPLOYEES_ROWS],
    ['제63조 industries', PREMIUM_EXEMPT_INDUSTRY_ROWS],
  ] as [string, readonly { basis: LegalBasis }[]][])(
    '%s: its row is in force from its 시행일, not the day before',
    (_, rows) => {
      const from = rows[0]!.basis.effectiveFrom!;
      const before = new Date(Date.parse(from) - 86_400_000).toISOString().slice(0, 10);
      expect(rowsInForce(rows, before)).toEqual([]);
      expect(rowsInForce(rows, from)).toHaveLength(1);
    },
  );

  // The premium as a whole starts with its latest row, the 40-hour week for every workplace of 5+.
  it.each([['standard weekly hours', STANDARD_WEEKLY_HOURS_ROWS[0]!.basis.effectiveFrom!]])(
    '%s: the premium applies from %s, not the day before',
    (_, from) => {
      const before = new Date(Date.parse(from) - 86_400_000).toISOString().slice(0, 10);
      const byYear = { [from.slice(0, 4)]: 5_000, [before.slice(0, 4)]: 5_000 };
      // 48 hours a week: 243 paid hours without the premium, 261 with it.
      const at = (date: string) => pay({ byYear, date, salaryAmount: 5_000 * 250 });
      expect(at(from).kind).toBe('below');
      expect(at(before).kind).toBe('ok');
    },
  );

  it.each([
    ['5 employees', PREMIUM_MIN_EMPLOYEES_ROWS[0]!.basis.effectiveFrom!],
    ['제63조 industries', PREMIUM_EXEMPT_INDUSTRY_ROWS[0]!.basis.effectiveFrom!],
  ])('%s: read from its 시행일 %s', (name, from) => {
    const date = '2026-03-02';
    expect(from < date).toBe(true);
    if (name === '5 employees') {
      expect(overtimePremiumFor({ industry: 'manufacturing', employeeCount: 4, date })).toBeNull();
      expect(overtimePremiumFor({ industry: 'manufacturing', employeeCount: 5, date })).not.toBeNull();
    } else {
      expect(overtimePremiumFor({ industry: 'agriculture', employeeCount: 50, date })).toBeNull();
      expect(overtimePremiumFor({ industry: 'construction', employeeCount: 50, date })).not.toBeNull();
    }
  });

  const schedules = fc
    .record({
      days: fc.integer({ min: 1, max: 7 }),
      start: fc.integer({ min: 0, max: 10 }),
      length: fc.integer({ min: 2, max: 12 }),
    })
    .map(
      ({ days, start, length }): WorkSchedule => ({
        workDays: WEEKDAYS.slice(0, days),
        workStartTime: `${String(start).padStart(2, '0')}:00`,
        workEndTime: `${String(start + length).padStart(2, '0')}:00`,
        breakMinutes: 60,
      }),
    );
  const premium = { standardHours: 40, rate: 1.5 };

  it('is monotone in hours: a longer day never lowers the floor', () => {
    fc.assert(
      fc.property(schedules, fc.integer({ min: 1, max: 3 }), fc.boolean(), (schedule, more, withPremium) => {
        const [h] = schedule.workEndTime.split(':').map(Number) as [number];
        const longer = { ...schedule, workEndTime: `${String(Math.min(23, h + more)).padStart(2, '0')}:00` };
        const terms = withPremium ? premium : null;
        expect(wageFloor(longer, 10_320, terms).monthlyFloor).toBeGreaterThanOrEqual(
          wageFloor(schedule, 10_320, terms).monthlyFloor,
        );
        expect(wageFloor(longer, 10_320, terms).dailyFloor).toBeGreaterThanOrEqual(
          wageFloor(schedule, 10_320, terms).dailyFloor,
        );
      }),
    );
  });

  it('equals the minimum wage × 209 at 40 hours over 5 days, premium or not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_000, max: 50_000 }), fc.boolean(), (minimum, withPremium) => {
        expect(wageFloor(fullTime, minimum, withPremium ? premium : null).monthlyFloor).toBe(minimum * 209);
      }),
    );
  });

  it('never adds the premium in the 제63조 industries, whatever the hours and headcount', () => {
    fc.assert(
      fc.property(
        schedules,
        fc.constantFrom(...PREMIUM_EXEMPT_INDUSTRY_ROWS[0]!.industries),
        fc.integer({ min: 0, max: 10_000 }),
        (schedule, industry, employeeCount) => {
          const terms = overtimePremiumFor({ industry, employeeCount, date: '2026-06-01' });
          expect(terms).toBeNull();
          const floor = wageFloor(schedule, 10_320, terms);
          expect(floor.overtimeHours).toBe(0);
          expect(floor.monthlyPaidHours).toBe(monthlyPaidHours(schedule));
        },
      ),
    );
  });
});
