import { API_BASE_PATH, can, type Role, type RouteAccess, routeAccess } from '@ilson/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Actor, AuditActor } from '../lib/actor';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import { scopeOf } from '../lib/scope';
import type { AccessClaims, TokenService } from '../lib/tokens';
import { messages } from '../messages';

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
  /** The policy asks for a second factor not yet enrolled: only the enrolment is open (docs/second-factor.md). */
  secondFactorEnrolmentRequired: boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set from ROUTE_ACCESS (@ilson/contracts) when the route is added; only test-only routes state their own. */
    access?: RouteAccess;
    /** `METHOD /path` of the declaration the route was registered from (plugins/endpoint.ts). */
    endpoint?: string;
    /** Creating POSTs honour Idempotency-Key. */
    idempotent?: boolean;
    /** Reachable by an admin who must change a temporary password first (everything else answers 403). */
    duringPasswordChange?: boolean;
    /** Reachable by an admin who must still enrol a second factor (everything else answers 403). */
    duringSecondFactorEnrolment?: boolean;
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

/** The admin of the request's bearer token and live session, or a 401 (every signed-in route, the API document). */
export async function signedInAdmin(
  request: FastifyRequest,
  tokens: TokenService,
  checkSession: SessionCheck,
): Promise<AuthAdmin> {
  const token = bearerToken(request);
  if (!token) throw unauthorized(messages.tokenMissing);
  const claims = await tokens.verifyAccess(token);
  if (claims === 'expired') throw unauthorized(undefined, 'TOKEN_EXPIRED');
  if (claims === 'invalid') throw unauthorized(messages.tokenInvalid);
  return checkSession(claims, auditActor(request));
}

/**
 * Every /api route is declared in @ilson/contracts and registered from its declaration; the server refuses to start
 * when one is not (docs/ARCHITECTURE.md#endpoints).
 * Routes added by tests (`unlistedRoutes`) may state `config.access` themselves instead.
 * A valid access token is not enough: the admin must still be active and the session not revoked, expired or idle
 * (every request checks it and counts as activity). An admin holding a temporary password reaches only the
 * routes marked `duringPasswordChange` until they change it; one whom the policy asks for a second factor they have
 * not enrolled reaches only the routes marked `duringSecondFactorEnrolment` (docs/second-factor.md#policy).
 */
export const authPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      tokens: TokenService;
      checkSession: SessionCheck;
      unlistedRoutes?: boolean;
      /** The networks allowed to the admin (docs/SECURITY.md#network-rules); a refusal is a 403. */
      checkNetwork?: (admin: AuthAdmin, request: FastifyRequest) => Promise<void>;
    },
  ) => {
    app.decorateRequest('admin', null);

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith(API_BASE_PATH)) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const rows = new Set(methods.map((method) => routeAccess(method, route.url, API_BASE_PATH)));
      const [listed] = rows;
      const declared = listed !== undefined && rows.size === 1;
      // A declared route is registered from its declaration (route() in plugins/endpoint.ts), never beside it
      // with schemas of its own.
      if (declared && route.config?.endpoint === undefined) {
        throw new Error(
          `Route ${methods.join(',')} ${route.url} is declared but not registered with route().`,
        );
      }
      const access = declared ? listed : opts.unlistedRoutes ? route.config?.access : undefined;
      if (!access) {
        throw new Error(
          `Route ${methods.join(',')} ${route.url} is not declared: declare it in @ilson/contracts (API in routes.ts) ` +
            'and register it with route() (plugins/endpoint.ts).',
        );
      }
      route.config = { ...route.config, access };
      if (access === 'public') route.schema = { ...route.schema, security: [] };
    });

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config?.access;
      if (!access || access === 'public') return;
      const admin = await signedInAdmin(request, opts.tokens, opts.checkSession);
      await opts.checkNetwork?.(admin, request);
      request.admin = admin;
      if (admin.mustChangePassword && !request.routeOptions.config.duringPasswordChange) {
        throw new AppError('PASSWORD_CHANGE_REQUIRED');
      }
      if (admin.secondFactorEnrolmentRequired && !request.routeOptions.config.duringSecondFactorEnrolment) {
        throw new AppError('SECOND_FACTOR_ENROLMENT_REQUIRED');
      }
      if (access !== 'authenticated' && !can(admin.role, access)) throw forbidden();
    });
  },
);
