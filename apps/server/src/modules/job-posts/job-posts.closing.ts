import { JOB_POST_STATUS_LABELS, recordMessages } from '@ilson/contracts';
import { sql } from 'drizzle-orm';
import { appendAudit } from '../../audit/trail';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import { type Database, queryRows } from '../../db/client';
import type { AuditActor } from '../../lib/actor';
import { seoulToday } from '../../lib/dates';
import { statusSummary } from '../../lib/status-change';
import { closeExpiredJobPosts } from './job-posts.repository';

const SYSTEM_ACTOR: AuditActor = { actorAdminId: null, actorLoginId: 'system', ip: null, userAgent: null };

/**
 * Stores the close of active posts past their deadline, one access-log row each, in one transaction.
 * Reads already show them closed (job-posts.rules `effectiveStatus`); this makes the state durable.
 */
export async function closeExpiredPosts(db: Database, today: string = seoulToday()): Promise<number> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`SELECT pg_try_advisory_xact_lock(${ADVISORY_LOCKS.jobPostClosing}) AS locked`,
    );
    if (!lock?.locked) return 0;
    const closed = await closeExpiredJobPosts(tx, today, recordMessages.jobPostAutoClosed);
    for (const post of closed) {
      await appendAudit(tx, SYSTEM_ACTOR, {
        action: 'UPDATE',
        targetType: 'job_post',
        targetId: post.id,
        summary: `${statusSummary(JOB_POST_STATUS_LABELS, 'active', 'closed')} (${post.title})`,
        diff: { status: { before: 'active', after: 'closed' } },
        reason: `${recordMessages.jobPostAutoClosed} (마감일 ${post.deadline})`,
      });
    }
    return closed.length;
  });
}
