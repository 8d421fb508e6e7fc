import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { admins, authSessions } from '../../db/schema';
import type { Executor } from '../../db/types';

const live = (now: Date) => and(isNull(authSessions.revokedAt), gt(authSessions.expiresAt, now));

/** An admin's live sessions, the most recently active first. */
export function liveSessions(executor: Executor, adminId: number, now: Date) {
  return executor
    .select({
      id: authSessions.id,
      ip: authSessions.ip,
      userAgent: authSessions.userAgent,
      remember: authSessions.remember,
      createdAt: authSessions.createdAt,
      lastUsedAt: authSessions.lastUsedAt,
      expiresAt: authSessions.expiresAt,
      secondFactorAt: authSessions.secondFactorAt,
    })
    .from(authSessions)
    .where(and(eq(authSessions.adminId, adminId), live(now)))
    .orderBy(desc(authSessions.lastUsedAt), authSessions.id)
    .limit(200);
}

/**
 * Ends live sessions of an admin (one, or all but `except`), with the reason; answers what it ended. The session
 * trigger announces each, so every process refuses their tokens at once (docs/sessions-and-logs.md).
 */
export function endSessions(
  executor: Executor,
  adminId: number,
  reason: string,
  now: Date,
  which: { only?: string; except?: string },
) {
  return executor
    .update(authSessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(
        eq(authSessions.adminId, adminId),
        live(now),
        which.only ? eq(authSessions.id, which.only) : undefined,
        which.except ? ne(authSessions.id, which.except) : undefined,
      ),
    )
    .returning({ id: authSessions.id, ip: authSessions.ip, userAgent: authSessions.userAgent });
}

export async function adminLogin(executor: Executor, adminId: number) {
  const [row] = await executor
    .select({ id: admins.id, loginId: admins.loginId })
    .from(admins)
    .where(eq(admins.id, adminId))
    .limit(1);
  return row;
}
