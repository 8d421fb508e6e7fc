import type { AuditAction } from '@ilson/contracts';
import { and, asc, desc, eq, gte, ilike, inArray, like, lt, lte, max, or, type SQL } from 'drizzle-orm';
import { builtOnce, containsPattern, once, pageOf, pageWindow, tableTotal } from '../../db/list';
import { admins, auditLogs } from '../../db/schema';
import type { Executor } from '../../db/types';
import { addDays, seoulDayStart } from '../../lib/dates';

export type AuditLogFilter = {
  actor?: string;
  actions?: readonly AuditAction[];
  targetType?: string;
  targetId?: string;
  dateFrom?: string;
  dateTo?: string;
  ip?: string;
  /** Rows up to this id only (an export leaves out what was written after it started, its own row too). */
  maxId?: number;
};

const MAX_INT = 2_147_483_647;

/** Digits: the admin's id (or a login id that is exactly those digits); else part of the login id or the name. */
function actorCondition(executor: Executor, actor: string): SQL | undefined {
  if (/^\d+$/.test(actor)) {
    const byLogin = eq(auditLogs.actorLoginId, actor);
    return Number(actor) <= MAX_INT ? or(eq(auditLogs.actorAdminId, Number(actor)), byLogin) : byLogin;
  }
  const pattern = containsPattern(actor);
  return or(
    ilike(auditLogs.actorLoginId, pattern),
    inArray(
      auditLogs.actorAdminId,
      executor.select({ id: admins.id }).from(admins).where(ilike(admins.name, pattern)),
    ),
  );
}

/** The list's WHERE: only indexed columns on the common paths (time, actor, action, target). */
export function auditLogConditions(executor: Executor, filter: AuditLogFilter): SQL | undefined {
  return and(
    filter.actor ? actorCondition(executor, filter.actor) : undefined,
    filter.actions?.length ? inArray(auditLogs.action, [...filter.actions]) : undefined,
    filter.targetType ? eq(auditLogs.targetType, filter.targetType) : undefined,
    filter.targetId ? eq(auditLogs.targetId, filter.targetId) : undefined,
    filter.dateFrom ? gte(auditLogs.createdAt, seoulDayStart(filter.dateFrom)) : undefined,
    filter.dateTo ? lt(auditLogs.createdAt, seoulDayStart(addDays(filter.dateTo, 1))) : undefined,
    filter.ip ? like(auditLogs.ip, `${filter.ip.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
    filter.maxId !== undefined ? lte(auditLogs.id, filter.maxId) : undefined,
  );
}

const rowColumns = {
  id: auditLogs.id,
  createdAt: auditLogs.createdAt,
  actorAdminId: auditLogs.actorAdminId,
  actorLoginId: auditLogs.actorLoginId,
  actorName: admins.name,
  action: auditLogs.action,
  targetType: auditLogs.targetType,
  targetId: auditLogs.targetId,
  summary: auditLogs.summary,
  recordCount: auditLogs.recordCount,
  reason: auditLogs.reason,
  ip: auditLogs.ip,
};

/** One page, newest first by default, and the exact count of the filter. */
export async function listAuditLogs(
  executor: Executor,
  filter: AuditLogFilter,
  page: { page: number; pageSize: number; order: 'asc' | 'desc' },
) {
  // Built once per filter and page (db/list.ts builtOnce): the WHERE only when a statement is.
  const where = once(() => auditLogConditions(executor, filter));
  const reuse = { site: 'audit-logs list', key: [filter, page.page, page.pageSize, page.order] };
  const [rows, total] = await Promise.all([
    builtOnce(executor, reuse.site, reuse.key, () =>
      pageOf(
        executor.select(rowColumns).from(auditLogs).leftJoin(admins, eq(admins.id, auditLogs.actorAdminId)),
        {
          where: where(),
          order: [page.order === 'asc' ? asc(auditLogs.id) : desc(auditLogs.id)],
          window: pageWindow(page),
          id: auditLogs.id,
          ids: () => executor.select({ id: auditLogs.id }).from(auditLogs).where(where()),
        },
      ),
    ).execute(),
    tableTotal(executor, auditLogs, where, reuse),
  ]);
  return { rows, ...total };
}

export async function findAuditLog(executor: Executor, id: number) {
  const [row] = await executor
    .select({
      ...rowColumns,
      diff: auditLogs.diff,
      userAgent: auditLogs.userAgent,
      prevHash: auditLogs.prevHash,
      hash: auditLogs.hash,
    })
    .from(auditLogs)
    .leftJoin(admins, eq(admins.id, auditLogs.actorAdminId))
    .where(eq(auditLogs.id, id))
    .limit(1);
  return row;
}

export async function lastAuditLogId(executor: Executor): Promise<number> {
  const [row] = await executor.select({ id: max(auditLogs.id) }).from(auditLogs);
  return row?.id ?? 0;
}
