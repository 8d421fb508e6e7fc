import { API_BASE_PATH, can, type Role, type RouteAccess, routeAccess } from '@ilson/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import { type Scope, scopeOf } from '../lib/scope';
import type { AccessClaims, TokenService } from '../lib/tokens';
import { messages } from '../messages';
import type { AuditActor } from '../modules/audit-logs/audit-logs.repository';

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
    /** Set from ROUTE_ACCESS (@ilson/contracts) when the route is added; only test-only routes state their own. */
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

/** The session behind a verified token: live, within its lifetime and not idle (modules/auth), or a 401. */
export type SessionCheck = (claims: AccessClaims, actor: AuditActor) => Promise<AuthAdmin>;

/**
 * Every /api route has its row in ROUTE_ACCESS (@ilson/contracts); the server refuses to start when one has none.
 * Routes added by tests (`unlistedRoutes`) may state `config.access` themselves instead.
 * A valid access token is not enough: the admin must still be active and the session not revoked, expired or idle
 * (every request checks it and counts as activity). An admin holding a temporary password reaches only the
 * routes marked `duringPasswordChange` until they change it.
 */
export const authPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { tokens: TokenService; checkSession: SessionCheck; unlistedRoutes?: boolean },
  ) => {
    app.decorateRequest('admin', null);

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith(API_BASE_PATH)) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const rows = new Set(methods.map((method) => routeAccess(method, route.url, API_BASE_PATH)));
      const [listed] = rows;
      const access =
        rows.size === 1 && listed ? listed : opts.unlistedRoutes ? route.config?.access : undefined;
      if (!access) {
        throw new Error(
          `Route ${methods.join(',')} ${route.url} has no row in ROUTE_ACCESS (packages/contracts/src/routes.ts).`,
        );
      }
      route.config = { ...route.config, access };
      if (access === 'public') route.schema = { ...route.schema, security: [] };
    });

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config?.access;
      if (!access || access === 'public') return;
      const token = bearerToken(request);
      if (!token) throw unauthorized(messages.tokenMissing);
      const claims = await opts.tokens.verifyAccess(token);
      if (claims === 'expired') throw unauthorized(undefined, 'TOKEN_EXPIRED');
      if (claims === 'invalid') throw unauthorized(messages.tokenInvalid);
      const admin = await opts.checkSession(claims, auditActor(request));
      request.admin = admin;
      if (admin.mustChangePassword && !request.routeOptions.config.duringPasswordChange) {
        throw new AppError('PASSWORD_CHANGE_REQUIRED', 403);
      }
      if (access !== 'authenticated' && !can(admin.role, access)) throw forbidden();
    });
  },
);
