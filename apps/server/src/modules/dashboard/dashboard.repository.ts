import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import {
  branches,
  employers,
  jobPosts,
  matchingStatusHistory,
  matchings,
  payouts,
  reviews,
  workers,
} from '../../db/schema';
import type { Executor } from '../../db/types';
import { seoulToday } from '../../lib/dates';
import { type Scope, scopeWhere } from '../../lib/scope';
import { filterConditions as employerConditions } from '../employers/employers.repository';
import { filterConditions as payoutConditions } from '../payouts/payouts.repository';
import { inQueue } from '../reviews/reviews.repository';
import { boardConditions } from '../workers/visa-expiry.repository';
import { filterConditions as workerConditions, workerIdentityColumns } from '../workers/workers.repository';

/** Seoul dates: today, and the last day of the first visa alert window. */
export type VisaWindow = { today: string; windowEnd: string };

/** A Seoul-calendar span and the instants it covers: `[from, before)`. */
export type Span = { from: Date; before: Date };

const int = (expression: SQL) => sql<number>`(${expression})::int`.mapWith(Number);

/**
 * Every KPI count in one statement: one aggregate per table, as the rows of a UNION ALL (no join for the
 * planner to order, which costs PGlite more than the counting), so PGlite answers in one round trip. Each
 * WHERE is the one of the list the card links to.
 */
export async function kpiCounts(executor: Executor, scope: Scope, visa: VisaWindow) {
  const zero = sql<number>`0::bigint`.mapWith(Number);
  const big = (expression: SQL) => sql<number>`(${expression})::bigint`.mapWith(Number);
  const employersPart = executor
    .select({ kind: sql<string>`'employers'`, a: big(sql`count(*)`), b: zero, c: zero })
    .from(employers)
    .where(employerConditions(scope, { status: 'pending' }));
  const postsPart = executor
    .select({ kind: sql<string>`'posts'`, a: big(sql`count(*)`), b: zero, c: zero })
    .from(jobPosts)
    .where(
      and(isNull(jobPosts.deletedAt), scopeWhere(jobPosts.branchId, scope), eq(jobPosts.status, 'pending')),
    );
  const payoutsPart = executor
    .select({
      kind: sql<string>`'payouts'`,
      a: big(sql`count(*)`),
      b: big(sql`coalesce(sum(${payouts.amount}), 0)`),
      c: big(sql`coalesce(sum(${payouts.vat}), 0)`),
    })
    .from(payouts)
    .where(payoutConditions(executor, scope, { status: 'pending' }));
  const reviewsPart = executor
    .select({
      kind: sql<string>`'reviews'`,
      a: big(sql`count(*)`),
      b: big(sql`count(*) FILTER (WHERE ${gt(reviews.reportCount, 0)})`),
      c: zero,
    })
    .from(reviews)
    .where(and(isNull(reviews.deletedAt), scopeWhere(reviews.branchId, scope), inQueue));
  const visasPart = executor
    .select({
      kind: sql<string>`'visas'`,
      a: big(sql`count(*) FILTER (WHERE ${lt(workers.visaExpiryDate, visa.today)})`),
      b: big(sql`count(*) FILTER (WHERE ${gte(workers.visaExpiryDate, visa.today)})`),
      c: zero,
    })
    .from(workers)
    .where(boardConditions(scope, {}, { to: visa.windowEnd }));
  const rows = await employersPart
    .unionAll(postsPart)
    .unionAll(payoutsPart)
    .unionAll(reviewsPart)
    .unionAll(visasPart);
  const by = Object.fromEntries(rows.map((row) => [row.kind, row]));
  return {
    employersPending: by.employers!.a,
    jobPostsPending: by.posts!.a,
    payoutsPending: by.payouts!.a,
    payoutsAmount: by.payouts!.b,
    payoutsVat: by.payouts!.c,
    reviewsAwaiting: by.reviews!.a,
    reviewsReported: by.reviews!.b,
    visasOverdue: by.visas!.a,
    visasExpiring: by.visas!.b,
  };
}

/** Matchings created in the span, by their current status. */
export async function matchingsByStatus(executor: Executor, scope: Scope, span: Span) {
  return executor
    .select({ status: matchings.status, count: int(sql`count(*)`) })
    .from(matchings)
    .where(
      and(
        gte(matchings.createdAt, span.from),
        lt(matchings.createdAt, span.before),
        scopeWhere(matchings.branchId, scope),
      ),
    )
    .groupBy(matchings.status);
}

/**
 * Matchings created, and contracts signed, in each month whose first instants are `starts` (the last entry
 * is where the final month ends): per month, two counts over a range of the date indexes. Cheaper than
 * bucketing every row by its Seoul month, and a month without data is simply 0. Both counts are read from their
 * index alone, the contracts' with the matching each belongs to (docs/performance.md#contracts-by-month-from-the-index).
 */
export function monthlyTrendQuery(executor: Executor, scope: Scope, starts: Date[]): SQL {
  const months = sql.join(
    starts
      .slice(0, -1)
      .map(
        (start, i) =>
          sql`(${i}::int, ${start.toISOString()}::timestamptz, ${starts[i + 1]!.toISOString()}::timestamptz)`,
      ),
    sql`, `,
  );
  const contractsInScope = scope.all
    ? undefined
    : inArray(
        matchingStatusHistory.matchingId,
        executor.select({ id: matchings.id }).from(matchings).where(scopeWhere(matchings.branchId, scope)),
      );
  return sql`
    SELECT m.bucket,
           (SELECT count(*)::int FROM ${matchings}
            WHERE ${and(
              sql`${matchings.createdAt} >= m.since AND ${matchings.createdAt} < m.before`,
              scopeWhere(matchings.branchId, scope),
            )}) AS created,
           (SELECT count(*)::int FROM ${matchingStatusHistory}
            WHERE ${and(
              eq(matchingStatusHistory.toStatus, 'contracted'),
              sql`${matchingStatusHistory.changedAt} >= m.since AND ${matchingStatusHistory.changedAt} < m.before`,
              contractsInScope,
            )}) AS contracted
    FROM (VALUES ${months}) AS m (bucket, since, before)
    ORDER BY m.bucket`;
}

/** The trend of `monthlyTrendQuery`, one entry per month. */
export async function monthlyTrend(executor: Executor, scope: Scope, starts: Date[]) {
  const rows = await queryRows<{ bucket: number; created: number; contracted: number }>(
    executor,
    monthlyTrendQuery(executor, scope, starts),
  );
  return rows.map((row) => ({
    bucket: Number(row.bucket),
    created: Number(row.created),
    contracted: Number(row.contracted),
  }));
}

/** Workers still in the country (not departed), by nationality, most first. */
export async function workersByNationality(executor: Executor, scope: Scope) {
  return executor
    .select({ nationality: workers.nationality, count: int(sql`count(*)`) })
    .from(workers)
    .where(and(workerConditions(scope, {}), ne(workers.status, 'departed')))
    .groupBy(workers.nationality)
    .orderBy(desc(sql`count(*)`), asc(workers.nationality));
}

export async function oldestPendingEmployers(executor: Executor, scope: Scope, limit: number) {
  return executor
    .select({
      id: employers.id,
      companyName: employers.companyName,
      branchName: branches.name,
      createdAt: employers.createdAt,
    })
    .from(employers)
    .leftJoin(branches, eq(branches.id, employers.branchId))
    .where(employerConditions(scope, { status: 'pending' }))
    .orderBy(asc(employers.createdAt), asc(employers.id))
    .limit(limit);
}

/** Visas not yet expired that expire by `to`, soonest first (the visa board's conditions). */
export async function soonestVisas(
  executor: Executor,
  scope: Scope,
  window: { today: string; to: string },
  limit: number,
) {
  return executor
    .select({
      ...workerIdentityColumns,
      visaExpiryDate: sql<string>`${workers.visaExpiryDate}`.mapWith(workers.visaExpiryDate),
      daysLeft: int(sql`${workers.visaExpiryDate} - ${window.today}::date`),
      branchName: branches.name,
    })
    .from(workers)
    .leftJoin(branches, eq(branches.id, workers.branchId))
    .where(boardConditions(scope, {}, { from: window.today, to: window.to }))
    .orderBy(asc(workers.visaExpiryDate), asc(workers.id))
    .limit(limit);
}

/** Reviews awaiting moderation that were reported, most reports first, then the oldest. */
export async function mostReportedReviews(executor: Executor, scope: Scope, limit: number) {
  // The few rows first, then their names: the joins run for `limit` rows, not for the whole queue.
  const top = executor
    .select({
      id: reviews.id,
      employerId: reviews.employerId,
      workerId: reviews.workerId,
      reviewerType: reviews.reviewerType,
      rating: reviews.rating,
      reportCount: reviews.reportCount,
      status: reviews.status,
      excerpt: sql<string>`left(${reviews.content}, 80)`.as('excerpt'),
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .where(
      and(
        isNull(reviews.deletedAt),
        scopeWhere(reviews.branchId, scope),
        inQueue,
        gt(reviews.reportCount, 0),
      ),
    )
    .orderBy(desc(reviews.reportCount), asc(reviews.createdAt), asc(reviews.id))
    .limit(limit)
    .as('top');
  return executor
    .select({
      id: top.id,
      employerName: employers.companyName,
      workerNameKo: workers.nameKo,
      workerFirstName: workers.firstName,
      workerLastName: workers.lastName,
      reviewerType: top.reviewerType,
      rating: top.rating,
      reportCount: top.reportCount,
      status: top.status,
      excerpt: top.excerpt,
      createdAt: top.createdAt,
    })
    .from(top)
    .innerJoin(employers, eq(employers.id, top.employerId))
    .innerJoin(workers, eq(workers.id, top.workerId))
    .orderBy(desc(top.reportCount), asc(top.createdAt), asc(top.id));
}

/** Open data-subject requests and those past their due date (Seoul), from the open requests' partial index. */
export async function privacyRequestCounts(
  executor: Executor,
  now: Date,
): Promise<{ open: number; overdue: number }> {
  const [row] = await queryRows<{ open: number; overdue: number }>(
    executor,
    sql`SELECT count(*)::int AS open, count(*) FILTER (WHERE due_date < ${seoulToday(now)}::date)::int AS overdue
        FROM privacy_requests WHERE status NOT IN ('completed', 'rejected')`,
  );
  return row ?? { open: 0, overdue: 0 };
}
