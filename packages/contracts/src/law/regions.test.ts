import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkEligibility, type EligibilityInput, type EligibilityStage } from '../eligibility';
import { REGIONS, type Region } from '../regions';
import { VISA_TYPES, type VisaType } from '../visas';
import {
  originWorkplace,
  REGION_GROUP_ROWS,
  REGION_GROUPS,
  REGION_MOVE_ROWS,
  type RegionGroup,
  type RegionMove,
  regionGroupOf,
  workplaceRegionIssues,
} from './regions';

const REGIONS_FROM = REGION_MOVE_ROWS.find((r) => r.rule === 'within_group')!.basis.effectiveFrom!;
const EASED_FROM = REGION_MOVE_ROWS.find((r) => r.rule === 'not_into_capital')!.basis.effectiveFrom!;
const dayBefore = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};
const groupOf = (region: Region) => REGION_GROUP_ROWS.find((row) => row.region === region)!.group;
const regionsOf = (group: RegionGroup) =>
  REGION_GROUP_ROWS.filter((row) => row.group === group).map((r) => r.region);

/** An E-9 worker who entered on the 권역 시행일 and first worked in `from`, moving to `to` on `onDate`. */
const move = (from: string, to: string, onDate: string, extra: Partial<RegionMove> = {}): RegionMove => ({
  visa: 'E-9',
  entryDate: REGIONS_FROM,
  earlier: [{ region: from, date: REGIONS_FROM }],
  to,
  employerCaused: false,
  onDate,
  ...extra,
});
const warned = (m: RegionMove) => workplaceRegionIssues(m).map((i) => i.code);

describe('사업장 변경 권역 rows (docs/law-as-data.md#workplace-change-regions)', () => {
  it('map every 시도 of REGIONS to one of the five 권역, each 권역 used', () => {
    expect(REGION_GROUP_ROWS.map((row) => row.region)).toEqual([...REGIONS]);
    expect(new Set(REGION_GROUP_ROWS.map((row) => row.group))).toEqual(new Set(REGION_GROUPS));
    for (const region of REGIONS) expect(regionGroupOf(region, REGIONS_FROM)?.group).toBe(groupOf(region));
    expect(regionGroupOf(REGIONS[0], dayBefore(REGIONS_FROM))).toBeNull();
    expect(regionGroupOf('서울', REGIONS_FROM)).toBeNull();
  });

  it('the two rules follow one another: 권역 내 only, then only into 수도권 held back', () => {
    const [within, eased] = REGION_MOVE_ROWS;
    expect(within!.basis.effectiveTo).toBe(eased!.basis.effectiveFrom);
    for (const row of REGION_MOVE_ROWS) expect(row.basis.verify).toMatch(/확인하지 못/);
  });

  // Every 권역: a pair inside it is allowed, a pair leaving it warned — on both sides of each 시행일.
  describe.each(REGION_GROUPS.map((group) => [group] as const))('%s', (group) => {
    const inside = regionsOf(group);
    const a = inside[0]!;
    const b = inside.at(-1)!;
    const outsideGroup = REGION_GROUPS.find((g) => g !== group && g !== '수도권')!;
    const outside = regionsOf(outsideGroup)[0]!;
    const inCapital = regionsOf('수도권')[0]!;
    const withinDays = [REGIONS_FROM, dayBefore(EASED_FROM)];

    it('within the 권역: never warned, before or after either 시행일', () => {
      for (const day of [dayBefore(REGIONS_FROM), ...withinDays, EASED_FROM, '2026-12-01']) {
        expect(warned(move(a, b, day)), day).toEqual([]);
        expect(warned(move(b, a, day)), day).toEqual([]);
      }
    });

    it('out of the 권역: warned from the 권역 시행일, not the day before', () => {
      expect(warned(move(a, outside, dayBefore(REGIONS_FROM)))).toEqual([]);
      for (const day of withinDays) {
        const [issue] = workplaceRegionIssues(move(a, outside, day));
        expect(issue, day).toMatchObject({ code: 'WORKPLACE_CHANGE_REGION', severity: 'warning' });
        expect(issue!.message).toContain(group);
        expect(issue!.message).toContain(outsideGroup);
        expect(issue!.basis).toMatchObject({ effectiveFrom: REGIONS_FROM, effectiveTo: EASED_FROM });
      }
    });

    it('after the 2025 easing: only a move into 수도권 from outside it is warned', () => {
      expect(warned(move(a, outside, EASED_FROM))).toEqual([]);
      const intoCapital = workplaceRegionIssues(move(a, inCapital, EASED_FROM));
      if (group === '수도권') expect(intoCapital).toEqual([]);
      else {
        expect(intoCapital).toHaveLength(1);
        expect(intoCapital[0]!.message).toContain(group);
        expect(intoCapital[0]!.message).toContain('수도권');
        expect(intoCapital[0]!.basis?.effectiveFrom).toBe(EASED_FROM);
        expect(warned(move(a, inCapital, dayBefore(EASED_FROM)))).toEqual(['WORKPLACE_CHANGE_REGION']);
      }
    });
  });

  it('counts from the first workplace since the entry, not the one just left', () => {
    const earlier = [
      { region: '경기도', date: '2023-01-05' }, // before this entry: not the origin
      { region: '충청남도', date: '2024-06-01' }, // the one just left
      { region: '경상남도', date: '2023-10-01' }, // the first since the entry
    ];
    expect(originWorkplace(earlier, '2023-09-20')?.region).toBe('경상남도');
    expect(originWorkplace(earlier, null)?.region).toBe('경기도');
    expect(originWorkplace([], '2023-09-20')).toBeNull();
    const m = move('', '부산광역시', '2024-07-01', { entryDate: '2023-09-20', earlier });
    expect(warned(m)).toEqual([]); // 경상남도 → 부산: both 경남권
    expect(warned({ ...m, to: '충청남도' })).toEqual(['WORKPLACE_CHANGE_REGION']);
    // No earlier workplace since the entry: this is the first workplace, no change.
    expect(warned({ ...m, earlier: [{ region: '경기도', date: '2023-01-05' }] })).toEqual([]);
  });

  it('leaves out other visas, employer-caused changes and workers who entered before the 권역', () => {
    const m = move('경상남도', '충청남도', '2024-07-01');
    expect(warned(m)).toEqual(['WORKPLACE_CHANGE_REGION']);
    expect(warned({ ...m, visa: 'H-2' })).toEqual([]);
    expect(warned({ ...m, visa: null })).toEqual([]);
    expect(warned({ ...m, employerCaused: true })).toEqual([]);
    expect(
      warned({
        ...m,
        entryDate: dayBefore(REGIONS_FROM),
        earlier: [{ region: '경상남도', date: '2024-01-01' }],
      }),
    ).toEqual([]);
    // No entry date: held to the 권역.
    expect(warned({ ...m, entryDate: null })).toEqual(['WORKPLACE_CHANGE_REGION']);
    expect(warned({ ...m, to: null })).toEqual([]);
  });

  it('same 권역 ⇒ no warning; a warning ⇒ E-9 and two different 권역 (property)', () => {
    const region = fc.constantFrom(...REGIONS);
    const day = fc
      .date({ min: new Date('2022-01-01'), max: new Date('2028-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        // Mostly E-9 and worker-requested, so the cases the rule judges come up often.
        fc.oneof(
          { arbitrary: fc.constant<VisaType | null>('E-9'), weight: 4 },
          { arbitrary: fc.constantFrom<VisaType | null>(...VISA_TYPES, null), weight: 1 },
        ),
        fc.option(day, { nil: null }),
        fc.array(fc.record({ region, date: fc.option(day, { nil: null }) }), { maxLength: 4 }),
        region,
        fc.oneof({ arbitrary: fc.constant(false), weight: 3 }, { arbitrary: fc.boolean(), weight: 1 }),
        day,
        (visa, entryDate, earlier, to, employerCaused, onDate) => {
          const m: RegionMove = { visa, entryDate, earlier, to, employerCaused, onDate };
          const issues = workplaceRegionIssues(m);
          const origin = originWorkplace(earlier, entryDate);
          if (origin && groupOf(origin.region as Region) === groupOf(to)) expect(issues).toEqual([]);
          for (const issue of issues) {
            expect(issue).toMatchObject({ code: 'WORKPLACE_CHANGE_REGION', severity: 'warning' });
            expect(visa).toBe('E-9');
            expect(employerCaused).toBe(false);
            expect(origin).not.toBeNull();
            expect(groupOf(origin!.region as Region)).not.toBe(groupOf(to));
            expect(onDate >= REGIONS_FROM).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('사업장 변경 권역 in the steps', () => {
  const base: EligibilityInput = {
    worker: {
      visaType: 'E-9',
      visaStatus: 'valid',
      visaExpiryDate: '2028-12-31',
      koreanLevel: 'topik2',
      status: 'seeking',
      entryDate: '2024-03-10',
    },
    post: {
      industry: 'manufacturing',
      allowedVisaTypes: [...VISA_TYPES],
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
    startDate: '2027-01-01',
    today: '2026-12-05',
  };
  const changes = (to: string, toNewEmployer = true): EligibilityInput['workplaceChanges'] => ({
    events: [],
    toNewEmployer,
    recorded: false,
    region: { earlier: [{ region: '충청북도', date: '2024-04-01' }], to, employerCaused: false },
  });
  const issues = (workplaceChanges: EligibilityInput['workplaceChanges'], stage: EligibilityStage) =>
    checkEligibility({ ...base, workplaceChanges }, stage)
      .filter((issue) => issue.code === 'WORKPLACE_CHANGE_REGION')
      .map((issue) => issue.severity);

  it('is a warning at every step of a move, never hard, and not for a held matching or the same employer', () => {
    for (const stage of ['propose', 'accept', 'contract', 'start'] as const) {
      expect(issues(changes('경기도'), stage), stage).toEqual(['warning']);
      expect(issues(changes('대전광역시'), stage), stage).toEqual([]);
    }
    expect(issues(changes('경기도'), 'hold')).toEqual([]);
    expect(issues(changes('경기도', false), 'contract')).toEqual([]);
    // The rule of the contract's start date: before the easing, any other 권역 is warned.
    expect(
      checkEligibility(
        { ...base, startDate: '2025-03-01', workplaceChanges: changes('전라남도') },
        'contract',
      ).map((i) => i.code),
    ).toContain('WORKPLACE_CHANGE_REGION');
  });
});
