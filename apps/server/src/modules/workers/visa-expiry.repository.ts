import { and, asc, eq, gte, isNotNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import { pageWindow, tableTotal } from '../../db/list';
import { branches, workers } from '../../db/schema';
import type { Executor } from '../../db/types';
import type { Scope } from '../../lib/scope';
import { filterConditions, type WorkerFilters, workerIdentityColumns } from './workers.repository';

/** Expiry dates between two days, inclusive; an open start reaches back to the oldest overdue visa. */
export type DateWindow = { from?: string; to: string };

function within(window: DateWindow): SQL | undefined {
  return and(
    window.from ? gte(workers.visaExpiryDate, window.from) : undefined,
    lte(workers.visaExpiryDate, window.to),
  );
}

/** Departed workers and workers without an expiry date are never on the visa-expiry board. */
export function boardConditions(scope: Scope, filters: WorkerFilters, window: DateWindow) {
  return and(
    filterConditions(scope, filters),
    ne(workers.status, 'departed'),
    isNotNull(workers.visaExpiryDate),
    within(window),
  );
}

/** How many workers fall in each window, under the same filters, in one pass. */
export async function countByWindow(
  executor: Executor,
  scope: Scope,
  filters: WorkerFilters,
  board: DateWindow,
  windows: Record<string, DateWindow>,
): Promise<Record<string, number>> {
  const columns = Object.fromEntries(
    Object.entries(windows).map(([key, window]) => [
      key,
      sql<number>`count(*) FILTER (WHERE ${within(window)})`.mapWith(Number),
    ]),
  );
  const [row] = await executor
    .select(columns)
    .from(workers)
    .where(boardConditions(scope, filters, board));
  return (row ?? {}) as Record<string, number>;
}

export async function listExpiring(
  executor: Executor,
  scope: Scope,
  query: { filters: WorkerFilters; window: DateWindow; today: string; page: number; pageSize: number },
) {
  const where = boardConditions(scope, query.filters, query.window);
  const { limit, offset } = pageWindow(query);
  const rows = await executor
    .select({
      ...workerIdentityColumns,
      visaStatus: workers.visaStatus,
      visaExpiryDate: sql<string>`${workers.visaExpiryDate}`.mapWith(workers.visaExpiryDate),
      daysLeft: sql<number>`(${workers.visaExpiryDate} - ${query.today}::date)`.mapWith(Number),
      extensionStatus: workers.extensionStatus,
      extensionAppliedAt: workers.extensionAppliedAt,
      extensionApprovedAt: workers.extensionApprovedAt,
      phoneNumber: workers.phoneNumber,
      branchId: workers.branchId,
      branchName: branches.name,
      status: workers.status,
      version: workers.version,
    })
    .from(workers)
    .leftJoin(branches, eq(branches.id, workers.branchId))
    .where(where)
    .orderBy(asc(workers.visaExpiryDate), asc(workers.id))
    .limit(limit)
    .offset(offset);
  return { rows, ...(await tableTotal(executor, workers, where)) };
}
