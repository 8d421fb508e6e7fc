import { can, type Permission, type Role } from '@ilson/contracts';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { admins, authSessions } from '../db/schema';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import { type Scope, scopeOf } from '../lib/scope';
import type { TokenService } from '../lib/tokens';
import { messages } from '../messages';
import type { AuditActor } from '../modules/audit-logs/audit-logs.repository';

/** What a route needs: a permission from the table in @ilson/contracts, any signed-in admin, or nobody. */
export type RouteAccess = Permission | 'authenticated' | 'public';

export type AuthAdmin = {
  id: number;
  loginId: string;
  name: string;
  email: string;
  role: Role;
  branchId: number | null;
  sessionId: string;
  mustChangePassword: boolean;
  lastLoginAt: Date | null;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** Creating POSTs honour Idempotency-Key. */
    idempotent?: boolean;
    /** Reachable by an admin who must change a temporary password first (everything else answers 403). */
    duringPasswordChange?: boolean;
  }
  interface FastifyRequest {
    admin: AuthAdmin | null;
  }
}

export function requireAdmin(request: FastifyRequest): AuthAdmin {
  if (!request.admin) throw unauthorized(messages.tokenMissing);
  return request.admin;
}

export function auditActor(request: FastifyRequest): AuditActor {
  return {
    actorAdminId: request.admin?.id ?? null,
    actorLoginId: request.admin?.loginId ?? null,
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
  };
}

/** Who acts in a service call: the admin, the branches they reach, and what the access log records. */
export type Actor = { adminId: number; role: Role; scope: Scope; audit: AuditActor };

export function actorOf(request: FastifyRequest): Actor {
  const admin = requireAdmin(request);
  return { adminId: admin.id, role: admin.role, scope: scopeOf(admin), audit: auditActor(request) };
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * Every /api route declares `config.access`; the server refuses to start when one does not.
 * A valid access token is not enough: the admin must still be active and the session not revoked. An admin
 * holding a temporary password reaches only the routes marked `duringPasswordChange` until they change it.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { tokens: TokenService }) => {
  app.decorateRequest('admin', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/v1')) return;
    if (!route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access permission (config.access).`);
    }
    if (route.config.access === 'public') route.schema = { ...route.schema, security: [] };
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const token = bearerToken(request);
    if (!token) throw unauthorized(messages.tokenMissing);
    const claims = await opts.tokens.verifyAccess(token);
    if (claims === 'expired') throw unauthorized(undefined, 'TOKEN_EXPIRED');
    if (claims === 'invalid') throw unauthorized(messages.tokenInvalid);
    const [row] = await app.db
      .select({
        id: admins.id,
        loginId: admins.loginId,
        name: admins.name,
        email: admins.email,
        role: admins.role,
        branchId: admins.branchId,
        mustChangePassword: admins.mustChangePassword,
        lastLoginAt: admins.lastLoginAt,
      })
      .from(admins)
      .innerJoin(
        authSessions,
        and(
          eq(authSessions.adminId, admins.id),
          eq(authSessions.id, claims.sessionId),
          isNull(authSessions.revokedAt),
          gt(authSessions.expiresAt, new Date()),
        ),
      )
      .where(and(eq(admins.id, claims.adminId), ne(admins.status, 'disabled')))
      .limit(1);
    if (!row) throw unauthorized(messages.sessionEnded);
    request.admin = { ...row, sessionId: claims.sessionId };
    if (row.mustChangePassword && !request.routeOptions.config.duringPasswordChange) {
      throw new AppError('PASSWORD_CHANGE_REQUIRED', 403);
    }
    if (access !== 'authenticated' && !can(row.role, access)) throw forbidden();
  });
});
