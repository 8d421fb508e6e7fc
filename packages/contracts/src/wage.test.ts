import { describe, expect, it } from 'vitest';
import { dailyHours, hourlyEquivalent, minimumWageFor, monthlyPaidHours, type WorkSchedule } from './wage';

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

  it('finds the minimum wage of a year, or the latest one before it', () => {
    const byYear = { '2025': 10_030, '2026': 10_320 };
    expect(minimumWageFor(2026, byYear)).toBe(10_320);
    expect(minimumWageFor(2027, byYear)).toBe(10_320);
    expect(minimumWageFor(2024, byYear)).toBeNull();
  });
});
