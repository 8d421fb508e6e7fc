import { randomUUID } from 'node:crypto';
import {
  type CurrentUser,
  MFA_CHALLENGE_MINUTES,
  REFRESH_TOKEN_TTL_DAYS,
  ROLE_PERMISSIONS,
  type Role,
  SESSION_ACTIVITY_WRITE_SECONDS,
  type SecondFactorMethod,
  secondFactorMessages,
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
import * as mfaRepo from '../second-factor/second-factor.repository';
import {
  type Proof,
  type RelyingParty,
  type SecondFactorService,
  secondFactorRequired,
} from '../second-factor/second-factor.service';
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
/** A login whose password was right and that waits for its second step (docs/second-factor.md). */
export type Challenged = { mfaRequired: true; mfaToken: string; methods: SecondFactorMethod[] };

const METHOD_LABELS: Record<'totp' | 'recovery' | 'passkey', string> = {
  totp: '인증 앱',
  recovery: '복구 코드',
  passkey: '패스키',
};

type UserSource = Pick<
  repo.AdminRow,
  'id' | 'loginId' | 'name' | 'email' | 'role' | 'branchId' | 'mustChangePassword' | 'lastLoginAt'
> & { secondFactorEnrolmentRequired?: boolean };

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
    secondFactorEnrolmentRequired: admin.secondFactorEnrolmentRequired ?? false,
  };
}

export function createAuthService(deps: {
  db: Database;
  tokens: TokenService;
  settings: SettingsService;
  clock?: Clock;
  /** Where changes to sessions and admins are announced; without it every request reads its session. */
  notices?: Pick<DbHandle, 'listen'>;
  secondFactor: Pick<SecondFactorService, 'methodsOf' | 'prove' | 'assertionOptions'>;
  /** The networks allowed to each admin (docs/SECURITY.md#network-rules), checked once the password is right. */
  network?: { check(subject: { id: number; role: Role }, ip: string): Promise<void> };
  /** Others who hear the announcements on the same listening connection (the network rules' cache). */
  alsoHearing?: { notice(payload: string): void; live(heard: boolean): void }[];
}) {
  const {
    db,
    tokens,
    settings,
    clock = systemClock,
    notices,
    secondFactor,
    network,
    alsoHearing = [],
  } = deps;
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
      notice: (payload) => {
        checked.notice(payload);
        for (const other of alsoHearing) other.notice(payload);
      },
      live: (heard) => {
        checked.live(heard);
        for (const other of alsoHearing) other.live(heard);
      },
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

  async function login(
    input: LoginInput,
    actor: AuditActor,
  ): Promise<(Issued & { user: CurrentUser }) | Challenged> {
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
      throw new AppError('INVALID_CREDENTIALS');
    }
    const lockedUntil = admin.lockedUntil && admin.lockedUntil > new Date() ? admin.lockedUntil : null;
    if (lockedUntil) {
      await failed(admin.id, '잠긴 계정으로 로그인 시도');
      const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - Date.now()) / 60_000));
      throw new AppError('ACCOUNT_LOCKED', messages.accountLocked(minutes));
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
        throw new AppError('ACCOUNT_LOCKED', messages.accountLocked(config.lockoutMinutes));
      }
      throw new AppError('INVALID_CREDENTIALS');
    }
    if (admin.status === 'disabled') {
      await failed(admin.id, '사용 중지된 계정으로 로그인 시도');
      throw new AppError('ACCOUNT_DISABLED');
    }

    if (network) {
      try {
        await network.check(admin, actor.ip ?? '');
      } catch (error) {
        await failed(admin.id, '허용되지 않은 네트워크에서 로그인 시도');
        throw error;
      }
    }
    const methods = await secondFactor.methodsOf(admin.id);
    const required = secondFactorRequired(admin.role, actor.ip, config.secondFactor);
    if (methods.length > 0) {
      // docs/second-factor.md#the-login-on-the-wire: the password was right; the code redeems this token once.
      const mfaToken = newOpaqueToken();
      await mfaRepo.insertChallenge(db, {
        tokenHash: sha256(mfaToken),
        adminId: admin.id,
        remember: input.remember,
        ip: actor.ip,
        expiresAt: new Date(clock() + MFA_CHALLENGE_MINUTES * 60_000),
      });
      return { mfaRequired: true, mfaToken, methods };
    }
    return startSession(admin, input.remember, actor, {
      enrolmentRequired: required,
      summary: input.remember ? '로그인 (로그인 상태 유지)' : '로그인',
    });
  }

  /** A new session for an admin who has passed every step of the login, with its tokens and its LOGIN entry. */
  async function startSession(
    admin: Pick<repo.AdminRow, 'id' | 'loginId'>,
    remember: boolean,
    actor: AuditActor,
    options: {
      enrolmentRequired?: boolean;
      proven?: boolean;
      summary: string;
      before?: (tx: Executor) => Promise<void>;
    },
  ): Promise<Issued & { user: CurrentUser }> {
    const sessionId = randomUUID();
    const browserBinding = remember ? null : newOpaqueToken();
    const now = clock();
    const expiresAt = new Date(
      remember ? now + REFRESH_TOKEN_TTL_DAYS * 86_400_000 : now + SESSION_ONLY_MAX_HOURS * 3_600_000,
    );
    return db.transaction(async (tx) => {
      await options.before?.(tx);
      const updated = await repo.recordLoginSuccess(tx, admin.id, actor.ip ?? '');
      await repo.insertSession(tx, {
        id: sessionId,
        adminId: admin.id,
        remember,
        browserBindingHash: browserBinding ? sha256(browserBinding) : null,
        ip: actor.ip,
        userAgent: actor.userAgent,
        createdAt: new Date(now),
        lastUsedAt: new Date(now),
        expiresAt,
        mfaEnrolmentRequired: options.enrolmentRequired ?? false,
        secondFactorAt: options.proven ? new Date(now) : null,
      });
      const issued = await issue(admin.id, sessionId, tx);
      await appendAudit(
        tx,
        { ...actor, actorAdminId: admin.id, actorLoginId: admin.loginId },
        {
          action: 'LOGIN',
          targetType: 'admin',
          targetId: admin.id,
          summary: options.enrolmentRequired ? `${options.summary} (2단계 인증 등록 필요)` : options.summary,
        },
      );
      return {
        ...issued,
        browserBinding,
        user: toCurrentUser({
          ...updated,
          secondFactorEnrolmentRequired: options.enrolmentRequired ?? false,
        }),
      };
    });
  }

  /**
   * The second step of a login: the token of the first step and a code from the app or a recovery code. A wrong
   * code counts towards the lock like a wrong password; the token is redeemed once.
   */
  /** WebAuthn options for the second step with a passkey; the challenge is kept with the login's token. */
  async function passkeyLoginOptions(mfaToken: string, rp: RelyingParty) {
    const tokenHash = sha256(mfaToken);
    const challenge = await mfaRepo.findLiveChallenge(db, tokenHash, new Date(clock()));
    if (!challenge) throw unauthorized(secondFactorMessages.challengeExpired);
    const options = await secondFactor.assertionOptions(challenge.adminId, rp);
    await mfaRepo.setLoginChallenge(db, tokenHash, options.challenge);
    return { optionsJson: options.optionsJson };
  }

  async function verifyLogin(
    input: { mfaToken: string } & Proof,
    actor: AuditActor,
    rp: RelyingParty,
  ): Promise<Issued & { user: CurrentUser }> {
    const tokenHash = sha256(input.mfaToken);
    const challenge = await mfaRepo.findLiveChallenge(db, tokenHash, new Date(clock()));
    if (!challenge) throw unauthorized(secondFactorMessages.challengeExpired);
    const admin = await repo.findAdminById(db, challenge.adminId);
    if (!admin) throw unauthorized(secondFactorMessages.challengeExpired);
    if (admin.status === 'disabled') throw new AppError('ACCOUNT_DISABLED');
    let method: 'totp' | 'recovery' | 'passkey';
    try {
      method = await secondFactor.prove(admin, input, actor, { challenge: challenge.webauthnChallenge, rp });
    } catch (error) {
      // Locked by this failure: the token goes with it.
      if (error instanceof AppError && error.code === 'ACCOUNT_LOCKED')
        await mfaRepo.consumeChallenge(db, tokenHash);
      throw error;
    }
    return startSession(admin, challenge.remember, actor, {
      proven: true,
      summary: `로그인 (2단계 인증: ${METHOD_LABELS[method]})${challenge.remember ? ' (로그인 상태 유지)' : ''}`,
      before: async (tx) => {
        if (!(await mfaRepo.consumeChallenge(tx, tokenHash))) {
          throw unauthorized(secondFactorMessages.challengeExpired);
        }
      },
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

  return {
    login,
    verifyLogin,
    passkeyLoginOptions,
    refresh,
    logout,
    resume,
    listenForSessionChanges,
    sessionsMayHaveChanged,
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
