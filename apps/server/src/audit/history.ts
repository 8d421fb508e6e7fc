import type { AuditAction } from '@ilson/contracts';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import { admins, auditLogs } from '../db/schema';
import type { Executor } from '../db/types';

const HISTORY_LIMIT = 500;

/**
 * A record's history tab: its access-log rows, newest first, each with its admin's current name as the access log
 * shows it (docs/access-log.md#how-a-row-reads).
 */
export async function listTargetHistory(
  executor: Executor,
  target: { type: string; id: number | string; excludeActions?: AuditAction[] },
) {
  const rows = await executor
    .select({
      id: auditLogs.id,
      createdAt: auditLogs.createdAt,
      action: auditLogs.action,
      targetType: auditLogs.targetType,
      actorAdminId: auditLogs.actorAdminId,
      actorLoginId: auditLogs.actorLoginId,
      actorName: admins.name,
      summary: auditLogs.summary,
      diff: auditLogs.diff,
      reason: auditLogs.reason,
    })
    .from(auditLogs)
    .leftJoin(admins, eq(admins.id, auditLogs.actorAdminId))
    .where(
      and(
        eq(auditLogs.targetType, target.type),
        eq(auditLogs.targetId, String(target.id)),
        target.excludeActions?.length ? notInArray(auditLogs.action, target.excludeActions) : undefined,
      ),
    )
    .orderBy(desc(auditLogs.id))
    .limit(HISTORY_LIMIT);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), diff: row.diff ?? null }));
}
