import type { AdminStatus, Role } from '@ilson/contracts';
import { and, asc, count, desc, eq, getTableColumns, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import { builtOnce, containsPattern, once, pageWindow, tableTotal } from '../../db/list';
import { admins, branches } from '../../db/schema';
import type { Executor } from '../../db/types';
import { updateVersioned } from '../../db/versioned';

export type AdminRecord = Omit<typeof admins.$inferSelect, 'passwordHash' | 'status'> & {
  status: AdminStatus;
  branchName: string | null;
};
export type AdminValues = Omit<
  typeof admins.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'version' | 'passwordChangedAt'
>;

export type AdminFilters = {
  q?: string;
  role?: Role;
  status?: AdminStatus;
  branchId?: number;
  sort: 'created_at' | 'name' | 'login_id' | 'last_login_at';
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
};

const SORT_COLUMNS = {
  created_at: admins.createdAt,
  name: admins.name,
  login_id: admins.loginId,
  last_login_at: admins.lastLoginAt,
} as const;

/** `locked` only while the lock lasts: an expired lock is stored as locked until the next login, but reads active. */
const effectiveStatus = sql<AdminStatus>`CASE
  WHEN ${admins.status} = 'locked' AND (${admins.lockedUntil} IS NULL OR ${admins.lockedUntil} <= now()) THEN 'active'
  ELSE ${admins.status} END`;

/** Every column but the password hash, which never leaves the repository. */
const { passwordHash: _hash, ...publicColumns } = getTableColumns(admins);
const adminColumns = { ...publicColumns, status: effectiveStatus, branchName: branches.name };

function selectAdmins(executor: Executor) {
  return executor.select(adminColumns).from(admins).leftJoin(branches, eq(branches.id, admins.branchId));
}

/** Admins a select may offer: everyone not disabled, by name. */
export async function listAdminOptions(executor: Executor) {
  return executor
    .select({ id: admins.id, name: admins.name, loginId: admins.loginId, role: admins.role })
    .from(admins)
    .where(ne(admins.status, 'disabled'))
    .orderBy(asc(admins.name), asc(admins.id));
}

/** `countRows: false`: the page alone (the global search, which shows a few rows and no total). */
export async function listAdmins(executor: Executor, filters: AdminFilters, countRows = true) {
  // Built once per filter (db/list.ts builtOnce): the WHERE only when a statement is.
  const where = once(() => {
    const conditions: (SQL | undefined)[] = [
      filters.role ? eq(admins.role, filters.role) : undefined,
      filters.status ? sql`${effectiveStatus} = ${filters.status}` : undefined,
      filters.branchId ? eq(admins.branchId, filters.branchId) : undefined,
    ];
    if (filters.q) {
      const pattern = containsPattern(filters.q);
      conditions.push(
        or(ilike(admins.name, pattern), ilike(admins.loginId, pattern), ilike(admins.email, pattern)),
      );
    }
    return and(...conditions);
  });
  const reuse = { site: 'admins list', key: filters };
  const rows = await builtOnce(executor, reuse.site, reuse.key, () => {
    const direction = filters.order === 'asc' ? asc : desc;
    const sortColumn = SORT_COLUMNS[filters.sort];
    const { limit, offset } = pageWindow(filters);
    return selectAdmins(executor)
      .where(where())
      .orderBy(
        filters.sort === 'last_login_at'
          ? sql`${sortColumn} ${sql.raw(filters.order)} NULLS LAST`
          : direction(sortColumn),
        direction(admins.id),
      )
      .limit(limit)
      .offset(offset);
  }).execute();
  if (!countRows) return { rows, total: rows.length, totalEstimated: false };
  return { rows, ...(await tableTotal(executor, admins, where, reuse)) };
}

export async function findAdmin(executor: Executor, id: number): Promise<AdminRecord | undefined> {
  const [row] = await selectAdmins(executor).where(eq(admins.id, id)).limit(1);
  return row;
}

/** The stored row (stored status, not the effective one), locked for the rest of the transaction. */
export async function lockAdmin(executor: Executor, id: number) {
  const [row] = await executor
    .select({ ...publicColumns, effectiveStatus })
    .from(admins)
    .where(eq(admins.id, id))
    .for('update')
    .limit(1);
  return row;
}

/** Serialises role and status changes of admins across API processes (taken before any row lock). */
export async function lockAdminChanges(executor: Executor) {
  await executor.execute(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.adminChanges})`);
}

/** Super_admins, other than the one given, that can still sign in (locked ones can again after the lock). */
export async function countOtherActiveSuperAdmins(executor: Executor, exceptId: number): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(admins)
    .where(and(eq(admins.role, 'super_admin'), ne(admins.status, 'disabled'), ne(admins.id, exceptId)));
  return row?.n ?? 0;
}

export async function loginIdTaken(executor: Executor, loginId: string, exceptId?: number) {
  const [row] = await executor
    .select({ id: admins.id })
    .from(admins)
    .where(
      and(
        sql`lower(${admins.loginId}) = ${loginId.toLowerCase()}`,
        exceptId ? ne(admins.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function emailTaken(executor: Executor, email: string, exceptId?: number) {
  const [row] = await executor
    .select({ id: admins.id })
    .from(admins)
    .where(
      and(
        sql`lower(${admins.email}) = ${email.toLowerCase()}`,
        exceptId ? ne(admins.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function branchExists(executor: Executor, branchId: number): Promise<boolean> {
  const [row] = await executor
    .select({ id: branches.id })
    .from(branches)
    .where(eq(branches.id, branchId))
    .limit(1);
  return Boolean(row);
}

export async function insertAdmin(executor: Executor, values: AdminValues): Promise<number> {
  const [row] = await executor.insert(admins).values(values).returning({ id: admins.id });
  return row!.id;
}

/** Applies a change when the version still matches; false when it does not (stale or gone). */
export async function updateAdmin(
  executor: Executor,
  target: { id: number; version: number },
  values: Partial<AdminValues> & { passwordChangedAt?: Date },
): Promise<boolean> {
  return updateVersioned(executor, admins, target, values);
}
