import type { BranchStatus } from '@ilson/contracts';
import { and, asc, desc, eq, getTableColumns, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { builtOnce, containsPattern, once, pageWindow, tableTotal } from '../../db/list';
import { admins, branches, employers, workers } from '../../db/schema';
import type { Executor } from '../../db/types';
import { lockLive, updateVersioned } from '../../db/versioned';
import { type Scope, scopeWhere } from '../../lib/scope';

export type BranchRow = typeof branches.$inferSelect & { managerName: string | null };
export type BranchValues = Omit<typeof branches.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'version'>;

export type BranchFilters = {
  status?: BranchStatus;
  region?: string;
  q?: string;
  sort: 'created_at' | 'name' | 'code' | 'region';
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
};

const SORT_COLUMNS = {
  created_at: branches.createdAt,
  name: branches.name,
  code: branches.code,
  region: branches.region,
} as const;

const branchColumns = { ...getTableColumns(branches), managerName: admins.name };

function selectBranches(executor: Executor) {
  return executor
    .select(branchColumns)
    .from(branches)
    .leftJoin(admins, eq(admins.id, branches.managerAdminId));
}

/** `countRows: false`: the page alone (the global search, which shows a few rows and no total). */
export async function listBranches(
  executor: Executor,
  scope: Scope,
  filters: BranchFilters,
  countRows = true,
) {
  // Built once per filter (db/list.ts builtOnce): the WHERE only when a statement is.
  const where = once(() => {
    const conditions: (SQL | undefined)[] = [
      scopeWhere(branches.id, scope),
      filters.status ? eq(branches.status, filters.status) : undefined,
      filters.region ? eq(branches.region, filters.region) : undefined,
    ];
    if (filters.q) {
      const pattern = containsPattern(filters.q);
      conditions.push(or(ilike(branches.name, pattern), ilike(branches.code, pattern)));
    }
    return and(...conditions);
  });
  const reuse = { site: 'branches list', key: [scope, filters] };
  const rows = await builtOnce(executor, reuse.site, reuse.key, () => {
    const direction = filters.order === 'asc' ? asc : desc;
    const { limit, offset } = pageWindow(filters);
    return selectBranches(executor)
      .where(where())
      .orderBy(direction(SORT_COLUMNS[filters.sort]), direction(branches.id))
      .limit(limit)
      .offset(offset);
  }).execute();
  if (!countRows) return { rows, total: rows.length, totalEstimated: false };
  return { rows, ...(await tableTotal(executor, branches, where, reuse)) };
}

export async function findBranch(
  executor: Executor,
  id: number,
  scope: Scope,
): Promise<BranchRow | undefined> {
  const [row] = await selectBranches(executor)
    .where(and(eq(branches.id, id), scopeWhere(branches.id, scope)))
    .limit(1);
  return row;
}

/** Live employers and workers of the branch (its detail page). */
export async function countLiveRecords(executor: Executor, id: number) {
  const [row] = await executor
    .select({
      employerCount:
        sql<number>`(SELECT count(*) FROM ${employers} WHERE ${employers.branchId} = ${id} AND ${employers.deletedAt} IS NULL)`.mapWith(
          Number,
        ),
      workerCount:
        sql<number>`(SELECT count(*) FROM ${workers} WHERE ${workers.branchId} = ${id} AND ${workers.deletedAt} IS NULL)`.mapWith(
          Number,
        ),
    })
    .from(branches)
    .where(eq(branches.id, id));
  return row ?? { employerCount: 0, workerCount: 0 };
}

/** Anything that still points at the branch, deleted records included (their history keeps the branch). */
export async function branchReferences(executor: Executor, id: number) {
  const [row] = await executor
    .select({
      records: sql<boolean>`EXISTS (SELECT 1 FROM ${employers} WHERE ${employers.branchId} = ${id})
        OR EXISTS (SELECT 1 FROM ${workers} WHERE ${workers.branchId} = ${id})`,
      admins: sql<boolean>`EXISTS (SELECT 1 FROM ${admins} WHERE ${admins.branchId} = ${id})`,
    })
    .from(branches)
    .where(eq(branches.id, id));
  return { records: Boolean(row?.records), admins: Boolean(row?.admins) };
}

export async function codeTaken(executor: Executor, code: string, exceptId?: number): Promise<boolean> {
  const [row] = await executor
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.code, code), exceptId ? ne(branches.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

export async function activeAdminExists(executor: Executor, adminId: number): Promise<boolean> {
  const [row] = await executor
    .select({ id: admins.id })
    .from(admins)
    .where(and(eq(admins.id, adminId), ne(admins.status, 'disabled')))
    .limit(1);
  return Boolean(row);
}

export async function lockBranch(executor: Executor, id: number, scope: Scope) {
  return lockLive(executor, branches, id, scopeWhere(branches.id, scope));
}

export async function insertBranch(executor: Executor, values: BranchValues): Promise<number> {
  const [row] = await executor.insert(branches).values(values).returning({ id: branches.id });
  return row!.id;
}

/** Applies a change when the version still matches; false when it does not (stale or gone). */
export async function updateBranch(
  executor: Executor,
  target: { id: number; version: number; scope: Scope },
  values: Partial<BranchValues>,
): Promise<boolean> {
  return updateVersioned(executor, branches, target, values, scopeWhere(branches.id, target.scope));
}

export async function deleteBranch(executor: Executor, id: number, scope: Scope): Promise<void> {
  await executor.delete(branches).where(and(eq(branches.id, id), scopeWhere(branches.id, scope)));
}

/** Several branches' standing, each locked `FOR SHARE` (holdBranches). */
export async function branchesStanding(executor: Executor, ids: number[]) {
  const rows =
    ids.length === 0
      ? []
      : await executor
          .select({ id: branches.id, status: branches.status, name: branches.name })
          .from(branches)
          .where(inArray(branches.id, ids))
          .orderBy(asc(branches.id))
          .for('share');
  return new Map(rows.map((row) => [row.id, { status: row.status, name: row.name }]));
}

/**
 * A branch's status and name, or undefined when there is no such branch; the row is held `FOR SHARE` to the end of the
 * transaction, so a deactivation waits for the write that read it active (docs/domain-integrity.md#locks).
 */
export async function branchStanding(
  executor: Executor,
  branchId: number,
): Promise<{ status: BranchStatus; name: string } | undefined> {
  // Built once (db/list.ts builtOnce): every create checks its branch here, an import's commit once per row.
  const [row] = await builtOnce(executor, 'branches standing', '', () =>
    executor
      .select({ status: branches.status, name: branches.name })
      .from(branches)
      .where(eq(branches.id, sql.placeholder('id')))
      .limit(1)
      .for('share'),
  ).execute({ id: branchId });
  return row;
}
