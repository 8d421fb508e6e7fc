import {
  BULK_ACTIONS,
  type BulkResource,
  bulkMessages,
  contactsMaskedFor,
  type EmployerStatus,
  identifierSearchKind,
  type JobPostStatus,
  type PayoutStatus,
  type ReviewStatus,
} from '@ilson/contracts';
import { and, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { employers, jobPosts, payouts, reviews, workers } from '../../db/schema';
import type { Executor } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { seoulToday } from '../../lib/dates';
import { validationError } from '../../lib/errors';
import type { PiiCipher } from '../../lib/pii';
import { type Scope, scopeWhere } from '../../lib/scope';
import { filterConditions as employerConditions } from '../employers/employers.repository';
import { type EmployersService, employerFilters } from '../employers/employers.service';
import { filterConditions as jobPostConditions } from '../job-posts/job-posts.repository';
import { type JobPostsService, jobPostFilters } from '../job-posts/job-posts.service';
import { filterConditions as payoutConditions } from '../payouts/payouts.repository';
import { type PayoutsService, payoutFilters } from '../payouts/payouts.service';
import { filterConditions as reviewConditions } from '../reviews/reviews.repository';
import { type ReviewsService, reviewFilters } from '../reviews/reviews.service';
import { filterConditions as workerConditions } from '../workers/workers.repository';
import { type WorkersService, workerFilters } from '../workers/workers.service';

/**
 * What a bulk action does per resource (docs/bulk-actions.md): which records a list's filter matches (the list's own
 * WHERE, so the job goes through exactly what the screen counted), what one record's action is (the service's own
 * status change, so every rule holds as on the detail page), and how a record is named in the failure list.
 */
export type BulkParams = { action: string; reason?: string; branchId?: number };

export type BulkTarget = {
  table: PgTable & { id: PgColumn };
  /** The filter's WHERE for this admin. */
  where(filter: Record<string, unknown>, actor: Actor): SQL | undefined;
  /** One record; refuses with an AppError (not found, transition, rule) as the single call would. */
  apply(id: number, params: BulkParams, actor: Actor): Promise<void>;
  /**
   * How the records this admin reaches are named; one of another branch, or deleted, is not named at all, so it
   * reads as an id nobody has (docs/bulk-actions.md#refused-records).
   */
  labels(executor: Executor, ids: number[], scope: Scope): Promise<Map<number, string>>;
};

type Services = {
  employers: EmployersService;
  jobPosts: JobPostsService;
  reviews: ReviewsService;
  payouts: PayoutsService;
  workers: WorkersService;
};

const specOf = (resource: BulkResource, action: string) =>
  (BULK_ACTIONS[resource] as Record<string, { status?: string; only?: readonly string[] }>)[action]!;
const statusOf = (resource: BulkResource, action: string) => specOf(resource, action).status!;

async function labelsOf(
  executor: Executor,
  table: PgTable & { id: PgColumn },
  label: SQL,
  ids: number[],
  reached: SQL | undefined,
) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await executor
    .select({ id: table.id, label: sql<string>`${label}` })
    .from(table as PgTable)
    .where(and(inArray(table.id, ids), reached));
  return new Map(rows.map((row) => [row.id as number, row.label]));
}

export function bulkTargets(
  db: Database,
  pii: PiiCipher,
  services: Services,
): Record<BulkResource, BulkTarget> {
  return {
    employers: {
      table: employers,
      where: (filter, actor) =>
        employerConditions(
          actor.scope,
          employerFilters(filter as never, { contactsMasked: contactsMaskedFor(actor.role) }),
        ),
      apply: async (id, params, actor) => {
        const status = statusOf('employers', params.action) as EmployerStatus;
        await services.employers.changeStatus(
          id,
          {
            status,
            reason: params.reason,
            only: specOf('employers', params.action).only as EmployerStatus[],
          },
          actor,
        );
      },
      labels: (executor, ids, scope) =>
        labelsOf(
          executor,
          employers,
          sql`${employers.companyName}`,
          ids,
          and(isNull(employers.deletedAt), scopeWhere(employers.branchId, scope)),
        ),
    },
    'job-posts': {
      table: jobPosts,
      where: (filter, actor) =>
        jobPostConditions(db, actor.scope, jobPostFilters(filter) as never, seoulToday()),
      apply: async (id, params, actor) => {
        const status = statusOf('job-posts', params.action) as JobPostStatus;
        await services.jobPosts.changeStatus(
          id,
          { status, reason: params.reason, only: specOf('job-posts', params.action).only as JobPostStatus[] },
          actor,
        );
      },
      labels: (executor, ids, scope) =>
        labelsOf(
          executor,
          jobPosts,
          sql`${jobPosts.title}`,
          ids,
          and(isNull(jobPosts.deletedAt), scopeWhere(jobPosts.branchId, scope)),
        ),
    },
    reviews: {
      table: reviews,
      where: (filter, actor) => reviewConditions(actor.scope, reviewFilters(filter as never)),
      apply: async (id, params, actor) => {
        const status = statusOf('reviews', params.action) as ReviewStatus;
        await services.reviews.changeStatus(id, { status, reason: params.reason }, actor);
      },
      labels: (executor, ids, scope) =>
        labelsOf(
          executor,
          reviews,
          sql`'리뷰 #' || ${reviews.id} || ' (' || ${reviews.rating} || '점)'`,
          ids,
          and(isNull(reviews.deletedAt), scopeWhere(reviews.branchId, scope)),
        ),
    },
    payouts: {
      table: payouts,
      where: (filter, actor) => payoutConditions(db, actor.scope, payoutFilters(pii, filter as never)),
      apply: async (id, params, actor) => {
        const status = statusOf('payouts', params.action) as PayoutStatus;
        await services.payouts.changeStatus(id, { status, reason: params.reason }, actor);
      },
      labels: (executor, ids, scope) =>
        labelsOf(
          executor,
          payouts,
          sql`'정산 #' || ${payouts.id} || ' (' || to_char(${payouts.amount}, 'FM999,999,999,999') || '원)'`,
          ids,
          scopeWhere(payouts.employerBranchId, scope),
        ),
    },
    workers: {
      table: workers,
      where: (filter, actor) => {
        // A search by a full identifier is a lookup of one person, logged with its reason: not a set to act on.
        if (identifierSearchKind(filter.q as string | undefined)) {
          throw validationError([{ field: 'q', message: bulkMessages.identifierFilter }]);
        }
        return workerConditions(
          actor.scope,
          workerFilters(pii, filter as never, { contactsMasked: contactsMaskedFor(actor.role) }),
        );
      },
      apply: (id, params, actor) => services.workers.changeBranch(id, params.branchId!, actor),
      labels: (executor, ids, scope) =>
        labelsOf(
          executor,
          workers,
          sql`COALESCE(NULLIF(${workers.nameKo}, ''), ${workers.firstName} || ' ' || ${workers.lastName})`,
          ids,
          and(isNull(workers.deletedAt), scopeWhere(workers.branchId, scope)),
        ),
    },
  };
}
