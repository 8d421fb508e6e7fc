import type { PayoutStatus, PayoutType } from '@ilson/contracts';
import {
  and,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { builtOnce, containsPattern, sortedTablePage } from '../../db/list';
import { admins, employers, jobPosts, matchings, payoutDay, payouts, workers } from '../../db/schema';
import type { Executor } from '../../db/types';
import { lockLive, updateVersioned } from '../../db/versioned';
import { type Scope, scopeWhere } from '../../lib/scope';
import { searchableNames } from '../workers/workers.repository';

export type PayoutRecord = typeof payouts.$inferSelect;
export type PayoutValues = Omit<typeof payouts.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'version'>;

export type PayoutFilters = {
  status?: PayoutStatus;
  type?: PayoutType;
  employerId?: number;
  branchId?: number;
  dateFrom?: string;
  dateTo?: string;
  q?: { text: string; accountNoHash?: string };
};

export type PayoutListFilters = PayoutFilters & {
  sort: 'created_at' | 'scheduled_date' | 'paid_at' | 'amount';
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
};

export const SORT_COLUMNS = {
  created_at: payouts.createdAt,
  scheduled_date: payouts.scheduledDate,
  paid_at: payouts.paidAt,
  amount: payouts.amount,
} as const;

const lastEditor = alias(admins, 'last_editor');
const basisRecorder = alias(admins, 'basis_recorder');

// Replies never carry the ciphertext or the search hash: only the masked form is selected.
const { accountNoEnc: _enc, accountNoHash: _hash, ...visibleColumns } = getTableColumns(payouts);
const payoutColumns = {
  ...visibleColumns,
  employerName: employers.companyName,
  branchId: employers.branchId,
  workerNameKo: workers.nameKo,
  workerFirstName: workers.firstName,
  workerLastName: workers.lastName,
  lastEditorName: lastEditor.name,
  legalBasisByName: basisRecorder.name,
};

function selectPayouts(executor: Executor) {
  return executor
    .select(payoutColumns)
    .from(payouts)
    .innerJoin(employers, eq(employers.id, payouts.employerId))
    .leftJoin(workers, eq(workers.id, payouts.workerId))
    .leftJoin(lastEditor, eq(lastEditor.id, payouts.lastEditedBy))
    .leftJoin(basisRecorder, eq(basisRecorder.id, payouts.legalBasisBy));
}
export type PayoutRow = Awaited<ReturnType<ReturnType<typeof selectPayouts>['execute']>>[number];

/** The branch of a payout is its employer's, of which the payout keeps a copy (migration 0026). */
const ofBranch = (branchId: number | null) =>
  branchId === null ? sql`false` : eq(payouts.employerBranchId, branchId);
const scopeCondition = (scope: Scope) => (scope.all ? undefined : ofBranch(scope.branchId));

function searchCondition(executor: Executor, q: NonNullable<PayoutFilters['q']>): SQL | undefined {
  const pattern = containsPattern(q.text.replace(/\s+/g, ' '));
  const employerIds = executor
    .select({ id: employers.id })
    .from(employers)
    .where(ilike(employers.companyName, pattern));
  const workerIds = executor.select({ id: workers.id }).from(workers).where(ilike(searchableNames, pattern));
  return or(
    inArray(payouts.employerId, employerIds),
    inArray(payouts.workerId, workerIds),
    q.accountNoHash ? eq(payouts.accountNoHash, q.accountNoHash) : undefined,
  );
}

export function filterConditions(executor: Executor, scope: Scope, filters: PayoutFilters) {
  const day = payoutDay(payouts);
  return and(
    scopeCondition(scope),
    filters.status ? eq(payouts.status, filters.status) : undefined,
    filters.type ? eq(payouts.type, filters.type) : undefined,
    filters.employerId ? eq(payouts.employerId, filters.employerId) : undefined,
    filters.branchId ? ofBranch(filters.branchId) : undefined,
    filters.dateFrom ? gte(day, filters.dateFrom) : undefined,
    filters.dateTo ? lte(day, filters.dateTo) : undefined,
    filters.q ? searchCondition(executor, filters.q) : undefined,
  );
}

/** One page of payouts, and how many the filter matches (exact up to EXACT_TOTAL_LIMIT). */
export async function listPayouts(executor: Executor, scope: Scope, filters: PayoutListFilters) {
  return sortedTablePage(executor, payouts, { site: 'payouts list', key: [scope, filters] }, filters, () => {
    const where = filterConditions(executor, scope, filters);
    return { query: selectPayouts(executor), where, sortBy: SORT_COLUMNS[filters.sort] };
  });
}

/** Per status the count and sums over the whole filter (one GROUP BY; its counts add up to the total). */
export function payoutTotals(executor: Executor, scope: Scope, filters: PayoutFilters) {
  return executor
    .select({
      status: payouts.status,
      count: sql<number>`count(*)`.mapWith(Number),
      amount: sql<number>`coalesce(sum(${payouts.amount}), 0)::bigint`.mapWith(Number),
      vat: sql<number>`coalesce(sum(${payouts.vat}), 0)::bigint`.mapWith(Number),
    })
    .from(payouts)
    .where(filterConditions(executor, scope, filters))
    .groupBy(payouts.status);
}

export async function findPayout(
  executor: Executor,
  id: number,
  scope: Scope,
): Promise<PayoutRow | undefined> {
  // Built once per scope (db/list.ts builtOnce); the id is the statement's parameter.
  const [row] = await builtOnce(executor, 'payouts detail', scope, () =>
    selectPayouts(executor)
      .where(and(eq(payouts.id, sql.placeholder('id')), scopeCondition(scope)))
      .limit(1),
  ).execute({ id });
  return row;
}

/** The record with its encrypted column, locked for the rest of the transaction. */
export async function lockPayout(executor: Executor, id: number, scope: Scope) {
  return lockLive(executor, payouts, id, scopeCondition(scope));
}

export async function insertPayout(executor: Executor, values: PayoutValues): Promise<number> {
  const [row] = await executor.insert(payouts).values(values).returning({ id: payouts.id });
  return row!.id;
}

export async function updatePayout(
  executor: Executor,
  target: { id: number; version?: number },
  values: Partial<PayoutValues>,
): Promise<boolean> {
  return updateVersioned(executor, payouts, target, values);
}

/** A live employer the admin reaches. */
export async function employerFor(executor: Executor, id: number, scope: Scope) {
  const [row] = await executor
    .select({ id: employers.id, companyName: employers.companyName })
    .from(employers)
    .where(and(eq(employers.id, id), isNull(employers.deletedAt), scopeWhere(employers.branchId, scope)))
    .limit(1);
  return row;
}

export async function matchingFor(executor: Executor, id: number, scope: Scope) {
  const [row] = await executor
    .select({ id: matchings.id, employerId: matchings.employerId, workerId: matchings.workerId })
    .from(matchings)
    .where(and(eq(matchings.id, id), scopeWhere(matchings.branchId, scope)))
    .limit(1);
  return row;
}

export async function workerFor(executor: Executor, id: number, scope: Scope) {
  const [row] = await executor
    .select({ id: workers.id })
    .from(workers)
    .where(and(eq(workers.id, id), isNull(workers.deletedAt), scopeWhere(workers.branchId, scope)))
    .limit(1);
  return row;
}

/** The encrypted account number, for a reveal only. */
export async function findAccountNo(executor: Executor, id: number, scope: Scope) {
  const [row] = await executor
    .select({
      accountNoEnc: payouts.accountNoEnc,
      destroyedAt: payouts.destroyedAt,
      employerName: employers.companyName,
    })
    .from(payouts)
    .innerJoin(employers, eq(employers.id, payouts.employerId))
    .where(and(eq(payouts.id, id), scopeCondition(scope)))
    .limit(1);
  return row;
}

/** The matching's fee payout that is not cancelled, other than `exceptId` (one per matching, docs/DOMAIN.md). */
export async function liveMatchingFee(executor: Executor, matchingId: number, exceptId?: number) {
  const [row] = await executor
    .select({ id: payouts.id, amount: payouts.amount, status: payouts.status })
    .from(payouts)
    .where(
      and(
        eq(payouts.matchingId, matchingId),
        eq(payouts.type, 'matching_fee'),
        ne(payouts.status, 'cancelled'),
        exceptId === undefined ? undefined : ne(payouts.id, exceptId),
      ),
    )
    .limit(1);
  return row;
}

/**
 * What the fee rules read of a matching (docs/law-as-data.md#fees): the visa it took, its start date, its agreed pay
 * and its post's pay, schedule and contract months. Both rows are held `FOR SHARE` to the end of the transaction, so
 * an edit of the pay or the schedule waits for the fee, or the fee sees it.
 */
export async function feeMatching(executor: Executor, matchingId: number, options: { lock?: boolean } = {}) {
  const query = executor
    .select({
      visaType: matchings.workerVisaType,
      startDate: matchings.startDate,
      agreedSalaryType: matchings.agreedSalaryType,
      agreedSalaryAmount: matchings.agreedSalaryAmount,
      salaryType: jobPosts.salaryType,
      salaryAmount: jobPosts.salaryAmount,
      workDays: jobPosts.workDays,
      workStartTime: jobPosts.workStartTime,
      workEndTime: jobPosts.workEndTime,
      breakMinutes: jobPosts.breakMinutes,
      contractMonths: jobPosts.contractMonths,
    })
    .from(matchings)
    .innerJoin(jobPosts, eq(jobPosts.id, matchings.jobPostId))
    .where(eq(matchings.id, matchingId))
    .limit(1)
    .$dynamic();
  const [row] = await (options.lock === false ? query : query.for('share'));
  return row;
}

/**
 * The fee payouts that must keep the fee rules (docs/DOMAIN.md#invariants, I-31: `matching_fee`, not cancelled) which a change of a matching, of
 * a post's pay (its matchings' fees) or of a worker's visa (the fees naming the worker and no matching) reaches.
 */
export async function liveFeesOf(
  executor: Executor,
  by: { matchingId: number } | { jobPostId: number } | { workerId: number },
) {
  const reached =
    'matchingId' in by
      ? eq(payouts.matchingId, by.matchingId)
      : 'jobPostId' in by
        ? inArray(
            payouts.matchingId,
            executor
              .select({ id: matchings.id })
              .from(matchings)
              .where(eq(matchings.jobPostId, by.jobPostId)),
          )
        : and(eq(payouts.workerId, by.workerId), isNull(payouts.matchingId));
  return executor
    .select({
      id: payouts.id,
      matchingId: payouts.matchingId,
      workerId: payouts.workerId,
      amount: payouts.amount,
      legalBasisNote: payouts.legalBasisNote,
    })
    .from(payouts)
    .where(and(eq(payouts.type, 'matching_fee'), ne(payouts.status, 'cancelled'), reached))
    .orderBy(payouts.id);
}

/**
 * The worker's visa, for a fee that names a worker but no matching; share-locked for a write, so a visa edit (which
 * locks the worker for update) and the fee's write do not both pass (docs/law-as-data.md#fees).
 */
export async function workerVisa(executor: Executor, workerId: number, options: { lock?: boolean } = {}) {
  const query = executor
    .select({ visaType: workers.visaType })
    .from(workers)
    .where(eq(workers.id, workerId))
    .limit(1)
    .$dynamic();
  const [row] = await (options.lock === false ? query : query.for('share'));
  return row?.visaType ?? null;
}
