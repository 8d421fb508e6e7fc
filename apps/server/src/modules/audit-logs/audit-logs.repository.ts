import type { AuditAction } from '@ilson/contracts';
import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  like,
  lt,
  lte,
  max,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { containsPattern, pageOf, pageWindow, tableTotal } from '../../db/list';
import { admins, auditLogs } from '../../db/schema';
import type { Executor } from '../../db/types';
import { addDays, seoulDayStart } from '../../lib/dates';
import {
  AUDIT_CHAIN_LOCK_ID,
  auditChainKey,
  chainHash,
  ensureKeyedStart,
  GENESIS_HASH,
  storableRow,
} from './audit-chain';

/** Who did it and from where: taken from the request. */
export type AuditActor = {
  actorAdminId: number | null;
  actorLoginId: string | null;
  ip: string | null;
  userAgent: string | null;
};

export type AuditEntry = {
  action: AuditAction;
  targetType?: string | null;
  targetId?: string | number | null;
  summary?: string;
  diff?: unknown;
  recordCount?: number | null;
  reason?: string | null;
};

export {
  AUDIT_CHAIN_LOCK_ID,
  type ChainCheck,
  type ChainedFields,
  canonicalRow,
  chainHash,
  GENESIS_HASH,
  legacyChainHash,
  verifyAuditChain,
} from './audit-chain';

/**
 * Appends one row to the access log, inside the caller's transaction when there is one. Its texts are made
 * storable first (no lone surrogate, no NUL), so what PostgreSQL keeps is exactly what was hashed, and a
 * text can never make the append fail.
 */
export async function appendAudit(executor: Executor, actor: AuditActor, entry: AuditEntry): Promise<void> {
  const key = auditChainKey();
  await executor.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK_ID})`);
    const [head] = await queryRows<{ hash: string | null; keyed: boolean }>(
      tx,
      sql`SELECT (SELECT hash FROM audit_logs ORDER BY id DESC LIMIT 1) AS hash,
            EXISTS (SELECT 1 FROM audit_checkpoints WHERE kind = 'keyed_start') AS keyed`,
    );
    if (!head?.keyed) await ensureKeyedStart(tx);
    const prevHash = head?.hash ?? GENESIS_HASH;
    const row = storableRow({
      createdAt: new Date(),
      actorAdminId: actor.actorAdminId,
      actorLoginId: actor.actorLoginId,
      action: entry.action,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId == null ? null : String(entry.targetId),
      summary: entry.summary ?? '',
      diff: entry.diff ?? null,
      recordCount: entry.recordCount ?? null,
      reason: entry.reason ?? null,
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    await tx.insert(auditLogs).values({ ...row, prevHash, hash: chainHash(prevHash, row, key) });
  });
}

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
  const where = auditLogConditions(executor, filter);
  const { limit, offset } = pageWindow(page);
  const [rows, total] = await Promise.all([
    pageOf(
      executor.select(rowColumns).from(auditLogs).leftJoin(admins, eq(admins.id, auditLogs.actorAdminId)),
      {
        where,
        order: [page.order === 'asc' ? asc(auditLogs.id) : desc(auditLogs.id)],
        window: { limit, offset },
        id: auditLogs.id,
        ids: () => executor.select({ id: auditLogs.id }).from(auditLogs).where(where),
      },
    ),
    tableTotal(executor, auditLogs, where),
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

const HISTORY_LIMIT = 500;

/** A record's history tab: its access-log rows, newest first. */
export async function listTargetHistory(
  executor: Executor,
  target: { type: string; id: number | string; excludeActions?: AuditAction[] },
) {
  const rows = await executor
    .select({
      id: auditLogs.id,
      createdAt: auditLogs.createdAt,
      action: auditLogs.action,
      actorLoginId: auditLogs.actorLoginId,
      summary: auditLogs.summary,
      diff: auditLogs.diff,
      reason: auditLogs.reason,
    })
    .from(auditLogs)
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
