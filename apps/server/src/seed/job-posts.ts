import {
  DUTIES_BY_INDUSTRY,
  type Duty,
  type EmploymentType,
  hourlyOverFloor,
  INDUSTRY_LABELS,
  type Industry,
  type JobPostStatus,
  type KoreanLevel,
  type MealOption,
  overtimePremiumFor,
  type Region,
  type SalaryType,
  VISA_RULES,
  type VisaType,
  visaPermitsIndustry,
  type Weekday,
  wageFloor,
} from '@ilson/contracts';
import { addDays, instantOn, maxDate, minDate } from './dates';
import type { SeedEmployer } from './employers';
import { createRng, type Weighted } from './random';

/** What job posts (and later matchings) need to know of an employer. */
export type EmployerRef = Pick<
  SeedEmployer,
  | 'id'
  | 'status'
  | 'industry'
  | 'region'
  | 'zipCode'
  | 'roadAddress'
  | 'branchId'
  | 'companyName'
  | 'employeeCount'
> & { createdDate: string; approvedDate: string | null };

export type SeedJobPost = {
  id: number;
  employerId: number;
  /** The employer's name, which the post keeps a copy of (migration 0027): given, the database need not look it up. */
  employerCompanyName: string;
  branchId: number;
  title: string;
  industry: Industry;
  /** The duty: the one E-9 is permitted in where the industry names duties (law/visas.ts). */
  duty: Duty;
  jobDescription: string;
  isSimpleLabour: boolean;
  headcount: number;
  /** Contracted and working matchings (set once the matchings are planned). */
  filledCount: number;
  region: Region;
  zipCode: string;
  workAddress: string;
  employmentType: EmploymentType;
  contractMonths: number | null;
  workDays: Weekday[];
  workStartTime: string;
  workEndTime: string;
  breakMinutes: number;
  salaryType: SalaryType;
  salaryAmount: number;
  dormitoryProvided: boolean;
  mealProvided: MealOption;
  allowedVisaTypes: VisaType[];
  requiredKoreanLevel: KoreanLevel;
  deadline: string | null;
  viewCount: number;
  status: JobPostStatus;
  rejectReason: string | null;
  statusReason: string | null;
  statusChangedAt: Date | null;
  publishedAt: Date | null;
  closedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
};

/** The minimum wage the generator keeps every offer above (the highest year in the default setting, 2026). */
export const SEED_MINIMUM_WAGE = 10_320;

const SCHEDULES: readonly { days: Weekday[]; start: string; end: string; breakMinutes: number }[] = [
  { days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '08:30', end: '17:30', breakMinutes: 60 },
  { days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '09:00', end: '18:00', breakMinutes: 60 },
  { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'], start: '08:00', end: '17:00', breakMinutes: 60 },
  { days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '20:00', end: '05:00', breakMinutes: 60 },
  { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'], start: '07:00', end: '16:00', breakMinutes: 60 },
];
const PART_TIME = { days: ['sat', 'sun'] as Weekday[], start: '10:00', end: '18:00', breakMinutes: 60 };

const JOBS: Record<Industry, readonly string[]> = {
  manufacturing: ['생산직', '사출 오퍼레이터', '용접공', '포장·검수', '도장 보조'],
  construction: ['형틀목공', '철근공', '건설 현장 보조', '타일 보조'],
  agriculture: ['시설 채소 재배', '과수원 작업자', '버섯 재배'],
  livestock: ['양돈장 관리', '젖소 목장 작업자', '양계장 작업자'],
  fishery: ['연근해 어선원', '양식장 작업자', '김 양식'],
  forestry: ['조림 작업자', '벌목 보조'],
  mining: ['채석장 작업자', '광산 보조'],
  food_service: ['주방 보조', '홀 서빙', '조리 보조'],
  accommodation: ['객실 정비', '세탁실 작업자'],
  logistics: ['상하차', '물류센터 분류', '지게차 보조'],
  cleaning: ['건물 청소', '시설 관리 보조'],
  recycling: ['재활용 선별', '폐기물 분류'],
  shipbuilding: ['선박 용접', '도장공', '취부공'],
  service: ['세탁 공장 작업자', '매장 보조'],
  other: ['일반 사무 보조', '현장 보조'],
};

const STATUS_FOR_APPROVED: Weighted<JobPostStatus> = [
  ['active', 45],
  ['closed', 25],
  ['pending', 8],
  ['draft', 5],
  ['rejected', 7],
  ['suspended', 5],
];
const STATUS_OTHERWISE: Weighted<JobPostStatus> = [
  ['draft', 40],
  ['pending', 40],
  ['rejected', 20],
];
const REJECT_REASONS = ['급여 조건이 불명확합니다.', '근무지 주소를 확인해 주세요.', '업무 내용 보완 필요'];
const SUSPEND_REASONS = ['허위 공고 신고 접수', '사업장 점검 중'];

/** Visas the post can take: their sector rule allows the industry and the kind of work. */
export function visasFor(
  industry: Industry,
  simpleLabour: boolean,
  partTime: boolean,
  duty: Duty = 'general',
): VisaType[] {
  const candidates: VisaType[] = [
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
  ];
  return candidates.filter((visa) => {
    const rule = VISA_RULES[visa];
    if (rule.industries !== 'all' && !rule.industries.includes(industry)) return false;
    if (!visaPermitsIndustry(visa, industry, duty)) return false;
    if (simpleLabour && !rule.simpleLabourAllowed) return false;
    return partTime || !rule.partTimeOnly;
  });
}

/** The duty E-9 is permitted in where the industry names duties, else the industry's first. */
export function dutyFor(industry: Industry): Duty {
  const duties = DUTIES_BY_INDUSTRY[industry];
  return (
    duties.find((d) => d !== 'general' && visaPermitsIndustry('E-9', industry, d)) ?? duties[0] ?? 'general'
  );
}

export function* generateJobPosts(
  count: number,
  seed: number,
  employers: readonly EmployerRef[],
  today: string,
): Generator<SeedJobPost> {
  const rng = createRng(seed, 'job_posts');
  const approved = employers.filter((e) => e.approvedDate !== null && e.status === 'approved');
  for (let id = 1; id <= count; id++) {
    const fromApproved = approved.length > 0 && rng.chance(0.9);
    const employer = fromApproved ? rng.pick(approved) : rng.pick(employers);
    const canPublish = employer.status === 'approved' && employer.approvedDate !== null;
    const status = rng.weighted(canPublish ? STATUS_FOR_APPROVED : STATUS_OTHERWISE);
    const industry = employer.industry;
    const partTime = industry === 'food_service' && rng.chance(0.3);
    const employmentType: EmploymentType = partTime
      ? 'part_time'
      : industry === 'agriculture' && rng.chance(0.3)
        ? 'seasonal'
        : rng.chance(0.8)
          ? 'full_time'
          : 'contract';
    const schedule = partTime ? PART_TIME : rng.pick(SCHEDULES);
    const simpleLabour = !rng.chance(0.1);
    const duty = dutyFor(industry);
    const allowed = visasFor(industry, simpleLabour, partTime, duty);
    const allowedVisaTypes = allowed.filter((_, i) => i === 0 || rng.chance(0.6));

    const salaryType: SalaryType = partTime
      ? 'hourly'
      : rng.weighted<SalaryType>([
          ['monthly', 70],
          ['hourly', 15],
          ['daily', 10],
          ['annual', 5],
        ]);
    const pay = {
      workDays: schedule.days,
      workStartTime: schedule.start,
      workEndTime: schedule.end,
      breakMinutes: schedule.breakMinutes,
    };
    const hourly = SEED_MINIMUM_WAGE + rng.int(0, 40) * 50;
    // With the 제56조 premium on weeks over 40 hours where it applies (docs/law-as-data.md#wages).
    const premium = overtimePremiumFor({ industry, employeeCount: employer.employeeCount, date: today });
    const unit = hourlyOverFloor(salaryType, 1, wageFloor(pay, 1, premium))!;
    // Rounded up to the unit employers quote, so the hourly equivalent stays at or above the minimum.
    const step = salaryType === 'hourly' ? 10 : salaryType === 'daily' ? 1_000 : 10_000;
    const salaryAmount = Math.ceil(hourly / unit / step) * step;

    // Posted after the employer's registration (after its approval when it went live).
    const floor = canPublish ? employer.approvedDate! : employer.createdDate;
    const span = Math.max(1, Math.round((Date.parse(today) - Date.parse(floor)) / 86_400_000) - 1);
    const offset = rng.int(0, Math.max(0, span - 1));
    // A post waiting for review waits days, not years: the pending ones were written within the last two weeks.
    const createdDate =
      status === 'pending' ? maxDate(floor, addDays(today, -(1 + (offset % 14)))) : addDays(floor, offset);
    const createdAt = instantOn(createdDate, rng.int(32_400, 64_800));
    const publishDate = minDate(addDays(createdDate, rng.int(0, 3)), addDays(today, -1));
    let deadline: string | null;
    if (status === 'closed') deadline = minDate(addDays(publishDate, rng.int(7, 60)), addDays(today, -1));
    else if (status === 'active' || status === 'suspended')
      deadline = rng.chance(0.2) ? null : addDays(today, rng.int(3, 60));
    else deadline = addDays(today, rng.int(14, 90));
    const published = status === 'active' || status === 'closed' || status === 'suspended';
    const publishedAt = published ? instantOn(publishDate, rng.int(32_400, 64_800)) : null;
    const closedAt = status === 'closed' ? instantOn(maxDate(deadline!, publishDate), 86_399) : null;
    const rejectReason = status === 'rejected' ? rng.pick(REJECT_REASONS) : null;
    const statusReason =
      status === 'rejected' ? rejectReason : status === 'suspended' ? rng.pick(SUSPEND_REASONS) : null;
    const statusChangedAt =
      status === 'draft'
        ? null
        : status === 'pending'
          ? createdAt
          : status === 'closed'
            ? closedAt
            : status === 'suspended'
              ? instantOn(minDate(addDays(publishDate, rng.int(1, 30)), addDays(today, -1)), 64_800)
              : (publishedAt ?? new Date(createdAt.getTime() + 3_600_000));
    const job = rng.pick(JOBS[industry]);
    yield {
      id,
      employerId: employer.id,
      employerCompanyName: employer.companyName,
      branchId: employer.branchId,
      title: `${INDUSTRY_LABELS[industry].replace(/\(.*\)/, '')} ${job} 모집 (${allowedVisaTypes.slice(0, 2).join('/')})`,
      industry,
      duty,
      jobDescription: `${employer.companyName}에서 ${job}을(를) 모집합니다. ${schedule.start}~${schedule.end} 근무, 휴게 ${schedule.breakMinutes}분.`,
      isSimpleLabour: simpleLabour,
      headcount: rng.int(1, 10),
      filledCount: 0,
      region: employer.region,
      zipCode: employer.zipCode,
      workAddress: employer.roadAddress,
      employmentType,
      contractMonths:
        employmentType === 'full_time'
          ? 12
          : employmentType === 'seasonal'
            ? rng.int(3, 5)
            : employmentType === 'contract'
              ? rng.int(6, 24)
              : null,
      workDays: schedule.days,
      workStartTime: schedule.start,
      workEndTime: schedule.end,
      breakMinutes: schedule.breakMinutes,
      salaryType,
      salaryAmount,
      dormitoryProvided: rng.chance(industry === 'agriculture' || industry === 'manufacturing' ? 0.6 : 0.2),
      mealProvided: rng.weighted<MealOption>([
        ['none', 20],
        ['lunch', 40],
        ['two_meals', 20],
        ['three_meals', 20],
      ]),
      allowedVisaTypes,
      requiredKoreanLevel: rng.weighted<KoreanLevel>([
        ['none', 60],
        ['topik1', 20],
        ['topik2', 20],
      ]),
      deadline,
      viewCount: published ? rng.int(0, 800) : 0,
      status,
      rejectReason,
      statusReason,
      statusChangedAt,
      publishedAt,
      closedAt,
      createdAt,
      updatedAt: statusChangedAt && statusChangedAt > createdAt ? statusChangedAt : createdAt,
      version:
        1 +
        (status === 'draft'
          ? 0
          : status === 'pending'
            ? 1
            : status === 'suspended' || status === 'closed'
              ? 3
              : 2),
    };
  }
}
