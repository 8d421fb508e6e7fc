import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkEligibility, type EligibilityInput } from '../eligibility';
import { quotaTablesSchema } from '../settings';
import {
  type EmployerQuotaInput,
  employerQuotaIssues,
  employerQuotaUsage,
  PERMIT_RULE_ROWS,
  permitRuleFor,
  QUOTA_ROWS,
  quotaFor,
  quotaTableOn,
  quotaTablesDefault,
} from './quota';

/** Every day checked here is after the quota rows' 시행일 unless it says otherwise. */
const DAY = '2027-01-04';
const permit = (headcount = 10, validFrom = '2026-01-01', validTo = '2029-12-31') => ({
  type: 'employment_permit' as const,
  validFrom,
  validTo,
  headcount,
});
const employer = (overrides: Partial<EmployerQuotaInput> = {}): EmployerQuotaInput => ({
  industry: 'manufacturing',
  employeeCount: 1,
  permits: [permit()],
  held: [],
  ...overrides,
});
const working = (
  n: number,
  startDate = '2026-06-01',
  endDate: string | null = null,
  visa: 'E-9' | 'H-2' = 'E-9',
) => Array.from({ length: n }, () => ({ visa, startDate, endDate }));
const codes = (args: Partial<Parameters<typeof employerQuotaIssues>[0]>) =>
  employerQuotaIssues({
    visa: 'E-9',
    startDate: DAY,
    contractMonths: 12,
    today: '2026-12-01',
    employer: employer(),
    ...args,
  }).map((issue) => issue.code);

describe('which permit a visa needs (외국인고용법 제8조, 제12조)', () => {
  it.each([
    // [visa, day, expected]
    ['E-9', '2004-08-17', 'employment_permit'],
    ['E-9', '2004-08-16', null],
    ['H-2', '2007-03-04', 'special_employment_confirmation'],
    ['H-2', '2007-03-03', null],
    ['F-4', DAY, null],
  ] as const)('%s on %s: %s', (visa, day, expected) => {
    expect(permitRuleFor(visa, day)?.permit ?? null).toBe(expected);
  });

  it('each row is allowed with its permit and refused without, on its 시행일, and not applied the day before', () => {
    for (const row of PERMIT_RULE_ROWS) {
      const from = row.basis.effectiveFrom!;
      const before = new Date(`${from}T00:00:00Z`);
      before.setUTCDate(before.getUTCDate() - 1);
      const dayBefore = before.toISOString().slice(0, 10);
      const own = { type: row.permit, validFrom: '2000-01-01', validTo: '2040-12-31', headcount: 5 };
      const args = { visa: row.visa, startDate: from, contractMonths: 12, today: from };
      expect(codes({ ...args, employer: employer({ permits: [own], employeeCount: 50 }) })).toEqual([]);
      expect(codes({ ...args, employer: employer({ permits: [] }) })).toEqual(['EMPLOYER_PERMIT_MISSING']);
      expect(codes({ ...args, startDate: dayBefore, employer: employer({ permits: [] }) })).toEqual([]);
    }
  });
});

describe('고용허용인원 by sector and insured employees', () => {
  it.each([
    ['manufacturing', 0, 5],
    ['manufacturing', 1, 5],
    ['manufacturing', 10, 5],
    ['manufacturing', 11, 10],
    ['manufacturing', 300, 30],
    ['manufacturing', 301, 40],
    ['shipbuilding', 60, 15],
    ['service', 5, 2],
    ['service', 6, 3],
    ['food_service', 25, 6],
  ] as const)('%s with %i insured employees: %i', (industry, insured, limit) => {
    expect(quotaFor(industry, insured, 'E-9', DAY)?.limit).toBe(limit);
    expect(quotaFor(industry, insured, 'H-2', DAY)?.limit).toBe(limit);
  });

  it('has no figure where the table counts something else, for other visas, or before its 시행일', () => {
    expect(quotaFor('agriculture', 10, 'E-9', DAY)).toBeNull();
    expect(quotaFor('construction', 10, 'E-9', DAY)).toBeNull();
    expect(quotaFor('fishery', 10, 'E-9', DAY)).toBeNull();
    expect(quotaFor('manufacturing', 10, 'F-4', DAY)).toBeNull();
    const from = QUOTA_ROWS[0]!.basis.effectiveFrom!;
    expect(quotaFor('manufacturing', 10, 'E-9', from)?.limit).toBe(5);
    expect(quotaFor('manufacturing', 10, 'E-9', '2004-08-16')).toBeNull();
  });

  it('each insured-count band allows its last place and refuses one more, on its 시행일', () => {
    for (const row of QUOTA_ROWS) {
      if (!row.bands) continue;
      const from = row.basis.effectiveFrom!;
      for (const band of row.bands) {
        const insured = band.maxInsured ?? 1000;
        const args = {
          startDate: from,
          contractMonths: 12,
          today: from,
          employer: employer({
            industry: row.industries[0]!,
            employeeCount: insured,
            permits: [permit(100, '2000-01-01', '2040-12-31')],
            held: working(band.limit - 1, from),
          }),
        };
        expect(codes(args)).toEqual([]);
        expect(
          codes({ ...args, employer: { ...args.employer, held: working(band.limit, from) } }),
          `${row.sector} ${insured}`,
        ).toEqual(['EMPLOYER_QUOTA_EXCEEDED']);
      }
    }
  });
});

describe('a contract against the permits and the quota', () => {
  it('is refused without a permit valid on the start, whatever permits lapsed before', () => {
    expect(codes({ employer: employer({ permits: [permit(10, '2024-01-01', '2027-01-03')] }) })).toEqual([
      'EMPLOYER_PERMIT_MISSING',
    ]);
    expect(codes({ employer: employer({ permits: [permit(10, '2024-01-01', DAY)] }) })).toEqual([]);
    // An H-2 worker needs a 특례고용가능확인서: a 고용허가서 does not do.
    expect(codes({ visa: 'H-2' })).toEqual(['EMPLOYER_PERMIT_MISSING']);
  });

  it('names the numbers: 1 insured employee in manufacturing allows 5, so the sixth is refused', () => {
    const [issue] = employerQuotaIssues({
      visa: 'E-9',
      startDate: DAY,
      contractMonths: 12,
      today: '2026-12-01',
      employer: employer({ held: working(5) }),
    });
    expect(issue?.message).toContain('고용허용인원 5명 중 5명이 계약·근무 중입니다');
    expect(issue?.basis?.article).toBe('제8조, 시행령 제13조의4');
    expect(codes({ employer: employer({ held: working(4) }) })).toEqual([]);
  });

  it('counts the permits’ headcount per visa, and the 고용허용인원 for E-9 and H-2 together', () => {
    const both = [permit(2), { ...permit(5), type: 'special_employment_confirmation' as const }];
    expect(codes({ employer: employer({ permits: both, held: working(2) }) })).toEqual([
      'EMPLOYER_QUOTA_EXCEEDED',
    ]);
    // H-2 workers fill the 특례 places, not the 고용허가서's two…
    expect(
      codes({ employer: employer({ permits: both, held: working(1, '2026-06-01', null, 'H-2') }) }),
    ).toEqual([]);
    // …but count with the E-9 workers against the 5 the table allows.
    const four = [...working(1), ...working(4, '2026-06-01', null, 'H-2')];
    expect(codes({ visa: 'H-2', employer: employer({ permits: both, held: four }) })).toEqual([
      'EMPLOYER_QUOTA_EXCEEDED',
    ]);
  });

  it('counts those working on some day of the term: ended before the start no, starting within it yes', () => {
    const full = permit(1);
    expect(
      codes({ employer: employer({ permits: [full], held: working(1, '2026-01-01', '2027-01-03') }) }),
    ).toEqual([]);
    // Starts within the 12 months from 2027-01-04 (to 2028-01-03).
    expect(codes({ employer: employer({ permits: [full], held: working(1, '2027-06-01') }) })).toEqual([
      'EMPLOYER_QUOTA_EXCEEDED',
    ]);
    expect(codes({ employer: employer({ permits: [full], held: working(1, '2028-01-04') }) })).toEqual([]);
  });

  it('is a warning at the proposal and acceptance, hard at the contract, not checked at the start or without input', () => {
    const input: EligibilityInput = {
      worker: {
        visaType: 'E-9',
        visaStatus: 'valid',
        visaExpiryDate: '2030-12-31',
        koreanLevel: 'topik2',
        status: 'seeking',
      },
      post: {
        industry: 'manufacturing',
        allowedVisaTypes: ['E-9'],
        isSimpleLabour: true,
        employmentType: 'full_time',
        weeklyHours: 40,
        requiredKoreanLevel: 'none',
        status: 'active',
        headcount: 3,
        filledCount: 0,
        contractMonths: 12,
        employerStatus: 'approved',
        branchStatus: 'active',
      },
      startDate: DAY,
      today: '2026-12-01',
      employerQuota: employer({ permits: [] }),
    };
    const of = (stage: Parameters<typeof checkEligibility>[1], value = input) =>
      checkEligibility(value, stage)
        .filter((i) => i.code === 'EMPLOYER_PERMIT_MISSING')
        .map((i) => i.severity);
    expect(of('propose')).toEqual(['warning']);
    expect(of('accept')).toEqual(['warning']);
    expect(of('contract')).toEqual(['hard']);
    expect(of('start')).toEqual([]);
    expect(of('hold')).toEqual([]);
    expect(of('contract', { ...input, employerQuota: null })).toEqual([]);
  });
});

describe('the use of the 고용허용인원 the employer page shows', () => {
  it('is per visa: working today against the lower of the permits and the table', () => {
    const usage = employerQuotaUsage({
      date: DAY,
      employer: employer({ employeeCount: 20, permits: [permit(12)], held: working(3) }),
    });
    expect(usage.find((u) => u.visa === 'E-9')).toMatchObject({
      used: 3,
      usedAllEps: 3,
      permitHeadcount: 12,
      quota: 10,
      limit: 10,
    });
    expect(usage.find((u) => u.visa === 'H-2')).toMatchObject({ used: 0, permitHeadcount: 0, limit: 0 });
  });
});

describe('the 고용허용인원 table as a setting (docs/law-as-data.md#operator-kept-rows)', () => {
  const band = fc.record({
    maxInsured: fc.option(fc.integer({ min: -5, max: 400 }), { nil: null }),
    limit: fc.integer({ min: -2, max: 60 }),
  });

  /** What a lawful table is, written apart from the schema: open last band only, rising bands, limits not falling. */
  const lawful = (bands: { maxInsured: number | null; limit: number }[]) =>
    bands.length >= 1 &&
    bands.every((b, i) => (b.maxInsured === null) === (i === bands.length - 1)) &&
    bands.every((b) => b.limit >= 1 && (b.maxInsured === null || b.maxInsured >= 1)) &&
    bands.every((b, i) => {
      const before = bands[i - 1];
      if (!before) return true;
      const rising = b.maxInsured === null || before.maxInsured === null || b.maxInsured > before.maxInsured;
      return rising && b.limit >= before.limit;
    });

  it('accepts exactly the lawful bands of a sector, whatever is typed', () => {
    fc.assert(
      fc.property(fc.array(band, { maxLength: 8 }), (bands) => {
        const table = [
          { effectiveFrom: '2026-01-01', bands: { manufacturing: bands, service: bands }, note: '' },
        ];
        expect(quotaTablesSchema.safeParse(table).success).toBe(lawful(bands));
      }),
      { numRuns: 500 },
    );
  });

  it('seeds the setting from the rows, which the schema accepts, and reads the same limits through it', () => {
    const tables = quotaTablesDefault();
    expect(quotaTablesSchema.safeParse(tables).success).toBe(true);
    for (const insured of [1, 10, 11, 50, 51, 300, 301, 5000])
      for (const industry of ['manufacturing', 'service', 'food_service'] as const)
        expect(quotaFor(industry, insured, 'E-9', DAY, tables)?.limit).toBe(
          quotaFor(industry, insured, 'E-9', DAY)?.limit,
        );
  });

  it('applies the version with the latest 시행일 not after the day, and names it in the basis', () => {
    const day = fc.integer({ min: 0, max: 3650 }).map((n) => {
      const d = new Date(Date.UTC(2020, 0, 1 + n));
      return d.toISOString().slice(0, 10);
    });
    fc.assert(
      fc.property(fc.uniqueArray(day, { minLength: 1, maxLength: 6 }), day, (froms, on) => {
        const tables = froms.map((from, i) => ({
          effectiveFrom: from,
          bands: {
            manufacturing: [{ maxInsured: null, limit: i + 1 }],
            service: [{ maxInsured: null, limit: i + 1 }],
          },
          note: `결정 ${i}`,
        }));
        const inForce = [...froms]
          .sort()
          .filter((from) => from <= on)
          .at(-1);
        const found = quotaFor('manufacturing', 3, 'E-9', on, tables);
        if (on < (QUOTA_ROWS[0]!.basis.effectiveFrom ?? '')) return;
        if (!inForce) expect(quotaTableOn(tables, on)).toBeNull();
        else {
          expect(found?.limit).toBe(froms.indexOf(inForce) + 1);
          expect(found?.basis.notice).toContain(`설정값(${inForce} 시행)`);
        }
      }),
      { numRuns: 300 },
    );
  });
});
