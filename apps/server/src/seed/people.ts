import type { AppUserType, ConsentItem, ReviewerType } from '@ilson/contracts';
import { fromDay, instantOn, toDay } from './dates';
import type { SeedEmployer } from './employers';
import type { SeedMatching } from './matchings';
import { createRng, type Weighted } from './random';
import type { SeedWorker } from './workers';

export type SeedAppUser = {
  id: number;
  userType: AppUserType;
  loginId: string;
  email: string;
  phone: string;
  name: string;
  employerId: number | null;
  workerId: number | null;
  preferredLanguage: string;
  joinedAt: Date;
  lastLoginAt: Date | null;
  status: 'active' | 'suspended' | 'withdrawn';
  statusReason: string | null;
  statusChangedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
};

const LANGUAGE: Record<string, string> = {
  VN: 'vi',
  NP: 'ne',
  KH: 'km',
  ID: 'id',
  PH: 'en',
  MM: 'my',
  TH: 'th',
  UZ: 'uz',
  LK: 'si',
  BD: 'bn',
  MN: 'mn',
  PK: 'ur',
  KG: 'ky',
  CN: 'zh',
  TL: 'pt',
  LA: 'lo',
  TJ: 'tg',
  KZ: 'ru',
  RU: 'ru',
  UA: 'uk',
};

const STATUS: Weighted<SeedAppUser['status']> = [
  ['active', 90],
  ['suspended', 4],
  ['withdrawn', 6],
];

/** Stored statuses only; 'dormant' is what the app computes from an old last login (some are left old). */
function account(rng: ReturnType<typeof createRng>, registered: Date, today: string) {
  const lastDay = toDay(today) - 1;
  const joinedDay = Math.min(Math.floor(registered.getTime() / 86_400_000) + rng.int(0, 30), lastDay);
  const joinedAt = instantOn(fromDay(joinedDay), rng.int(28_800, 79_200));
  const status = rng.weighted(STATUS);
  const lastLoginDay = rng.chance(0.1) ? null : rng.int(joinedDay, lastDay);
  const lastLoginAt =
    lastLoginDay === null ? null : instantOn(fromDay(lastLoginDay), rng.int(28_800, 79_200));
  const changedAt =
    status === 'active' ? null : instantOn(fromDay(Math.min(lastLoginDay ?? joinedDay, lastDay)), 79_300);
  return {
    joinedAt,
    lastLoginAt: lastLoginAt && lastLoginAt > joinedAt ? lastLoginAt : null,
    status,
    statusReason:
      status === 'suspended'
        ? rng.pick(['부정 이용 신고 접수', '허위 정보 등록'])
        : status === 'withdrawn'
          ? rng.pick(['회원 탈퇴 요청', '서비스 이용 종료'])
          : null,
    statusChangedAt:
      changedAt && changedAt > joinedAt
        ? changedAt
        : status === 'active'
          ? null
          : new Date(joinedAt.getTime() + 60_000),
    createdAt: joinedAt,
  };
}

/** App members: people at about half of the employers and of the workers, each linked to exactly one. */
export function* generateAppUsers(
  seed: number,
  employers: Iterable<SeedEmployer>,
  workers: Iterable<SeedWorker>,
  today: string,
): Generator<SeedAppUser> {
  const rng = createRng(seed, 'app_users');
  let id = 0;
  for (const e of employers) {
    if (e.status !== 'approved' || !rng.chance(0.6)) continue;
    const a = account(rng, e.approvedAt ?? e.createdAt, today);
    id++;
    yield {
      id,
      userType: 'employer',
      loginId: `biz${e.id}`,
      email: e.email,
      phone: e.managerPhone,
      name: e.managerName || e.ceoName,
      employerId: e.id,
      workerId: null,
      preferredLanguage: 'ko',
      ...a,
      updatedAt: a.statusChangedAt ?? a.createdAt,
      version: a.status === 'active' ? 1 : 2,
    };
  }
  for (const w of workers) {
    if (w.status === 'departed' || !rng.chance(0.5)) continue;
    const a = account(rng, w.createdAt, today);
    id++;
    yield {
      id,
      userType: 'worker',
      loginId: `${w.firstName.split(' ')[0]!.toLowerCase()}${w.id}`,
      email: w.emailAddress,
      phone: w.phoneNumber,
      name: w.nameKo || `${w.firstName} ${w.lastName}`,
      employerId: null,
      workerId: w.id,
      preferredLanguage: rng.chance(0.8) ? (LANGUAGE[w.nationality] ?? 'en') : 'ko',
      ...a,
      updatedAt: a.statusChangedAt ?? a.createdAt,
      version: a.status === 'active' ? 1 : 2,
    };
  }
}

export type SeedConsent = {
  id: number;
  appUserId: number;
  item: ConsentItem;
  textVersion: string;
  consentedAt: Date;
  channel: 'app' | 'web';
  withdrawnAt: Date | null;
  withdrawalChannel: 'app' | null;
};

const OPTIONAL_CONSENTS: [ConsentItem, number][] = [
  ['privacy_third_party', 0.92],
  ['marketing_sms', 0.4],
  ['marketing_push', 0.65],
];

/** The consent text in force on a day: it was revised in March 2025. */
const consentVersion = (at: Date) => (at < new Date('2025-03-01T00:00:00+09:00') ? '2023.07' : '2025.03');

/**
 * 동의 기록 of the app members: the required items and some optional ones at sign-up, in the app or on the web;
 * a few marketing consents later withdrawn in the app, and a leaving member's optional consents end with them.
 */
export type ConsentSubject = Pick<SeedAppUser, 'id' | 'joinedAt' | 'status' | 'statusChangedAt'>;

export function* generateConsents(
  seed: number,
  appUsers: Iterable<ConsentSubject>,
  today: string,
): Generator<SeedConsent> {
  const rng = createRng(seed, 'app_user_consents');
  const lastInstant = instantOn(fromDay(toDay(today)), 0);
  let id = 0;
  for (const u of appUsers) {
    const channel = rng.chance(0.8) ? 'app' : 'web';
    const base = {
      appUserId: u.id,
      textVersion: consentVersion(u.joinedAt),
      consentedAt: u.joinedAt,
      channel,
    } as const;
    for (const item of ['terms', 'privacy_collection'] as const) {
      yield { id: ++id, ...base, item, withdrawnAt: null, withdrawalChannel: null };
    }
    for (const [item, p] of OPTIONAL_CONSENTS) {
      if (!rng.chance(p)) continue;
      const withdrawnAt =
        u.status === 'withdrawn'
          ? (u.statusChangedAt ?? lastInstant)
          : item.startsWith('marketing') && rng.chance(0.1)
            ? new Date(u.joinedAt.getTime() + rng.int(1, 100) * 86_400_000)
            : null;
      const ended = withdrawnAt && withdrawnAt <= lastInstant ? withdrawnAt : null;
      yield { id: ++id, ...base, item, withdrawnAt: ended, withdrawalChannel: ended ? 'app' : null };
    }
  }
}

export type SeedReview = {
  id: number;
  matchingId: number;
  reviewerType: ReviewerType;
  employerId: number;
  workerId: number;
  branchId: number;
  rating: number;
  content: string;
  reportCount: number;
  status: 'pending' | 'published' | 'hidden';
  moderationReason: string | null;
  moderatedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
};

const EMPLOYER_SAYS = [
  '성실하고 책임감이 강합니다. 다음에도 함께 일하고 싶습니다.',
  '작업 숙련도가 빠르게 올랐습니다.',
  '근태가 좋고 동료들과 잘 지냅니다.',
  '한국어 소통이 조금 어려웠지만 열심히 했습니다.',
];
const WORKER_SAYS = [
  '사장님이 친절하고 기숙사가 깨끗합니다.',
  '급여가 제때 나오고 일이 많이 힘들지 않습니다.',
  '야간 근무가 많아 힘들었지만 대우는 좋았습니다.',
  '식사가 잘 나오고 동료들이 잘 도와줍니다.',
];

/** Reviews only of matchings where work began (working or completed), at most one per side. */
export function* generateReviews(
  seed: number,
  matchings: Iterable<SeedMatching>,
  today: string,
): Generator<SeedReview> {
  const rng = createRng(seed, 'reviews');
  const lastDay = toDay(today) - 1;
  let id = 0;
  for (const m of matchings) {
    if ((m.status !== 'working' && m.status !== 'completed') || !m.startDate) continue;
    for (const reviewerType of ['employer', 'worker'] as const) {
      if (!rng.chance(0.35)) continue;
      const from = m.status === 'completed' ? toDay(m.endDate!) : toDay(m.startDate) + 14;
      if (from > lastDay) continue;
      const day = rng.int(from, Math.min(from + 30, lastDay));
      const createdAt = instantOn(fromDay(day), rng.int(28_800, 79_200));
      const rating = rng.weighted<number>([
        [5, 40],
        [4, 30],
        [3, 15],
        [2, 10],
        [1, 5],
      ]);
      const status = rng.weighted<SeedReview['status']>([
        ['published', 75],
        ['pending', 15],
        ['hidden', 10],
      ]);
      const moderatedAt =
        status === 'pending' ? null : instantOn(fromDay(Math.min(day + rng.int(0, 3), lastDay)), 79_300);
      id++;
      yield {
        id,
        matchingId: m.id,
        reviewerType,
        employerId: m.employerId,
        workerId: m.workerId,
        branchId: m.branchId,
        rating,
        content: rng.pick(reviewerType === 'employer' ? EMPLOYER_SAYS : WORKER_SAYS),
        reportCount: status === 'hidden' ? rng.int(1, 5) : rng.chance(0.05) ? 1 : 0,
        status,
        moderationReason:
          status === 'hidden' ? rng.pick(['욕설 포함', '허위 내용 신고', '개인정보 포함']) : null,
        moderatedAt:
          moderatedAt && moderatedAt > createdAt
            ? moderatedAt
            : moderatedAt && new Date(createdAt.getTime() + 60_000),
        createdAt,
        updatedAt:
          moderatedAt && moderatedAt > createdAt
            ? moderatedAt
            : moderatedAt
              ? new Date(createdAt.getTime() + 60_000)
              : createdAt,
        version: status === 'pending' ? 1 : 2,
      };
    }
  }
}
