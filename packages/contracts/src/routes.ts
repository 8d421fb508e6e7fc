import { branchesApi } from './branches';
import type { Endpoint, RouteAccess, RouteKey } from './endpoint';

/**
 * Every endpoint, by resource (docs/ARCHITECTURE.md, "Endpoints"). The server registers these, the permission
 * matrix and the fuzz tests walk them, the OpenAPI document and the web client are generated from them.
 */
export const API = {
  branches: branchesApi,
} as const;

type Api = typeof API;
type RowsOf<G> = {
  [K in keyof G as G[K] extends Endpoint ? G[K]['key'] : never]: G[K] extends Endpoint
    ? G[K]['access']
    : never;
};
type UnionToIntersection<U> = (U extends unknown ? (arg: U) => void : never) extends (arg: infer I) => void
  ? I
  : never;
type DeclaredRows = UnionToIntersection<{ [G in keyof Api]: RowsOf<Api[G]> }[keyof Api]>;

/** Every declared endpoint, in one list. */
export const ENDPOINTS: readonly Endpoint[] = Object.values(API).flatMap((group) =>
  Object.values(group as Record<string, Endpoint>),
);

/**
 * Every API route and what it needs: the one table the server enforces (a route without a row here refuses to
 * start) and the permission-matrix test walks. Branch scope is not in this table: a branch manager reaches only
 * their branch's records, enforced in SQL (another branch's record is a 404).
 */
const LEGACY_ROUTE_ACCESS = {
  // admins
  'GET /admins': 'admins:manage',
  'POST /admins': 'admins:manage',
  'GET /admins/:id': 'admins:manage',
  'PATCH /admins/:id': 'admins:manage',
  'POST /admins/:id/disable': 'admins:manage',
  'POST /admins/:id/enable': 'admins:manage',
  'POST /admins/:id/reset-password': 'admins:manage',
  'POST /admins/:id/unlock': 'admins:manage',
  'GET /admins/options': 'branches:write',
  // audit-logs
  'GET /audit-logs': 'audit_logs:read',
  'GET /audit-logs/:id': 'audit_logs:read',
  'GET /audit-logs/export': 'audit_logs:read',
  'POST /audit-logs/verify': 'audit_logs:read',
  // audit-reviews
  'GET /audit-reviews': 'audit_logs:read',
  'POST /audit-reviews': 'audit_logs:review',
  // auth
  'POST /auth/login': 'public',
  'POST /auth/logout': 'authenticated',
  'GET /auth/me': 'authenticated',
  'POST /auth/refresh': 'public',
  // dashboard
  'GET /dashboard': 'dashboard:read',
  // employers
  'GET /employers': 'employers:read',
  'POST /employers': 'employers:write',
  'GET /employers/:id': 'employers:read',
  'DELETE /employers/:id': 'employers:write',
  'PATCH /employers/:id': 'employers:write',
  'GET /employers/:id/history': 'employers:read',
  'POST /employers/:id/status': 'employers:write',
  'POST /employers/bulk-status': 'employers:write',
  // exports
  'GET /exports/employers': 'exports:run',
  'GET /exports/matchings': 'exports:run',
  'GET /exports/payments': 'exports:run',
  'GET /exports/workers': 'exports:run',
  // job-posts
  'GET /job-posts': 'job_posts:read',
  'POST /job-posts': 'job_posts:write',
  'GET /job-posts/:id': 'job_posts:read',
  'DELETE /job-posts/:id': 'job_posts:write',
  'PATCH /job-posts/:id': 'job_posts:write',
  'GET /job-posts/:id/history': 'job_posts:read',
  'POST /job-posts/:id/status': 'job_posts:write',
  // matchings
  'GET /matchings': 'matchings:read',
  'POST /matchings': 'matchings:write',
  'GET /matchings/:id': 'matchings:read',
  'PATCH /matchings/:id': 'matchings:write',
  'GET /matchings/:id/history': 'matchings:read',
  'POST /matchings/:id/status': 'matchings:write',
  'GET /matchings/eligibility': 'matchings:read',
  'GET /matchings/stats': 'matchings:read',
  // me
  'GET /me': 'authenticated',
  'PATCH /me': 'authenticated',
  'GET /me/logins': 'authenticated',
  'POST /me/password': 'authenticated',
  // notices
  'GET /notices': 'notices:read',
  'POST /notices': 'notices:write',
  'GET /notices/:id': 'notices:read',
  'DELETE /notices/:id': 'notices:write',
  'PATCH /notices/:id': 'notices:write',
  'GET /notices/:id/history': 'notices:read',
  'POST /notices/:id/status': 'notices:write',
  'POST /notices/preview': 'notices:write',
  // payouts
  'GET /payouts': 'payouts:read',
  'POST /payouts': 'payouts:write',
  'GET /payouts/:id': 'payouts:read',
  'PATCH /payouts/:id': 'payouts:write',
  'GET /payouts/:id/history': 'payouts:read',
  'POST /payouts/:id/reveal': 'payouts:reveal',
  'POST /payouts/:id/status': 'payouts:write',
  // resumes
  'GET /resumes': 'resumes:read',
  'POST /resumes': 'resumes:write',
  'GET /resumes/:id': 'resumes:read',
  'DELETE /resumes/:id': 'resumes:write',
  'PATCH /resumes/:id': 'resumes:write',
  'GET /resumes/:id/history': 'resumes:read',
  'POST /resumes/:id/restore': 'resumes:write',
  'POST /resumes/:id/status': 'resumes:write',
  // reviews
  'POST /reviews': 'reviews:moderate',
  'GET /reviews': 'reviews:read',
  'GET /reviews/:id': 'reviews:read',
  'GET /reviews/:id/history': 'reviews:read',
  'POST /reviews/:id/status': 'reviews:moderate',
  'GET /reviews/moderation': 'reviews:read',
  // settings
  'GET /settings': 'settings:read',
  'PATCH /settings': 'settings:write',
  'GET /settings/client': 'authenticated',
  'GET /settings/public': 'public',
  // users
  'GET /users': 'users:read',
  'GET /users/:id': 'users:read',
  'GET /users/:id/history': 'users:read',
  'POST /users/:id/status': 'users:write',
  // workers
  'GET /workers': 'workers:read',
  'POST /workers': 'workers:write',
  'GET /workers/:id': 'workers:read',
  'DELETE /workers/:id': 'workers:write',
  'PATCH /workers/:id': 'workers:write',
  'PATCH /workers/:id/extension': 'workers:write',
  'GET /workers/:id/history': 'workers:read',
  'POST /workers/:id/reveal': 'workers:reveal',
  'POST /workers/:id/status': 'workers:write',
  'GET /workers/visa-expiry': 'workers:read',
} as const satisfies Record<RouteKey, RouteAccess>;

export const ROUTE_ACCESS = {
  ...LEGACY_ROUTE_ACCESS,
  ...(Object.fromEntries(ENDPOINTS.map((endpoint) => [endpoint.key, endpoint.access])) as DeclaredRows),
};

export type ApiRoute = keyof typeof ROUTE_ACCESS;

/** The row of a route as Fastify names it (`/api/v1/employers/:id`, HEAD answered as GET); undefined when missing. */
export function routeAccess(method: string, url: string, basePath: string): RouteAccess | undefined {
  const key = `${method === 'HEAD' ? 'GET' : method} ${url.slice(basePath.replace(/\/$/, '').length)}`;
  return (ROUTE_ACCESS as Record<string, RouteAccess>)[key];
}
