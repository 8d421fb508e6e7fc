import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { branches, matchingStatusHistory, matchings } from '../../db/schema';
import type { Executor } from '../../db/types';
import { type Scope, scopeWhere } from '../../lib/scope';

export type StatsRange = {
  /** Seoul dates, inclusive, and the instants they span. */
  fromDate: string;
  toDate: string;
  from: Date;
  before: Date;
  branchId?: number;
  scope: Scope;
};

export type Dimension = 'status' | 'nationality' | 'industry' | 'visa' | 'branch' | 'total';
export type GroupRow = {
  dimension: Dimension;
  key: string | null;
  label: string | null;
  count: number;
  contracted: number;
};

function branchCondition(range: StatsRange): SQL | undefined {
  return and(
    scopeWhere(matchings.branchId, range.scope),
    range.branchId ? eq(matchings.branchId, range.branchId) : undefined,
  );
}

/**
 * One scan of the matchings created in the range, grouped every way at once (GROUPING SETS): by status,
 * nationality, industry, visa, branch, and in total, each with how many reached a contract by their history.
 */
export async function groupedCounts(executor: Executor, range: StatsRange): Promise<GroupRow[]> {
  const where = and(
    gte(matchings.createdAt, range.from),
    lt(matchings.createdAt, range.before),
    branchCondition(range),
  );
  return queryRows<GroupRow>(
    executor,
    sql`
      WITH m AS (
        SELECT ${matchings.status} AS status, ${matchings.workerNationality} AS nationality,
               ${matchings.industry} AS industry, ${matchings.workerVisaType} AS visa,
               ${matchings.branchId} AS branch_id, ${branches.name} AS branch_name,
               ${matchings.id} IN (
                 SELECT ${matchingStatusHistory.matchingId} FROM ${matchingStatusHistory}
                 WHERE ${matchingStatusHistory.toStatus} = 'contracted'
               ) AS reached
        FROM ${matchings} LEFT JOIN ${branches} ON ${branches.id} = ${matchings.branchId}
        WHERE ${where}
      )
      SELECT CASE
               WHEN GROUPING(status) = 0 THEN 'status'
               WHEN GROUPING(nationality) = 0 THEN 'nationality'
               WHEN GROUPING(industry) = 0 THEN 'industry'
               WHEN GROUPING(visa) = 0 THEN 'visa'
               WHEN GROUPING(branch_id) = 0 THEN 'branch'
               ELSE 'total'
             END AS dimension,
             COALESCE(status, nationality, industry, visa, branch_id::text) AS key,
             branch_name AS label,
             count(*)::int AS count,
             (count(*) FILTER (WHERE reached))::int AS contracted
      FROM m
      GROUP BY GROUPING SETS ((status), (nationality), (industry), (visa), (branch_id, branch_name), ())`,
  );
}

/** Every month of the range: matchings created in it and contracts signed in it (Seoul calendar). */
export async function monthlyCounts(executor: Executor, range: StatsRange) {
  const scoped = branchCondition(range) ?? sql`true`;
  return queryRows<{ month: string; created: number; contracted: number }>(
    executor,
    sql`
      WITH months AS (
        SELECT generate_series(
                 date_trunc('month', ${range.fromDate}::timestamp),
                 date_trunc('month', ${range.toDate}::timestamp),
                 interval '1 month'
               ) AS month
      ),
      created AS (
        SELECT date_trunc('month', ${matchings.createdAt} AT TIME ZONE 'Asia/Seoul') AS month, count(*)::int AS n
        FROM ${matchings}
        WHERE ${and(gte(matchings.createdAt, range.from), lt(matchings.createdAt, range.before), scoped)}
        GROUP BY 1
      ),
      contracted AS (
        SELECT date_trunc('month', ${matchingStatusHistory.changedAt} AT TIME ZONE 'Asia/Seoul') AS month,
               count(*)::int AS n
        FROM ${matchingStatusHistory} JOIN ${matchings} ON ${matchings.id} = ${matchingStatusHistory.matchingId}
        WHERE ${and(
          eq(matchingStatusHistory.toStatus, 'contracted'),
          gte(matchingStatusHistory.changedAt, range.from),
          lt(matchingStatusHistory.changedAt, range.before),
          scoped,
        )}
        GROUP BY 1
      )
      SELECT to_char(months.month, 'YYYY-MM') AS month,
             COALESCE(created.n, 0) AS created,
             COALESCE(contracted.n, 0) AS contracted
      FROM months
      LEFT JOIN created ON created.month = months.month
      LEFT JOIN contracted ON contracted.month = months.month
      ORDER BY months.month`,
  );
}

/** Mean days from a matching's creation to its contract, over contracts signed in the range. */
export async function averageDaysToContract(executor: Executor, range: StatsRange): Promise<number | null> {
  const [row] = await queryRows<{ days: number | null }>(
    executor,
    sql`
      SELECT round(
               (avg(extract(epoch FROM ${matchingStatusHistory.changedAt} - ${matchings.createdAt})) / 86400)::numeric,
               1
             )::float8 AS days
      FROM ${matchingStatusHistory} JOIN ${matchings} ON ${matchings.id} = ${matchingStatusHistory.matchingId}
      WHERE ${and(
        eq(matchingStatusHistory.toStatus, 'contracted'),
        gte(matchingStatusHistory.changedAt, range.from),
        lt(matchingStatusHistory.changedAt, range.before),
        branchCondition(range),
      )}`,
  );
  return row?.days ?? null;
}
