import { adminsApi } from './admins';
import { usersApi } from './app-users';
import { auditLogsApi } from './audit';
import { authApi } from './auth';
import { branchesApi } from './branches';
import { BULK_API } from './bulk';
import { dashboardApi } from './dashboard';
import { employerPermitsApi } from './employer-permits';
import { employersApi } from './employers';
import type { Endpoint, RouteAccess } from './endpoint';
import { exportsApi } from './exports';
import { employerImportsApi, workerImportsApi } from './imports';
import { jobPostsApi } from './job-posts';
import { matchingsApi } from './matchings';
import { meApi } from './me';
import { networkRulesApi } from './network-rules';
import { noticesApi } from './notices';
import { payoutsApi } from './payouts';
import { privacyApi } from './privacy';
import { resumesApi } from './resumes';
import { reviewsApi } from './reviews';
import { searchApi } from './search';
import { secondFactorApi } from './second-factor';
import { sessionsApi } from './sessions';
import { settingsApi } from './settings';
import { trashApi } from './trash';
import { undoApi } from './undo';
import { viewsApi } from './views';
import { workersApi } from './workers';
import { workplaceChangesApi } from './workplace-changes';

/**
 * Every endpoint, by resource (docs/ARCHITECTURE.md#endpoints). The server registers these, the permission
 * matrix and the fuzz tests walk them, the OpenAPI document and the web client are generated from them.
 */
export const API = {
  admins: adminsApi,
  auditLogs: auditLogsApi,
  auth: authApi,
  branches: branchesApi,
  employerBulkJobs: BULK_API.employers,
  jobPostBulkJobs: BULK_API['job-posts'],
  reviewBulkJobs: BULK_API.reviews,
  payoutBulkJobs: BULK_API.payouts,
  workerBulkJobs: BULK_API.workers,
  dashboard: dashboardApi,
  employers: employersApi,
  employerPermits: employerPermitsApi,
  employerImports: employerImportsApi,
  exports: exportsApi,
  jobPosts: jobPostsApi,
  matchings: matchingsApi,
  me: meApi,
  notices: noticesApi,
  payouts: payoutsApi,
  privacy: privacyApi,
  resumes: resumesApi,
  reviews: reviewsApi,
  search: searchApi,
  networkRules: networkRulesApi,
  secondFactor: secondFactorApi,
  sessions: sessionsApi,
  settings: settingsApi,
  users: usersApi,
  trash: trashApi,
  undo: undoApi,
  views: viewsApi,
  workers: workersApi,
  workerImports: workerImportsApi,
  workplaceChanges: workplaceChangesApi,
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
 * Every API route and what it needs, derived from the declarations: the one table the server enforces (a route
 * without a row here refuses to start) and the permission-matrix test walks. Branch scope is not in this table: a
 * branch manager reaches only their branch's records, enforced in SQL (another branch's record is a 404).
 */
export const ROUTE_ACCESS = Object.fromEntries(
  ENDPOINTS.map((endpoint) => [endpoint.key, endpoint.access]),
) as DeclaredRows;

export type ApiRoute = keyof typeof ROUTE_ACCESS;

/** The row of a route as Fastify names it (`/api/v1/employers/:id`, HEAD answered as GET); undefined when missing. */
export function routeAccess(method: string, url: string, basePath: string): RouteAccess | undefined {
  const key = `${method === 'HEAD' ? 'GET' : method} ${url.slice(basePath.replace(/\/$/, '').length)}`;
  return (ROUTE_ACCESS as Record<string, RouteAccess>)[key];
}
