import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DUTIES, DUTIES_BY_INDUSTRY } from './duties';
import { checkEligibility, type EligibilityInput, type EligibilityStage, VISA_RULES } from './eligibility';
import { INDUSTRIES, type Industry } from './industries';
import {
  ONE_EMPLOYER_ROWS,
  STUDENT_HOURS_ROWS,
  VISA_CONTRACT_MONTHS_ROWS,
  VISA_SECTOR_ROWS,
  VISA_STAY_ROWS,
} from './law/visas';
import { currentVisaIndustries, oneEmployerRule } from './visa-work';
import { KOREAN_LEVELS, VISA_TYPES, type VisaType } from './visas';

const base: EligibilityInput = {
  worker: {
    visaType: 'E-9',
    visaStatus: 'valid',
    visaExpiryDate: null,
    koreanLevel: 'topik2',
    status: 'seeking',
  },
  post: {
    industry: 'manufacturing',
    allowedVisaTypes: [...VISA_TYPES],
    isSimpleLabour: false,
    employmentType: 'full_time',
    weeklyHours: 40,
    requiredKoreanLevel: 'none',
    status: 'active',
    headcount: 3,
    filledCount: 0,
    contractMonths: null,
    employerStatus: 'approved',
    branchStatus: 'active',
  },
  startDate: '2027-01-01',
  today: '2026-11-24',
};

function issues(
  o: { worker?: Partial<EligibilityInput['worker']>; post?: Partial<EligibilityInput['post']> } & Partial<
    Pick<EligibilityInput, 'startDate' | 'engagedIn'>
  >,
  stage: EligibilityStage = 'contract',
) {
  return checkEligibility(
    {
      ...base,
      ...o,
      worker: { ...base.worker, ...o.worker },
      post: { ...base.post, ...o.post },
    },
    stage,
  );
}
const codes = (...args: Parameters<typeof issues>) => issues(...args).map((i) => i.code);

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

const SECTOR_CODES = ['VISA_SECTOR_NOT_PERMITTED', 'VISA_DUTY_NOT_PERMITTED'];

describe('visa sector and duty rows (law/visas.ts)', () => {
  for (const [index, row] of VISA_SECTOR_ROWS.entries()) {
    const industry: Industry = row.industries === 'all' ? 'cleaning' : (row.industries[0] as Industry);
    const duty = row.duties?.[0] ?? DUTIES_BY_INDUSTRY[industry][0] ?? 'general';
    const student = row.visa === 'D-2' || row.visa === 'D-4';
    const post = {
      industry,
      duty,
      employmentType: student ? 'part_time' : 'full_time',
      weeklyHours: student ? 10 : 40,
      contractMonths: row.visa === 'E-8' ? 5 : null,
    };
    const worker = { visaType: row.visa as VisaType, koreanLevel: 'topik6' as const };
    const { inForce, before } = sides(row.basis);
    it(`row ${index} (${row.visa}) allows ${industry}/${duty} from ${inForce}`, () => {
      const found = codes({ worker, post, startDate: inForce });
      expect(found.filter((c) => SECTOR_CODES.includes(c))).toEqual([]);
    });
    it(`row ${index} (${row.visa}) refuses outside it`, () => {
      if (before) {
        const found = codes({ worker, post, startDate: before });
        // Another row may still allow the industry the day before (E-9 logistics), never this duty.
        const alsoEarlier = VISA_SECTOR_ROWS.some(
          (r) =>
            r !== row &&
            r.visa === row.visa &&
            (r.basis.effectiveFrom ?? '') <= before &&
            (r.industries === 'all' || r.industries.includes(industry)) &&
            (!r.duties || r.duties.includes(duty)),
        );
        if (!alsoEarlier) expect(found.some((c) => SECTOR_CODES.includes(c))).toBe(true);
      }
      if (row.duties) {
        const other = DUTIES_BY_INDUSTRY[industry].find(
          (d) =>
            !VISA_SECTOR_ROWS.some(
              (r) =>
                r.visa === row.visa &&
                (r.industries === 'all' || r.industries.includes(industry)) &&
                (!r.duties || r.duties.includes(d)),
            ),
        );
        if (other) {
          expect(codes({ worker, post: { ...post, duty: other }, startDate: inForce })).toContain(
            'VISA_DUTY_NOT_PERMITTED',
          );
        }
      } else if (row.industries !== 'all') {
        const outside = INDUSTRIES.find(
          (i) => !currentVisaIndustries(row.visa, INDUSTRIES).includes(i as never),
        );
        if (outside) {
          expect(
            codes({ worker, post: { ...post, industry: outside, duty: 'general' }, startDate: inForce }),
          ).toContain('VISA_SECTOR_NOT_PERMITTED');
        }
      }
    });
  }

  it('E-9 in 음식점업 is refused as 홀서빙 and allowed as 한식 주방보조, naming the permitted duty', () => {
    const [issue] = issues({ post: { industry: 'food_service', duty: 'hall_service' } });
    expect(issue?.code).toBe('VISA_DUTY_NOT_PERMITTED');
    expect(issue?.message).toContain('한식 주방보조');
    expect(issue?.basis?.notice).toContain('주방보조');
    expect(codes({ post: { industry: 'food_service', duty: 'kitchen_assistant' } })).toEqual([]);
  });

  it('students are refused construction, E-8 livestock and E-10 shipbuilding', () => {
    const part = { employmentType: 'part_time', weeklyHours: 10 };
    expect(codes({ worker: { visaType: 'D-2' }, post: { ...part, industry: 'construction' } })).toContain(
      'VISA_SECTOR_NOT_PERMITTED',
    );
    expect(
      codes({ worker: { visaType: 'E-8' }, post: { industry: 'livestock', contractMonths: 5 } }),
    ).toContain('VISA_SECTOR_NOT_PERMITTED');
    expect(codes({ worker: { visaType: 'E-10' }, post: { industry: 'shipbuilding' } })).toContain(
      'VISA_SECTOR_NOT_PERMITTED',
    );
  });

  it('VISA_RULES sectors are the current rows', () => {
    for (const visa of VISA_TYPES) {
      if (VISA_RULES[visa].noEmployment) continue;
      expect(VISA_RULES[visa].industries).toEqual(currentVisaIndustries(visa, INDUSTRIES));
    }
  });

  it('every duty belongs to some industry', () => {
    for (const duty of DUTIES) {
      expect(Object.values(DUTIES_BY_INDUSTRY).some((list) => list.includes(duty))).toBe(true);
    }
  });
});

describe('E-8 contract months', () => {
  for (const row of VISA_CONTRACT_MONTHS_ROWS) {
    const { inForce, before } = sides(row.basis);
    const worker = { visaType: row.visa as VisaType };
    const post = { industry: 'agriculture' as const };
    it(`${row.visa}: ${row.months} months allowed, up to ${row.extendedMonths} with a warning, more refused`, () => {
      expect(codes({ worker, post: { ...post, contractMonths: row.months }, startDate: inForce })).toEqual(
        [],
      );
      const ext = issues({
        worker,
        post: { ...post, contractMonths: row.extendedMonths },
        startDate: inForce,
      });
      expect(ext.map((i) => `${i.severity}:${i.code}`)).toEqual(['warning:VISA_CONTRACT_TOO_LONG']);
      const over = issues({
        worker,
        post: { ...post, contractMonths: row.extendedMonths + 1 },
        startDate: inForce,
      });
      expect(over.map((i) => `${i.severity}:${i.code}`)).toEqual(['hard:VISA_CONTRACT_TOO_LONG']);
      expect(over[0]?.message).toContain(`${row.extendedMonths}개월`);
      expect(over[0]?.basis).toEqual(row.basis);
      if (before) {
        expect(
          codes({ worker, post: { ...post, contractMonths: row.extendedMonths + 1 }, startDate: before }),
        ).not.toContain('VISA_CONTRACT_TOO_LONG');
      }
    });
  }
});

describe('student weekly hours by course and TOPIK level', () => {
  for (const row of STUDENT_HOURS_ROWS) {
    const { inForce, before } = sides(row.basis);
    const worker = {
      visaType: row.visa as VisaType,
      koreanLevel: row.minKoreanLevel,
      studyCourse: row.course,
      partTimePermit: { number: 'P-1', weeklyHours: 40, validFrom: '2000-01-01', validTo: null },
    };
    const post = {
      employmentType: 'part_time',
      industry: 'food_service' as const,
      duty: 'hall_service' as const,
    };
    it(`${row.visa} ${row.course} ${row.minKoreanLevel}: ${row.weeklyHours}h allowed, more refused`, () => {
      expect(codes({ worker, post: { ...post, weeklyHours: row.weeklyHours }, startDate: inForce })).toEqual(
        [],
      );
      const over = issues({
        worker,
        post: { ...post, weeklyHours: row.weeklyHours + 1 },
        startDate: inForce,
      });
      expect(over.map((i) => i.code)).toEqual(['VISA_HOURS_OVER_LIMIT']);
      expect(over[0]?.message).toContain(`주 ${row.weeklyHours}시간`);
      expect(over[0]?.basis).toEqual(row.basis);
      if (before) {
        // Before the rows' 시행일 no row applies: the hours are not judged by them.
        expect(
          codes({ worker, post: { ...post, weeklyHours: row.weeklyHours + 1 }, startDate: before }),
        ).not.toContain('VISA_HOURS_OVER_LIMIT');
      }
    });
  }

  it('a recorded permit caps the hours; none recorded warns before the contract and refuses it', () => {
    const worker = { visaType: 'D-2' as const, koreanLevel: 'topik4' as const };
    const post = { employmentType: 'part_time', weeklyHours: 20, industry: 'service' as const };
    const permit = { number: 'P-7', weeklyHours: 15, validFrom: '2026-09-01', validTo: '2027-08-31' };
    expect(codes({ worker: { ...worker, partTimePermit: permit }, post })).toEqual(['VISA_HOURS_OVER_LIMIT']);
    expect(
      codes({ worker: { ...worker, partTimePermit: permit }, post: { ...post, weeklyHours: 15 } }),
    ).toEqual([]);
    expect(
      issues({ worker: { ...worker, partTimePermit: null }, post }, 'propose').map(
        (i) => `${i.severity}:${i.code}`,
      ),
    ).toEqual(['warning:VISA_PART_TIME_PERMIT_MISSING']);
    expect(codes({ worker: { ...worker, partTimePermit: null }, post })).toEqual([
      'VISA_PART_TIME_PERMIT_MISSING',
    ]);
    expect(
      codes({
        worker: { ...worker, partTimePermit: permit },
        post: { ...post, weeklyHours: 15 },
        startDate: '2027-09-01',
      }),
    ).toEqual(['VISA_PART_TIME_PERMIT_MISSING']);
  });

  it('the level picks the highest row it reaches', () => {
    fc.assert(
      fc.property(fc.constantFrom(...KOREAN_LEVELS), fc.integer({ min: 1, max: 40 }), (level, hours) => {
        const limit = level === 'none' || level === 'topik1' || level === 'topik2' ? 10 : 25;
        const found = codes({
          worker: { visaType: 'D-2', koreanLevel: level, studyCourse: 'bachelor' },
          post: { employmentType: 'part_time', weeklyHours: hours, industry: 'service' },
        });
        expect(found.includes('VISA_HOURS_OVER_LIMIT')).toBe(hours > limit);
      }),
    );
  });
});

describe('D-4 stay before work', () => {
  for (const row of VISA_STAY_ROWS) {
    const { inForce } = sides(row.basis);
    it(`${row.visa} works ${row.minStayMonths} months after entry, not before`, () => {
      const worker = { visaType: row.visa as VisaType, koreanLevel: 'topik2' as const };
      const post = { employmentType: 'part_time', weeklyHours: 10, industry: 'service' as const };
      const start = inForce < '2027-01-01' ? '2027-01-01' : inForce;
      const entryOk = `${Number(start.slice(0, 4)) - 1}${start.slice(4)}`;
      expect(codes({ worker: { ...worker, entryDate: entryOk }, post, startDate: start })).toEqual([]);
      const tooShort = issues({ worker: { ...worker, entryDate: dayBefore(start) }, post, startDate: start });
      expect(tooShort.map((i) => i.code)).toEqual(['VISA_STAY_TOO_SHORT']);
      expect(tooShort[0]?.message).toContain(`${row.minStayMonths}개월`);
      expect(
        codes({ worker: { ...worker, entryDate: dayBefore(start) }, post, startDate: '2000-01-01' }),
      ).not.toContain('VISA_STAY_TOO_SHORT');
    });
  }
});

describe('the one-employer rule', () => {
  const engagedIn = [{ resource: 'matchings' as const, id: 9, label: '#9' }];

  it('each row blocks a second contract of its visa, and only from its 시행일', () => {
    for (const row of ONE_EMPLOYER_ROWS) {
      expect(oneEmployerRule(row.visa, sides(row.basis).inForce)).toEqual(row.basis);
      const before = sides(row.basis).before;
      if (before) expect(oneEmployerRule(row.visa, before)).toBeNull();
    }
  });

  it('blocks exactly the visas of the table; F-5 may take a second part-time job', () => {
    const bound = new Set(ONE_EMPLOYER_ROWS.map((row) => row.visa));
    fc.assert(
      fc.property(
        fc.constantFrom(...VISA_TYPES),
        fc.constantFrom<EligibilityStage>('contract', 'start'),
        (visaType, stage) => {
          const sector = VISA_RULES[visaType].industries;
          const industry = sector === 'all' ? 'service' : (sector[0] ?? 'service');
          const student = visaType === 'D-2' || visaType === 'D-4';
          const found = codes(
            {
              worker: { visaType, koreanLevel: 'topik6' },
              post: {
                industry,
                employmentType: student ? 'part_time' : 'full_time',
                weeklyHours: student ? 10 : 40,
                contractMonths: null,
              },
              engagedIn,
            },
            stage,
          );
          expect(found.includes('WORKER_ENGAGED')).toBe(bound.has(visaType));
        },
      ),
    );
    expect(
      codes({
        worker: { visaType: 'F-5' },
        post: { industry: 'food_service', employmentType: 'part_time', weeklyHours: 15 },
        engagedIn,
      }),
    ).toEqual([]);
    for (const visa of ['E-9', 'E-8', 'E-10', 'H-2', 'E-7'] as const) expect(bound.has(visa)).toBe(true);
    for (const visa of ['F-2', 'F-5', 'F-6', 'D-2', 'D-4'] as const) expect(bound.has(visa)).toBe(false);
  });
});
