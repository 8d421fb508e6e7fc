import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allowedVisasMessage,
  checkEligibility,
  type EligibilityInput,
  type EligibilityStage,
  hasHardIssue,
  newHardIssues,
  VISA_RULES,
  visaPermitsIndustry,
  visasPermittedIn,
  visaValidity,
} from './eligibility';
import { INDUSTRIES } from './industries';
import { matchingDateErrors } from './matchings';
import { VISA_STATUSES, VISA_TYPES, type VisaType } from './visas';

const TODAY = '2026-11-24';

const base: EligibilityInput = {
  worker: {
    visaType: 'E-9',
    visaStatus: 'valid',
    visaExpiryDate: '2028-12-31',
    koreanLevel: 'topik2',
    status: 'seeking',
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
  today: TODAY,
};

function codes(
  overrides: {
    worker?: Partial<EligibilityInput['worker']>;
    post?: Partial<EligibilityInput['post']>;
    startDate?: string | null;
    engagedIn?: EligibilityInput['engagedIn'];
    pay?: EligibilityInput['pay'];
  },
  stage: EligibilityStage = 'propose',
) {
  return checkEligibility(
    {
      ...base,
      worker: { ...base.worker, ...overrides.worker },
      post: { ...base.post, ...overrides.post },
      startDate: overrides.startDate === undefined ? base.startDate : overrides.startDate,
      engagedIn: overrides.engagedIn,
      pay: overrides.pay,
    },
    stage,
  ).map((issue) => `${issue.severity}:${issue.code}`);
}

const visa = (visaType: VisaType) => ({ visaType });

describe('visa eligibility rules', () => {
  it('an E-9 worker fits an active manufacturing post', () => {
    expect(codes({})).toEqual([]);
  });

  it('the post must allow the visa type', () => {
    expect(codes({ post: { allowedVisaTypes: ['H-2'] } })).toEqual(['hard:VISA_NOT_ALLOWED_BY_POST']);
  });

  it('E-9, H-2 and E-8 work only in their permitted sectors', () => {
    expect(codes({ post: { industry: 'agriculture' } })).toEqual([]);
    expect(codes({ post: { industry: 'cleaning' } })).toEqual(['hard:VISA_SECTOR_NOT_PERMITTED']);
    expect(codes({ worker: visa('H-2'), post: { industry: 'service' } })).toEqual([]);
    expect(codes({ worker: visa('H-2'), post: { industry: 'mining' } })).toEqual([
      'hard:VISA_SECTOR_NOT_PERMITTED',
    ]);
    expect(codes({ worker: visa('E-8'), post: { industry: 'fishery', contractMonths: 5 } })).toEqual([]);
    expect(codes({ worker: visa('E-8'), post: { contractMonths: 5 } })).toEqual([
      'hard:VISA_SECTOR_NOT_PERMITTED',
    ]);
  });

  it('F-2, F-5 and F-6 may work anywhere; F-4 not in simple labour', () => {
    for (const type of ['F-2', 'F-5', 'F-6'] as const) {
      expect(codes({ worker: visa(type), post: { industry: 'cleaning' } })).toEqual([]);
    }
    expect(codes({ worker: visa('F-4'), post: { isSimpleLabour: false } })).toEqual([]);
    expect(codes({ worker: visa('F-4') })).toEqual(['hard:VISA_NO_SIMPLE_LABOUR']);
  });

  it('D-2 and D-4 are part-time only, refused above their weekly hours', () => {
    expect(codes({ worker: visa('D-2') })).toEqual(['hard:VISA_PART_TIME_ONLY']);
    expect(codes({ worker: visa('D-4'), post: { employmentType: 'part_time', weeklyHours: 15 } })).toEqual(
      [],
    );
    expect(codes({ worker: visa('D-4'), post: { employmentType: 'part_time', weeklyHours: 24 } })).toEqual([
      'hard:VISA_HOURS_OVER_LIMIT',
    ]);
  });

  it('D-10 may not take employment, G-1 needs a case check', () => {
    expect(codes({ worker: visa('D-10') })).toEqual(['hard:VISA_NO_EMPLOYMENT']);
    expect(codes({ worker: visa('G-1') })).toEqual(['warning:VISA_CASE_CHECK']);
  });

  it('a visa expiring before the start date blocks; one expiring during the contract warns', () => {
    expect(codes({ worker: { visaExpiryDate: '2026-12-31' } })).toEqual(['hard:VISA_EXPIRES_BEFORE_START']);
    expect(codes({ worker: { visaExpiryDate: '2027-06-30' } })).toEqual([
      'warning:VISA_EXPIRES_DURING_CONTRACT',
    ]);
    expect(codes({ worker: { visaExpiryDate: '2026-12-31' }, startDate: null })).toEqual([]);
  });

  it('a cancelled visa, an expired one (whatever was stored) and a departed worker block', () => {
    expect(codes({ worker: { visaStatus: 'cancelled' } })).toEqual(['hard:VISA_CANCELLED']);
    expect(codes({ worker: { visaExpiryDate: '2025-11-23' }, startDate: null })).toEqual([
      'hard:VISA_EXPIRED',
    ]);
    expect(codes({ worker: { visaStatus: 'expired', visaExpiryDate: null }, startDate: null })).toEqual([
      'hard:VISA_EXPIRED',
    ]);
    expect(codes({ worker: { status: 'departed' } })).toEqual(['hard:WORKER_DEPARTED']);
    // Under review (체류기간 연장 심사 중) the holder may stay: a warning.
    expect(
      codes({ worker: { visaStatus: 'pending', visaExpiryDate: '2026-11-01' }, startDate: null }),
    ).toEqual(['warning:VISA_PENDING']);
  });

  it('warns on Korean level, availability and a full headcount', () => {
    expect(codes({ post: { requiredKoreanLevel: 'topik3' } })).toEqual(['warning:KOREAN_LEVEL_BELOW']);
    expect(codes({ worker: { status: 'inactive' } })).toEqual(['warning:WORKER_NOT_AVAILABLE']);
    expect(codes({ post: { filledCount: 3 } })).toEqual(['warning:HEADCOUNT_FILLED']);
  });

  it('a worker without a visa type is refused', () => {
    const issues = checkEligibility({ ...base, worker: { ...base.worker, visaType: null } });
    expect(hasHardIssue(issues)).toBe(true);
    expect(issues[0]!.code).toBe('VISA_MISSING');
  });
});

describe('the steps of a matching', () => {
  const engaged = [{ resource: 'matchings' as const, id: 7, label: '#7 응우옌 반 안 · 조립 (근무 중)' }];

  it('proposing needs an open post of an approved employer in an operating branch', () => {
    expect(codes({ post: { status: 'suspended' } })).toEqual(['hard:POST_NOT_MATCHABLE']);
    expect(codes({ post: { employerStatus: 'suspended' } })).toEqual(['hard:POST_NOT_MATCHABLE']);
    expect(codes({ post: { branchStatus: 'inactive' } })).toEqual(['hard:BRANCH_INACTIVE']);
  });

  it('a worker engaged elsewhere is a warning to propose or accept, a refusal to contract or start', () => {
    expect(codes({ engagedIn: engaged })).toEqual(['warning:WORKER_ENGAGED']);
    expect(codes({ engagedIn: engaged }, 'accept')).toEqual(['warning:WORKER_ENGAGED']);
    expect(codes({ engagedIn: engaged }, 'contract')).toEqual(['hard:WORKER_ENGAGED']);
    expect(codes({ engagedIn: engaged }, 'start')).toEqual(['hard:WORKER_ENGAGED']);
    const [issue] = checkEligibility({ ...base, engagedIn: engaged }, 'contract');
    expect(issue!.related).toEqual(engaged);
  });

  describe.each(['accept', 'contract', 'start'] as const)(
    '%s needs an approved employer and an active or closed post',
    (stage) => {
      it.each(['suspended', 'withdrawn', 'pending', 'rejected'])(
        'refused at a %s employer',
        (employerStatus) => {
          expect(codes({ post: { employerStatus } }, stage)).toEqual(['hard:EMPLOYER_NOT_APPROVED']);
          expect(codes({ post: { employerStatus, status: 'closed' } }, stage)).toEqual([
            'hard:EMPLOYER_NOT_APPROVED',
          ]);
          const [issue] = checkEligibility({ ...base, post: { ...base.post, employerStatus } }, stage);
          expect(issue!.message).toMatch(
            /^승인된 사업주의 매칭만 .+할 수 있습니다\. 이 사업주는 .+ 상태입니다\.$/,
          );
        },
      );

      it.each(['draft', 'pending', 'rejected', 'suspended'])('refused on a %s post', (status) => {
        expect(codes({ post: { status } }, stage)).toEqual(['hard:POST_NOT_MATCHABLE']);
        const [issue] = checkEligibility({ ...base, post: { ...base.post, status } }, stage);
        expect(issue!.message).toMatch(/^게시 중이거나 마감된 채용공고의 매칭만 .+할 수 있습니다\./);
      });

      it('allowed on an active or closed post of an approved employer', () => {
        expect(codes({}, stage)).toEqual([]);
        expect(codes({ post: { status: 'closed' } }, stage)).toEqual([]);
      });

      it('both at once are both named', () => {
        expect(codes({ post: { employerStatus: 'withdrawn', status: 'suspended' } }, stage)).toEqual([
          'hard:EMPLOYER_NOT_APPROVED',
          'hard:POST_NOT_MATCHABLE',
        ]);
      });
    },
  );

  it('names the step and the state it refuses', () => {
    const [issue] = checkEligibility({ ...base, post: { ...base.post, status: 'suspended' } }, 'start');
    expect(issue!.message).toBe(
      '게시 중이거나 마감된 채용공고의 매칭만 근무 시작할 수 있습니다. 이 채용공고는 게시 중지 상태입니다.',
    );
    const [other] = checkEligibility(
      { ...base, post: { ...base.post, employerStatus: 'suspended' } },
      'accept',
    );
    expect(other!.message).toBe(
      '승인된 사업주의 매칭만 수락할 수 있습니다. 이 사업주는 이용 정지 상태입니다.',
    );
  });

  it('holding a matching does not look at the standing (an employer suspended later keeps its contracts)', () => {
    expect(codes({ post: { employerStatus: 'suspended', status: 'suspended' } }, 'hold')).toEqual([]);
  });

  it('holding a matching checks only what makes it unlawful, pay included', () => {
    expect(codes({ post: { requiredKoreanLevel: 'topik6', status: 'closed' } }, 'hold')).toEqual([]);
    const schedule = {
      workDays: ['mon', 'tue', 'wed', 'thu', 'fri'] as const,
      workStartTime: '09:00',
      workEndTime: '18:00',
      breakMinutes: 60,
    };
    const pay = {
      salaryType: 'monthly' as const,
      salaryAmount: 2_000_000,
      schedule,
      minimumWageByYear: { '2027': 10_320 },
      employeeCount: 10,
    };
    expect(codes({ pay }, 'hold')).toEqual(['hard:BELOW_MINIMUM_WAGE']);
    expect(codes({ pay: { ...pay, salaryAmount: 2_200_000 } }, 'hold')).toEqual([]);
  });

  it('a start in a year whose minimum wage is not set warns before the contract and refuses from it', () => {
    const schedule = {
      workDays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const,
      workStartTime: '09:00',
      workEndTime: '18:00',
      breakMinutes: 60,
    };
    const pay = {
      salaryType: 'monthly' as const,
      salaryAmount: 2_510_000,
      schedule,
      minimumWageByYear: { '2026': 10_320 },
      employeeCount: 10,
    };
    const startDate = '2027-01-04';
    expect(codes({ pay, startDate }, 'propose')).toContain('warning:MINIMUM_WAGE_UNKNOWN');
    expect(codes({ pay, startDate }, 'accept')).toContain('warning:MINIMUM_WAGE_UNKNOWN');
    expect(codes({ pay, startDate }, 'contract')).toContain('hard:MINIMUM_WAGE_UNKNOWN');
    expect(codes({ pay, startDate }, 'start')).toContain('hard:MINIMUM_WAGE_UNKNOWN');
    expect(codes({ pay, startDate }, 'hold')).toEqual([]);
    const issue = checkEligibility({ ...base, pay, startDate }, 'contract').find(
      (i) => i.code === 'MINIMUM_WAGE_UNKNOWN',
    );
    expect(issue?.message).toBe(
      '2027년 최저임금이 설정되어 있지 않습니다. 설정 > 연도별 최저시급에 2027년 금액을 입력해 주세요.',
    );
    // A 48-hour week at 5+ employees: 2,510,000원 is below the 2026 floor with the 제56조 premium (2,693,520원).
    const below = checkEligibility({ ...base, pay, startDate: '2026-12-14' }, 'hold');
    expect(below.map((i) => i.code)).toEqual(['BELOW_MINIMUM_WAGE']);
    expect(below[0]!.basis?.article).toBe('제56조제1항');
    expect(codes({ pay: { ...pay, employeeCount: 4 }, startDate: '2026-12-14' }, 'hold')).toEqual([]);
  });

  it('names only what an edit newly breaks', () => {
    const before = checkEligibility(
      { ...base, worker: { ...base.worker, visaExpiryDate: '2026-01-01' } },
      'hold',
    );
    const after = checkEligibility(
      { ...base, worker: { ...base.worker, visaExpiryDate: '2026-01-01', visaStatus: 'cancelled' } },
      'hold',
    );
    expect(newHardIssues(before, after).map((i) => i.code)).toEqual(['VISA_CANCELLED']);
    expect(newHardIssues(after, after)).toEqual([]);
  });
});

describe('visa validity', () => {
  it('is computed from the dates unless declared cancelled or under review', () => {
    expect(visaValidity({ visaStatus: 'valid', visaExpiryDate: '2026-11-24' }, TODAY)).toBe('valid');
    expect(visaValidity({ visaStatus: 'valid', visaExpiryDate: '2026-11-23' }, TODAY)).toBe('expired');
    expect(visaValidity({ visaStatus: 'valid', visaExpiryDate: null }, TODAY)).toBe('valid');
    expect(visaValidity({ visaStatus: 'cancelled', visaExpiryDate: '2030-01-01' }, TODAY)).toBe('cancelled');
    expect(visaValidity({ visaStatus: 'pending', visaExpiryDate: '2020-01-01' }, TODAY)).toBe('pending');
  });

  it('never reads valid once the expiry date has passed, whatever was declared', () => {
    const date = fc.date({ min: new Date('2000-01-01'), max: new Date('2040-12-31'), noInvalidDate: true });
    fc.assert(
      fc.property(fc.constantFrom(...VISA_STATUSES), date, date, (declared, expiry, today) => {
        const expiryDate = expiry.toISOString().slice(0, 10);
        const todayDate = today.toISOString().slice(0, 10);
        const validity = visaValidity({ visaStatus: declared, visaExpiryDate: expiryDate }, todayDate);
        if (expiryDate < todayDate) expect(validity).not.toBe('valid');
        if (declared === 'cancelled') expect(validity).toBe('cancelled');
      }),
    );
  });
});

describe('the visas a post may allow', () => {
  it('follows VISA_RULES: manufacturing refuses E-8, D-10 and E-10, with the right particle', () => {
    expect(visasPermittedIn('manufacturing')).not.toContain('E-8');
    expect(allowedVisasMessage('manufacturing', ['E-9', 'E-8', 'D-10', 'E-10'])).toBe(
      '제조업은 E-8 계절근로, D-10 구직, E-10 선원취업 체류자격을 허용할 수 없습니다.',
    );
    expect(allowedVisasMessage('manufacturing', ['E-9', 'H-2'])).toBeNull();
    expect(allowedVisasMessage('fishery', ['E-8'])).toBeNull();
  });

  it('a visa the industry permits never meets a sector refusal for a post of that industry', () => {
    fc.assert(
      fc.property(fc.constantFrom(...VISA_TYPES), fc.constantFrom(...INDUSTRIES), (type, industry) => {
        const issues = codes({
          worker: { visaType: type },
          post: {
            industry,
            allowedVisaTypes: [type],
            isSimpleLabour: false,
            employmentType: 'part_time',
            weeklyHours: 10,
          },
          startDate: null,
        });
        expect(
          issues.includes('hard:VISA_SECTOR_NOT_PERMITTED') || issues.includes('hard:VISA_NO_EMPLOYMENT'),
        ).toBe(!visaPermitsIndustry(type, industry));
        expect(VISA_RULES[type]).toBeDefined();
      }),
    );
  });
});

describe('particles in messages', () => {
  it('chooses 은/는 by the last syllable', () => {
    expect(codes({ worker: visa('D-2') })).toEqual(['hard:VISA_PART_TIME_ONLY']);
    const [d2] = checkEligibility({ ...base, worker: { ...base.worker, visaType: 'D-2' } });
    expect(d2!.message).toBe('D-2 유학은 시간제(아르바이트) 일자리만 가능합니다.');
    const [e9] = checkEligibility({ ...base, post: { ...base.post, industry: 'cleaning' } });
    expect(e9!.message).toBe('E-9 비전문취업은 청소·시설관리업에서 일할 수 없습니다.');
    const [f4] = checkEligibility({ ...base, worker: { ...base.worker, visaType: 'F-4' } });
    expect(f4!.message).toBe('F-4 재외동포는 단순노무 업무에 종사할 수 없습니다.');
  });
});

describe('the dates a matching status needs', () => {
  it('refuses future work, a future completion and an end before the start', () => {
    const fields = (
      status: Parameters<typeof matchingDateErrors>[0],
      startDate: string | null,
      endDate: string | null,
    ) => matchingDateErrors(status, { startDate, endDate }, TODAY).map((e) => e.field);
    expect(fields('working', '2026-11-25', null)).toEqual(['start_date']);
    expect(fields('working', TODAY, null)).toEqual([]);
    expect(fields('contracted', null, null)).toEqual(['start_date']);
    expect(fields('completed', '2026-01-01', '2026-11-25')).toEqual(['end_date']);
    expect(fields('terminated', '2026-01-01', '2026-12-31')).toEqual([]);
    expect(fields('accepted', '2026-03-01', '2026-02-01')).toEqual(['end_date']);
  });
});

describe('사업장 변경 in the steps (docs/law-as-data.md#workplace-changes)', () => {
  const worker = { entryDate: '2025-03-10' };
  const change = (date: string) => ({ date, employerCaused: false, approved: true });
  const three = [change('2025-06-01'), change('2025-09-01'), change('2026-01-01')];
  const issues = (workplaceChanges: EligibilityInput['workplaceChanges'], stage: EligibilityStage) =>
    checkEligibility({ ...base, worker: { ...base.worker, ...worker }, workplaceChanges }, stage)
      .filter((issue) => issue.code === 'WORKPLACE_CHANGES_EXHAUSTED')
      .map((issue) => issue.severity);

  it('warns at the proposal and acceptance, refuses the contract and the start, at a new employer only', () => {
    const move = { events: three, toNewEmployer: true, recorded: false };
    expect(issues(move, 'propose')).toEqual(['warning']);
    expect(issues(move, 'accept')).toEqual(['warning']);
    expect(issues(move, 'contract')).toEqual(['hard']);
    expect(issues(move, 'start')).toEqual(['hard']);
    expect(issues({ ...move, toNewEmployer: false }, 'contract')).toEqual([]);
    expect(issues({ ...move, events: three.slice(0, 2) }, 'contract')).toEqual([]);
    // Not given: not checked (an older caller).
    expect(issues(undefined, 'contract')).toEqual([]);
  });

  it('takes a recorded change as this move, and holds a matching to the limit whatever its employer', () => {
    expect(issues({ events: three, toNewEmployer: true, recorded: true }, 'contract')).toEqual([]);
    const four = [...three, change('2026-02-01')];
    expect(issues({ events: four, toNewEmployer: true, recorded: true }, 'contract')).toEqual(['hard']);
    expect(issues({ events: three, toNewEmployer: false, recorded: false }, 'hold')).toEqual([]);
    expect(issues({ events: four, toNewEmployer: false, recorded: false }, 'hold')).toEqual(['hard']);
  });
});
