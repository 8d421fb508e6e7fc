import {
  type ExtensionStatus,
  type Gender,
  INDUSTRIES,
  type Industry,
  type KoreanLevel,
  REGIONS,
  VISA_RULES,
  type VisaStatus,
  type VisaType,
  type WorkerStatus,
} from '@ilson/contracts';
import type { SeedBranch } from './branches';
import { addDays, addYears, instantOn, maxDate, minDate } from './dates';
import { type FakerPools, GENERIC_NAMES, INDUSTRY_WEIGHTS, NAME_POOLS, REGION_INFO } from './pools';
import { createRng, type Weighted } from './random';

export type SeedWorker = {
  id: number;
  nameKo: string;
  firstName: string;
  lastName: string;
  gender: Gender;
  dateOfBirth: string;
  nationality: string;
  phoneNumber: string;
  emailAddress: string;
  /** Plain values: the loader encrypts them. */
  alienRegNo: string | null;
  passportNo: string;
  passportExpiryDate: string;
  visaType: VisaType;
  visaStatus: VisaStatus;
  visaExpiryDate: string | null;
  entryDate: string;
  employmentPeriodEndDate: string | null;
  koreanLevel: KoreanLevel;
  desiredIndustries: Industry[];
  streetAddress: string;
  city: string;
  stateProvince: string;
  postalCode: string;
  country: 'KR';
  branchId: number;
  status: WorkerStatus;
  statusReason: string | null;
  statusChangedAt: Date | null;
  extensionStatus: ExtensionStatus;
  extensionAppliedAt: string | null;
  extensionApprovedAt: string | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
};

const VISA_WEIGHTS: Weighted<VisaType> = [
  ['E-9', 60],
  ['H-2', 12],
  ['E-8', 6],
  ['F-4', 6],
  ['F-6', 4],
  ['F-2', 3],
  ['F-5', 2],
  ['E-7', 3],
  ['D-2', 2],
  ['D-4', 1],
  ['E-10', 1],
];

const EPS: Weighted<string> = [
  ['VN', 18],
  ['NP', 14],
  ['KH', 12],
  ['ID', 10],
  ['PH', 8],
  ['MM', 8],
  ['TH', 8],
  ['UZ', 6],
  ['LK', 6],
  ['BD', 4],
  ['MN', 3],
  ['PK', 3],
  ['KG', 2],
  ['CN', 2],
  ['TL', 1],
  ['LA', 1],
  ['TJ', 1],
];

const NATIONALITY_BY_VISA: Partial<Record<VisaType, Weighted<string>>> = {
  'H-2': [
    ['CN', 60],
    ['UZ', 15],
    ['KZ', 10],
    ['KG', 5],
    ['RU', 5],
    ['UA', 3],
    ['MN', 2],
  ],
  'E-8': [
    ['PH', 30],
    ['VN', 25],
    ['KH', 15],
    ['LA', 10],
    ['MN', 10],
    ['UZ', 10],
  ],
  'F-4': [
    ['CN', 50],
    ['UZ', 20],
    ['KZ', 15],
    ['RU', 15],
  ],
  'F-6': [
    ['VN', 50],
    ['CN', 25],
    ['PH', 15],
    ['KH', 10],
  ],
  'F-2': [
    ['CN', 40],
    ['VN', 30],
    ['PH', 15],
    ['UZ', 15],
  ],
  'F-5': [
    ['CN', 50],
    ['VN', 30],
    ['PH', 20],
  ],
  'E-7': [
    ['VN', 30],
    ['PH', 25],
    ['UZ', 20],
    ['ID', 15],
    ['NP', 10],
  ],
  'D-2': [
    ['VN', 40],
    ['UZ', 25],
    ['MN', 15],
    ['CN', 10],
    ['NP', 10],
  ],
  'D-4': [
    ['VN', 50],
    ['UZ', 20],
    ['MN', 15],
    ['NP', 15],
  ],
  'E-10': [
    ['ID', 40],
    ['VN', 30],
    ['PH', 15],
    ['MM', 15],
  ],
};

/** Days a first permit runs, and what one extension adds (E-9/H-2: 3 years, then 1 year 10 months). */
const VISA_DAYS: Record<VisaType, { stay: number | null; extension: number | null }> = {
  'E-9': { stay: 1095, extension: 669 },
  'H-2': { stay: 1095, extension: 669 },
  'E-8': { stay: 150, extension: 90 },
  'E-7': { stay: 730, extension: null },
  'E-10': { stay: 1095, extension: null },
  'F-2': { stay: 1095, extension: null },
  'F-4': { stay: 1095, extension: null },
  'F-5': { stay: null, extension: null },
  'F-6': { stay: 1095, extension: null },
  'D-2': { stay: 730, extension: null },
  'D-4': { stay: 365, extension: null },
  'D-10': { stay: 180, extension: null },
  'G-1': { stay: 365, extension: null },
};

const KOREAN_WEIGHTS: Weighted<KoreanLevel> = [
  ['none', 40],
  ['topik1', 15],
  ['topik2', 20],
  ['topik3', 12],
  ['topik4', 8],
  ['topik5', 3],
  ['topik6', 2],
];

const INACTIVE_REASONS = ['개인 사정으로 구직 중단', '장기 치료', '연락 두절'];
const DEPARTED_REASONS = ['체류기간 만료로 귀국', '본국 귀국', '자진 출국'];
const PASSPORT_LETTERS = ['B', 'C', 'E', 'G', 'M', 'N', 'P'];

/** Working-age dates of birth, alien registration numbers that fit them, visas whose dates fit docs/DOMAIN.md. */
/**
 * A 여권번호 is one live worker's (docs/DOMAIN.md#one-person-one-worker): the drawn letter, then the id in eight
 * digits. Eight drawn digits met again about two hundred times in a million workers. The draw is still made, so
 * every later value of the seed stays as it was.
 */
const passportNo = (letter: string, _drawn: string, id: number) => `${letter}${String(id).padStart(8, '0')}`;

export function* generateWorkers(
  count: number,
  seed: number,
  pools: FakerPools,
  branches: readonly SeedBranch[],
  today: string,
): Generator<SeedWorker> {
  const rng = createRng(seed, 'workers');
  const branchIds = branches.filter((b) => b.status === 'active').map((b) => b.id);
  const earliest = addDays(today, -6 * 365);
  for (let id = 1; id <= count; id++) {
    const visaType = rng.weighted(VISA_WEIGHTS);
    const nationality = rng.weighted(NATIONALITY_BY_VISA[visaType] ?? EPS);
    const names = NAME_POOLS[nationality] ?? GENERIC_NAMES;
    const [firstName, firstKo] = rng.pick(names.first);
    const [lastName, lastKo] = rng.pick(names.last);
    const gender: Gender = rng.chance(visaType === 'F-6' ? 0.1 : 0.8) ? 'male' : 'female';
    const { stay, extension } = VISA_DAYS[visaType];

    let visaExpiryDate: string | null = null;
    let entryDate: string;
    let extensionStatus: ExtensionStatus = 'none';
    let extensionAppliedAt: string | null = null;
    let extensionApprovedAt: string | null = null;
    if (stay === null) {
      entryDate = addDays(today, -rng.int(365, 10 * 365));
    } else {
      // Spread expiries so the visa board has overdue, D-30 … D-120 and later rows.
      const band = rng.next();
      const daysLeft = band < 0.06 ? -rng.int(1, 60) : band < 0.3 ? rng.int(0, 120) : rng.int(121, stay - 15);
      visaExpiryDate = addDays(today, daysLeft);
      let originalExpiry = visaExpiryDate;
      if (extension !== null && daysLeft > 120 && daysLeft < extension && rng.chance(0.25)) {
        originalExpiry = addDays(visaExpiryDate, -extension);
        extensionStatus = 'approved';
        extensionAppliedAt = minDate(addDays(originalExpiry, -rng.int(60, 120)), addDays(today, -30));
        extensionApprovedAt = minDate(addDays(extensionAppliedAt, rng.int(7, 28)), addDays(today, -1));
      } else if (extension !== null && daysLeft <= 120 && rng.chance(0.4)) {
        extensionStatus = 'applied';
        // Filed by the expiry date (출입국관리법 제25조, docs/DOMAIN.md#identity), an overdue one too.
        extensionAppliedAt = minDate(addDays(today, -rng.int(1, 30)), visaExpiryDate);
      }
      entryDate = addDays(originalExpiry, -(stay - 1));
    }
    const overdue = visaExpiryDate !== null && visaExpiryDate < today;
    const visaStatus: VisaStatus = overdue
      ? extensionStatus === 'applied'
        ? 'pending'
        : 'expired'
      : 'valid';

    const status: WorkerStatus =
      overdue && extensionStatus !== 'applied'
        ? 'departed'
        : rng.weighted<WorkerStatus>([
            ['seeking', 82],
            ['inactive', 12],
            ['departed', 6],
          ]);
    const finalVisaStatus: VisaStatus = status === 'departed' && !overdue ? 'cancelled' : visaStatus;

    const ageAtEntry = rng.int(20, 39);
    const dateOfBirth = addDays(addYears(entryDate, -ageAtEntry), -rng.int(0, 364));
    const born2000s = dateOfBirth >= '2000-01-01';
    const genderDigit = (gender === 'male' ? 5 : 6) + (born2000s ? 2 : 0);
    const alienRegNo =
      rng.chance(0.95) && entryDate < addDays(today, -14)
        ? `${dateOfBirth.slice(2, 4)}${dateOfBirth.slice(5, 7)}${dateOfBirth.slice(8, 10)}${genderDigit}${String(id % 1_000_000).padStart(6, '0')}`
        : null;

    const rule = VISA_RULES[visaType].industries;
    const allowed: readonly Industry[] = rule === 'all' ? INDUSTRIES : rule;
    const desired = new Set<Industry>();
    const wanted = allowed.length === 0 ? 0 : rng.int(1, Math.min(3, allowed.length));
    while (desired.size < wanted) {
      desired.add(rule === 'all' ? rng.weighted(INDUSTRY_WEIGHTS) : rng.pick(allowed));
    }

    const region = rng.pick(REGIONS);
    const info = REGION_INFO[region];
    const district = rng.pick(info.districts);
    const createdDate = minDate(maxDate(addDays(entryDate, rng.int(3, 60)), earliest), addDays(today, -1));
    const createdAt = instantOn(createdDate, rng.int(32_400, 64_800));
    const changedDate =
      status === 'seeking' ? null : minDate(addDays(createdDate, rng.int(30, 400)), addDays(today, -1));
    const statusChangedAt = changedDate ? instantOn(changedDate, rng.int(32_400, 64_800)) : null;
    const login = `${firstName.split(' ')[0]!.toLowerCase()}.${lastName.toLowerCase()}${id}`;
    yield {
      id,
      nameKo: `${lastKo} ${firstKo}`,
      firstName,
      lastName,
      gender,
      dateOfBirth,
      nationality,
      phoneNumber: status === 'departed' && rng.chance(0.5) ? '' : `010${rng.digits(8)}`,
      emailAddress: rng.chance(0.4) ? `${login}@example.com` : '',
      alienRegNo,
      passportNo: passportNo(rng.pick(PASSPORT_LETTERS), rng.digits(8), id),
      passportExpiryDate: addDays(
        maxDate(visaExpiryDate ?? today, addDays(entryDate, 365)),
        rng.int(180, 2_500),
      ),
      visaType,
      visaStatus: finalVisaStatus,
      visaExpiryDate,
      entryDate,
      employmentPeriodEndDate:
        visaType === 'E-9' || visaType === 'H-2' || visaType === 'E-8' ? visaExpiryDate : null,
      koreanLevel: rng.weighted(KOREAN_WEIGHTS),
      desiredIndustries: [...desired],
      streetAddress: `${district} ${rng.pick(pools.streets)} ${rng.int(1, 300)}`,
      city: district.split(' ')[0]!,
      stateProvince: region,
      postalCode: String(rng.int(info.zip[0] * 1000, info.zip[1] * 1000 + 999)).padStart(5, '0'),
      country: 'KR',
      branchId: rng.pick(branchIds),
      status,
      statusReason:
        status === 'inactive'
          ? rng.pick(INACTIVE_REASONS)
          : status === 'departed'
            ? rng.pick(DEPARTED_REASONS)
            : null,
      statusChangedAt,
      extensionStatus,
      extensionAppliedAt,
      extensionApprovedAt,
      createdAt,
      updatedAt: statusChangedAt ?? createdAt,
      version: statusChangedAt ? 2 : 1,
    };
  }
}
