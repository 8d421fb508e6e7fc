import type { AuditAction } from '@ilson/contracts';
import { and, asc, desc, eq, gt, notInArray, sql } from 'drizzle-orm';
import { auditLogs } from '../../db/schema';
import type { Executor } from '../../db/types';
import { canonicalJson } from '../../lib/canonical-json';
import { sha256Hex } from '../../lib/hash';

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

export const GENESIS_HASH = '0'.repeat(64);
/** Serialises appends across every API process so the chain stays linear. */
const AUDIT_CHAIN_LOCK_ID = 7_340_212;

type ChainedFields = {
  createdAt: Date;
  actorAdminId: number | null;
  actorLoginId: string | null;
  action: AuditAction;
  targetType: string | null;
  targetId: string | null;
  summary: string;
  diff: unknown;
  recordCount: number | null;
  reason: string | null;
  ip: string | null;
  userAgent: string | null;
};

export function chainHash(prevHash: string, row: ChainedFields): string {
  return sha256Hex(`${prevHash}\n${canonicalJson({ ...row, createdAt: row.createdAt.toISOString() })}`);
}

/** Appends one row to the access log, inside the caller's transaction when there is one. */
export async function appendAudit(executor: Executor, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await executor.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK_ID})`);
    const [last] = await tx
      .select({ hash: auditLogs.hash })
      .from(auditLogs)
      .orderBy(desc(auditLogs.id))
      .limit(1);
    const prevHash = last?.hash ?? GENESIS_HASH;
    const row: ChainedFields = {
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
    };
    await tx.insert(auditLogs).values({ ...row, prevHash, hash: chainHash(prevHash, row) });
  });
}

export type ChainCheck = { ok: true; checked: number } | { ok: false; checked: number; brokenAtId: number };

/** Walks the chain in id order, in batches, and reports the first row whose link or hash is wrong. */
export async function verifyAuditChain(executor: Executor, batchSize = 5_000): Promise<ChainCheck> {
  let prevHash = GENESIS_HASH;
  let afterId = 0;
  let checked = 0;
  for (;;) {
    const rows = await executor
      .select()
      .from(auditLogs)
      .where(gt(auditLogs.id, afterId))
      .orderBy(asc(auditLogs.id))
      .limit(batchSize);
    for (const row of rows) {
      const { id, prevHash: storedPrev, hash, ...fields } = row;
      if (storedPrev !== prevHash || chainHash(prevHash, fields) !== hash)
        return { ok: false, checked, brokenAtId: id };
      prevHash = hash;
      checked++;
      afterId = id;
    }
    if (rows.length < batchSize) return { ok: true, checked };
  }
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
