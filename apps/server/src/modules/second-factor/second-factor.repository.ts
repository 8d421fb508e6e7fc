import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { adminPasskeys, adminRecoveryCodes, adminTotp, authSessions, mfaChallenges } from '../../db/schema';
import type { Executor } from '../../db/types';

export async function findTotp(executor: Executor, adminId: number) {
  const [row] = await executor.select().from(adminTotp).where(eq(adminTotp.adminId, adminId)).limit(1);
  return row;
}

/** A new secret, waiting for its first code; replaces a pending one, never a confirmed one. */
export async function putPendingTotp(executor: Executor, adminId: number, secretEncrypted: string) {
  const rows = await executor
    .insert(adminTotp)
    .values({ adminId, secretEncrypted })
    .onConflictDoUpdate({
      target: adminTotp.adminId,
      set: { secretEncrypted, createdAt: new Date(), lastStep: null },
      setWhere: isNull(adminTotp.confirmedAt),
    })
    .returning({ adminId: adminTotp.adminId });
  return rows.length === 1;
}

/**
 * Takes time step `step` for this admin's app: true only when it is later than every step taken before, so a code
 * is accepted once, whichever process sees it first (the row lock orders two at once).
 */
export async function takeStep(executor: Executor, adminId: number, step: number, confirm = false) {
  const rows = await executor
    .update(adminTotp)
    .set({ lastStep: step, ...(confirm ? { confirmedAt: new Date() } : {}) })
    .where(
      and(
        eq(adminTotp.adminId, adminId),
        confirm ? isNull(adminTotp.confirmedAt) : isNotNull(adminTotp.confirmedAt),
        or(isNull(adminTotp.lastStep), lt(adminTotp.lastStep, step)),
      ),
    )
    .returning({ adminId: adminTotp.adminId });
  return rows.length === 1;
}

export async function deleteTotp(executor: Executor, adminId: number) {
  await executor.delete(adminTotp).where(eq(adminTotp.adminId, adminId));
}

export async function replaceRecoveryCodes(executor: Executor, adminId: number, hashes: readonly string[]) {
  await executor.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
  await executor.insert(adminRecoveryCodes).values(hashes.map((codeHash) => ({ adminId, codeHash })));
}

export async function deleteRecoveryCodes(executor: Executor, adminId: number) {
  await executor.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
}

/** Uses one recovery code: true only for the request that marked it used. */
export async function useRecoveryCode(executor: Executor, adminId: number, codeHash: string) {
  const rows = await executor
    .update(adminRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(adminRecoveryCodes.adminId, adminId),
        eq(adminRecoveryCodes.codeHash, codeHash),
        isNull(adminRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: adminRecoveryCodes.id });
  return rows.length === 1;
}

export async function recoveryCodesLeft(executor: Executor, adminId: number) {
  const [row] = await executor
    .select({ left: sql<number>`count(*)::int` })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.adminId, adminId), isNull(adminRecoveryCodes.usedAt)));
  return row?.left ?? 0;
}

export async function insertChallenge(executor: Executor, values: typeof mfaChallenges.$inferInsert) {
  // The admin's expired challenges go as a new one comes: the table holds only a few minutes of logins.
  await executor
    .delete(mfaChallenges)
    .where(and(eq(mfaChallenges.adminId, values.adminId), lt(mfaChallenges.expiresAt, new Date())));
  await executor.insert(mfaChallenges).values(values);
}

export async function findLiveChallenge(executor: Executor, tokenHash: string, now: Date) {
  const [row] = await executor
    .select()
    .from(mfaChallenges)
    .where(
      and(
        eq(mfaChallenges.tokenHash, tokenHash),
        isNull(mfaChallenges.consumedAt),
        gt(mfaChallenges.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/** Redeems a challenge: true only for the one request that did. */
export async function consumeChallenge(executor: Executor, tokenHash: string) {
  const rows = await executor
    .update(mfaChallenges)
    .set({ consumedAt: new Date() })
    .where(and(eq(mfaChallenges.tokenHash, tokenHash), isNull(mfaChallenges.consumedAt)))
    .returning({ tokenHash: mfaChallenges.tokenHash });
  return rows.length === 1;
}

export async function sessionProof(executor: Executor, sessionId: string) {
  const [row] = await executor
    .select({ secondFactorAt: authSessions.secondFactorAt })
    .from(authSessions)
    .where(eq(authSessions.id, sessionId))
    .limit(1);
  return row;
}

/** Records a proof on the session; `enrolled` also lifts the enrolment-only state. */
export async function markSessionProven(executor: Executor, sessionId: string, at: Date, enrolled = false) {
  await executor
    .update(authSessions)
    .set({ secondFactorAt: at, ...(enrolled ? { mfaEnrolmentRequired: false } : {}) })
    .where(eq(authSessions.id, sessionId));
}

export function passkeysOf(executor: Executor, adminId: number) {
  return executor
    .select()
    .from(adminPasskeys)
    .where(eq(adminPasskeys.adminId, adminId))
    .orderBy(adminPasskeys.id);
}

export async function insertPasskey(executor: Executor, values: typeof adminPasskeys.$inferInsert) {
  await executor.insert(adminPasskeys).values(values);
}

/** Moves a passkey's signature counter forward (a clone answering with an old counter is refused first). */
export async function usePasskey(executor: Executor, id: number, counter: number) {
  await executor
    .update(adminPasskeys)
    .set({ counter, lastUsedAt: new Date() })
    .where(eq(adminPasskeys.id, id));
}

export async function deletePasskey(executor: Executor, adminId: number, id: number) {
  const rows = await executor
    .delete(adminPasskeys)
    .where(and(eq(adminPasskeys.adminId, adminId), eq(adminPasskeys.id, id)))
    .returning({ name: adminPasskeys.name });
  return rows[0];
}

export async function deletePasskeys(executor: Executor, adminId: number) {
  await executor.delete(adminPasskeys).where(eq(adminPasskeys.adminId, adminId));
}

/** Keeps a WebAuthn challenge on the session (registration, step-up), or takes it (null). */
export async function setSessionChallenge(executor: Executor, sessionId: string, challenge: string | null) {
  await executor
    .update(authSessions)
    .set({ webauthnChallenge: challenge })
    .where(eq(authSessions.id, sessionId));
}

/** Takes the session's WebAuthn challenge once: a second answer to the same challenge finds none. */
export async function takeSessionChallenge(executor: Executor, sessionId: string) {
  const rows = await queryRows<{ challenge: string }>(
    executor,
    sql`UPDATE auth_sessions s SET webauthn_challenge = NULL
        FROM (SELECT id, webauthn_challenge FROM auth_sessions WHERE id = ${sessionId} FOR UPDATE) old
        WHERE s.id = old.id AND old.webauthn_challenge IS NOT NULL
        RETURNING old.webauthn_challenge AS challenge`,
  );
  return rows[0]?.challenge ?? null;
}

export async function setLoginChallenge(executor: Executor, tokenHash: string, challenge: string) {
  await executor
    .update(mfaChallenges)
    .set({ webauthnChallenge: challenge })
    .where(and(eq(mfaChallenges.tokenHash, tokenHash), isNull(mfaChallenges.consumedAt)));
}
