import {
  MATCHING_FILLING_STATUSES,
  MATCHING_OPEN_STATUSES,
  type MatchingStatus,
  type VisaType,
} from '@ilson/contracts';
import {
  and,
  asc,
  count,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { builtOnce, containsPattern, sortedTablePage } from '../../db/list';
import {
  admins,
  branches,
  employers,
  jobPosts,
  matchingStatusHistory,
  matchings,
  resumes,
  workers,
} from '../../db/schema';
import type { Executor } from '../../db/types';
import { bumpVersion, lockLive, updateVersioned } from '../../db/versioned';
import { type Scope, scopeWhere } from '../../lib/scope';
import { searchableNames, workerIdentityColumns } from '../workers/workers.repository';
import { belowMinimumWageIds } from './matchings.wage-sql';

export type MatchingRecord = typeof matchings.$inferSelect;
export type MatchingValues = Omit<
  typeof matchings.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'version'
>;

export type MatchingFilterValues = {
  status?: MatchingStatus;
  branchId?: number;
  employerId?: number;
  jobPostId?: number;
  workerId?: number;
  nationality?: string;
  visaType?: VisaType;
  createdFrom?: Date;
  createdBefore?: Date;
  q?: string;
  /** The hourly minimum wage of a year: contracted and working matchings paid below it (with the premium). */
  belowMinimumWage?: number;
};

export type MatchingFilters = MatchingFilterValues & {
  sort: 'created_at' | 'start_date' | 'contract_date' | 'status';
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
};

export const SORT_COLUMNS = {
  created_at: matchings.createdAt,
  start_date: matchings.startDate,
  contract_date: matchings.contractDate,
  status: matchings.status,
} as const;

const manager = alias(admins, 'manager');
const matchingColumns = {
  ...getTableColumns(matchings),
  jobPostTitle: jobPosts.title,
  employerName: employers.companyName,
  workerNameKo: workers.nameKo,
  workerFirstName: workers.firstName,
  workerLastName: workers.lastName,
  branchName: branches.name,
  managerName: manager.name,
};
export type MatchingRow = MatchingRecord & {
  jobPostTitle: string;
  employerName: string;
  workerNameKo: string;
  workerFirstName: string;
  workerLastName: string;
  branchName: string | null;
  managerName: string | null;
};

function selectMatchings(executor: Executor) {
  return executor
    .select(matchingColumns)
    .from(matchings)
    .innerJoin(jobPosts, eq(jobPosts.id, matchings.jobPostId))
    .innerJoin(employers, eq(employers.id, matchings.employerId))
    .innerJoin(workers, eq(workers.id, matchings.workerId))
    .leftJoin(branches, eq(branches.id, matchings.branchId))
    .leftJoin(manager, eq(manager.id, matchings.managerAdminId));
}

/**
 * Worker, employer and post names, each searched once in its own table (not once per matching row):
 * `id IN (…)` semi-joins the page and the count run without joining the three tables.
 */
function searchCondition(executor: Executor, q: string): SQL | undefined {
  const pattern = containsPattern(q.replace(/\s+/g, ' '));
  const workerIds = executor.select({ id: workers.id }).from(workers).where(ilike(searchableNames, pattern));
  const employerIds = executor
    .select({ id: employers.id })
    .from(employers)
    .where(ilike(employers.companyName, pattern));
  const postIds = executor.select({ id: jobPosts.id }).from(jobPosts).where(ilike(jobPosts.title, pattern));
  return or(
    inArray(matchings.workerId, workerIds),
    inArray(matchings.employerId, employerIds),
    inArray(matchings.jobPostId, postIds),
  );
}

/** The list's WHERE: the admin's branches and the screen's filters (exports share it). */
export function filterConditions(executor: Executor, scope: Scope, filters: MatchingFilterValues) {
  return and(
    scopeWhere(matchings.branchId, scope),
    filters.status ? eq(matchings.status, filters.status) : undefined,
    filters.branchId ? eq(matchings.branchId, filters.branchId) : undefined,
    filters.employerId ? eq(matchings.employerId, filters.employerId) : undefined,
    filters.jobPostId ? eq(matchings.jobPostId, filters.jobPostId) : undefined,
    filters.workerId ? eq(matchings.workerId, filters.workerId) : undefined,
    filters.nationality ? eq(matchings.workerNationality, filters.nationality) : undefined,
    filters.visaType ? eq(matchings.workerVisaType, filters.visaType) : undefined,
    filters.createdFrom ? gte(matchings.createdAt, filters.createdFrom) : undefined,
    filters.createdBefore ? lt(matchings.createdAt, filters.createdBefore) : undefined,
    filters.q ? searchCondition(executor, filters.q) : undefined,
    filters.belowMinimumWage !== undefined
      ? sql`${matchings.id} IN ${belowMinimumWageIds(filters.belowMinimumWage)}`
      : undefined,
  );
}

export async function listMatchings(executor: Executor, scope: Scope, filters: MatchingFilters) {
  return sortedTablePage(
    executor,
    matchings,
    { site: 'matchings list', key: [scope, filters] },
    filters,
    () => {
      const where = filterConditions(executor, scope, filters);
      return { query: selectMatchings(executor), where, sortBy: SORT_COLUMNS[filters.sort] };
    },
  );
}

export async function findMatching(
  executor: Executor,
  id: number,
  scope: Scope,
): Promise<MatchingRow | undefined> {
  // Built once per scope (db/list.ts builtOnce); the id is the statement's parameter.
  const [row] = await builtOnce(executor, 'matchings detail', scope, () =>
    selectMatchings(executor)
      .where(and(eq(matchings.id, sql.placeholder('id')), scopeWhere(matchings.branchId, scope)))
      .limit(1),
  ).execute({ id });
  return row;
}

export async function lockMatching(executor: Executor, id: number, scope: Scope) {
  return lockLive(executor, matchings, id, scopeWhere(matchings.branchId, scope));
}

export async function insertMatching(executor: Executor, values: MatchingValues): Promise<number> {
  const [row] = await executor.insert(matchings).values(values).returning({ id: matchings.id });
  return row!.id;
}

export async function updateMatching(
  executor: Executor,
  target: { id: number; version: number },
  values: Partial<MatchingValues>,
): Promise<boolean> {
  return updateVersioned(executor, matchings, target, values);
}

export async function insertStatusHistory(
  executor: Executor,
  entry: typeof matchingStatusHistory.$inferInsert,
): Promise<void> {
  await executor.insert(matchingStatusHistory).values(entry);
}

/** The detail's timeline, oldest first. */
export async function listStatusHistory(executor: Executor, matchingId: number) {
  return executor
    .select({
      fromStatus: matchingStatusHistory.fromStatus,
      toStatus: matchingStatusHistory.toStatus,
      reason: matchingStatusHistory.reason,
      changedAt: matchingStatusHistory.changedAt,
      changedByName: admins.name,
    })
    .from(matchingStatusHistory)
    .leftJoin(admins, eq(admins.id, matchingStatusHistory.changedBy))
    .where(eq(matchingStatusHistory.matchingId, matchingId))
    .orderBy(asc(matchingStatusHistory.changedAt), asc(matchingStatusHistory.id));
}

export async function openMatchingExists(executor: Executor, jobPostId: number, workerId: number) {
  const [row] = await executor
    .select({ id: matchings.id })
    .from(matchings)
    .where(
      and(
        eq(matchings.jobPostId, jobPostId),
        eq(matchings.workerId, workerId),
        inArray(matchings.status, [...MATCHING_OPEN_STATUSES]),
      ),
    )
    .limit(1);
  return Boolean(row);
}

type LookupOptions = {
  /** Limits it to a live record of the admin's branches. */
  scope?: Scope;
  /** FOR UPDATE, for the rest of the transaction. */
  lock?: boolean;
};

export async function jobPostFor(executor: Executor, id: number, options: LookupOptions = {}) {
  const { scope, lock = true } = options;
  const query = executor
    .select()
    .from(jobPosts)
    .where(
      and(
        eq(jobPosts.id, id),
        scope ? and(isNull(jobPosts.deletedAt), scopeWhere(jobPosts.branchId, scope)) : undefined,
      ),
    )
    .limit(1)
    .$dynamic();
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function workerFor(executor: Executor, id: number, options: LookupOptions = {}) {
  const { scope, lock = true } = options;
  const query = executor
    .select({
      ...workerIdentityColumns,
      visaStatus: workers.visaStatus,
      visaExpiryDate: workers.visaExpiryDate,
      entryDate: workers.entryDate,
      employmentPeriodEndDate: workers.employmentPeriodEndDate,
      koreanLevel: workers.koreanLevel,
      studyCourse: workers.studyCourse,
      partTimePermitNo: workers.partTimePermitNo,
      partTimePermitWeeklyHours: workers.partTimePermitWeeklyHours,
      partTimePermitValidFrom: workers.partTimePermitValidFrom,
      partTimePermitValidTo: workers.partTimePermitValidTo,
      status: workers.status,
      version: workers.version,
      destroyedAt: workers.destroyedAt,
    })
    .from(workers)
    .where(
      and(
        eq(workers.id, id),
        scope ? and(isNull(workers.deletedAt), scopeWhere(workers.branchId, scope)) : undefined,
      ),
    )
    .limit(1)
    .$dynamic();
  const [row] = await (lock ? query.for('update') : query);
  return row;
}
export type LockedWorker = NonNullable<Awaited<ReturnType<typeof workerFor>>>;

/** Whether the resume is the worker's and live; held `FOR SHARE`, so a delete waits for the matching made on it. */
export async function resumeOfWorker(executor: Executor, resumeId: number, workerId: number) {
  const [row] = await executor
    .select({ id: resumes.id })
    .from(resumes)
    .where(and(eq(resumes.id, resumeId), eq(resumes.workerId, workerId), isNull(resumes.deletedAt)))
    .limit(1)
    .for('share');
  return Boolean(row);
}

/** Whether the worker has a working matching, and any open one at all. */
export async function workerMatchingState(executor: Executor, workerId: number) {
  const [row] = await executor
    .select({
      working: sql<number>`count(*) FILTER (WHERE ${matchings.status} = 'working')`.mapWith(Number),
      open: count(),
    })
    .from(matchings)
    .where(and(eq(matchings.workerId, workerId), inArray(matchings.status, [...MATCHING_OPEN_STATUSES])));
  return { working: (row?.working ?? 0) > 0, open: (row?.open ?? 0) > 0 };
}

export async function countFilling(executor: Executor, jobPostId: number): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(matchings)
    .where(
      and(eq(matchings.jobPostId, jobPostId), inArray(matchings.status, [...MATCHING_FILLING_STATUSES])),
    );
  return row?.n ?? 0;
}

/** A derived count, not an edit: no version bump. */
export async function setFilledCount(executor: Executor, jobPostId: number, filled: number) {
  await executor.update(jobPosts).set({ filledCount: filled }).where(eq(jobPosts.id, jobPostId));
}

export async function setWorkerStatus(
  executor: Executor,
  workerId: number,
  values: Pick<typeof workers.$inferInsert, 'status' | 'statusReason' | 'statusChangedAt'>,
) {
  await executor
    .update(workers)
    .set({ ...values, ...bumpVersion(workers) })
    .where(eq(workers.id, workerId));
}

/**
 * What the rules need of a post beyond its own row: its employer's and branch's status. With `lock` both rows are
 * held `FOR SHARE` to the end of the transaction, employer first, before the post is locked: a status change of
 * either waits for the matching, or the matching sees it (docs/domain-integrity.md#locks).
 */
export async function postStanding(
  executor: Executor,
  post: { employerId: number; branchId: number },
  options: { lock?: boolean | 'update' } = {},
) {
  const employerQuery = executor
    .select({ status: employers.status, employeeCount: employers.employeeCount })
    .from(employers)
    .where(eq(employers.id, post.employerId))
    .$dynamic();
  // `update`: a contract, which counts against the employer's permits and 고용허용인원, takes the employer for
  // itself, so two contracts at one employer are one after the other (docs/domain-integrity.md#locks).
  const [employer] = await (options.lock === 'update'
    ? employerQuery.for('update')
    : options.lock
      ? employerQuery.for('share')
      : employerQuery);
  const branchQuery = executor
    .select({ status: branches.status })
    .from(branches)
    .where(eq(branches.id, post.branchId))
    .$dynamic();
  const [branch] = await (options.lock ? branchQuery.for('share') : branchQuery);
  return {
    employerStatus: employer?.status ?? 'withdrawn',
    branchStatus: branch?.status ?? 'inactive',
    employeeCount: employer?.employeeCount ?? 0,
  };
}

/** Statuses in which a matching holds the worker's visa to the rules (docs/DOMAIN.md invariants). */
export const MATCHING_HELD_STATUSES = [
  'accepted',
  'contracted',
  'working',
] as const satisfies MatchingStatus[];

/** Whether the record has a matching in `statuses` (matchingsWithInputs' WHERE, without its joins). */
export async function anyMatching(
  executor: Executor,
  by: { workerId?: number; jobPostId?: number; employerId?: number; resumeId?: number; id?: number },
  statuses: readonly MatchingStatus[],
): Promise<boolean> {
  const [row] = await executor
    .select({ id: matchings.id })
    .from(matchings)
    .where(byRecord(by, statuses))
    .limit(1);
  return row !== undefined;
}

const byRecord = (
  by: { workerId?: number; jobPostId?: number; employerId?: number; resumeId?: number; id?: number },
  statuses: readonly MatchingStatus[],
) =>
  and(
    inArray(matchings.status, [...statuses]),
    by.workerId !== undefined ? eq(matchings.workerId, by.workerId) : undefined,
    by.jobPostId !== undefined ? eq(matchings.jobPostId, by.jobPostId) : undefined,
    by.employerId !== undefined ? eq(matchings.employerId, by.employerId) : undefined,
    by.resumeId !== undefined ? eq(matchings.resumeId, by.resumeId) : undefined,
    by.id !== undefined ? eq(matchings.id, by.id) : undefined,
  );

/**
 * Matchings with everything the rule engine reads, for one worker, post, employer, resume or matching:
 * the worker's visa, the post's terms, the employer's and branch's status, and names for a label.
 */
export async function matchingsWithInputs(
  executor: Executor,
  by: { workerId?: number; jobPostId?: number; employerId?: number; resumeId?: number; id?: number },
  statuses: readonly MatchingStatus[],
) {
  return executor
    .select({
      id: matchings.id,
      status: matchings.status,
      startDate: matchings.startDate,
      endDate: matchings.endDate,
      agreedSalaryType: matchings.agreedSalaryType,
      agreedSalaryAmount: matchings.agreedSalaryAmount,
      jobPostId: matchings.jobPostId,
      workerId: matchings.workerId,
      workerNameKo: workers.nameKo,
      workerFirstName: workers.firstName,
      workerLastName: workers.lastName,
      employerName: employers.companyName,
      employerStatus: employers.status,
      employeeCount: employers.employeeCount,
      branchStatus: branches.status,
      worker: {
        visaType: workers.visaType,
        visaStatus: workers.visaStatus,
        visaExpiryDate: workers.visaExpiryDate,
        entryDate: workers.entryDate,
        employmentPeriodEndDate: workers.employmentPeriodEndDate,
        koreanLevel: workers.koreanLevel,
        studyCourse: workers.studyCourse,
        partTimePermitNo: workers.partTimePermitNo,
        partTimePermitWeeklyHours: workers.partTimePermitWeeklyHours,
        partTimePermitValidFrom: workers.partTimePermitValidFrom,
        partTimePermitValidTo: workers.partTimePermitValidTo,
        status: workers.status,
      },
      post: {
        title: jobPosts.title,
        industry: jobPosts.industry,
        duty: jobPosts.duty,
        allowedVisaTypes: jobPosts.allowedVisaTypes,
        isSimpleLabour: jobPosts.isSimpleLabour,
        employmentType: jobPosts.employmentType,
        workDays: jobPosts.workDays,
        workStartTime: jobPosts.workStartTime,
        workEndTime: jobPosts.workEndTime,
        breakMinutes: jobPosts.breakMinutes,
        requiredKoreanLevel: jobPosts.requiredKoreanLevel,
        status: jobPosts.status,
        deadline: jobPosts.deadline,
        headcount: jobPosts.headcount,
        filledCount: jobPosts.filledCount,
        contractMonths: jobPosts.contractMonths,
      },
    })
    .from(matchings)
    .innerJoin(workers, eq(workers.id, matchings.workerId))
    .innerJoin(jobPosts, eq(jobPosts.id, matchings.jobPostId))
    .innerJoin(employers, eq(employers.id, matchings.employerId))
    .innerJoin(branches, eq(branches.id, jobPosts.branchId))
    .where(byRecord(by, statuses))
    .orderBy(asc(matchings.id));
}
export type MatchingWithInputs = Awaited<ReturnType<typeof matchingsWithInputs>>[number];
