import type { EmployerStatus } from '@ilson/contracts';
import { and, eq, getTableColumns, gte, ilike, isNull, like, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  builtOnce,
  contactDigitsCondition,
  containsPattern,
  searchPage,
  sortedTablePage,
} from '../../db/list';
import { admins, branches, employers } from '../../db/schema';
import type { Executor } from '../../db/types';
import { lockLive, softDelete, undelete, updateVersioned } from '../../db/versioned';
import { type Scope, scopeWhere } from '../../lib/scope';

export type EmployerRecord = typeof employers.$inferSelect;
export type EmployerRow = EmployerRecord & { branchName: string | null; approvedByName: string | null };
export type EmployerValues = Omit<
  typeof employers.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'version' | 'deletedAt'
>;

export type EmployerFilterValues = {
  status?: EmployerStatus;
  industry?: string;
  branchId?: number;
  region?: string;
  createdFrom?: Date;
  createdBefore?: Date;
  /**
   * The search box as typed, its digits when it holds only digits and dashes, and whether the searcher sees phone
   * numbers masked (then only their last four digits are searched).
   */
  q?: { text: string; digits: string | null; contactsMasked?: boolean };
};

export type EmployerFilters = EmployerFilterValues & {
  sort: 'created_at' | 'company_name' | 'status' | 'approved_at';
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
};

export const SORT_COLUMNS = {
  created_at: employers.createdAt,
  company_name: employers.companyName,
  status: employers.status,
  approved_at: employers.approvedAt,
} as const;

const approver = alias(admins, 'approver');
const employerColumns = {
  ...getTableColumns(employers),
  branchName: branches.name,
  approvedByName: approver.name,
};

function selectEmployers(executor: Executor) {
  return executor
    .select(employerColumns)
    .from(employers)
    .leftJoin(branches, eq(branches.id, employers.branchId))
    .leftJoin(approver, eq(approver.id, employers.approvedBy));
}

const live = (scope: Scope) => and(isNull(employers.deletedAt), scopeWhere(employers.branchId, scope));

function searchCondition(q: NonNullable<EmployerFilters['q']>): SQL | undefined {
  const text = containsPattern(q.text);
  const conditions = [ilike(employers.companyName, text), ilike(employers.ceoName, text)];
  if (q.digits && q.digits.length >= 3) {
    const digits = containsPattern(q.digits);
    conditions.push(
      q.digits.length === 10 ? eq(employers.businessRegNo, q.digits) : like(employers.businessRegNo, digits),
      contactDigitsCondition(employers.phone, q.digits, q.contactsMasked ?? false),
      contactDigitsCondition(employers.managerPhone, q.digits, q.contactsMasked ?? false),
    );
  }
  return or(...conditions);
}

/** The list's WHERE: live records of the admin's branches and the screen's filters (exports share it). */
export function filterConditions(scope: Scope, filters: EmployerFilterValues): SQL | undefined {
  return and(
    live(scope),
    filters.status ? eq(employers.status, filters.status) : undefined,
    filters.industry ? eq(employers.industry, filters.industry as EmployerRecord['industry']) : undefined,
    filters.branchId ? eq(employers.branchId, filters.branchId) : undefined,
    filters.region ? eq(employers.region, filters.region) : undefined,
    filters.createdFrom ? gte(employers.createdAt, filters.createdFrom) : undefined,
    filters.createdBefore ? lt(employers.createdAt, filters.createdBefore) : undefined,
    filters.q ? searchCondition(filters.q) : undefined,
  );
}

export async function listEmployers(executor: Executor, scope: Scope, filters: EmployerFilters) {
  return sortedTablePage(
    executor,
    employers,
    { site: 'employers list', key: [scope, filters] },
    filters,
    () => {
      const where = filterConditions(scope, filters);
      return { query: selectEmployers(executor), where, sortBy: SORT_COLUMNS[filters.sort] };
    },
  );
}

/**
 * What the global search shows of an employer: a few columns of its own, no joins — the list's row is six times as
 * wide and each of its columns is built, sent and parsed again per search (docs/ARCHITECTURE.md#global-search).
 */
const searchColumns = {
  id: employers.id,
  companyName: employers.companyName,
  businessRegNo: employers.businessRegNo,
  ceoName: employers.ceoName,
  status: employers.status,
};

/** The global search's page of employers: the list's WHERE, newest registered first, no count (searchPage). */
export function searchEmployers(
  executor: Executor,
  scope: Scope,
  filters: EmployerFilterValues,
  limit: number,
) {
  return searchPage(
    executor,
    (e) => e.select(searchColumns).from(employers),
    employers,
    filterConditions(scope, filters),
    limit,
  );
}

export async function findEmployer(
  executor: Executor,
  id: number,
  scope: Scope,
): Promise<EmployerRow | undefined> {
  // Built once per scope (db/list.ts builtOnce); the id is the statement's parameter.
  const [row] = await builtOnce(executor, 'employers detail', scope, () =>
    selectEmployers(executor)
      .where(and(eq(employers.id, sql.placeholder('id')), live(scope)))
      .limit(1),
  ).execute({ id });
  return row;
}

/** The live record, locked for the rest of the transaction. */
export async function lockEmployer(executor: Executor, id: number, scope: Scope) {
  return lockLive(executor, employers, id, live(scope));
}

/** The record in the admin's branches, deleted or not, locked for a restore from the trash. */
export async function lockForRestore(executor: Executor, id: number, scope: Scope) {
  return lockLive(executor, employers, id, scopeWhere(employers.branchId, scope));
}

export async function restoreEmployer(executor: Executor, id: number, scope: Scope): Promise<boolean> {
  return undelete(executor, employers, id, scopeWhere(employers.branchId, scope));
}

export async function businessRegNoTaken(executor: Executor, regNo: string, exceptId?: number) {
  const [row] = await executor
    .select({ id: employers.id })
    .from(employers)
    .where(
      and(
        eq(employers.businessRegNo, regNo),
        isNull(employers.deletedAt),
        exceptId ? ne(employers.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertEmployer(executor: Executor, values: EmployerValues): Promise<number> {
  const [row] = await executor.insert(employers).values(values).returning({ id: employers.id });
  return row!.id;
}

/**
 * Applies a change when the version still matches (no version: a bulk action on the locked row).
 * False when nothing was updated.
 */
export async function updateEmployer(
  executor: Executor,
  target: { id: number; version?: number; scope: Scope },
  values: Partial<EmployerValues>,
): Promise<boolean> {
  return updateVersioned(executor, employers, target, values, live(target.scope));
}

export async function softDeleteEmployer(executor: Executor, id: number, scope: Scope): Promise<boolean> {
  return softDelete(executor, employers, id, live(scope));
}
