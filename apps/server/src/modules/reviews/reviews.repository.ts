import type { ReviewerType, ReviewStatus } from '@ilson/contracts';
import { and, asc, count, desc, eq, getTableColumns, gt, gte, ilike, isNull, lt, sql } from 'drizzle-orm';
import { containsPattern, pageWindow, tablePage } from '../../db/list';
import { admins, employers, matchings, reviews, workers } from '../../db/schema';
import type { Executor } from '../../db/types';
import { lockLive, updateVersioned } from '../../db/versioned';
import { type Scope, scopeWhere } from '../../lib/scope';

export type ReviewRecord = typeof reviews.$inferSelect;
export type ReviewValues = Omit<
  typeof reviews.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'version' | 'deletedAt'
>;

export type ReviewListFilters = {
  status?: ReviewStatus;
  rating?: number;
  reviewerType?: ReviewerType;
  reportedOnly?: boolean;
  branchId?: number;
  createdFrom?: Date;
  createdBefore?: Date;
  q?: string;
  sort: 'created_at' | 'rating' | 'report_count';
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
};

const reviewColumns = {
  ...getTableColumns(reviews),
  employerName: employers.companyName,
  workerNameKo: workers.nameKo,
  workerFirstName: workers.firstName,
  workerLastName: workers.lastName,
  moderatedByName: admins.name,
};
export type ReviewRow = ReviewRecord & {
  employerName: string;
  workerNameKo: string;
  workerFirstName: string;
  workerLastName: string;
  moderatedByName: string | null;
};

function selectReviews(executor: Executor) {
  return executor
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(employers, eq(employers.id, reviews.employerId))
    .innerJoin(workers, eq(workers.id, reviews.workerId))
    .leftJoin(admins, eq(admins.id, reviews.moderatedBy));
}

const live = (scope: Scope) => and(isNull(reviews.deletedAt), scopeWhere(reviews.branchId, scope));

/** The moderation queue, written as reviews_queue_idx's predicate (literals, so the planner can use it). */
export const inQueue = sql`(${reviews.status} = 'pending' OR (${reviews.status} = 'published' AND ${reviews.reportCount} > 0))`;

/** The list's WHERE: live reviews of the admin's branches and the screen's filters (bulk actions share it). */
export function filterConditions(
  scope: Scope,
  filters: Omit<ReviewListFilters, 'page' | 'pageSize' | 'sort' | 'order'>,
) {
  return and(
    live(scope),
    filters.status ? eq(reviews.status, filters.status) : undefined,
    filters.rating ? eq(reviews.rating, filters.rating) : undefined,
    filters.reviewerType ? eq(reviews.reviewerType, filters.reviewerType) : undefined,
    filters.reportedOnly ? gt(reviews.reportCount, 0) : undefined,
    filters.branchId ? eq(reviews.branchId, filters.branchId) : undefined,
    filters.createdFrom ? gte(reviews.createdAt, filters.createdFrom) : undefined,
    filters.createdBefore ? lt(reviews.createdAt, filters.createdBefore) : undefined,
    filters.q ? ilike(reviews.content, containsPattern(filters.q)) : undefined,
  );
}

export async function listReviews(executor: Executor, scope: Scope, filters: ReviewListFilters) {
  return tablePage(
    executor,
    reviews,
    () => {
      const where = filterConditions(scope, filters);
      const direction = filters.order === 'asc' ? asc : desc;
      const first = { created_at: [], rating: [reviews.rating], report_count: [reviews.reportCount] }[
        filters.sort
      ];
      const { limit, offset } = pageWindow(filters);
      return {
        query: selectReviews(executor),
        where,
        order: [...[...first, reviews.createdAt, reviews.id].map((column) => direction(column))],
        window: { limit, offset },
      };
    },
    { site: 'reviews list', key: [scope, filters] },
  );
}

/** Pending and reported reviews, oldest first; a page starts after `afterId` (keyset on created_at, id). */
export async function moderationQueue(
  executor: Executor,
  scope: Scope,
  page: { afterId?: number; pageSize: number },
) {
  const after = page.afterId
    ? sql`(${reviews.createdAt}, ${reviews.id}) > (SELECT r.created_at, r.id FROM reviews r WHERE r.id = ${page.afterId})`
    : undefined;
  const [rows, [total]] = await Promise.all([
    selectReviews(executor)
      .where(and(live(scope), inQueue, after))
      .orderBy(asc(reviews.createdAt), asc(reviews.id))
      .limit(page.pageSize + 1),
    executor
      .select({ n: count() })
      .from(reviews)
      .where(and(live(scope), inQueue)),
  ]);
  return { rows: rows.slice(0, page.pageSize), more: rows.length > page.pageSize, total: total?.n ?? 0 };
}

export async function findReview(
  executor: Executor,
  id: number,
  scope: Scope,
): Promise<ReviewRow | undefined> {
  const [row] = await selectReviews(executor)
    .where(and(eq(reviews.id, id), live(scope)))
    .limit(1);
  return row;
}

export async function lockReview(executor: Executor, id: number, scope: Scope) {
  return lockLive(executor, reviews, id, live(scope));
}

export async function insertReview(executor: Executor, values: ReviewValues): Promise<number> {
  const [row] = await executor.insert(reviews).values(values).returning({ id: reviews.id });
  return row!.id;
}

export async function updateReview(
  executor: Executor,
  target: { id: number; version?: number },
  values: Partial<ReviewValues>,
): Promise<boolean> {
  return updateVersioned(executor, reviews, target, values);
}

/** The matching a review is for, when the admin reaches its branch. */
export async function matchingFor(executor: Executor, id: number, scope: Scope) {
  const [row] = await executor
    .select({
      id: matchings.id,
      status: matchings.status,
      employerId: matchings.employerId,
      workerId: matchings.workerId,
      branchId: matchings.branchId,
    })
    .from(matchings)
    .where(and(eq(matchings.id, id), scopeWhere(matchings.branchId, scope)))
    .limit(1);
  return row;
}

export async function reviewExists(executor: Executor, matchingId: number, reviewerType: ReviewerType) {
  const [row] = await executor
    .select({ id: reviews.id })
    .from(reviews)
    .where(
      and(
        eq(reviews.matchingId, matchingId),
        eq(reviews.reviewerType, reviewerType),
        isNull(reviews.deletedAt),
      ),
    )
    .limit(1);
  return Boolean(row);
}
