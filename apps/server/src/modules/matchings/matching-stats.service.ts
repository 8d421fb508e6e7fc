import {
  INDUSTRY_LABELS,
  type Industry,
  MATCHING_STATUSES,
  type MatchingStats,
  type MatchingStatus,
  nationalityLabel,
  recordMessages,
  VISA_TYPE_LABELS,
  type VisaType,
} from '@ilson/contracts';
import type { Database } from '../../db/client';
import { cachedSummary } from '../../db/summary-cache';
import type { Actor } from '../../lib/actor';
import { addDays, seoulDayStart } from '../../lib/dates';
import { validationError } from '../../lib/errors';
import { scopeKey } from '../../lib/scope';
import * as repo from './matching-stats.repository';

const MAX_RANGE_DAYS = 3_660;

type CountRow = MatchingStats['byBranch'][number];

const byCount = (a: CountRow, b: CountRow) => b.count - a.count || a.key.localeCompare(b.key);

/**
 * `/matchings/stats`: everything is counted in SQL; only the grouped rows come back. A range over a million
 * matchings costs seconds, so a computed range is reused for `cacheSeconds` (summary_cache, `asOf` says when).
 */
export function createMatchingStatsService({
  db,
  cacheSeconds = 0,
}: {
  db: Database;
  cacheSeconds?: number;
}) {
  async function stats(
    query: { from: string; to: string; branchId?: number },
    actor: Actor,
  ): Promise<MatchingStats> {
    const key = `matching-stats:${scopeKey(actor.scope)}:${query.from}:${query.to}:${query.branchId ?? ''}`;
    // Validation first: a bad range is a 400, not a cache entry.
    const range = statsRange(query, actor);
    const { value, computedAt } = await cachedSummary(db, key, cacheSeconds, () => compute(range));
    return { ...value, asOf: computedAt.toISOString() };
  }

  function statsRange(query: { from: string; to: string; branchId?: number }, actor: Actor): repo.StatsRange {
    if (query.from > query.to) {
      throw validationError([{ field: 'to', message: recordMessages.dateRangeInverted }]);
    }
    const before = seoulDayStart(addDays(query.to, 1));
    const from = seoulDayStart(query.from);
    if (before.getTime() - from.getTime() > MAX_RANGE_DAYS * 86_400_000) {
      throw validationError([{ field: 'from', message: recordMessages.statsRangeTooLong }]);
    }
    return {
      fromDate: query.from,
      toDate: query.to,
      from,
      before,
      branchId: query.branchId,
      scope: actor.scope,
    };
  }

  async function compute(range: repo.StatsRange): Promise<Omit<MatchingStats, 'asOf'>> {
    const [groups, monthly, avgDaysToContract] = await Promise.all([
      repo.groupedCounts(db, range),
      repo.monthlyCounts(db, range),
      repo.averageDaysToContract(db, range),
    ]);

    const rows = (dimension: repo.Dimension, label: (key: string, row: repo.GroupRow) => string) =>
      groups
        .filter((row) => row.dimension === dimension)
        .map((row) => {
          const key = row.key ?? '';
          return { key, label: label(key, row), count: row.count, contracted: row.contracted };
        })
        .sort(byCount);
    const statusCounts = new Map(
      groups.filter((row) => row.dimension === 'status').map((row) => [row.key as MatchingStatus, row.count]),
    );
    const total = groups.find((row) => row.dimension === 'total');
    const proposed = total?.count ?? 0;
    const contracted = total?.contracted ?? 0;
    return {
      byStatus: MATCHING_STATUSES.map((status) => ({ status, count: statusCounts.get(status) ?? 0 })),
      monthly,
      conversion: {
        proposed,
        contracted,
        rate: proposed === 0 ? 0 : Math.round((contracted / proposed) * 10_000) / 10_000,
      },
      avgDaysToContract,
      byNationality: rows('nationality', (key) => nationalityLabel(key)),
      byIndustry: rows('industry', (key) => INDUSTRY_LABELS[key as Industry] ?? key),
      byVisaType: rows('visa', (key) => VISA_TYPE_LABELS[key as VisaType] ?? key),
      byBranch: rows('branch', (key, row) => row.label ?? key),
    };
  }

  return { stats };
}
export type MatchingStatsService = ReturnType<typeof createMatchingStatsService>;
