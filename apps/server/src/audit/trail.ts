import type { AuditAction } from '@ilson/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import { auditLogs } from '../db/schema';
import type { Executor } from '../db/types';
import type { AuditActor } from '../lib/actor';
import {
  AUDIT_CHAIN_LOCK_ID,
  auditChainKey,
  chainHash,
  ensureKeyedStart,
  GENESIS_HASH,
  storableRow,
} from './chain';

/**
 * The access log's one door (docs/ARCHITECTURE.md, "Audit trail"): every mutation and every view of personal data
 * appends its row here, in the caller's transaction, chained to the row before it (chain.ts).
 */

/** What happened, to what, and why. */
export type AuditEntry = {
  action: AuditAction;
  targetType?: string | null;
  targetId?: string | number | null;
  summary?: string;
  diff?: unknown;
  recordCount?: number | null;
  reason?: string | null;
};

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
