import { randomUUID } from 'node:crypto';
import {
  type CurrentUser,
  REFRESH_TOKEN_TTL_DAYS,
  ROLE_PERMISSIONS,
  SESSION_ACTIVITY_WRITE_SECONDS,
} from '@ilson/contracts';
import { appendAudit } from '../../audit/trail';
import type { Database, DbHandle } from '../../db/client';
import type { Executor } from '../../db/types';
import type { AuditActor } from '../../lib/actor';
import { type Clock, systemClock } from '../../lib/clock';
import { AppError, unauthorized } from '../../lib/errors';
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords';
import { type AccessClaims, newOpaqueToken, sha256, type TokenService } from '../../lib/tokens';
import { messages } from '../../messages';
import type { AuthAdmin } from '../../plugins/auth';
import type { SettingsService } from '../settings/settings.service';
import * as repo from './auth.repository';
import { type CheckedSession, SESSION_CHANNEL, SessionCache } from './session-cache';

/**
 * Absolute lifetimes (docs/sessions-and-logs.md): a not-remembered session ends this long after its login, a
 * remembered one after REFRESH_TOKEN_TTL_DAYS, however active it is.
 */
const SESSION_ONLY_MAX_HOURS = 12;
/** The idle timeout read from the settings is reused this long by the per-request check. */
const IDLE_SETTING_REUSE_MS = 5_000;
const ACTIVITY_WRITE_MS = SESSION_ACTIVITY_WRITE_SECONDS * 1000;

/** The unknown login id of a failed login, as the access log keeps it: a short prefix and the length. */
function maskLoginId(value: string): string {
  const chars = Array.from(value);
  const kept = chars.slice(0, Math.min(2, Math.floor(chars.length / 4))).join('');
  return `${kept}***(${chars.length})`;
}

export type LoginInput = { email: string; password: string; remember: boolean };
export type Issued = { token: string; refreshToken: string; browserBinding: string | null };

type UserSource = Pick<
  repo.AdminRow,
  'id' | 'loginId' | 'name' | 'email' | 'role' | 'branchId' | 'mustChangePassword' | 'lastLoginAt'
>;

export function toCurrentUser(admin: UserSource | AuthAdmin): CurrentUser {
  return {
    id: admin.id,
    loginId: admin.loginId,
    name: admin.name,
    email: admin.email,
    role: admin.role,
    branchId: admin.branchId,
    permissions: [...ROLE_PERMISSIONS[admin.role]],
    mustChangePassword: admin.mustChangePassword,
    lastLoginAt: admin.lastLoginAt ? admin.lastLoginAt.toISOString() : null,
  };
}

export function createAuthService(deps: {
  db: Database;
  tokens: TokenService;
  settings: SettingsService;
  clock?: Clock;
  /** Where changes to sessions and admins are announced; without it every request reads its session. */
  notices?: Pick<DbHandle, 'listen'>;
}) {
  const { db, tokens, settings, clock = systemClock, notices } = deps;
  const sessionAdmin = repo.prepareSessionAdmin(db);
  const checked = new SessionCache<Omit<AuthAdmin, 'sessionId'>>();

  let idleSetting: { minutes: number; until: number } | null = null;
  let idleSettingLoad: Promise<number> | null = null;
  /** The idle timeout for the per-request check: read through the settings, reused for a few seconds. */
  function idleMinutes(): Promise<number> {
    if (idleSetting && clock() < idleSetting.until) return Promise.resolve(idleSetting.minutes);
    idleSettingLoad ??= settings
      .get()
      .then(({ sessionTimeoutMinutes: minutes }) => {
        idleSetting = { minutes, until: clock() + IDLE_SETTING_REUSE_MS };
        return minutes;
      })
      .finally(() => {
        idleSettingLoad = null;
      });
    return idleSettingLoad;
  }

  /** Ends an idle session with its reason and a LOGOUT entry (once, whichever request finds it first). */
  async function endIdle(
    sessionId: string,
    admin: { id: number; loginId: string },
    minutes: number,
    actor: AuditActor,
  ): Promise<never> {
    await db.transaction(async (tx) => {
      if (!(await repo.revokeSession(tx, sessionId, 'idle_timeout', new Date(clock())))) return;
      await appendAudit(
        tx,
        { ...actor, actorAdminId: admin.id, actorLoginId: admin.loginId },
        {
          action: 'LOGOUT',
          targetType: 'admin',
          targetId: admin.id,
          summary: messages.idleLogoutSummary(minutes),
        },
      );
    });
    throw unauthorized(messages.sessionIdle(minutes));
  }

  const touching = new Map<string, Promise<void>>();
  /** Last activity is written at most every SESSION_ACTIVITY_WRITE_SECONDS; concurrent requests share the write. */
  function touch(sessionId: string, at: number): Promise<void> {
    let pending = touching.get(sessionId);
    if (!pending) {
      pending = repo.touchSession(db, sessionId, new Date(at)).finally(() => touching.delete(sessionId));
      touching.set(sessionId, pending);
    }
    return pending;
  }

  /** The session as the database has it now, kept for the next requests unless a change was announced meanwhile. */
  async function readSession(claims: AccessClaims, now: number) {
    const epoch = checked.epoch;
    const [row] = await sessionAdmin.execute({
      adminId: claims.adminId,
      sessionId: claims.sessionId,
      now: new Date(now).toISOString(),
    });
    if (!row) throw unauthorized(messages.sessionEnded);
    const { lastUsedAt, expiresAt, ...admin } = row;
    const session: CheckedSession<typeof admin> = {
      admin,
      adminId: admin.id,
      expiresAt: expiresAt.getTime(),
      lastUsedAt: lastUsedAt.getTime(),
      readAt: now,
    };
    checked.keep(claims.sessionId, session, epoch);
    return session;
  }

  /**
   * docs/SECURITY.md: every signed-in request checks its session — live, within its lifetime, and not idle longer than
   * the setting — and counts as activity. The session is read, or reused from this process's recent reads while no
   * change to it was announced (docs/sessions-and-logs.md#the-session-check). The verified-token cache cannot skip
   * this: it runs after it.
   */
  async function resume(claims: AccessClaims, actor: AuditActor): Promise<AuthAdmin> {
    const now = clock();
    const kept = checked.get(claims.sessionId, now);
    let session = kept && kept.adminId === claims.adminId ? kept : await readSession(claims, now);
    if (now - session.lastUsedAt >= ACTIVITY_WRITE_MS) {
      const minutes = await idleMinutes();
      // Idle by what this process knows: another process may have seen later activity, so the row decides.
      if (session === kept && now - session.lastUsedAt > minutes * 60_000) {
        session = await readSession(claims, now);
      }
      if (now - session.lastUsedAt > minutes * 60_000) {
        checked.forget(claims.sessionId);
        return endIdle(claims.sessionId, session.admin, minutes, actor);
      }
      if (now - session.lastUsedAt >= ACTIVITY_WRITE_MS) {
        await touch(claims.sessionId, now);
        session.lastUsedAt = Math.max(session.lastUsedAt, now);
      }
    }
    return { ...session.admin, sessionId: claims.sessionId };
  }

  /** Hears the announced changes to sessions and admins until the returned stop is called. */
  async function listenForSessionChanges(): Promise<() => Promise<void>> {
    if (!notices) return async () => {};
    return notices.listen(SESSION_CHANNEL, {
      notice: (payload) => checked.notice(payload),
      live: (heard) => checked.live(heard),
    });
  }

  /** A write this process made may have ended sessions: its next requests read them again. */
  function sessionsMayHaveChanged() {
    checked.clear();
  }

  async function issue(adminId: number, sessionId: string, executor: Executor = db) {
    const refreshToken = newOpaqueToken();
    await repo.insertRefreshToken(executor, sessionId, sha256(refreshToken));
    const token = await tokens.signAccess({ adminId, sessionId });
    return { token, refreshToken };
  }

  async function login(input: LoginInput, actor: AuditActor): Promise<Issued & { user: CurrentUser }> {
    const config = await settings.get();
    const admin = await repo.findAdminByLogin(db, input.email);
    const failed = (adminId: number | null, summary: string) =>
      appendAudit(
        db,
        { ...actor, actorAdminId: adminId, actorLoginId: admin?.loginId ?? null },
        {
          action: 'LOGIN_FAILED',
          targetType: 'admin',
          targetId: adminId,
          summary,
        },
      );

    if (!admin) {
      await verifyPassword(await dummyPasswordHash(), input.password);
      await failed(null, `존재하지 않는 계정으로 로그인 시도 (${maskLoginId(input.email)})`);
      throw new AppError('INVALID_CREDENTIALS', 401);
    }
    const lockedUntil = admin.lockedUntil && admin.lockedUntil > new Date() ? admin.lockedUntil : null;
    if (lockedUntil) {
      await failed(admin.id, '잠긴 계정으로 로그인 시도');
      const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - Date.now()) / 60_000));
      throw new AppError('ACCOUNT_LOCKED', 401, messages.accountLocked(minutes));
    }
    const passwordOk = await verifyPassword(admin.passwordHash, input.password);
    if (!passwordOk) {
      const counted = await db.transaction(async (tx) => {
        const row = await repo.recordLoginFailure(
          tx,
          admin.id,
          config.maxLoginFailures,
          config.lockoutMinutes,
        );
        await appendAudit(
          tx,
          { ...actor, actorAdminId: admin.id, actorLoginId: admin.loginId },
          {
            action: 'LOGIN_FAILED',
            targetType: 'admin',
            targetId: admin.id,
            summary: `비밀번호 불일치 (${row?.failedLoginCount ?? '?'}회)`,
          },
        );
        return row;
      });
      if (counted?.lockedUntil) {
        throw new AppError('ACCOUNT_LOCKED', 401, messages.accountLocked(config.lockoutMinutes));
      }
      throw new AppError('INVALID_CREDENTIALS', 401);
    }
    if (admin.status === 'disabled') {
      await failed(admin.id, '사용 중지된 계정으로 로그인 시도');
      throw new AppError('ACCOUNT_DISABLED', 401);
    }

    const sessionId = randomUUID();
    const browserBinding = input.remember ? null : newOpaqueToken();
    const now = clock();
    const expiresAt = new Date(
      input.remember ? now + REFRESH_TOKEN_TTL_DAYS * 86_400_000 : now + SESSION_ONLY_MAX_HOURS * 3_600_000,
    );
    return db.transaction(async (tx) => {
      const updated = await repo.recordLoginSuccess(tx, admin.id, actor.ip ?? '');
      await repo.insertSession(tx, {
        id: sessionId,
        adminId: admin.id,
        remember: input.remember,
        browserBindingHash: browserBinding ? sha256(browserBinding) : null,
        ip: actor.ip,
        userAgent: actor.userAgent,
        createdAt: new Date(now),
        lastUsedAt: new Date(now),
        expiresAt,
      });
      const issued = await issue(admin.id, sessionId, tx);
      await appendAudit(
        tx,
        { ...actor, actorAdminId: admin.id, actorLoginId: admin.loginId },
        {
          action: 'LOGIN',
          targetType: 'admin',
          targetId: admin.id,
          summary: input.remember ? '로그인 (로그인 상태 유지)' : '로그인',
        },
      );
      return { ...issued, browserBinding, user: toCurrentUser(updated) };
    });
  }

  /** Rotates the refresh token. Presenting a token that was already rotated revokes the whole family. */
  async function refresh(refreshToken: string, browserBinding: string | undefined, actor: AuditActor) {
    const tokenHash = sha256(refreshToken);
    const found = await repo.findRefreshToken(db, tokenHash);
    if (!found) throw unauthorized(messages.refreshInvalid);
    const { session, admin } = found;
    const revokeForReuse = async () => {
      await db.transaction(async (tx) => {
        await repo.revokeSession(tx, session.id, 'refresh_token_reuse');
        await appendAudit(
          tx,
          { ...actor, actorAdminId: admin.id, actorLoginId: admin.loginId },
          {
            action: 'LOGOUT',
            targetType: 'admin',
            targetId: admin.id,
            summary: '이미 사용된 갱신 토큰이 다시 제출되어 세션을 폐기함',
          },
        );
      });
      throw unauthorized(messages.refreshReused);
    };
    if (found.token.usedAt) return revokeForReuse();
    const now = clock();
    if (session.revokedAt || session.expiresAt.getTime() <= now || admin.status === 'disabled') {
      throw unauthorized(messages.refreshInvalid);
    }
    if (
      session.browserBindingHash &&
      (!browserBinding || sha256(browserBinding) !== session.browserBindingHash)
    ) {
      throw unauthorized(messages.refreshInvalid);
    }
    const { sessionTimeoutMinutes: minutes } = await settings.get();
    if (now - session.lastUsedAt.getTime() > minutes * 60_000) {
      return endIdle(session.id, admin, minutes, actor);
    }
    const rotated = await db.transaction(async (tx) => {
      if (!(await repo.consumeRefreshToken(tx, tokenHash))) return null;
      await repo.touchSession(tx, session.id, new Date(now));
      return issue(admin.id, session.id, tx);
    });
    if (!rotated) return revokeForReuse();
    return rotated;
  }

  async function logout(admin: AuthAdmin, actor: AuditActor) {
    await db.transaction(async (tx) => {
      await repo.revokeSession(tx, admin.sessionId, 'logout');
      await appendAudit(tx, actor, {
        action: 'LOGOUT',
        targetType: 'admin',
        targetId: admin.id,
        summary: '로그아웃',
      });
    });
  }

  return { login, refresh, logout, resume, listenForSessionChanges, sessionsMayHaveChanged };
}
export type AuthService = ReturnType<typeof createAuthService>;
