import { desc, eq, like } from 'drizzle-orm';
import { pageWindow, tableTotal } from '../../db/list';
import { admins, auditReviews } from '../../db/schema';
import type { Executor } from '../../db/types';

export type AuditReviewValues = Omit<typeof auditReviews.$inferInsert, 'id' | 'createdAt'>;

const reviewColumns = {
  id: auditReviews.id,
  period: auditReviews.period,
  reviewedAt: auditReviews.reviewedAt,
  reviewerAdminId: auditReviews.reviewerAdminId,
  reviewerLoginId: admins.loginId,
  reviewerName: admins.name,
  findings: auditReviews.findings,
  actionsTaken: auditReviews.actionsTaken,
  createdAt: auditReviews.createdAt,
};

function selectReviews(executor: Executor) {
  return executor
    .select(reviewColumns)
    .from(auditReviews)
    .leftJoin(admins, eq(admins.id, auditReviews.reviewerAdminId));
}
export type AuditReviewRow = Awaited<ReturnType<ReturnType<typeof selectReviews>['execute']>>[number];

/** Latest month first; within a month, the latest record first. */
export async function listAuditReviews(
  executor: Executor,
  query: { page: number; pageSize: number; year?: string },
) {
  const where = query.year ? like(auditReviews.period, `${query.year}-%`) : undefined;
  const { limit, offset } = pageWindow(query);
  const [rows, total] = await Promise.all([
    selectReviews(executor)
      .where(where)
      .orderBy(desc(auditReviews.period), desc(auditReviews.id))
      .limit(limit)
      .offset(offset),
    tableTotal(executor, auditReviews, where),
  ]);
  return { rows, ...total };
}

export async function findAuditReview(executor: Executor, id: number) {
  const [row] = await selectReviews(executor).where(eq(auditReviews.id, id)).limit(1);
  return row;
}

export async function insertAuditReview(executor: Executor, values: AuditReviewValues): Promise<number> {
  const [row] = await executor.insert(auditReviews).values(values).returning({ id: auditReviews.id });
  return row!.id;
}
