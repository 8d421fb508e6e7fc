import { getTableName } from 'drizzle-orm';
import { auditChainKey, GENESIS_HASH, upgradeAuditChain } from '../audit/chain';
import { appendAudit } from '../audit/trail';
import { ADVISORY_LOCKS } from '../db/advisory-locks';
import type { DbHandle } from '../db/client';
import { seoulToday } from '../lib/dates';
import type { PiiCipher } from '../lib/pii';
import { generateAccessLog } from './access-log';
import { generateBranches } from './branches';
import { seoulDateOf } from './dates';
import { generateEmployers } from './employers';
import { type EmployerRef, generateJobPosts, type SeedJobPost } from './job-posts';
import { connect, copyRecords, type LoadResult, type SeedConnection, setAsideIndexesAndKeys } from './loader';
import {
  AcceptedAttempts,
  generateMatchings,
  type MatchingEffects,
  type PostRef,
  postRef,
  type SeedHistory,
  type SeedMatching,
  WorkerIndex,
} from './matchings';
import { generatePayouts } from './payouts';
import { type ConsentSubject, generateAppUsers, generateConsents, generateReviews } from './people';
import { seedPermits } from './permits';
import { fakerPools } from './pools';
import { generateResumes } from './resumes';
import {
  appUserSpec,
  auditSpec,
  branchSpec,
  consentSpec,
  employerSpec,
  historySpec,
  jobPostSpec,
  matchingSpec,
  payoutSpec,
  resumeSpec,
  reviewSpec,
  type TableSpec,
  workerSpec,
} from './rows';
import { countsFor, MAX_SCALE, type SeedCounts } from './scale';
import { generateWorkers, type SeedWorker } from './workers';

export class SeedError extends Error {}

export type SeedOptions = {
  scale: number;
  seed: number;
  reset: boolean;
  pii: PiiCipher;
  /** The Seoul calendar day the data is generated around (visa expiries, registration dates). */
  today?: string;
  log?: (line: string) => void;
};

export type SeedResult = { counts: SeedCounts; tables: LoadResult[]; totalMs: number };

/** Tables the seed fills, children first (the order a reset empties them in). */
export const SEEDED_TABLES = [
  'reviews',
  'payouts',
  'app_user_consents',
  'app_users',
  'matching_status_history',
  'matchings',
  'resumes',
  'job_posts',
  'workers',
  'employer_permits',
  'employers',
  'branches',
] as const;

/**
 * Records the seed does not make but that hang on the ones it empties (a worker's 사업장 변경): emptied with them, or
 * the TRUNCATE of their parents is refused.
 */
const EMPTIED_WITH_SEED: readonly string[] = ['worker_workplace_changes'];

/** admins reference branches, so branches are deleted rather than truncated; admins stay untouched. */
const TRUNCATED_TABLES: readonly string[] = SEEDED_TABLES.filter((table) => table !== 'branches');

export function validateScale(scale: number): void {
  if (!Number.isFinite(scale) || scale <= 0 || scale > MAX_SCALE) {
    throw new SeedError(`--scale 는 0보다 크고 ${MAX_SCALE} 이하인 숫자여야 합니다.`);
  }
}

/** The generated records, without touching a database (the tests validate and hash these). */
export function generateAll(scale: number, seed: number, today: string) {
  const counts = countsFor(scale);
  const pools = fakerPools(seed);
  const branches = generateBranches(counts.branches, seed, pools, today);
  const employers = () => generateEmployers(counts.employers, seed, pools, branches, today);
  let refs: EmployerRef[] | undefined;
  let consentSubjects: ConsentSubject[] | undefined;
  const rawJobPosts = () => {
    refs ??= employerRefs(employers());
    return generateJobPosts(counts.jobPosts, seed, refs, today);
  };
  const rawWorkers = () => generateWorkers(counts.workers, seed, pools, branches, today);

  // Matchings are planned first: they decide workers' statuses and posts' filled counts, loaded before them.
  let plan:
    | { posts: PostRef[]; index: WorkerIndex; effects: MatchingEffects; attempts: AcceptedAttempts }
    | undefined;
  const planned = () => {
    if (plan) return plan;
    const posts: PostRef[] = [];
    for (const p of rawJobPosts()) {
      const ref = postRef(p, today);
      if (ref && ref.allowedVisaTypes.length > 0) posts.push(ref);
    }
    const index = new WorkerIndex();
    // One pass over the workers fills the index and gives the resumes their workers.
    function* indexed(): Generator<SeedWorker> {
      for (const w of rawWorkers()) {
        index.add(w);
        yield w;
      }
    }
    for (const r of generateResumes(seed, indexed(), today)) {
      if (r.status === 'active') index.resume[r.workerId] = r.id;
    }
    const effects: MatchingEffects = { workers: new Map(), filled: new Map() };
    const attempts = new AcceptedAttempts();
    for (const _ of generateMatchings(counts.matchings, seed, posts, index, today, effects, attempts));
    plan = { posts, index, effects, attempts };
    return plan;
  };
  /** The planned matchings again, replaying only the attempts the plan accepted. */
  const matchings = () => {
    const { posts, index, attempts } = planned();
    return generateMatchings(counts.matchings, seed, posts, index, today, undefined, attempts);
  };
  function* seededWorkers(): Generator<SeedWorker> {
    const { effects } = planned();
    for (const w of rawWorkers()) {
      const follow = effects.workers.get(w.id);
      yield follow
        ? {
            ...w,
            status: follow.status,
            statusReason: follow.reason,
            statusChangedAt: follow.at,
            updatedAt: new Date(Math.max(follow.at.getTime(), w.updatedAt.getTime())),
            version: w.version + 1,
          }
        : w;
    }
  }
  return {
    counts,
    branches,
    employers,
    plan: planned,
    workers: seededWorkers,
    *jobPosts(): Generator<SeedJobPost> {
      const { effects } = planned();
      for (const p of rawJobPosts()) yield { ...p, filledCount: effects.filled.get(p.id) ?? 0 };
    },
    matchings,
    appUsers: function* () {
      const seen: ConsentSubject[] = [];
      for (const u of generateAppUsers(seed, employers(), seededWorkers(), today)) {
        seen.push({ id: u.id, joinedAt: u.joinedAt, status: u.status, statusChangedAt: u.statusChangedAt });
        yield u;
      }
      consentSubjects = seen;
    },
    /** After appUsers (which notes what the consents need), or on its own by generating the members again. */
    consents: () =>
      generateConsents(
        seed,
        consentSubjects ?? generateAppUsers(seed, employers(), seededWorkers(), today),
        today,
      ),
    /** From the plan's worker index: the workers are not generated again for them. */
    resumes: () => generateResumes(seed, planned().index.resumeWorkers(), today),
    reviews: () => generateReviews(seed, matchings(), today),
    payouts: () => {
      const { index } = planned();
      const employers = refs!;
      return generatePayouts(
        counts.payouts,
        seed,
        matchings(),
        { name: (id) => employers[id - 1]!.companyName, branch: (id) => employers[id - 1]!.branchId },
        (id) => index.name[id]!,
        today,
      );
    },
  };
}

/** History rows with their ids, in matching order. */
function* historyOf(
  matchings: Iterable<SeedMatching>,
): Generator<SeedHistory & { id: number; matchingId: number }> {
  let id = 0;
  for (const m of matchings) for (const h of m.history) yield { ...h, id: ++id, matchingId: m.id };
}

function employerRefs(employers: Iterable<import('./employers').SeedEmployer>): EmployerRef[] {
  const refs: EmployerRef[] = [];
  for (const e of employers) {
    refs.push({
      id: e.id,
      status: e.status,
      industry: e.industry,
      region: e.region,
      zipCode: e.zipCode,
      roadAddress: e.roadAddress,
      branchId: e.branchId,
      companyName: e.companyName,
      employeeCount: e.employeeCount,
      createdDate: seoulDateOf(e.createdAt),
      approvedDate: e.approvedAt ? seoulDateOf(e.approvedAt) : null,
    });
  }
  return refs;
}

/**
 * Empties the seeded tables (refusing unless `reset` when any holds rows). An empty database's tables are truncated
 * too: a table truncated in this transaction takes its rows by COPY … FREEZE (docs/seed.md#bulk-load).
 */
async function emptyOrReset(conn: SeedConnection, reset: boolean): Promise<void> {
  // One connection: the checks run one after another.
  const filled: string[] = [];
  for (const table of [...EMPTIED_WITH_SEED, ...SEEDED_TABLES]) {
    const rows = await conn.query(`SELECT 1 FROM ${table} LIMIT 1`);
    if (rows.length > 0) filled.push(table);
  }
  if (filled.length > 0 && !reset) {
    throw new SeedError(
      `데이터베이스에 이미 데이터가 있습니다(${filled.join(', ')}). 지우고 다시 채우려면 --reset 을 붙여 실행해 주세요.`,
    );
  }
  const [bound] = await conn.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM admins WHERE branch_id IS NOT NULL',
  );
  if (bound!.n > 0 && filled.includes('branches')) {
    throw new SeedError(
      `지점에 소속된 관리자 ${bound!.n}명이 있어 지점을 비울 수 없습니다. 관리자의 소속 지점을 먼저 해제해 주세요.`,
    );
  }
  await conn.query(`TRUNCATE ${[...EMPTIED_WITH_SEED, ...TRUNCATED_TABLES].join(', ')} RESTART IDENTITY`);
  await conn.query('DELETE FROM branches');
}

async function resetSequence(conn: SeedConnection, table: string): Promise<void> {
  await conn.query(
    `SELECT setval(pg_get_serial_sequence('${table}', 'id'), coalesce(max(id), 1), max(id) IS NOT NULL) FROM ${table}`,
  );
}

/** Fills an empty database (or, with reset, an emptied one) in one transaction, by COPY. */
export async function runSeed(handle: DbHandle, options: SeedOptions): Promise<SeedResult> {
  validateScale(options.scale);
  const log = options.log ?? (() => {});
  const today = options.today ?? seoulToday();
  const started = performance.now();
  const data = generateAll(options.scale, options.seed, today);
  log(
    `시드 ${options.seed}, 규모 ${options.scale}: 지점 ${data.counts.branches}, 사업주 ${data.counts.employers}, 근로자 ${data.counts.workers}, 채용공고 ${data.counts.jobPosts}, 매칭 ${data.counts.matchings}`,
  );
  const conn = await connect(handle);
  const tables: LoadResult[] = [];
  const report = (result: LoadResult) => {
    tables.push(result);
    const perSecond = Math.round(result.rows / Math.max(result.ms / 1000, 0.001));
    log(
      `${result.table}: ${result.rows.toLocaleString('ko-KR')}행, ${(result.ms / 1000).toFixed(1)}초 ` +
        `(${perSecond.toLocaleString('ko-KR')}행/초, 서버 대기 ${(result.waitMs / 1000).toFixed(1)}초)`,
    );
  };
  const progress = (table: string, total: number) => (rows: number) => {
    if (rows < total) log(`  ${table} ${rows.toLocaleString('ko-KR')} / ${total.toLocaleString('ko-KR')}`);
  };
  try {
    // The generated access log is keyed: the log's keyed start must exist before its rows go in.
    await upgradeAuditChain(handle.db);
    await conn.query('BEGIN');
    await emptyOrReset(conn, options.reset);
    const putBack = await setAsideIndexesAndKeys(conn, SEEDED_TABLES);
    const load = <T>(
      spec: TableSpec<T>,
      records: Iterable<T>,
      loadOptions: { onProgress?: (rows: number) => void } = {},
    ) =>
      copyRecords(conn, spec, records, {
        ...loadOptions,
        freeze: TRUNCATED_TABLES.includes(getTableName(spec.table)),
      });
    const planStarted = performance.now();
    data.plan();
    log(`매칭 계획(근로자 상태·충원 인원) ${((performance.now() - planStarted) / 1000).toFixed(1)}초`);
    report(await load(branchSpec, data.branches));
    report(
      await load(employerSpec, data.employers(), {
        onProgress: progress('employers', data.counts.employers),
      }),
    );
    report(
      await load(workerSpec(options.pii), data.workers(), {
        onProgress: progress('workers', data.counts.workers),
      }),
    );
    // Before the matchings, which refer to them.
    report(await load(resumeSpec, data.resumes()));
    report(
      await load(jobPostSpec, data.jobPosts(), {
        onProgress: progress('job_posts', data.counts.jobPosts),
      }),
    );
    report(
      await load(matchingSpec, data.matchings(), {
        onProgress: progress('matchings', data.counts.matchings),
      }),
    );
    report(await load(historySpec, historyOf(data.matchings())));
    report(
      await load(payoutSpec(options.pii), data.payouts(), {
        onProgress: progress('payouts', data.counts.payouts),
      }),
    );
    report(await load(reviewSpec, data.reviews()));
    report(await load(appUserSpec, data.appUsers()));
    report(await load(consentSpec, data.consents()));
    const indexesStarted = performance.now();
    await putBack();
    log(`색인·외래 키 다시 만들기 ${((performance.now() - indexesStarted) / 1000).toFixed(1)}초`);
    // The permits the contracted E-9/H-2 workers need, from the matchings just loaded (docs/DOMAIN.md#invariants, I-30).
    const permits = await seedPermits(conn, today);
    tables.push({ table: 'employer_permits', rows: permits, ms: 0, waitMs: 0 });
    log(`employer_permits: ${permits.toLocaleString('ko-KR')}행`);
    // The access log: chained onto its last row under the lock appendAudit takes (audit/trail.ts).
    await conn.query(`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.auditChain})`);
    const [last] = await conn.query<{ hash: string }>('SELECT hash FROM audit_logs ORDER BY id DESC LIMIT 1');
    const actors = await conn.query<{ id: number; loginId: string }>(
      `SELECT id, login_id AS "loginId" FROM admins WHERE status = 'active' ORDER BY id`,
    );
    if (actors.length === 0) {
      log(
        '관리자 계정이 없어 접속기록 예시는 만들지 않습니다. (서버를 한 번 시작해 첫 관리자를 만든 뒤 시드하면 생깁니다.)',
      );
    }
    const payoutRows = tables.find((t) => t.table === 'payouts')?.rows ?? 0;
    report(
      await copyRecords(
        conn,
        auditSpec,
        generateAccessLog(
          data.counts.accessLog,
          options.seed,
          actors,
          { workers: data.counts.workers, employers: data.counts.employers, payouts: payoutRows },
          today,
          last?.hash ?? GENESIS_HASH,
          auditChainKey(),
        ),
      ),
    );
    for (const table of [
      'branches',
      'employers',
      'workers',
      'job_posts',
      'matchings',
      'matching_status_history',
      'payouts',
      'reviews',
      'app_users',
      'app_user_consents',
      'resumes',
    ]) {
      await resetSequence(conn, table);
    }
    await conn.query('COMMIT');
  } catch (error) {
    await conn.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await conn.release();
  }
  const total = tables.reduce((sum, t) => sum + t.rows, 0);
  await appendAudit(
    handle.db,
    { actorAdminId: null, actorLoginId: 'seed', ip: null, userAgent: 'ilson-seed' },
    {
      action: 'CREATE',
      targetType: 'seed',
      summary: `데모 데이터 생성(시드 ${options.seed}, 규모 ${options.scale}${options.reset ? ', 초기화 후' : ''}): 지점 ${data.counts.branches}, 사업주 ${data.counts.employers}, 근로자 ${data.counts.workers}, 채용공고 ${data.counts.jobPosts}, 매칭 ${tables.find((t) => t.table === 'matchings')?.rows ?? 0}, 정산 ${tables.find((t) => t.table === 'payouts')?.rows ?? 0}`,
      recordCount: total,
    },
  );
  const analyzeStarted = performance.now();
  const analyzeConn = await connect(handle);
  try {
    // VACUUM too, not only ANALYZE: it sets the visibility map of the freshly loaded pages, without which every
    // index-only scan (list counts, deep pages) still reads the table until autovacuum gets round to it.
    await analyzeConn.query('VACUUM (ANALYZE)');
  } finally {
    await analyzeConn.release();
  }
  log(`VACUUM ANALYZE ${((performance.now() - analyzeStarted) / 1000).toFixed(1)}초`);
  const totalMs = performance.now() - started;
  log(`완료: ${total.toLocaleString('ko-KR')}행, ${(totalMs / 1000).toFixed(1)}초`);
  return { counts: data.counts, tables, totalMs };
}
