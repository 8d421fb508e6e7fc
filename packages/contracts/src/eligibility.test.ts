import { describe, expect, it } from 'vitest';
import { checkEligibility, type EligibilityInput, hasHardIssue } from './eligibility';
import type { VisaType } from './visas';

const base: EligibilityInput = {
  worker: { visaType: 'E-9', visaExpiryDate: '2028-12-31', koreanLevel: 'topik2', status: 'seeking' },
  post: {
    industry: 'manufacturing',
    allowedVisaTypes: [
      'E-9',
      'H-2',
      'E-8',
      'E-10',
      'E-7',
      'F-2',
      'F-4',
      'F-5',
      'F-6',
      'D-2',
      'D-4',
      'D-10',
      'G-1',
    ],
    isSimpleLabour: true,
    employmentType: 'full_time',
    weeklyHours: 40,
    requiredKoreanLevel: 'none',
    status: 'active',
    headcount: 3,
    filledCount: 0,
    contractMonths: 12,
  },
  startDate: '2027-01-01',
};

function codes(overrides: {
  worker?: Partial<EligibilityInput['worker']>;
  post?: Partial<EligibilityInput['post']>;
  startDate?: string | null;
}) {
  return checkEligibility({
    worker: { ...base.worker, ...overrides.worker },
    post: { ...base.post, ...overrides.post },
    startDate: overrides.startDate === undefined ? base.startDate : overrides.startDate,
  }).map((issue) => `${issue.severity}:${issue.code}`);
}

const visa = (visaType: VisaType) => ({ visaType });

describe('visa eligibility rules', () => {
  it('an E-9 worker fits an active manufacturing post', () => {
    expect(codes({})).toEqual([]);
  });

  it('the post must allow the visa type', () => {
    expect(codes({ post: { allowedVisaTypes: ['H-2'] } })).toEqual(['hard:VISA_NOT_ALLOWED_BY_POST']);
  });

  it('E-9 works only in its permitted sectors', () => {
    expect(codes({ post: { industry: 'agriculture' } })).toEqual([]);
    expect(codes({ post: { industry: 'cleaning' } })).toEqual(['hard:VISA_SECTOR_NOT_PERMITTED']);
  });

  it('H-2 works only in its permitted sectors', () => {
    expect(codes({ worker: visa('H-2'), post: { industry: 'service' } })).toEqual([]);
    expect(codes({ worker: visa('H-2'), post: { industry: 'mining' } })).toEqual([
      'hard:VISA_SECTOR_NOT_PERMITTED',
    ]);
  });

  it('E-8 seasonal work is farming and fishing only', () => {
    expect(codes({ worker: visa('E-8'), post: { industry: 'fishery' } })).toEqual([]);
    expect(codes({ worker: visa('E-8'), post: { industry: 'manufacturing' } })).toEqual([
      'hard:VISA_SECTOR_NOT_PERMITTED',
    ]);
  });

  it('F-2, F-5 and F-6 may work anywhere', () => {
    for (const type of ['F-2', 'F-5', 'F-6'] as const) {
      expect(codes({ worker: visa(type), post: { industry: 'cleaning' } })).toEqual([]);
    }
  });

  it('F-4 may not do simple labour', () => {
    expect(codes({ worker: visa('F-4'), post: { isSimpleLabour: false } })).toEqual([]);
    expect(codes({ worker: visa('F-4'), post: { isSimpleLabour: true } })).toEqual([
      'hard:VISA_NO_SIMPLE_LABOUR',
    ]);
  });

  it('D-2 and D-4 are part-time only, with a warning above their weekly hours', () => {
    expect(codes({ worker: visa('D-2') })).toEqual(['hard:VISA_PART_TIME_ONLY']);
    expect(codes({ worker: visa('D-4'), post: { employmentType: 'part_time', weeklyHours: 15 } })).toEqual(
      [],
    );
    expect(codes({ worker: visa('D-4'), post: { employmentType: 'part_time', weeklyHours: 24 } })).toEqual([
      'warning:VISA_WEEKLY_HOURS',
    ]);
  });

  it('D-10 may not take employment, G-1 needs a case check', () => {
    expect(codes({ worker: visa('D-10') })).toEqual(['hard:VISA_NO_EMPLOYMENT']);
    expect(codes({ worker: visa('G-1') })).toEqual(['warning:VISA_CASE_CHECK']);
  });

  it('a visa expiring before the start date blocks the contract; one expiring during it warns', () => {
    expect(codes({ worker: { visaExpiryDate: '2026-12-31' } })).toEqual(['hard:VISA_EXPIRES_BEFORE_START']);
    expect(codes({ worker: { visaExpiryDate: '2027-06-30' } })).toEqual([
      'warning:VISA_EXPIRES_DURING_CONTRACT',
    ]);
    expect(codes({ worker: { visaExpiryDate: '2026-12-31' }, startDate: null })).toEqual([]);
  });

  it('warns on Korean level, availability, a post not active and a full headcount', () => {
    expect(codes({ post: { requiredKoreanLevel: 'topik3' } })).toEqual(['warning:KOREAN_LEVEL_BELOW']);
    expect(codes({ worker: { status: 'working' } })).toEqual(['warning:WORKER_NOT_AVAILABLE']);
    expect(codes({ post: { status: 'pending' } })).toEqual(['warning:POST_NOT_ACTIVE']);
    expect(codes({ post: { filledCount: 3 } })).toEqual(['warning:HEADCOUNT_FILLED']);
  });

  it('a worker without a visa type is refused', () => {
    const issues = checkEligibility({ ...base, worker: { ...base.worker, visaType: null } });
    expect(hasHardIssue(issues)).toBe(true);
    expect(issues[0]!.code).toBe('VISA_MISSING');
  });
});
