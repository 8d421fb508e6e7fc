import { randomUUID } from 'node:crypto';
import { type CurrentUser, REFRESH_TOKEN_TTL_DAYS, ROLE_PERMISSIONS } from '@ilson/contracts';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/types';
import { AppError, unauthorized } from '../../lib/errors';
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords';
import { newOpaqueToken, sha256, type TokenService } from '../../lib/tokens';
import { messages } from '../../messages';
import type { AuthAdmin } from '../../plugins/auth';
import { type AuditActor, appendAudit } from '../audit-logs/audit-logs.repository';
import type { SettingsService } from '../settings/settings.service';
import * as repo from './auth.repository';

/** A not-remembered session also ends after this long, whatever the browser does. */
const SESSION_ONLY_MAX_HOURS = 12;

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

export function createAuthService(deps: { db: Database; tokens: TokenService; settings: SettingsService }) {
  const { db, tokens, settings } = deps;

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
      await failed(null, `존재하지 않는 계정으로 로그인 시도 (${input.email.slice(0, 100)})`);
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
    const now = Date.now();
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
    if (session.revokedAt || session.expiresAt <= new Date() || admin.status === 'disabled') {
      throw unauthorized(messages.refreshInvalid);
    }
    if (
      session.browserBindingHash &&
      (!browserBinding || sha256(browserBinding) !== session.browserBindingHash)
    ) {
      throw unauthorized(messages.refreshInvalid);
    }
    const rotated = await db.transaction(async (tx) => {
      if (!(await repo.consumeRefreshToken(tx, tokenHash))) return null;
      await repo.touchSession(tx, session.id);
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

  return { login, refresh, logout };
}
export type AuthService = ReturnType<typeof createAuthService>;
