import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { admins, authSessions, refreshTokens } from '../../db/schema';
import type { Executor } from '../../db/types';

export type AdminRow = typeof admins.$inferSelect;

export async function findAdminByLogin(
  executor: Executor,
  identifier: string,
): Promise<AdminRow | undefined> {
  const lowered = identifier.toLowerCase();
  const [row] = await executor
    .select()
    .from(admins)
    .where(or(sql`lower(${admins.loginId}) = ${lowered}`, sql`lower(${admins.email}) = ${lowered}`))
    .limit(1);
  return row;
}

export async function findAdminById(executor: Executor, id: number): Promise<AdminRow | undefined> {
  const [row] = await executor.select().from(admins).where(eq(admins.id, id)).limit(1);
  return row;
}

/**
 * Counts a failed login and locks the account when the count reaches the limit. Call it inside a
 * transaction: the first UPDATE holds the row lock, so attempts arriving at several API processes
 * are counted one after another. An expired lock starts the count again.
 */
export async function recordLoginFailure(
  executor: Executor,
  adminId: number,
  maxFailures: number,
  lockMinutes: number,
) {
  const lockExpired = sql`${admins.lockedUntil} IS NOT NULL AND ${admins.lockedUntil} <= now()`;
  const [counted] = await executor
    .update(admins)
    .set({
      failedLoginCount: sql`CASE WHEN ${lockExpired} THEN 1 ELSE ${admins.failedLoginCount} + 1 END`,
      lockedUntil: sql`CASE WHEN ${lockExpired} THEN NULL ELSE ${admins.lockedUntil} END`,
      status: sql`CASE WHEN ${lockExpired} AND ${admins.status} = 'locked' THEN 'active' ELSE ${admins.status} END`,
    })
    .where(eq(admins.id, adminId))
    .returning({ failedLoginCount: admins.failedLoginCount, lockedUntil: admins.lockedUntil });
  if (!counted || counted.lockedUntil || counted.failedLoginCount < maxFailures) return counted;
  const [locked] = await executor
    .update(admins)
    .set({
      lockedUntil: sql`now() + make_interval(mins => ${lockMinutes})`,
      status: sql`CASE WHEN ${admins.status} = 'active' THEN 'locked' ELSE ${admins.status} END`,
    })
    .where(eq(admins.id, adminId))
    .returning({ failedLoginCount: admins.failedLoginCount, lockedUntil: admins.lockedUntil });
  return locked;
}

export async function recordLoginSuccess(executor: Executor, adminId: number, ip: string) {
  const [row] = await executor
    .update(admins)
    .set({
      failedLoginCount: 0,
      lockedUntil: null,
      status: sql`CASE WHEN ${admins.status} = 'locked' THEN 'active' ELSE ${admins.status} END`,
      lastLoginAt: new Date(),
      lastLoginIp: ip,
    })
    .where(eq(admins.id, adminId))
    .returning();
  return row!;
}

export async function insertSession(executor: Executor, values: typeof authSessions.$inferInsert) {
  await executor.insert(authSessions).values(values);
}

export async function insertRefreshToken(executor: Executor, sessionId: string, tokenHash: string) {
  await executor.insert(refreshTokens).values({ sessionId, tokenHash });
}

export async function findRefreshToken(executor: Executor, tokenHash: string) {
  const [row] = await executor
    .select({ token: refreshTokens, session: authSessions, admin: admins })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .innerJoin(admins, eq(admins.id, authSessions.adminId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Marks a refresh token used; false when another request used it first. */
export async function consumeRefreshToken(executor: Executor, tokenHash: string): Promise<boolean> {
  const rows = await executor
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
    .returning({ tokenHash: refreshTokens.tokenHash });
  return rows.length === 1;
}

/**
 * The admin of a live session (not revoked, not past its lifetime, admin not disabled) with the session's last
 * activity. Every signed-in request runs it: built once and prepared (parsed and planned once per connection).
 */
export function prepareSessionAdmin(db: Database) {
  return db
    .select({
      id: admins.id,
      loginId: admins.loginId,
      name: admins.name,
      email: admins.email,
      role: admins.role,
      branchId: admins.branchId,
      mustChangePassword: admins.mustChangePassword,
      lastLoginAt: admins.lastLoginAt,
      lastUsedAt: authSessions.lastUsedAt,
      expiresAt: authSessions.expiresAt,
      secondFactorEnrolmentRequired: authSessions.mfaEnrolmentRequired,
    })
    .from(admins)
    .innerJoin(
      authSessions,
      and(
        eq(authSessions.adminId, admins.id),
        eq(authSessions.id, sql.placeholder('sessionId')),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
      ),
    )
    .where(and(eq(admins.id, sql.placeholder('adminId')), ne(admins.status, 'disabled')))
    .limit(1)
    .prepare('auth_session_admin');
}

/** Moves a session's last activity forward (never back: another process may have written a later one). */
export async function touchSession(executor: Executor, sessionId: string, at: Date) {
  await executor
    .update(authSessions)
    .set({ lastUsedAt: at })
    .where(and(eq(authSessions.id, sessionId), lt(authSessions.lastUsedAt, at)));
}

/** True when this call ended the session (false: it had ended already). */
export async function revokeSession(
  executor: Executor,
  sessionId: string,
  reason: string,
  at = new Date(),
): Promise<boolean> {
  const rows = await executor
    .update(authSessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
  return rows.length === 1;
}

export async function revokeAllSessions(
  executor: Executor,
  adminId: number,
  reason: string,
  exceptSessionId?: string,
) {
  await executor
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(authSessions.adminId, adminId),
        isNull(authSessions.revokedAt),
        exceptSessionId ? sql`${authSessions.id} <> ${exceptSessionId}` : undefined,
      ),
    );
}
