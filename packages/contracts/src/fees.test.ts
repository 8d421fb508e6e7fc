import { describe, expect, it } from 'vitest';
import { type FeePay, monthlyPayEquivalent, placementFeeCap, placementFeeIssues } from './fees';
import { PLACEMENT_FEE_CAP_ROWS, PUBLIC_PLACEMENT_ROWS } from './law/fees';
import type { WorkSchedule } from './wage';

/** docs/law-as-data.md#fees: each row allows one case and refuses another, on both sides of its 시행일 where it has one. */

const dayBefore = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};
/** A day the row applies and, where it has a 시행일, the day before it. */
const sides = (basis: { effectiveFrom: string | null }) => ({
  inForce: basis.effectiveFrom ?? '2027-01-01',
  before: basis.effectiveFrom ? dayBefore(basis.effectiveFrom) : null,
});

const FORTY_HOURS: WorkSchedule = {
  workDays: ['mon', 'tue', 'wed', 'thu', 'fri'],
  workStartTime: '09:00',
  workEndTime: '18:00',
  breakMinutes: 60,
};
const pay = (overrides: Partial<FeePay> = {}): FeePay => ({
  salaryType: 'monthly',
  salaryAmount: 2_500_000,
  schedule: FORTY_HOURS,
  contractMonths: 12,
  ...overrides,
});
const codes = (input: Parameters<typeof placementFeeIssues>[0]) =>
  placementFeeIssues(input).map((issue) => issue.code);

describe('PUBLIC_PLACEMENT_ROWS', () => {
  it.each(PUBLIC_PLACEMENT_ROWS.map((row) => [row.visa, row]))(
    '%s: a fee is refused naming the law and article; an F-5 worker’s is allowed',
    (visa, row) => {
      const { inForce, before } = sides(row.basis);
      const [issue] = placementFeeIssues({ date: inForce, visaType: visa, amount: 100_000, pay: pay() });
      expect(issue).toMatchObject({ code: 'FEE_PUBLIC_PLACEMENT', basis: row.basis });
      expect(issue?.message).toContain(`${row.basis.law} ${row.basis.article}`);
      expect(codes({ date: inForce, visaType: 'F-5', amount: 100_000, pay: pay() })).toEqual([]);
      if (before) expect(codes({ date: before, visaType: visa, amount: 100_000, pay: pay() })).toEqual([]);
      // Without a 시행일 the row applies on any day: long ago and years ahead.
      if (!row.basis.effectiveFrom) {
        expect(codes({ date: '2005-01-01', visaType: visa, amount: 1, pay: null })).toEqual([
          'FEE_PUBLIC_PLACEMENT',
        ]);
      }
    },
  );
});

describe('PLACEMENT_FEE_CAP_ROWS', () => {
  for (const row of PLACEMENT_FEE_CAP_ROWS) {
    const { inForce, before } = sides(row.basis);

    it(`${row.shortMonths} months or more: ${row.longShare * 100}% of ${row.shortMonths} months' pay`, () => {
      const cap = placementFeeCap(pay(), inForce)!;
      expect(cap).toMatchObject({ monthly: 2_500_000, months: row.shortMonths, share: row.longShare });
      expect(cap.cap).toBe(2_250_000);
      expect(codes({ date: inForce, visaType: 'F-5', amount: cap.cap, pay: pay() })).toEqual([]);
      const [over] = placementFeeIssues({ date: inForce, visaType: 'F-5', amount: cap.cap + 1, pay: pay() });
      expect(over).toMatchObject({ code: 'FEE_ABOVE_CAP', cap: 2_250_000, basis: row.basis });
      expect(over?.message).toContain('2,250,000원');
      expect(over?.message).toContain('월 환산 임금 2,500,000원 × 3개월 × 30%');
      if (before) expect(placementFeeCap(pay(), before)).toBeNull();
    });

    it(`under ${row.shortMonths} months: ${row.shortShare * 100}% of the whole employment's pay`, () => {
      const short = pay({ contractMonths: 2 });
      expect(placementFeeCap(short, inForce)).toMatchObject({ cap: 1_000_000, months: 2, share: 0.2 });
      expect(codes({ date: inForce, visaType: 'F-5', amount: 1_000_000, pay: short })).toEqual([]);
      expect(codes({ date: inForce, visaType: 'F-5', amount: 1_000_001, pay: short })).toEqual([
        'FEE_ABOVE_CAP',
      ]);
      // Unknown months count as 3 or more.
      expect(placementFeeCap(pay({ contractMonths: null }), inForce)?.cap).toBe(2_250_000);
    });
  }
});

describe('monthlyPayEquivalent', () => {
  it('keeps a monthly pay, takes a twelfth of an annual one, and gives hourly and daily pay 209 hours', () => {
    expect(monthlyPayEquivalent('monthly', 2_500_000, FORTY_HOURS)).toBe(2_500_000);
    expect(monthlyPayEquivalent('annual', 30_000_000, FORTY_HOURS)).toBe(2_500_000);
    expect(monthlyPayEquivalent('hourly', 10_320, FORTY_HOURS)).toBe(2_156_880);
    expect(monthlyPayEquivalent('daily', 82_560, FORTY_HOURS)).toBe(2_156_880);
    expect(monthlyPayEquivalent('hourly', 10_000, { ...FORTY_HOURS, workDays: [] })).toBe(0);
  });
});
