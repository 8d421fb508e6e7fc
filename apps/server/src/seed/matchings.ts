import {
  type Industry,
  KOREAN_LEVELS,
  type KoreanLevel,
  type MatchingSource,
  type MatchingStatus,
  recordMessages,
  type SalaryType,
  SETTINGS_DEFAULTS,
  type VisaType,
  type WorkerStatus,
  weeklyHours,
} from '@ilson/contracts';
import { fromDay, toDay } from './dates';
import type { SeedJobPost } from './job-posts';
import { createRng, type Weighted } from './random';
import type { ResumeWorker } from './resumes';
import type { SeedWorker } from './workers';

/** The random state each accepted attempt of a `generateMatchings` run began with (four words each). */
export class AcceptedAttempts {
  states = new Uint32Array(4 * 1024);
  length = 0;
  /** Set once a run has gone through all its attempts: later runs replay the noted ones. */
  complete = false;

  note(state: Uint32Array): void {
    if (4 * (this.length + 1) > this.states.length) {
      const grown = new Uint32Array(this.states.length * 2);
      grown.set(this.states);
      this.states = grown;
    }
    this.states.set(state, 4 * this.length);
    this.length++;
  }
}

const DAY_MS = 86_400_000;
const SEOUL_OFFSET_MS = 9 * 3_600_000;
const at = (day: number, seconds: number) => new Date(day * DAY_MS - SEOUL_OFFSET_MS + seconds * 1000);

/** What matchings need of a worker, kept in flat arrays (a million workers at the benchmark scale). */
export class WorkerIndex {
  readonly visa: VisaType[] = [];
  readonly nationality: string[] = [];
  readonly expiryDay: number[] = [];
  readonly createdDay: number[] = [];
  readonly korean: number[] = [];
  readonly name: string[] = [];
  /** The worker's active resume, if any (0: none): matchings from an application carry it. */
  readonly resume: number[] = [];
  readonly byVisa = new Map<VisaType, number[]>();
  /** The rest of what a resume is made from, so the resumes are generated again without the workers. */
  private readonly entryDate: string[] = [];
  private readonly dateOfBirth: string[] = [];
  private readonly createdAt: number[] = [];
  private readonly desiredIndustries: Industry[][] = [];

  add(w: SeedWorker): void {
    const i = w.id;
    this.entryDate[i] = w.entryDate;
    this.dateOfBirth[i] = w.dateOfBirth;
    this.createdAt[i] = w.createdAt.getTime();
    this.desiredIndustries[i] = w.desiredIndustries;
    this.visa[i] = w.visaType;
    this.nationality[i] = w.nationality;
    this.expiryDay[i] = w.visaExpiryDate ? toDay(w.visaExpiryDate) : Number.POSITIVE_INFINITY;
    this.createdDay[i] = Math.floor((w.createdAt.getTime() + SEOUL_OFFSET_MS) / DAY_MS);
    this.korean[i] = KOREAN_LEVELS.indexOf(w.koreanLevel);
    this.name[i] = w.nameKo || `${w.firstName} ${w.lastName}`;
    // Only workers looking for work are matched (inactive and departed ones are not available).
    if (w.status !== 'seeking') return;
    const list = this.byVisa.get(w.visaType);
    if (list) list.push(i);
    else this.byVisa.set(w.visaType, [i]);
  }

  /** The indexed workers as `generateResumes` reads them, in the order they were added. */
  *resumeWorkers(): Generator<ResumeWorker> {
    for (let i = 1; i < this.entryDate.length; i++) {
      if (this.entryDate[i] === undefined) continue;
      yield {
        id: i,
        entryDate: this.entryDate[i]!,
        dateOfBirth: this.dateOfBirth[i]!,
        nationality: this.nationality[i]!,
        koreanLevel: KOREAN_LEVELS[this.korean[i]!]!,
        desiredIndustries: this.desiredIndustries[i]!,
        createdAt: new Date(this.createdAt[i]!),
      };
    }
  }
}

/** What matchings need of a post that was published: the days it was open for matching. */
export type PostRef = {
  id: number;
  employerId: number;
  branchId: number;
  industry: Industry;
  allowedVisaTypes: VisaType[];
  requiredKorean: number;
  headcount: number;
  contractMonths: number | null;
  salaryType: SalaryType;
  salaryAmount: number;
  openFrom: number;
  openTo: number;
  /** Whether a matching may be accepted, contracted or working on it today: not if suspended (docs/DOMAIN.md#invariants). */
  holdsMatchings: boolean;
};

export function postRef(p: SeedJobPost, today: string): PostRef | null {
  if (!p.publishedAt) return null;
  const dayOf = (d: Date) => Math.floor((d.getTime() + SEOUL_OFFSET_MS) / DAY_MS);
  const openTo =
    p.status === 'closed'
      ? dayOf(p.closedAt!)
      : p.status === 'suspended'
        ? dayOf(p.statusChangedAt!) - 1
        : toDay(today) - 1;
  // Matchings need no override (law/visas.ts): students within the hours of the lowest TOPIK row and no D-4 (its
  // stay rule), E-8 within its basic months, no E-7 (its permitted job is a case check).
  const allowed = p.allowedVisaTypes.filter(
    (v) =>
      !(v === 'D-2' && weeklyHours(p) > 10) &&
      v !== 'D-4' &&
      v !== 'E-7' &&
      !(v === 'E-8' && (p.contractMonths ?? 0) > 5),
  );
  return {
    id: p.id,
    employerId: p.employerId,
    branchId: p.branchId,
    industry: p.industry,
    allowedVisaTypes: allowed,
    requiredKorean: KOREAN_LEVELS.indexOf(p.requiredKoreanLevel as KoreanLevel),
    headcount: p.headcount,
    contractMonths: p.contractMonths,
    salaryType: p.salaryType,
    salaryAmount: p.salaryAmount,
    openFrom: dayOf(p.publishedAt),
    openTo,
    holdsMatchings: p.status !== 'suspended',
  };
}

export type SeedMatching = {
  id: number;
  jobPostId: number;
  employerId: number;
  workerId: number;
  resumeId: number | null;
  branchId: number;
  source: MatchingSource;
  workerNationality: string;
  workerVisaType: VisaType;
  industry: Industry;
  interviewAt: Date | null;
  contractDate: string | null;
  startDate: string | null;
  endDate: string | null;
  agreedSalaryType: SalaryType;
  agreedSalaryAmount: number;
  feeAmount: number;
  cancelReason: string | null;
  status: MatchingStatus;
  statusChangedAt: Date;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  history: SeedHistory[];
};

export type SeedHistory = {
  fromStatus: MatchingStatus | null;
  toStatus: MatchingStatus;
  reason: string | null;
  changedAt: Date;
};

/** Effects of the matchings on the rows loaded before them: workers' statuses, posts' filled counts. */
export type MatchingEffects = {
  workers: Map<number, { status: WorkerStatus; at: Date; reason: string }>;
  filled: Map<number, number>;
};

const FINAL: Weighted<MatchingStatus> = [
  ['proposed', 10],
  ['interview', 8],
  ['accepted', 6],
  ['contracted', 6],
  ['working', 20],
  ['completed', 20],
  ['cancelled', 25],
  ['terminated', 5],
];
const SOURCES: Weighted<MatchingSource> = [
  ['admin', 60],
  ['apply', 30],
  ['offer', 10],
];
const CANCEL_REASONS = ['근로자 연락 두절', '사업주 채용 취소', '근로 조건 불일치', '근로자 개인 사정'];
const TERMINATE_REASONS = ['근로자 사업장 변경 신청', '사업장 휴업', '근로계약 해지 합의'];
/** Why an interview was skipped (a recorded choice, docs/DOMAIN.md); picked by id so the random stream is kept. */
const SKIP_REASONS = [
  '재입사 근로자',
  '사업주 서류 심사로 대체',
  '화상 통화로 사전 확인',
  '동일 사업장 추천 채용',
];
const FILLING = new Set<MatchingStatus>(['contracted', 'working']);
const HELD = new Set<MatchingStatus>(['accepted', 'contracted', 'working']);
const CONTRACTED_CHAIN = new Set<MatchingStatus>(['contracted', 'working', 'completed', 'terminated']);
const CANCELLED_FROM: Weighted<MatchingStatus> = [
  ['proposed', 4],
  ['interview', 3],
  ['accepted', 2],
  ['contracted', 1],
];
const FEES: Weighted<number> = [
  [300_000, 70],
  [250_000, 15],
  [350_000, 15],
];

/** The steps from 'proposed' to the final status, by docs/DOMAIN.md's flow. */
function chainTo(
  final: MatchingStatus,
  cancelledFrom: MatchingStatus,
  withInterview: boolean,
): MatchingStatus[] {
  const flow: MatchingStatus[] = [
    'proposed',
    ...(withInterview ? (['interview'] as const) : []),
    'accepted',
    'contracted',
    'working',
  ];
  if (final === 'completed' || final === 'terminated') return [...flow, final];
  if (final === 'cancelled') return [...flow.slice(0, flow.indexOf(cancelledFrom) + 1), 'cancelled'];
  return flow.slice(0, flow.indexOf(final) + 1);
}

/** A chain and where its steps fall, worked out once per (final, cancelled from, interview) rather than per attempt. */
type ChainShape = {
  chain: readonly MatchingStatus[];
  contractIndex: number;
  startIndex: number;
  interviewIndex: number;
};

function shapeOf(chain: MatchingStatus[]): ChainShape {
  return {
    chain,
    contractIndex: chain.indexOf('contracted'),
    startIndex: chain.indexOf('working'),
    interviewIndex: chain.indexOf('interview'),
  };
}

/** `SHAPES.get(final).get(cancelledFrom)[withInterview ? 1 : 0]`. */
const SHAPES = new Map(
  FINAL.map(([final]) => [
    final,
    new Map(
      CANCELLED_FROM.map(([from]) => [
        from,
        [shapeOf(chainTo(final, from, false)), shapeOf(chainTo(final, from, true))] as const,
      ]),
    ),
  ]),
);

/**
 * Matchings whose every step the API would have allowed when it happened: the post was live, the worker was
 * looking for work and free (one matching at a time per worker), the visa fits the post and runs past the
 * contract, and a post never contracts more than its headcount. Same seed, same matchings; run it twice to
 * learn the effects first.
 *
 * Most attempts are refused (about nine in ten at every scale: the worker is busy, the post full, the visa too
 * short). `attempts` makes the later runs cheap: the first run notes the random state each accepted attempt began
 * with, and a run given a complete note replays only those, which reach the same matchings (the state the checks
 * read, who is busy and how many each post has contracted, changes only when an attempt is accepted;
 * docs/seed.md#generating-once-reading-several-times).
 */
export function* generateMatchings(
  count: number,
  seed: number,
  posts: readonly PostRef[],
  workers: WorkerIndex,
  today: string,
  effects?: MatchingEffects,
  attempts?: AcceptedAttempts,
): Generator<SeedMatching> {
  const rng = createRng(seed, 'matchings');
  const lastDay = toDay(today) - 1;
  if (posts.length === 0) return;
  // Flat arrays by id rather than maps: most of the ~10 attempts per matching read them and are refused.
  const busyUntil = new Float64Array(workers.visa.length + 1);
  let maxPostId = 0;
  for (const p of posts) maxPostId = Math.max(maxPostId, p.id);
  const contracted = new Int32Array(maxPostId + 1);
  /** Days from the matching's creation to each step of its chain (reused by every attempt). */
  const offsets: number[] = [0, 0, 0, 0, 0, 0, 0];
  let accepted = 0;
  /**
   * A contract not yet started begins `days` after today, but within this year while next year's minimum wage is
   * not in the table: the contract step refuses a start in a year whose rate is unset (docs/law-as-data.md#wages),
   * so a demo seeded in December would otherwise hold contracts the service never makes.
   */
  const thisYear = fromDay(lastDay).slice(0, 4);
  const yearEnd = toDay(`${thisYear}-12-31`);
  const nextYearKnown = String(Number(thisYear) + 1) in SETTINGS_DEFAULTS.minimumWageByYear;
  const upcomingStart = (days: number) =>
    nextYearKnown || yearEnd <= lastDay ? lastDay + days : Math.min(lastDay + days, yearEnd);
  /** One attempt at the next matching: the matching, or null when a check refuses it (nothing changes then). */
  const attempt = (): SeedMatching | null => {
    const post = rng.pick(posts);
    const visa = rng.pick(post.allowedVisaTypes);
    const pool = workers.byVisa.get(visa);
    if (!pool || pool.length === 0) return null;
    const w = rng.pick(pool);
    if (workers.korean[w]! < post.requiredKorean) return null;

    const full = contracted[post.id]! >= post.headcount - 1;
    let final = rng.weighted(FINAL);
    if (CONTRACTED_CHAIN.has(final) && full) final = 'cancelled';
    if (HELD.has(final) && !post.holdsMatchings) return null;
    const cancelledFrom = rng.weighted(CANCELLED_FROM);
    const withInterview = rng.chance(0.7) || cancelledFrom === 'interview' || final === 'interview';
    const { chain, contractIndex, startIndex, interviewIndex } =
      SHAPES.get(final)!.get(cancelledFrom)![withInterview ? 1 : 0];
    if (contractIndex >= 0 && full) return null;

    // Days between steps; work lasts the contract (or until it is ended early).
    for (let i = 1; i < chain.length; i++) {
      const s = chain[i];
      const gap =
        s === 'working'
          ? rng.int(7, 30)
          : s === 'completed'
            ? Math.max(30, (post.contractMonths ?? 6) * 30)
            : s === 'terminated'
              ? rng.int(30, 240)
              : rng.int(1, 10);
      offsets[i] = offsets[i - 1]! + gap;
    }
    const span = offsets[chain.length - 1]!;
    // Created while the post was live and the worker free; every step before today.
    const toContract = contractIndex < 0 ? 0 : offsets[contractIndex]!;
    const from = Math.max(post.openFrom, workers.createdDay[w]! + 1, busyUntil[w]! + 1);
    const to = Math.min(post.openTo - toContract, lastDay - span);
    if (from > to) return null;
    const created = rng.int(from, to);
    const startDay =
      startIndex >= 0
        ? created + offsets[startIndex]!
        : contractIndex >= 0
          ? upcomingStart(rng.int(8, 30))
          : null;
    // The visa must outlast the contract: no hard issue and no warning to override at 'contracted'.
    if (startDay !== null) {
      const end = startDay + (post.contractMonths ?? 6) * 31;
      if (workers.expiryDay[w]! < end) return null;
    } else if (workers.expiryDay[w]! < lastDay + 1) return null;

    const id = accepted + 1;
    const live = final !== 'completed' && final !== 'cancelled' && final !== 'terminated';
    const lastStepDay = created + span;
    busyUntil[w] = live ? Number.POSITIVE_INFINITY : lastStepDay;
    if (contractIndex >= 0) contracted[post.id]!++;

    const reason =
      final === 'cancelled'
        ? rng.pick(CANCEL_REASONS)
        : final === 'terminated'
          ? rng.pick(TERMINATE_REASONS)
          : null;
    const history: SeedHistory[] = chain.map((status, i) => ({
      fromStatus: i === 0 ? null : chain[i - 1]!,
      toStatus: status,
      reason:
        status === 'accepted' && chain[i - 1] === 'proposed'
          ? recordMessages.interviewSkipped(SKIP_REASONS[id % SKIP_REASONS.length]!)
          : i === chain.length - 1
            ? reason
            : null,
      changedAt: at(created + offsets[i]!, 32_400 + rng.int(0, 32_400)),
    }));
    const createdAt = history[0]!.changedAt;
    const changedAt = history[history.length - 1]!.changedAt;
    const endDay = final === 'completed' || final === 'terminated' ? lastStepDay : null;
    const source = rng.weighted(SOURCES);
    const resume = workers.resume[w] ?? 0;
    if (effects) {
      if (FILLING.has(final)) effects.filled.set(post.id, (effects.filled.get(post.id) ?? 0) + 1);
      if (live) {
        effects.workers.set(w, {
          status: final === 'working' ? 'working' : 'matched',
          at: final === 'working' ? history[startIndex]!.changedAt : createdAt,
          reason: recordMessages.workerFollowsMatching(id),
        });
      }
    }
    return {
      id,
      jobPostId: post.id,
      employerId: post.employerId,
      workerId: w,
      resumeId: resume > 0 && (source === 'apply' || rng.chance(0.5)) ? resume : null,
      branchId: post.branchId,
      source,
      workerNationality: workers.nationality[w]!,
      workerVisaType: workers.visa[w]!,
      industry: post.industry,
      interviewAt: interviewIndex >= 0 ? at(created + offsets[interviewIndex]! + 2, 50_400) : null,
      contractDate: contractIndex >= 0 ? fromDay(created + offsets[contractIndex]!) : null,
      startDate: startDay === null ? null : fromDay(startDay),
      endDate: endDay === null ? null : fromDay(endDay),
      agreedSalaryType: post.salaryType,
      agreedSalaryAmount: post.salaryAmount,
      feeAmount: rng.weighted(FEES),
      cancelReason: reason,
      status: final,
      statusChangedAt: changedAt,
      createdAt,
      updatedAt: changedAt,
      version: chain.length,
      history,
    };
  };
  if (attempts?.complete) {
    for (let i = 0; i < attempts.length && accepted < count; i++) {
      rng.restore(attempts.states, i * 4);
      const m = attempt();
      if (!m) throw new Error(`matching ${i + 1}: a replayed attempt was refused`);
      accepted++;
      yield m;
    }
    return;
  }
  // A run that did not finish (its reader stopped early) noted only some: start the note again.
  if (attempts) attempts.length = 0;
  const state = new Uint32Array(4);
  for (let tried = 0; accepted < count && tried < count * 30; tried++) {
    rng.save(state, 0);
    const m = attempt();
    if (!m) continue;
    accepted++;
    attempts?.note(state);
    yield m;
  }
  if (attempts) attempts.complete = true;
}
