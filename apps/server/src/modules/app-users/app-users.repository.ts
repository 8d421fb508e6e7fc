import type { AppUserStatus, AppUserType } from '@ilson/contracts';
import { and, eq, getTableColumns, gte, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { contactDigitsCondition, containsPattern, sortedTablePage } from '../../db/list';
import { appUsers, employers, lastSeen, workers } from '../../db/schema';
import type { Executor } from '../../db/types';
import { lockLive, updateVersioned } from '../../db/versioned';
import type { Scope } from '../../lib/scope';

export type AppUserRecord = typeof appUsers.$inferSelect;
export type AppUserValues = Omit<typeof appUsers.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'version'>;

export type AppUserListFilters = {
  userType?: AppUserType;
  branchId?: number;
  status?: AppUserStatus;
  joinedFrom?: Date;
  joinedBefore?: Date;
  lastLoginFrom?: Date;
  lastLoginBefore?: Date;
  /** `contactsMasked`: the searcher sees e-mails and phones masked, so neither is searched beyond what it shows. */
  q?: { text: string; digits: string | null; contactsMasked: boolean };
  sort: 'joined_at' | 'last_login_at' | 'name';
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
};

export const SORT_COLUMNS = {
  joined_at: appUsers.joinedAt,
  last_login_at: appUsers.lastLoginAt,
  name: appUsers.name,
} as const;

const seen = lastSeen(appUsers);

/** `dormant` is not stored: an active account not seen since `dormantSince` reads as dormant. */
function effectiveStatus(dormantSince: Date) {
  return sql<AppUserStatus>`CASE WHEN ${appUsers.status} = 'active' AND ${seen} < ${dormantSince} THEN 'dormant' ELSE ${appUsers.status} END`;
}

function statusCondition(status: AppUserStatus, dormantSince: Date): SQL | undefined {
  // An account is seen no earlier than it joined, so a dormant one also joined before `dormantSince`: said
  // outright, it lets the joined_at index skip every recent member instead of reading past them.
  if (status === 'dormant') {
    return and(eq(appUsers.status, 'active'), lt(seen, dormantSince), lt(appUsers.joinedAt, dormantSince));
  }
  if (status === 'active') return and(eq(appUsers.status, 'active'), gte(seen, dormantSince));
  return eq(appUsers.status, status);
}

/** The account's branch is its linked record's: semi-joins, so a lock or a count needs no join. */
function inBranch(executor: Executor, branchId: number): SQL | undefined {
  return or(
    inArray(
      appUsers.employerId,
      executor.select({ id: employers.id }).from(employers).where(eq(employers.branchId, branchId)),
    ),
    inArray(
      appUsers.workerId,
      executor.select({ id: workers.id }).from(workers).where(eq(workers.branchId, branchId)),
    ),
  );
}

function scopeCondition(executor: Executor, scope: Scope): SQL | undefined {
  if (scope.all) return undefined;
  if (scope.branchId === null) return sql`false`;
  return inBranch(executor, scope.branchId);
}

function selectAppUsers(executor: Executor, dormantSince: Date) {
  return executor
    .select({
      ...getTableColumns(appUsers),
      status: effectiveStatus(dormantSince),
      employerName: employers.companyName,
      workerNameKo: workers.nameKo,
      workerFirstName: workers.firstName,
      workerLastName: workers.lastName,
      branchId: sql<number | null>`coalesce(${employers.branchId}, ${workers.branchId})`,
    })
    .from(appUsers)
    .leftJoin(employers, eq(employers.id, appUsers.employerId))
    .leftJoin(workers, eq(workers.id, appUsers.workerId));
}
export type AppUserRow = Awaited<ReturnType<ReturnType<typeof selectAppUsers>['execute']>>[number];

function searchCondition(q: NonNullable<AppUserListFilters['q']>): SQL | undefined {
  const pattern = containsPattern(q.text);
  return or(
    ilike(appUsers.name, pattern),
    ilike(appUsers.loginId, pattern),
    q.contactsMasked ? undefined : ilike(appUsers.email, pattern),
    q.digits && q.digits.length >= 3
      ? contactDigitsCondition(appUsers.phone, q.digits, q.contactsMasked)
      : undefined,
  );
}

export async function listAppUsers(
  executor: Executor,
  scope: Scope,
  dormantSince: Date,
  filters: AppUserListFilters,
) {
  // dormantSince is whole seconds (the service's list): a burst of the same page shares its statements.
  return sortedTablePage(
    executor,
    appUsers,
    { site: 'app-users list', key: [scope, dormantSince, filters] },
    filters,
    () => {
      const where = and(
        scopeCondition(executor, scope),
        filters.branchId ? inBranch(executor, filters.branchId) : undefined,
        filters.userType ? eq(appUsers.userType, filters.userType) : undefined,
        filters.status ? statusCondition(filters.status, dormantSince) : undefined,
        filters.joinedFrom ? gte(appUsers.joinedAt, filters.joinedFrom) : undefined,
        filters.joinedBefore ? lt(appUsers.joinedAt, filters.joinedBefore) : undefined,
        filters.lastLoginFrom ? gte(appUsers.lastLoginAt, filters.lastLoginFrom) : undefined,
        filters.lastLoginBefore ? lt(appUsers.lastLoginAt, filters.lastLoginBefore) : undefined,
        // A destroyed account drops out of every search (docs/privacy-lifecycle.md).
        filters.q ? and(isNull(appUsers.destroyedAt), searchCondition(filters.q)) : undefined,
      );
      return { query: selectAppUsers(executor, dormantSince), where, sortBy: SORT_COLUMNS[filters.sort] };
    },
  );
}

export async function findAppUser(executor: Executor, id: number, scope: Scope, dormantSince: Date) {
  const [row] = await selectAppUsers(executor, dormantSince)
    .where(and(eq(appUsers.id, id), scopeCondition(executor, scope)))
    .limit(1);
  return row;
}

export async function lockAppUser(executor: Executor, id: number, scope: Scope) {
  return lockLive(executor, appUsers, id, scopeCondition(executor, scope));
}

export async function updateAppUser(
  executor: Executor,
  target: { id: number; version: number },
  values: Partial<AppUserValues>,
): Promise<boolean> {
  return updateVersioned(executor, appUsers, target, values);
}
