import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkEligibility, type EligibilityInput } from '../eligibility';
import { EMPLOYMENT_PERIOD_ROWS, employmentPeriod, employmentPeriodIssues } from './employment';

const e9 = (entryDate: string, employmentPeriodEndDate: string | null = null) => ({
  visaType: 'E-9' as const,
  entryDate,
  employmentPeriodEndDate,
});
const issueCodes = (args: Parameters<typeof employmentPeriodIssues>[0]) =>
  employmentPeriodIssues(args).map((issue) => issue.code);

describe('the 취업활동 기간 rows', () => {
  const rule = (name: string) => EMPLOYMENT_PERIOD_ROWS.find((row) => row.rule === name)!;

  it.each([
    // [row, entry, stored end, start, months, expected codes]
    ['period: within three years', 'period', '2020-03-10', null, '2021-01-01', 12, []],
    ['period: the contract ends on the last day', 'period', '2020-03-10', null, '2022-03-10', 12, []],
    [
      'period: the contract runs one day past',
      'period',
      '2020-03-10',
      null,
      '2022-03-11',
      12,
      ['EMPLOYMENT_PERIOD_EXCEEDED'],
    ],
    [
      'period: starts after the end',
      'period',
      '2020-03-10',
      null,
      '2023-03-10',
      6,
      ['EMPLOYMENT_PERIOD_ENDED'],
    ],
    [
      'reemployment: within 1년 10개월 more',
      'reemployment',
      '2020-03-10',
      '2025-01-09',
      '2023-03-10',
      12,
      [],
    ],
    [
      'reemployment: past the stored end',
      'reemployment',
      '2020-03-10',
      '2024-03-09',
      '2023-06-01',
      12,
      ['EMPLOYMENT_PERIOD_EXCEEDED'],
    ],
    [
      'reemployment: a stored end beyond the cap counts as the cap',
      'reemployment',
      '2020-03-10',
      '2030-01-01',
      '2025-01-10',
      1,
      ['EMPLOYMENT_PERIOD_ENDED'],
    ],
  ] as const)('%s', (_name, name, entry, stored, start, months, expected) => {
    expect(rule(name).basis.effectiveFrom! <= start).toBe(true);
    expect(
      issueCodes({ worker: e9(entry, stored), startDate: start, contractMonths: months, today: start }),
    ).toEqual(expected);
  });

  it.each(['period', 'reemployment', 'request'] as const)(
    '%s applies from its 시행일, not the day before',
    (name) => {
      const from = rule(name).basis.effectiveFrom!;
      const [y, m, d] = from.split('-');
      const dayBefore = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d) - 1))
        .toISOString()
        .slice(0, 10);
      // Entered 4 years before the 시행일: refused on the 시행일, no row (and no refusal) the day before.
      const entry = `${Number(y) - 4}-${m}-${d}`;
      expect(issueCodes({ worker: e9(entry), startDate: from, contractMonths: 12, today: from })).toEqual([
        'EMPLOYMENT_PERIOD_ENDED',
      ]);
      expect(
        issueCodes({ worker: e9(entry), startDate: dayBefore, contractMonths: 12, today: dayBefore }),
      ).toEqual([]);
      expect(employmentPeriod(e9(entry), dayBefore)).toBeNull();
    },
  );

  it('gives the request deadline 7 days before the end while 재고용 is not recorded', () => {
    const period = employmentPeriod(e9('2020-03-10'), '2021-01-01')!;
    expect(period).toMatchObject({ end: '2023-03-09', reemployed: false, requestDeadline: '2023-03-02' });
    expect(period.requestBasis?.article).toBe('제18조의2 제1항');
    expect(employmentPeriod(e9('2020-03-10', '2024-12-01'), '2021-01-01')).toMatchObject({
      end: '2024-12-01',
      reemployed: true,
      requestDeadline: null,
    });
  });

  it('applies to E-9 and H-2 only, and needs an entry date', () => {
    expect(employmentPeriod({ visaType: 'H-2', entryDate: '2020-03-10' }, '2021-01-01')?.end).toBe(
      '2023-03-09',
    );
    expect(employmentPeriod({ visaType: 'F-4', entryDate: '2020-03-10' }, '2021-01-01')).toBeNull();
    expect(employmentPeriod({ visaType: 'E-9', entryDate: null }, '2021-01-01')).toBeNull();
  });
});

describe('the rule engine', () => {
  const input = (
    worker: Partial<EligibilityInput['worker']>,
    startDate: string | null,
  ): EligibilityInput => ({
    worker: {
      visaType: 'E-9',
      visaStatus: 'valid',
      visaExpiryDate: null,
      koreanLevel: 'topik2',
      status: 'seeking',
      ...worker,
    },
    post: {
      industry: 'manufacturing',
      allowedVisaTypes: ['E-9'],
      isSimpleLabour: true,
      employmentType: 'full_time',
      weeklyHours: 40,
      requiredKoreanLevel: 'none',
      status: 'active',
      headcount: 5,
      filledCount: 0,
      contractMonths: 12,
      employerStatus: 'approved',
      branchStatus: 'active',
    },
    startDate,
    today: '2026-06-01',
  });

  it('refuses a worker whose period ended 5 days ago, with the basis', () => {
    // Entered 2023-05-28: the period ended 2026-05-27.
    const [issue] = checkEligibility(input({ entryDate: '2023-05-28' }, null), 'propose');
    expect(issue).toMatchObject({ code: 'EMPLOYMENT_PERIOD_ENDED', severity: 'hard' });
    expect(issue!.message).toContain('2026-05-27');
    expect(issue!.basis?.article).toBe('제18조');
  });

  it('refuses at every step, hold included', () => {
    for (const stage of ['propose', 'accept', 'contract', 'start', 'hold'] as const) {
      const codes = checkEligibility(input({ entryDate: '2024-01-01' }, '2026-06-01'), stage).map(
        (i) => i.code,
      );
      expect(codes, stage).toContain('EMPLOYMENT_PERIOD_EXCEEDED');
    }
  });

  it('refuses exactly the contracts whose last day is after the period end (property)', () => {
    const day = fc
      .date({ min: new Date('2010-01-01'), max: new Date('2035-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 1, max: 36 }),
        (entry, after, months) => {
          const start = new Date(Date.parse(`${entry}T00:00:00Z`) + after * 86_400_000)
            .toISOString()
            .slice(0, 10);
          const period = employmentPeriod(e9(entry), start)!;
          const issues = employmentPeriodIssues({
            worker: e9(entry),
            startDate: start,
            contractMonths: months,
            today: start,
          });
          if (start > period.end) expect(issues.map((i) => i.code)).toEqual(['EMPLOYMENT_PERIOD_ENDED']);
          else {
            expect(issues.length <= 1).toBe(true);
            const refused = issues.length === 1;
            if (refused) expect(issues[0]!.code).toBe('EMPLOYMENT_PERIOD_EXCEEDED');
            // Monotone: a longer contract from the same start is refused whenever this one is.
            const longer = employmentPeriodIssues({
              worker: e9(entry),
              startDate: start,
              contractMonths: months + 1,
              today: start,
            });
            if (refused) expect(longer.length).toBe(1);
            // A contract ending on the period's last day or before it is allowed.
            if (months <= 12 && after <= 365 * 2 - 1) expect(refused).toBe(false);
          }
        },
      ),
    );
  });
});
