/**
 * The permission matrix ([H]): every row of ROUTE_ACCESS (@ilson/contracts) called as every kind of caller, with the
 * exact status each must get — generated from the table, so a new route is covered the moment it has its row (and
 * the server refuses to start without one).
 *
 * - no token, an expired token, a tampered token, a token of a disabled admin: 401 on every non-public route;
 * - a role without the route's permission: 403;
 * - a role with it: 2xx on the reads (their records in branch A), and for a branch manager 404 on the records of
 *   branch B (the same status as an id that does not exist: no existence leak); on the writes, past the permission
 *   check (the write paths with valid bodies are the modules' own tests).
 */
import { API_BASE_PATH, can, ROLES, ROUTE_ACCESS, type Role, type RouteAccess } from '@ilson/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins, authSessions, notices, payouts, reviews } from '../src/db/schema';
import { createTokenService } from '../src/lib/tokens';
import {
  type apiAs,
  insertAppUser,
  insertBranch,
  insertEmployer,
  insertMatching,
  insertWorker,
  resumeBody,
  signedIn,
} from './fixtures';
import { bearer, createTestContext, type TestContext, testConfig } from './helpers';

type Caller = 'none' | 'expired' | 'tampered' | 'disabled' | Role;
const UNAUTHENTICATED: Caller[] = ['none', 'expired', 'tampered', 'disabled'];

type Ids = {
  branch: number;
  employer: number;
  worker: number;
  jobPost: number;
  matching: number;
  payout: number;
  review: number;
  resume: number;
  user: number;
};

let ctx: TestContext;
const tokens = {} as Record<Caller, string | null>;
let recordsA: Ids;
let recordsB: Ids;
let notice: number;
let targetAdmin: number;
let branchA: number;

async function recordsOf(branch: number, api: ReturnType<typeof apiAs>): Promise<Ids> {
  const employer = await insertEmployer(ctx, branch);
  const worker = await insertWorker(ctx, branch);
  const matching = await insertMatching(ctx, {
    employerId: employer.id,
    workerId: worker.id,
    branchId: branch,
  });
  const [payout] = await ctx.db
    .insert(payouts)
    .values({
      employerId: employer.id,
      type: 'matching_fee',
      amount: 300_000,
      vat: 30_000,
      status: 'pending',
    })
    .returning({ id: payouts.id });
  const [review] = await ctx.db
    .insert(reviews)
    .values({
      matchingId: matching.id,
      reviewerType: 'worker',
      employerId: employer.id,
      workerId: worker.id,
      branchId: branch,
      rating: 4,
      content: '근무 환경이 좋았습니다. 다시 일하고 싶습니다.',
      status: 'pending',
    })
    .returning({ id: reviews.id });
  const resume = await api.post('/resumes', resumeBody(worker.id));
  expect(resume.statusCode, resume.body).toBe(201);
  const user = await insertAppUser(ctx, { workerId: worker.id });
  return {
    branch,
    employer: employer.id,
    worker: worker.id,
    jobPost: matching.jobPostId,
    matching: matching.id,
    payout: payout!.id,
    review: review!.id,
    resume: resume.json().id,
    user: user.id,
  };
}

/** The record a `:id` route of this path is about, in the given branch's set. */
function idFor(path: string, records: Ids): number | undefined {
  const resource = path.split('/')[1];
  switch (resource) {
    case 'branches':
      return records.branch;
    case 'employers':
      return records.employer;
    case 'workers':
      return records.worker;
    case 'job-posts':
      return records.jobPost;
    case 'matchings':
      return records.matching;
    case 'payouts':
      return records.payout;
    case 'reviews':
      return records.review;
    case 'resumes':
      return records.resume;
    case 'users':
      return records.user;
    case 'notices':
      return notice;
    case 'admins':
      return targetAdmin;
    default:
      return undefined;
  }
}

/** Resources whose records belong to a branch: a branch manager reaches only their own branch's. */
const BRANCH_SCOPED = new Set([
  'branches',
  'employers',
  'workers',
  'job-posts',
  'matchings',
  'payouts',
  'reviews',
  'resumes',
  'users',
]);

/** Queries the reads need to answer 200 (a file format, a period, a pair to check). */
function queryFor(path: string, records: Ids): string {
  if (path.startsWith('/exports/') || path === '/audit-logs/export') {
    return `?format=csv&reason=${encodeURIComponent('권한 점검')}`;
  }
  if (path === '/matchings/eligibility') return `?worker_id=${records.worker}&job_post_id=${records.jobPost}`;
  if (path === '/matchings/stats') return '?from=2026-01-01&to=2026-06-30';
  return '';
}

function urlOf(path: string, records: Ids): string | undefined {
  if (!path.includes(':id')) return `${path}${queryFor(path, records)}`;
  const id = idFor(path, records);
  return id === undefined ? undefined : path.replace(':id', String(id));
}

/** Routes that end the caller's own session: each role calls them with a session of its own. */
const ENDS_SESSION = new Set(['POST /auth/logout']);

function call(method: string, url: string, caller: Caller, token = tokens[caller]) {
  return ctx.app.inject({
    method: method as 'GET',
    url: `${API_BASE_PATH.replace(/\/$/, '')}${url}`,
    headers: token ? bearer(token) : {},
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });
}

function allowed(caller: Role, access: RouteAccess): boolean {
  return access === 'public' || access === 'authenticated' || can(caller, access);
}

// Reads first, deletes last: a write that succeeds with an empty body (a DELETE) must not take a read's record away.
const METHOD_ORDER: Record<string, number> = { GET: 0, POST: 1, PATCH: 1, PUT: 1, DELETE: 2 };
const rows = (Object.entries(ROUTE_ACCESS) as [string, RouteAccess][]).sort(
  ([a], [b]) => METHOD_ORDER[a.split(' ')[0]!]! - METHOD_ORDER[b.split(' ')[0]!]!,
);

beforeAll(async () => {
  ctx = await createTestContext();
  branchA = (await insertBranch(ctx, { name: '안산지점' })).id;
  const branchB = (await insertBranch(ctx, { name: '부산지점' })).id;
  const superAdmin = await signedIn(ctx, 'super_admin');
  tokens.super_admin = superAdmin.token;
  tokens.admin = (await signedIn(ctx, 'admin')).token;
  tokens.viewer = (await signedIn(ctx, 'viewer')).token;
  tokens.branch_manager = (await signedIn(ctx, 'branch_manager', branchA)).token;
  tokens.none = null;

  // Expired: a real session of a real admin, signed with the server's key, past its expiry.
  const expiring = await signedIn(ctx, 'super_admin');
  const [session] = await ctx.db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(eq(authSessions.adminId, expiring.admin.id));
  tokens.expired = await createTokenService(testConfig.jwtSecret, -60).signAccess({
    adminId: expiring.admin.id,
    sessionId: session!.id,
  });
  // Tampered: a viewer's token whose payload now names the super admin, the signature left as it was.
  const [header, payload, signature] = tokens.viewer.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
  const forged = Buffer.from(JSON.stringify({ ...claims, sub: String(superAdmin.admin.id) })).toString(
    'base64url',
  );
  tokens.tampered = `${header}.${forged}.${signature}`;
  // Disabled: signed in while active, then disabled (the token itself is still unexpired and well signed).
  const disabled = await signedIn(ctx, 'super_admin');
  await ctx.db.update(admins).set({ status: 'disabled' }).where(eq(admins.id, disabled.admin.id));
  tokens.disabled = disabled.token;

  const api = superAdmin.api;
  recordsA = await recordsOf(branchA, api);
  recordsB = await recordsOf(branchB, api);
  const [row] = await ctx.db
    .insert(notices)
    .values({ title: '시스템 점검 안내', content: '<p>점검</p>', status: 'published' })
    .returning({ id: notices.id });
  notice = row!.id;
  targetAdmin = (await signedIn(ctx, 'viewer')).admin.id;
});
afterAll(async () => {
  await ctx?.close();
});

describe('permission matrix', () => {
  it('has a registered route for every row of the table', () => {
    for (const [key] of rows) {
      const [method, path] = key.split(' ') as [string, string];
      const url = `${API_BASE_PATH.replace(/\/$/, '')}${path}`;
      expect(ctx.app.hasRoute({ method: method as 'GET', url }), key).toBe(true);
    }
  });

  it.each(rows.filter(([, access]) => access !== 'public'))(
    '%s: 401 without a valid session (none, expired, tampered, disabled)',
    async (key) => {
      const [method, path] = key.split(' ') as [string, string];
      const url = urlOf(path, recordsA) ?? path.replace(':id', '1');
      for (const caller of UNAUTHENTICATED) {
        const response = await call(method, url, caller);
        expect(response.statusCode, `${key} as ${caller}: ${response.body}`).toBe(401);
        const code = response.json().error.code;
        if (caller === 'expired') expect(code, key).toBe('TOKEN_EXPIRED');
        else expect(code, key).toBe('UNAUTHORIZED');
      }
    },
  );

  it.each(rows)('%s: each role gets exactly what the role table gives it', async (key, access) => {
    const [method, path] = key.split(' ') as [string, string];
    const resource = path.split('/')[1]!;
    for (const role of ROLES) {
      const url = urlOf(path, recordsA) ?? path.replace(':id', '1');
      const token = ENDS_SESSION.has(key) ? (await signedIn(ctx, role, branchA)).token : tokens[role];
      const response = await call(method, url, role, token);
      const where = `${key} as ${role}: ${response.body.slice(0, 300)}`;
      if (!allowed(role, access)) {
        expect(response.statusCode, where).toBe(403);
        expect(response.json().error.code, where).toBe('FORBIDDEN');
        continue;
      }
      if (method === 'GET') {
        expect(response.statusCode, where).toBe(200);
      } else {
        // Past the permission check: a 2xx, or the route's own answer to an empty body (400/404/409/422).
        expect([401, 403], where).not.toContain(response.statusCode);
        expect(response.statusCode, where).toBeLessThan(500);
      }
      // Another branch's record: the same 404 as a record that does not exist.
      if (role === 'branch_manager' && path.includes(':id') && BRANCH_SCOPED.has(resource)) {
        const other = await call(method, urlOf(path, recordsB)!, role);
        const missing = await call(method, path.replace(':id', '987654321'), role);
        if (method === 'GET') {
          expect(other.statusCode, `${key} on branch B: ${other.body}`).toBe(404);
          expect(missing.statusCode, `${key} on a missing id: ${missing.body}`).toBe(404);
          expect(other.json().error, key).toEqual(missing.json().error);
        } else {
          expect([401, 403, 500], `${key} on branch B: ${other.body}`).not.toContain(other.statusCode);
          expect(other.statusCode, `${key} branch B vs missing`).toBe(missing.statusCode);
        }
      }
    }
  });
});
