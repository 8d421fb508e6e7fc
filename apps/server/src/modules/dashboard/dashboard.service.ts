import { can, DASHBOARD_QUEUE_SIZE, type Dashboard, MATCHING_STATUSES, visaBuckets } from '@ilson/contracts';
import type { Database } from '../../db/client';
import { cachedSummary } from '../../db/summary-cache';
import type { Actor } from '../../lib/actor';
import { addDays, isoOrNull, seoulDayStart, seoulToday } from '../../lib/dates';
import { scopeKey } from '../../lib/scope';
import type { SettingsService } from '../settings/settings.service';
import * as repo from './dashboard.repository';

const TREND_MONTHS = 12;

/** The first day of the month `months` away from the month of `date` (`YYYY-MM-DD`). */
function monthStart(date: string, months = 0): string {
  const d = new Date(`${date.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

const workerName = (w: { nameKo: string; firstName: string; lastName: string }) =>
  w.nameKo || `${w.firstName} ${w.lastName}`;

/**
 * `/dashboard`: a handful of aggregate queries, run side by side (PostgreSQL spreads them over the pool;
 * PGlite runs them one after another). Only counts and the queues' few rows come back.
 */
export function createDashboardService(deps: {
  db: Database;
  settings: SettingsService;
  /** Reuse a computed dashboard this long (summary_cache): at a million rows it is too dear per request. */
  cacheSeconds?: number;
}) {
  async function get(actor: Actor, now = new Date()): Promise<Dashboard> {
    const key = `dashboard:${scopeKey(actor.scope)}:${seoulToday(now)}`;
    const { value, computedAt } = await cachedSummary(deps.db, key, deps.cacheSeconds ?? 0, () =>
      compute(actor, now),
    );
    const privacyRequests = can(actor.role, 'privacy:read')
      ? await repo.privacyRequestCounts(deps.db, now)
      : undefined;
    return { ...value, asOf: computedAt.toISOString(), ...(privacyRequests ? { privacyRequests } : {}) };
  }

  async function compute(actor: Actor, now: Date): Promise<Omit<Dashboard, 'asOf'>> {
    const { db } = deps;
    const scope = actor.scope;
    const today = seoulToday(now);
    const month = { from: monthStart(today), to: addDays(monthStart(today, 1), -1) };
    const thisMonth = { from: seoulDayStart(month.from), before: seoulDayStart(monthStart(today, 1)) };
    const trendMonths = Array.from({ length: TREND_MONTHS + 1 }, (_, i) =>
      monthStart(today, i + 1 - TREND_MONTHS),
    );

    // The visa alert windows (D-30, D-60, …): the KPI counts the first, the queue reaches to the last.
    const alertWindows = deps.settings.get().then(({ visaAlertDays }) => {
      const windows = visaBuckets(visaAlertDays).filter((bucket) => bucket.maxDays !== null);
      return { first: windows[0]!, lastDays: windows.at(-1)!.maxDays! };
    });
    const [kpis, alert, byStatus, trend, byNationality, pendingEmployers, expiringVisas, reportedReviews] =
      await Promise.all([
        alertWindows.then(({ first }) =>
          repo.kpiCounts(db, scope, { today, windowEnd: addDays(today, first.maxDays!) }),
        ),
        alertWindows,
        repo.matchingsByStatus(db, scope, thisMonth),
        repo.monthlyTrend(db, scope, trendMonths.map(seoulDayStart)),
        repo.workersByNationality(db, scope),
        repo.oldestPendingEmployers(db, scope, DASHBOARD_QUEUE_SIZE),
        alertWindows.then(({ lastDays }) =>
          repo.soonestVisas(db, scope, { today, to: addDays(today, lastDays) }, DASHBOARD_QUEUE_SIZE),
        ),
        repo.mostReportedReviews(db, scope, DASHBOARD_QUEUE_SIZE),
      ]);

    const statusCounts = new Map(byStatus.map((row) => [row.status, row.count]));
    const monthly = trend.map((row) => ({
      month: trendMonths[row.bucket]!.slice(0, 7),
      created: row.created,
      contracted: row.contracted,
    }));
    return {
      today,
      employers: { pending: kpis.employersPending },
      jobPosts: { pending: kpis.jobPostsPending },
      visas: {
        windowDays: alert.first.maxDays!,
        bucket: alert.first.key,
        expiring: kpis.visasExpiring,
        overdue: kpis.visasOverdue,
      },
      matchings: {
        month,
        total: byStatus.reduce((sum, row) => sum + row.count, 0),
        byStatus: MATCHING_STATUSES.map((status) => ({ status, count: statusCounts.get(status) ?? 0 })),
      },
      payouts: {
        pending: kpis.payoutsPending,
        amount: kpis.payoutsAmount,
        vat: kpis.payoutsVat,
        total: kpis.payoutsAmount + kpis.payoutsVat,
      },
      reviews: { awaiting: kpis.reviewsAwaiting, reported: kpis.reviewsReported },
      monthly,
      byNationality,
      queues: {
        pendingEmployers: pendingEmployers.map((row) => ({ ...row, createdAt: isoOrNull(row.createdAt)! })),
        expiringVisas: expiringVisas.map(({ nameKo, firstName, lastName, ...row }) => ({
          ...row,
          name: workerName({ nameKo, firstName, lastName }),
        })),
        reportedReviews: reportedReviews.map(
          ({ workerNameKo, workerFirstName, workerLastName, createdAt, ...row }) => ({
            ...row,
            workerName: workerName({
              nameKo: workerNameKo,
              firstName: workerFirstName,
              lastName: workerLastName,
            }),
            createdAt: isoOrNull(createdAt)!,
          }),
        ),
      },
    };
  }

  return { get };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
