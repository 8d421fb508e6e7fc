import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { admins, auditLogs, branches, isSignIn } from '../../db/schema';
import type { Executor } from '../../db/types';
import { bumpVersion, updateVersioned } from '../../db/versioned';

export type ProfileRow = typeof admins.$inferSelect & { branchName: string | null };
export type ProfileValues = Partial<Pick<typeof admins.$inferInsert, 'name' | 'email' | 'phone'>>;

export async function findProfile(executor: Executor, adminId: number): Promise<ProfileRow | undefined> {
  const [row] = await executor
    .select({ admin: admins, branchName: branches.name })
    .from(admins)
    .leftJoin(branches, eq(branches.id, admins.branchId))
    .where(eq(admins.id, adminId))
    .limit(1);
  return row ? { ...row.admin, branchName: row.branchName } : undefined;
}

export async function emailTakenByOther(executor: Executor, email: string, adminId: number) {
  const [row] = await executor
    .select({ id: admins.id })
    .from(admins)
    .where(and(sql`lower(${admins.email}) = ${email.toLowerCase()}`, ne(admins.id, adminId)))
    .limit(1);
  return row !== undefined;
}

/** Applies the change when the version still matches; false when it does not. */
export async function updateProfile(
  executor: Executor,
  target: { id: number; version: number },
  values: ProfileValues,
): Promise<boolean> {
  return updateVersioned(executor, admins, target, values);
}

/** The new password is the admin's own: the temporary-password flag and the failure count go. */
export async function setOwnPassword(executor: Executor, adminId: number, passwordHash: string) {
  const [row] = await executor
    .update(admins)
    .set({
      passwordHash,
      passwordChangedAt: new Date(),
      mustChangePassword: false,
      failedLoginCount: 0,
      ...bumpVersion(admins),
    })
    .where(eq(admins.id, adminId))
    .returning({ passwordChangedAt: admins.passwordChangedAt });
  return row!;
}

/**
 * One's own sign-ins and failed attempts, newest first, read backwards from audit_logs_own_logins_idx
 * (docs/access-log.md#own-sign-ins). The query itself, so that a test can read its plan; awaiting it runs it.
 */
export function listOwnLogins(executor: Executor, adminId: number, limit: number) {
  return executor
    .select({
      id: auditLogs.id,
      createdAt: auditLogs.createdAt,
      action: auditLogs.action,
      ip: auditLogs.ip,
      userAgent: auditLogs.userAgent,
      summary: auditLogs.summary,
    })
    .from(auditLogs)
    .where(and(eq(auditLogs.actorAdminId, adminId), isSignIn(auditLogs.action)))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(limit);
}
