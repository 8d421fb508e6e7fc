import type { JobPostStatus, VisaType } from '@ilson/contracts';
import {
  and,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { builtOnce, containsPattern, searchPage, sortedTablePage } from '../../db/list';
import { branches, employers, jobPosts } from '../../db/schema';
import type { Executor } from '../../db/types';
import { bumpVersion, lockLive, softDelete, undelete, updateVersioned } from '../../db/versioned';
import { type Scope, scopeWhere } from '../../lib/scope';

export type JobPostRecord = typeof jobPosts.$inferSelect;
export type JobPostRow = JobPostRecord & {
  employerName: string;
  employerStatus: (typeof employers.$inferSelect)['status'];
  branchName: string | null;
};
export type JobPostValues = Omit<
  typeof jobPosts.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'version' | 'deletedAt'
>;

export type JobPostFilters = {
  /** The global search (searchJobPosts): its search box reads titles only (searchCondition). */
  globalSearch?: boolean;
  status?: JobPostStatus;
  employerId?: number;
  industry?: string;
  branchId?: number;
  salaryType?: string;
  visaType?: VisaType;
  deadlineFrom?: string;
  deadlineTo?: string;
  q?: string;
  sort: 'created_at' | 'deadline' | 'title' | 'salary_amount' | 'published_at';
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
};

export const SORT_COLUMNS = {
  created_at: jobPosts.createdAt,
  deadline: jobPosts.deadline,
  title: jobPosts.title,
  salary_amount: jobPosts.salaryAmount,
  published_at: jobPosts.publishedAt,
} as const;

const jobPostColumns = {
  ...getTableColumns(jobPosts),
  employerName: employers.companyName,
  employerStatus: employers.status,
  branchName: branches.name,
};

function selectJobPosts(executor: Executor) {
  return executor
    .select(jobPostColumns)
    .from(jobPosts)
    .innerJoin(employers, eq(employers.id, jobPosts.employerId))
    .leftJoin(branches, eq(branches.id, jobPosts.branchId));
}

const live = (scope: Scope) => and(isNull(jobPosts.deletedAt), scopeWhere(jobPosts.branchId, scope));

/** An active post past its deadline is closed already, whether or not the closing job has stored it. */
function statusCondition(status: JobPostStatus, today: string): SQL | undefined {
  const expired = and(eq(jobPosts.status, 'active'), lt(jobPosts.deadline, today));
  if (status === 'active') {
    return and(eq(jobPosts.status, 'active'), or(isNull(jobPosts.deadline), gte(jobPosts.deadline, today)));
  }
  if (status === 'closed') return or(eq(jobPosts.status, 'closed'), expired);
  return eq(jobPosts.status, status);
}

/**
 * The search box: the title, or the employer's name, which the post keeps a copy of (migration 0027): each half has
 * its trigram index on this table, and the planner combines them (BitmapOr) for the count as for the page. The global
 * search asks for titles only — its employers group finds the names.
 */
function searchCondition(q: string, titleOnly = false): SQL | undefined {
  const pattern = containsPattern(q);
  if (titleOnly) return ilike(jobPosts.title, pattern);
  return or(ilike(jobPosts.title, pattern), ilike(jobPosts.employerCompanyName, pattern));
}

/**
 * The list's WHERE: live posts of the admin's branches and the screen's filters (bulk actions share it). It takes the
 * executor as the other lists' do, though nothing here needs a subquery since the search reads this table alone.
 */
export function filterConditions(
  _executor: Executor,
  scope: Scope,
  filters: Omit<JobPostFilters, 'page' | 'pageSize' | 'sort' | 'order'>,
  today: string,
) {
  return and(
    live(scope),
    filters.status ? statusCondition(filters.status, today) : undefined,
    filters.employerId ? eq(jobPosts.employerId, filters.employerId) : undefined,
    filters.industry ? eq(jobPosts.industry, filters.industry as JobPostRecord['industry']) : undefined,
    filters.branchId ? eq(jobPosts.branchId, filters.branchId) : undefined,
    filters.salaryType
      ? eq(jobPosts.salaryType, filters.salaryType as JobPostRecord['salaryType'])
      : undefined,
    // GIN-indexed containment.
    filters.visaType ? sql`${jobPosts.allowedVisaTypes} @> ARRAY[${filters.visaType}]::text[]` : undefined,
    filters.deadlineFrom ? gte(jobPosts.deadline, filters.deadlineFrom) : undefined,
    filters.deadlineTo ? lte(jobPosts.deadline, filters.deadlineTo) : undefined,
    filters.q ? searchCondition(filters.q, filters.globalSearch) : undefined,
  );
}

export async function listJobPosts(executor: Executor, scope: Scope, filters: JobPostFilters, today: string) {
  return sortedTablePage(
    executor,
    jobPosts,
    { site: 'job-posts list', key: [scope, filters, today] },
    filters,
    () => {
      const where = filterConditions(executor, scope, filters, today);
      return { query: selectJobPosts(executor), where, sortBy: SORT_COLUMNS[filters.sort] };
    },
  );
}

/** What the global search shows of a post: its title, status and deadline, its employer's name (employers' searchColumns). */
const searchColumns = {
  id: jobPosts.id,
  title: jobPosts.title,
  status: jobPosts.status,
  deadline: jobPosts.deadline,
  employerName: employers.companyName,
};

/** The global search's page of posts: the list's WHERE, newest registered first, no count (searchPage). */
export function searchJobPosts(
  executor: Executor,
  scope: Scope,
  filters: Omit<JobPostFilters, 'page' | 'pageSize' | 'sort' | 'order'>,
  today: string,
  limit: number,
) {
  return searchPage(
    executor,
    (e) => e.select(searchColumns).from(jobPosts).innerJoin(employers, eq(employers.id, jobPosts.employerId)),
    jobPosts,
    filterConditions(executor, scope, { ...filters, globalSearch: true }, today),
    limit,
  );
}

export async function findJobPost(
  executor: Executor,
  id: number,
  scope: Scope,
): Promise<JobPostRow | undefined> {
  // Built once per scope (db/list.ts builtOnce); the id is the statement's parameter.
  const [row] = await builtOnce(executor, 'job-posts detail', scope, () =>
    selectJobPosts(executor)
      .where(and(eq(jobPosts.id, sql.placeholder('id')), live(scope)))
      .limit(1),
  ).execute({ id });
  return row;
}

/** The live record, locked for the rest of the transaction. */
export async function lockJobPost(executor: Executor, id: number, scope: Scope) {
  return lockLive(executor, jobPosts, id, live(scope));
}

/** The employer's regular employees (5+ earn the overtime premium, docs/law-as-data.md#wages); 0 when gone. */
export async function employeeCountOf(executor: Executor, employerId: number): Promise<number> {
  const [row] = await executor
    .select({ employeeCount: employers.employeeCount })
    .from(employers)
    .where(eq(employers.id, employerId));
  return row?.employeeCount ?? 0;
}

/** The post's employer, read before anything is locked (the employer's row is locked first). */
export async function employerIdOfPost(executor: Executor, id: number): Promise<number | undefined> {
  const [row] = await executor
    .select({ employerId: jobPosts.employerId })
    .from(jobPosts)
    .where(eq(jobPosts.id, id))
    .limit(1);
  return row?.employerId;
}

/** An employer's name, deleted or not: a refused restore names the employer in the trash. */
export async function employerNameOf(executor: Executor, employerId: number): Promise<string> {
  const [row] = await executor
    .select({ companyName: employers.companyName })
    .from(employers)
    .where(eq(employers.id, employerId))
    .limit(1);
  return row?.companyName ?? '';
}

/**
 * The live employer's status, its row held `FOR SHARE` to the end of the transaction: its own status change
 * (`FOR UPDATE`) waits for the post's, or the post's sees it (docs/domain-integrity.md#locks).
 */
export async function shareEmployerStatus(executor: Executor, employerId: number) {
  const [row] = await executor
    .select({ status: employers.status })
    .from(employers)
    .where(and(eq(employers.id, employerId), isNull(employers.deletedAt)))
    .limit(1)
    .for('share');
  return row?.status;
}

/** The live employer's status and name, its row held `FOR SHARE` as `shareEmployerStatus` holds it. */
export async function shareEmployer(executor: Executor, employerId: number) {
  const [row] = await executor
    .select({ status: employers.status, companyName: employers.companyName })
    .from(employers)
    .where(and(eq(employers.id, employerId), isNull(employers.deletedAt)))
    .limit(1)
    .for('share');
  return row;
}

/**
 * A live employer the admin reaches: its branch and whether it is approved. Its row is held `FOR SHARE` to the end of
 * the transaction: the employer's delete (`FOR UPDATE`) waits for the post written under it, or the post's write
 * finds it deleted (docs/domain-integrity.md#locks).
 */
export async function findEmployerOf(executor: Executor, employerId: number, scope: Scope) {
  const [row] = await executor
    .select({ id: employers.id, branchId: employers.branchId, status: employers.status })
    .from(employers)
    .where(
      and(eq(employers.id, employerId), isNull(employers.deletedAt), scopeWhere(employers.branchId, scope)),
    )
    .limit(1)
    .for('share');
  return row;
}

export async function insertJobPost(executor: Executor, values: JobPostValues): Promise<number> {
  const [row] = await executor.insert(jobPosts).values(values).returning({ id: jobPosts.id });
  return row!.id;
}

export async function updateJobPost(
  executor: Executor,
  target: { id: number; version?: number; scope: Scope },
  values: Partial<JobPostValues>,
): Promise<boolean> {
  return updateVersioned(executor, jobPosts, target, values, live(target.scope));
}

export async function softDeleteJobPost(executor: Executor, id: number, scope: Scope): Promise<boolean> {
  return softDelete(executor, jobPosts, id, live(scope));
}

/** An employer's live posts open today (active, deadline not passed): what only an approved employer may have. */
export async function openPostsOf(executor: Executor, employerId: number, today: string) {
  return executor
    .select({ id: jobPosts.id, title: jobPosts.title })
    .from(jobPosts)
    .where(
      and(
        eq(jobPosts.employerId, employerId),
        eq(jobPosts.status, 'active'),
        or(isNull(jobPosts.deadline), gte(jobPosts.deadline, today)),
        isNull(jobPosts.deletedAt),
      ),
    )
    .orderBy(jobPosts.id);
}

/** The record in the admin's branches, deleted or not, locked for a restore from the trash. */
export async function lockForRestore(executor: Executor, id: number, scope: Scope) {
  return lockLive(executor, jobPosts, id, scopeWhere(jobPosts.branchId, scope));
}

export async function restoreJobPost(executor: Executor, id: number, scope: Scope): Promise<boolean> {
  return undelete(executor, jobPosts, id, scopeWhere(jobPosts.branchId, scope));
}

/** An employer's posts that are not deleted, whatever their status: what a deleted employer may not keep (docs/DOMAIN.md#invariants, I-21). */
export async function livePostsOf(executor: Executor, employerId: number) {
  return executor
    .select({ id: jobPosts.id, title: jobPosts.title })
    .from(jobPosts)
    .where(and(eq(jobPosts.employerId, employerId), isNull(jobPosts.deletedAt)))
    .orderBy(jobPosts.id);
}

/**
 * Moves an employer's posts in status `from` (active ones only while their deadline has not passed: the
 * others read as closed already) to `to`, in the caller's transaction; answers what moved.
 */
export async function moveEmployerPosts(
  executor: Executor,
  target: { employerId: number; from: JobPostStatus; to: JobPostStatus; today: string; reason: string },
) {
  const now = new Date();
  // The posts are locked first, in id order, and read as they were: an undo of the employer's change puts these
  // status fields back (docs/undo-and-trash.md#undo-of-a-status-change).
  const before = await executor
    .select({
      id: jobPosts.id,
      status: jobPosts.status,
      statusReason: jobPosts.statusReason,
      statusChangedAt: jobPosts.statusChangedAt,
      closedAt: jobPosts.closedAt,
    })
    .from(jobPosts)
    .where(
      and(
        eq(jobPosts.employerId, target.employerId),
        eq(jobPosts.status, target.from),
        target.from === 'active'
          ? or(isNull(jobPosts.deadline), gte(jobPosts.deadline, target.today))
          : undefined,
        isNull(jobPosts.deletedAt),
      ),
    )
    .orderBy(jobPosts.id)
    .for('update');
  if (before.length === 0) return [];
  const moved = await executor
    .update(jobPosts)
    .set({
      status: target.to,
      statusReason: target.reason,
      statusChangedAt: now,
      ...(target.to === 'closed' ? { closedAt: now } : {}),
      ...bumpVersion(jobPosts, now),
    })
    .where(
      and(
        inArray(
          jobPosts.id,
          before.map((row) => row.id),
        ),
        eq(jobPosts.status, target.from),
      ),
    )
    .returning({ id: jobPosts.id, title: jobPosts.title, version: jobPosts.version });
  const was = new Map(before.map((row) => [row.id, row]));
  return moved.map((row) => ({ ...row, before: was.get(row.id)! }));
}

/**
 * Puts every post of the employer, live or in the trash, in `branchId` (docs/DOMAIN.md#invariants, I-23), in the caller's
 * transaction; the posts are locked in id order first. Answers what moved, with the branch each was in.
 */
export async function moveEmployerPostsToBranch(executor: Executor, employerId: number, branchId: number) {
  const before = await executor
    .select({ id: jobPosts.id, branchId: jobPosts.branchId })
    .from(jobPosts)
    .where(and(eq(jobPosts.employerId, employerId), ne(jobPosts.branchId, branchId)))
    .orderBy(jobPosts.id)
    .for('update');
  if (before.length === 0) return [];
  const moved = await executor
    .update(jobPosts)
    .set({ branchId, ...bumpVersion(jobPosts) })
    .where(
      and(
        inArray(
          jobPosts.id,
          before.map((row) => row.id),
        ),
        eq(jobPosts.employerId, employerId),
      ),
    )
    .returning({ id: jobPosts.id, title: jobPosts.title });
  const was = new Map(before.map((row) => [row.id, row.branchId]));
  return moved.map((row) => ({ ...row, before: was.get(row.id)! }));
}

/**
 * Stores the close of every active post whose deadline (a Seoul date) is before `today`. Idempotent; the
 * closing instant is the start of the day after the deadline, the moment reads began to show it closed.
 */
export async function closeExpiredJobPosts(executor: Executor, today: string, reason: string) {
  return executor
    .update(jobPosts)
    .set({
      status: 'closed',
      closedAt: sql`((${jobPosts.deadline} + 1)::timestamp AT TIME ZONE 'Asia/Seoul')`,
      statusChangedAt: new Date(),
      statusReason: reason,
      ...bumpVersion(jobPosts),
    })
    .where(and(eq(jobPosts.status, 'active'), lt(jobPosts.deadline, today), isNull(jobPosts.deletedAt)))
    .returning({ id: jobPosts.id, title: jobPosts.title, deadline: jobPosts.deadline });
}
