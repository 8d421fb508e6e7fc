import type { BizEntityType, EmployerStatus, Industry, Region } from '@ilson/contracts';
import type { SeedBranch } from './branches';
import { addDays, instantOn } from './dates';
import {
  COMPANY_PREFIXES,
  type FakerPools,
  INDUSTRY_NOUNS,
  INDUSTRY_WEIGHTS,
  REGION_INFO,
  REGION_WEIGHTS,
} from './pools';
import { createRng, type Rng } from './random';

export type SeedEmployer = {
  id: number;
  companyName: string;
  businessRegNo: string;
  ceoName: string;
  openingDate: string;
  bizEntityType: BizEntityType;
  industry: Industry;
  region: Region;
  zipCode: string;
  roadAddress: string;
  addressDetail: string;
  phone: string;
  email: string;
  managerName: string;
  managerPhone: string;
  employeeCount: number;
  foreignWorkerCount: number;
  branchId: number;
  status: EmployerStatus;
  statusReason: string | null;
  statusChangedAt: Date | null;
  approvedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
};

const BIZ_WEIGHTS = [1, 3, 7, 1, 3, 7, 1, 3, 5] as const;

/** 사업자등록번호 whose first nine digits encode `n` (so every employer's is distinct), with its check digit. */
export function businessRegNoFor(n: number, corporation: boolean, rng: Rng): string {
  const serial = String(n % 10_000).padStart(4, '0');
  const office = String(101 + (Math.floor(n / 10_000) % 899));
  const kind = String(corporation ? rng.int(81, 88) : rng.int(1, 79)).padStart(2, '0');
  const body = `${office}${kind}${serial}`;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(body[i]) * BIZ_WEIGHTS[i]!;
  const p = Number(body[8]) * BIZ_WEIGHTS[8]!;
  sum += p + Math.floor(p / 10);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const STATUS_WEIGHTS = [
  ['approved', 72],
  ['pending', 12],
  ['rejected', 6],
  ['suspended', 5],
  ['withdrawn', 5],
] as const;

const REASONS: Partial<Record<EmployerStatus, readonly string[]>> = {
  rejected: [
    '사업자등록증 사본과 입력 정보가 다릅니다.',
    '사업장 주소 확인이 필요합니다.',
    '고용허가 요건 미충족',
  ],
  suspended: ['임금 체불 신고 접수', '근로계약 위반 확인', '사업장 점검 결과 시정 요구'],
  withdrawn: ['폐업', '사업주 요청으로 탈퇴', '외국인 고용 중단'],
};

export function* generateEmployers(
  count: number,
  seed: number,
  pools: FakerPools,
  branches: readonly SeedBranch[],
  today: string,
): Generator<SeedEmployer> {
  const rng = createRng(seed, 'employers');
  const byRegion = new Map<Region, number[]>();
  for (const b of branches) {
    if (b.status !== 'active') continue;
    byRegion.set(b.region, [...(byRegion.get(b.region) ?? []), b.id]);
  }
  const activeIds = branches.filter((b) => b.status === 'active').map((b) => b.id);
  for (let id = 1; id <= count; id++) {
    const region = rng.weighted(REGION_WEIGHTS);
    const info = REGION_INFO[region];
    const industry = rng.weighted(INDUSTRY_WEIGHTS);
    const corporation = rng.chance(0.4);
    const base = `${rng.pick(COMPANY_PREFIXES)}${rng.pick(INDUSTRY_NOUNS[industry])}`;
    const companyName = corporation ? (rng.chance(0.6) ? `(주)${base}` : `${base} 주식회사`) : base;
    const ageDays = rng.int(1, 3 * 365);
    const secondOfDay = rng.int(32_400, 64_800);
    const status = rng.weighted(STATUS_WEIGHTS);
    // A request waits days, not years: the pending ones were registered within the last two weeks.
    // (From yesterday back: a time later today could still be in the future.)
    const createdDate = addDays(today, -(status === 'pending' ? 1 + (ageDays % 14) : ageDays));
    const createdAt = instantOn(createdDate, secondOfDay);
    // Decided between an hour and five days after registration, never today or later.
    const decidedAt = new Date(createdAt.getTime() + rng.int(3_600, 5 * 86_400) * 1000);
    const decided = status === 'pending' || decidedAt >= instantOn(today, 0) ? null : decidedAt;
    const approved =
      status === 'approved' || status === 'suspended' || (status === 'withdrawn' && rng.chance(0.7));
    const finalStatus: EmployerStatus = decided ? status : 'pending';
    const reasons = REASONS[finalStatus];
    const employeeCount = rng.int(5, 300);
    const branchChoices = byRegion.get(region) ?? activeIds;
    const email = rng.chance(0.7) ? `${rng.pick(['hr', 'info', 'admin', 'office'])}${id}@example.co.kr` : '';
    yield {
      id,
      companyName,
      businessRegNo: businessRegNoFor(id - 1, corporation, rng),
      ceoName: rng.pick(pools.koreanNames),
      openingDate: addDays(createdDate, -rng.int(365, 30 * 365)),
      bizEntityType: corporation ? 'corporation' : 'individual',
      industry,
      region,
      zipCode: String(rng.int(info.zip[0] * 1000, info.zip[1] * 1000 + 999)).padStart(5, '0'),
      roadAddress: `${region} ${rng.pick(info.districts)} ${rng.pick(pools.streets)} ${rng.int(1, 500)}`,
      addressDetail: rng.chance(0.5) ? `${rng.int(1, 5)}동 ${rng.int(101, 120)}호` : '',
      phone: `${info.area}${rng.int(200, 999)}${rng.digits(4)}`,
      email,
      managerName: rng.pick(pools.koreanNames),
      managerPhone: `010${rng.digits(8)}`,
      employeeCount,
      foreignWorkerCount: rng.int(0, Math.min(employeeCount, 40)),
      branchId: rng.pick(branchChoices),
      status: finalStatus,
      statusReason: reasons && decided ? rng.pick(reasons) : null,
      statusChangedAt: decided,
      approvedAt: decided && approved ? decided : null,
      createdAt,
      updatedAt: decided ?? createdAt,
      version: decided ? 2 : 1,
    };
  }
}
