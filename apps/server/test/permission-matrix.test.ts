/**
 * The permission matrix (RELIABILITY.md#permission-matrix): every row of ROUTE_ACCESS (@ilson/contracts) called as every kind of caller, with the
 * exact status each must get — generated from the table, so a new route is covered the moment it has its row (and
 * the server refuses to start without one).
 *
 * - no token, an expired token, a tampered token, a token of a disabled admin: 401 on every non-public route;
 * - a role without the route's permission: 403;
 * - a role with it: on the reads 200 (their records in branch A); on the writes a valid request (WRITES: a body the
 *   route's schema accepts, on a fresh record in a state that allows the operation) and exactly the 2xx the route
 *   declares for success;
 * - a branch manager on a record of branch B, read or written: 404 with the same error as an id that does not exist
 *   (no existence leak); a create or bulk change naming B's records: the same answer as naming missing ones.
 */
import {
  API_BASE_PATH,
  type ApiRoute,
  BULK_ACTIONS,
  BULK_RESOURCES,
  type BulkResource,
  can,
  type ImportResource,
  ROLES,
  ROUTE_ACCESS,
  type Role,
  type RouteAccess,
} from '@ilson/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAudit } from '../src/audit/trail';
import {
  admins,
  appUserConsents,
  auditFindingAcks,
  authSessions,
  bulkJobItems,
  bulkJobs,
  importBatches,
  networkRules,
  notices,
  payouts,
  reviews,
  workerWorkplaceChanges,
} from '../src/db/schema';
import { seoulToday } from '../src/lib/dates';
import { createTokenService } from '../src/lib/tokens';
import {
  type Api,
  alienRegNo,
  apiAs,
  businessRegNo,
  employerBody,
  grantPermit,
  grantPermits,
  insertAppUser,
  insertBranch,
  insertEmployer,
  insertMatching,
  insertReview,
  insertWorker,
  jobPostBody,
  patchSettings,
  resumeBody,
  signedIn,
  workerBody,
} from './fixtures';
import {
  bearer,
  createAdmin,
  createTestContext,
  enrolTotp,
  login,
  TEST_PASSWORD,
  type TestContext,
  testConfig,
  totpCode,
} from './helpers';
import { commitBatch, csvFile, dryRun, employerCells, importHeaders, workerCells } from './import-fixtures';
import { softAuthenticator } from './soft-authenticator';

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
  /** Import batches uploaded by the branch's manager (each with a refused row, for the error report). */
  workerImport: number;
  employerImport: number;
  /** A finished bulk job per resource, started within the branch. */
  bulkJobs: Record<BulkResource, number>;
};

/** The two branches of the matrix: a branch manager of A reaches A's records and never B's. */
type Branch = 'A' | 'B';

const API_PREFIX = API_BASE_PATH.replace(/\/$/, '');
/** An id no record has: what a record of another branch must look like to a branch manager. */
const MISSING_ID = 987_654_321;
const REASON = '권한 점검';

let ctx: TestContext;
const tokens = {} as Record<Caller, string | null>;
let recordsA: Ids;
let recordsB: Ids;
let notice: number;
let targetAdmin: number;
/** A 열람 request about a worker of branch A (the reads of one request and of its file). */
let privacyRequest: number;
let branchA: number;
/** The super admin's API, for the setup a call needs (records made through the API, settings put back). */
let superApi: Api;
/** A branch manager of each branch: import batches are seen by their branch (and head office), so they upload. */
const managers = {} as Record<Branch, Api>;

/** A batch of `resource` uploaded by `api` and checked: one good row and one refused. */
async function importBatch(api: Api, resource: ImportResource, branchName: string): Promise<number> {
  const cells = resource === 'workers' ? workerCells : employerCells;
  const file = csvFile(
    importHeaders(resource),
    [cells(++serial + 50_000, branchName), cells(++serial + 50_000, '없는지점')],
    'utf-8',
  );
  return (await dryRun(api, resource, file, `${resource}.csv`)).id;
}

/** A batch dry-run and committed by `api`. */
async function committedImport(api: Api, resource: ImportResource, branchName: string): Promise<number> {
  const id = await importBatch(api, resource, branchName);
  const batch = await commitBatch(api, resource, id);
  expect(batch.committedRows).toBe(1);
  return id;
}

async function recordsOf(branch: number, api: Api, manager: Api, branchName: string): Promise<Ids> {
  const employer = await insertEmployer(ctx, branch);
  // The proposals of its E-9 workers need a 고용허가서 (docs/law-as-data.md#employer-permits-and-quota).
  await grantPermits(ctx, employer.id);
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
    workerImport: await importBatch(manager, 'workers', branchName),
    employerImport: await importBatch(manager, 'employers', branchName),
    bulkJobs: Object.fromEntries(
      await Promise.all(BULK_RESOURCES.map(async (r) => [r, await bulkJobRow(r, branch, 'done')])),
    ) as Record<BulkResource, number>,
  };
}

/** A bulk job row of `resource` within `branch` (started by that branch's manager), in `status`. */
async function bulkJobRow(resource: BulkResource, branch: number, status: 'done' | 'running') {
  const audit = { actorAdminId: null, actorLoginId: null, ip: null, userAgent: null };
  const [job] = await ctx.db
    .insert(bulkJobs)
    .values({
      resource,
      action: Object.keys(BULK_ACTIONS[resource])[0]!,
      params: {},
      scope: '선택한 1건',
      status,
      total: 1,
      // A running job no process works on: nothing changes it while the matrix calls it.
      runnerToken: status === 'running' ? 'matrix' : null,
      heartbeatAt: new Date(),
      runActor: { adminId: 0, role: 'branch_manager', scope: { all: false, branchId: branch }, audit },
      scopeBranchIds: [branch],
    })
    .returning({ id: bulkJobs.id });
  await ctx.db.insert(bulkJobItems).values({
    jobId: job!.id,
    seq: 1,
    recordId: MISSING_ID,
    status: 'failed',
    code: 'NOT_FOUND',
    message: '없음',
  });
  return job!.id;
}

const recordsIn = (branch: Branch) => (branch === 'A' ? recordsA : recordsB);
const branchOf = (branch: Branch) => recordsIn(branch).branch;

/** The record a `:id` route of this path is about, in the given branch's set. */
function idFor(path: string, records: Ids): number | undefined {
  const resource = path.split('/')[1];
  if (path.startsWith('/workers/imports/')) return records.workerImport;
  if (path.startsWith('/privacy/requests/')) return privacyRequest;
  if (path.startsWith('/employers/imports/')) return records.employerImport;
  const bulk = /^\/([a-z-]+)\/bulk-jobs\//.exec(path)?.[1];
  if (bulk) return records.bulkJobs[bulk as BulkResource];
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
  'trash',
]);

/** Queries the reads need to answer 200 (a file format, a period, a pair to check). */
function queryFor(path: string, records: Ids): string {
  if (path.startsWith('/exports/') || path === '/audit-logs/export') {
    return `?format=csv&reason=${encodeURIComponent('권한 점검')}`;
  }
  if (path === '/matchings/eligibility') return `?worker_id=${records.worker}&job_post_id=${records.jobPost}`;
  if (path === '/matchings/stats') return '?from=2026-01-01&to=2026-06-30';
  if (path === '/search') return `?q=${encodeURIComponent('안산')}`;
  if (path === '/saved-views') return '?list=employers';
  if (path === '/privacy/requests/:id/access-file') return `?reason=${encodeURIComponent('권한 점검')}`;
  if (path === '/audit-reviews/findings') return `?period=${seoulToday().slice(0, 7)}`;
  return '';
}

function urlOf(listPath: string, records: Ids): string | undefined {
  // A list's own settings are named by the list; the trash by the kind of record.
  const path = listPath.replace(':list', 'employers').replace(':type', 'employer');
  if (!path.includes(':id')) return `${path}${queryFor(path, records)}`;
  const id = idFor(path, records);
  return id === undefined ? undefined : `${path.replace(':id', String(id))}${queryFor(path, records)}`;
}

// --- Valid writes ---------------------------------------------------------------------------------------------

/** One valid call of a write route, made for one role. */
type WriteRequest = {
  /** The record of a `:id` route (a branch manager's call on branch B is sent again with MISSING_ID). */
  id?: number;
  /** The path's other parameters (`:consentId`). */
  params?: Record<string, number | string>;
  /** A body the route's schema accepts, snake_case as on the wire. */
  payload?: Record<string, unknown>;
  /** A body that is a file (an import's upload), with its query. */
  file?: { body: Buffer; contentType: string; query: string };
  /** A session of its own instead of the role's shared one: for the routes that end or change it. */
  token?: string;
  /** Puts back what the call changed for everyone (global settings); runs right after the call. */
  restore?: () => Promise<void>;
  /** What the success must also say, when its status alone does not tell (a bulk change answers per id). */
  verify?: (body: unknown) => void;
};

/** Builds the call for a role; `branch` is where its records are (B only for a branch manager's calls on B). */
type WriteBuilder = (role: Role, branch: Branch) => Promise<WriteRequest>;
type WriteKey = Exclude<ApiRoute, `GET ${string}`>;

let serial = 0;

function created(response: Awaited<ReturnType<Api['post']>>): { id: number; version: number } {
  if (response.statusCode !== 201) throw new Error(`setup: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** A `:id` call on a record with its current version (every update and status change sends back the version). */
const versioned = (record: { id: number; version: number }, payload: Record<string, unknown> = {}) => ({
  id: record.id,
  payload: { ...payload, version: record.version },
});

/** A worker of the branch with a 사업장 변경 of its own. */
async function freshWorkplaceChange(branch: Branch) {
  const worker = await fresh.worker(branch);
  const [row] = await ctx.db
    .insert(workerWorkplaceChanges)
    .values({ workerId: worker.id, requestDate: '2025-01-02', cause: 'worker_request' })
    .returning({ id: workerWorkplaceChanges.id, workerId: workerWorkplaceChanges.workerId });
  return row!;
}

/** An admin account of its own for a call (never one whose token the matrix uses); branch managers get A. */
const freshAdmin = (role: Role, values: Parameters<typeof createAdmin>[1] = {}) =>
  createAdmin(ctx, { role, branchId: role === 'branch_manager' ? branchA : null, ...values });

async function freshSession(role: Role) {
  const admin = await freshAdmin(role);
  return { admin, ...(await login(ctx, admin.loginId)) };
}

/** A fresh admin of the role signed in, with a passkey registered from a software authenticator. */
async function sessionWithPasskey(role: Role) {
  const session = await freshSession(role);
  const api = apiAs(ctx, session.token);
  const options = await api.post('/me/second-factor/passkeys/options', {});
  const key = softAuthenticator('http://localhost:80');
  const registered = await api.post('/me/second-factor/passkeys', {
    name: '보안키',
    response_json: JSON.stringify(key.register(JSON.parse(options.json().options_json))),
  });
  expect(registered.statusCode, registered.body).toBe(200);
  const [passkey] = (await api.get('/me/second-factor')).json().passkeys;
  return {
    ...session,
    passkeyId: passkey.id as number,
    recoveryCodes: registered.json().recovery_codes as string[],
  };
}

/** A network rule for a fresh admin of its own (it restricts nobody the matrix calls as). */
async function freshNetworkRule() {
  const admin = await freshAdmin('viewer');
  const [row] = await ctx.db
    .insert(networkRules)
    .values({ cidr: '10.40.0.0/16', adminId: admin.id })
    .returning();
  return row!;
}

/** The session id an access token carries (its `sid` claim). */
function sessionOf(token: string): string {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid;
}

/** Fresh records, one per call, in the state the call's operation starts from. */
const fresh = {
  employer: (branch: Branch, values: Parameters<typeof insertEmployer>[2] = {}) =>
    insertEmployer(ctx, branchOf(branch), values),
  worker: (branch: Branch) => insertWorker(ctx, branchOf(branch)),
  /** With the branch's employer, a worker of its own and its own active post (working unless told). */
  async matching(branch: Branch, values: Parameters<typeof insertMatching>[2] = {}) {
    const worker = await fresh.worker(branch);
    return insertMatching(
      ctx,
      { employerId: recordsIn(branch).employer, workerId: worker.id, branchId: branchOf(branch) },
      values,
    );
  },
  /** A draft of the branch's employer, through the API (the create derives the branch and checks the pay). */
  jobPost: async (branch: Branch) =>
    created(await superApi.post('/job-posts', jobPostBody(recordsIn(branch).employer, { submit: false }))),
  /** A draft of the branch's worker. */
  resume: async (branch: Branch) =>
    created(await superApi.post('/resumes', resumeBody(recordsIn(branch).worker))),
  /** A worker with an encrypted 외국인등록번호 to reveal (the API encrypts it; a direct insert would not). */
  workerWithId: async (branch: Branch) =>
    created(
      await superApi.post('/workers', workerBody(branchOf(branch), { alien_reg_no: alienRegNo(++serial) })),
    ),
  async payout(branch: Branch) {
    const [row] = await ctx.db
      .insert(payouts)
      .values({ employerId: recordsIn(branch).employer, type: 'matching_fee', amount: 300_000, vat: 30_000 })
      .returning({ id: payouts.id, version: payouts.version });
    return row!;
  },
  /** A payout with an encrypted account number to reveal. */
  payoutWithAccount: async (branch: Branch) =>
    created(
      await superApi.post('/payouts', {
        employer_id: recordsIn(branch).employer,
        type: 'matching_fee',
        amount: 300_000,
        bank_name: '신한은행',
        account_no: '110-123-456789',
        account_holder: '(주)대한제조',
      }),
    ),
  /** A pending review of a matching of its own (one review per matching and reviewer side). */
  async review(branch: Branch) {
    const row = await insertReview(ctx, await fresh.matching(branch), {
      rating: 5,
      content: '사장님이 친절하고 숙소가 깨끗합니다.',
    });
    return { id: row.id, version: row.version };
  },
  async notice() {
    const [row] = await ctx.db
      .insert(notices)
      .values({ title: '휴무 안내', content: '<p>휴무</p>', status: 'draft' })
      .returning({ id: notices.id, version: notices.version });
    return row!;
  },
};

/**
 * A valid call of every write row (typed over every non-GET key of ROUTE_ACCESS, and checked at run time too: a
 * route added without one fails the matrix). Where a resource's transition table needs more than the route's
 * permission for some moves (approving: `*:approve`), the call makes the move the route's permission allows, so
 * every role the table lets in must succeed.
 */
const WRITES = {
  // admins: throwaway accounts only, never one whose token the matrix uses.
  'POST /admins': async () => {
    const n = ++serial;
    return {
      payload: {
        login_id: `matrix${n}`,
        email: `matrix${n}@ilson.test`,
        name: '신규 관리자',
        role: 'viewer',
        password: TEST_PASSWORD,
      },
    };
  },
  'PATCH /admins/:id': async () => versioned(await freshAdmin('viewer'), { name: '이름 바뀐 관리자' }),
  'POST /admins/:id/disable': async () => versioned(await freshAdmin('viewer')),
  'POST /admins/:id/enable': async () => versioned(await freshAdmin('viewer', { status: 'disabled' })),
  'POST /admins/:id/reset-password': async () => versioned(await freshAdmin('viewer')),
  'POST /admins/:id/unlock': async () =>
    versioned(
      await freshAdmin('viewer', {
        status: 'locked',
        failedLoginCount: 5,
        lockedUntil: new Date(Date.now() + 15 * 60_000),
      }),
    ),
  // audit logs
  'POST /audit-logs/verify': async () => ({}),
  'POST /audit-reviews': async () => ({
    payload: { period: '2025-01', reviewed_at: '2025-02-03', findings: '이상 없음', actions_taken: '' },
  }),
  // A download of this month with a reason that says nothing, by an admin of its own: one finding per call.
  'POST /audit-reviews/findings/acknowledge': async () => {
    const admin = await freshAdmin('viewer');
    await appendAudit(
      ctx.db,
      { actorAdminId: admin.id, actorLoginId: admin.loginId, ip: null, userAgent: null },
      {
        action: 'EXPORT',
        targetType: 'workers',
        summary: '근로자 목록 다운로드',
        recordCount: 1,
        reason: 'ㅇㅇ',
      },
    );
    return {
      payload: {
        period: seoulToday().slice(0, 7),
        kind: 'vague_export_reason',
        admin_id: admin.id,
        note: '소명 받음',
      },
    };
  },
  // A finding of its own, acknowledged by another admin: reopened with a reason.
  'POST /audit-reviews/findings/reopen': async () => {
    const admin = await freshAdmin('viewer');
    const checker = await freshAdmin('admin');
    await appendAudit(
      ctx.db,
      { actorAdminId: admin.id, actorLoginId: admin.loginId, ip: null, userAgent: null },
      {
        action: 'EXPORT',
        targetType: 'workers',
        summary: '근로자 목록 다운로드',
        recordCount: 1,
        reason: 'ㅇㅇ',
      },
    );
    const period = seoulToday().slice(0, 7);
    await ctx.db.insert(auditFindingAcks).values({
      period,
      kind: 'vague_export_reason',
      subjectAdminId: admin.id,
      note: '소명 받음',
      acknowledgedByAdminId: checker.id,
    });
    return {
      payload: { period, kind: 'vague_export_reason', admin_id: admin.id, reason: '소명 재확인 필요' },
    };
  },
  // The destruction's dry run: counts what is due, changes nothing.
  'POST /privacy/destructions/run': async () => ({ payload: { dry_run: true } }),
  'POST /privacy/requests': async () => ({
    payload: privacyRequestBody((await fresh.worker('A')).id, 'access'),
  }),
  'PATCH /privacy/requests/:id': async () => {
    const request = await newPrivacyRequest('rectification');
    return { id: request.id, payload: { status: 'in_progress', version: request.version } };
  },
  // A worker who never worked through us: nothing holds their data, so the erasure destroys it.
  'POST /privacy/requests/:id/erase': async () => ({
    id: (await newPrivacyRequest('erasure')).id,
    payload: {},
  }),
  // auth: each call signs in, refreshes or signs out an admin of its own.
  'POST /auth/login': async (role) => ({
    payload: { email: (await freshAdmin(role)).loginId, password: TEST_PASSWORD, remember: true },
  }),
  'POST /auth/logout': async (role) => ({ token: (await freshSession(role)).token, payload: {} }),
  // second factor (docs/second-factor.md): each on a fresh admin of the role, enrolled where the call needs it
  'POST /auth/mfa/verify': async (role) => {
    const admin = await freshAdmin(role);
    const { recoveryCodes } = await enrolTotp(ctx, (await login(ctx, admin.loginId)).token);
    const first = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: admin.loginId, password: TEST_PASSWORD, remember: true },
    });
    return { payload: { mfa_token: first.json().mfa_token, recovery_code: recoveryCodes[0] } };
  },
  'POST /auth/step-up': async (role) => {
    const { token } = await freshSession(role);
    const { recoveryCodes } = await enrolTotp(ctx, token);
    return { token, payload: { recovery_code: recoveryCodes[0] } };
  },
  'POST /me/second-factor/totp': async (role) => ({ token: (await freshSession(role)).token }),
  'POST /me/second-factor/totp/confirm': async (role) => {
    const { token } = await freshSession(role);
    const setup = await apiAs(ctx, token).post('/me/second-factor/totp', {});
    return { token, payload: { code: await totpCode(setup.json().secret) } };
  },
  'POST /me/second-factor/totp/remove': async (role) => {
    const { token } = await freshSession(role);
    const { recoveryCodes } = await enrolTotp(ctx, token);
    return { token, payload: { password: TEST_PASSWORD, recovery_code: recoveryCodes[1] } };
  },
  'POST /me/second-factor/recovery-codes': async (role) => {
    const { token } = await freshSession(role);
    const { recoveryCodes } = await enrolTotp(ctx, token);
    return { token, payload: { password: TEST_PASSWORD, recovery_code: recoveryCodes[2] } };
  },
  'POST /admins/:id/second-factor/reset': async () => ({
    id: (await freshAdmin('admin')).id,
    payload: { reason: '휴대폰 분실 (본인 전화 확인)' },
  }),
  // sessions (docs/sessions-and-logs.md#seeing-and-ending-sessions)
  'POST /me/sessions/:sessionId/end': async (role) => {
    const admin = await freshAdmin(role);
    const { token } = await login(ctx, admin.loginId);
    const other = await login(ctx, admin.loginId);
    return { token, params: { sessionId: sessionOf(other.token) } };
  },
  'POST /me/sessions/end-others': async (role) => ({ token: (await freshSession(role)).token }),
  'POST /admins/:id/sessions/:sessionId/end': async () => {
    const { admin, token } = await freshSession('admin');
    return { id: admin.id, params: { sessionId: sessionOf(token) } };
  },
  'POST /admins/:id/sessions/end-all': async () => ({ id: (await freshSession('viewer')).admin.id }),
  'POST /auth/mfa/passkey-options': async (role) => {
    const { admin } = await sessionWithPasskey(role);
    const first = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: admin.loginId, password: TEST_PASSWORD, remember: true },
    });
    return { payload: { mfa_token: first.json().mfa_token } };
  },
  'POST /auth/step-up/passkey-options': async (role) => ({ token: (await sessionWithPasskey(role)).token }),
  'POST /me/second-factor/passkeys/options': async (role) => ({ token: (await freshSession(role)).token }),
  'POST /me/second-factor/passkeys': async (role) => {
    const { token } = await freshSession(role);
    const options = await apiAs(ctx, token).post('/me/second-factor/passkeys/options', {});
    const key = softAuthenticator('http://localhost:80');
    return {
      token,
      payload: {
        name: '보안키',
        response_json: JSON.stringify(key.register(JSON.parse(options.json().options_json))),
      },
    };
  },
  'POST /me/second-factor/passkeys/:id/remove': async (role) => {
    const { token, passkeyId, recoveryCodes } = await sessionWithPasskey(role);
    return { token, id: passkeyId, payload: { password: TEST_PASSWORD, recovery_code: recoveryCodes[3] } };
  },
  // network rules: each on a fresh admin of its own, so no other caller of the matrix is restricted
  'POST /network-rules': async () => ({
    payload: { cidr: '10.20.0.0/16', admin_id: (await freshAdmin('viewer')).id, memo: '본사' },
  }),
  'PATCH /network-rules/:id': async () => {
    const rule = await freshNetworkRule();
    return { id: rule.id, payload: { cidr: '10.30.0.0/16', admin_id: rule.adminId, version: 1 } };
  },
  'DELETE /network-rules/:id': async () => ({ id: (await freshNetworkRule()).id }),
  'POST /auth/refresh': async (role) => ({
    payload: { refresh_token: (await freshSession(role)).refreshToken },
  }),
  // branches
  'POST /branches': async () => ({
    payload: { name: '대구지점', code: `MX-${++serial}`, region: '서울특별시', phone: '02-123-4567' },
  }),
  'PATCH /branches/:id': async () => versioned(await insertBranch(ctx), { name: '이름 바뀐 지점' }),
  'POST /branches/:id/status': async () => versioned(await insertBranch(ctx), { status: 'inactive' }),
  // An empty branch: one with records or managers cannot be deleted.
  'DELETE /branches/:id': async () => ({ id: (await insertBranch(ctx)).id }),
  // employers (approving is `employers:approve`, which every role with `employers:write` holds)
  'POST /employers': async (_role, branch) => ({
    payload: employerBody(branchOf(branch), { business_reg_no: businessRegNo(500_000_000 + ++serial) }),
  }),
  'PATCH /employers/:id': async (_role, branch) =>
    versioned(await fresh.employer(branch), { company_name: '(주)새한정밀' }),
  'POST /employers/:id/status': async (_role, branch) =>
    versioned(await fresh.employer(branch, { status: 'pending' }), { status: 'approved' }),
  'POST /employers/bulk-status': async (_role, branch) => {
    const employer = await fresh.employer(branch, { status: 'pending' });
    return {
      payload: { ids: [employer.id], status: 'approved' },
      verify: (body) => expect((body as { data: unknown }).data).toEqual([{ id: employer.id, ok: true }]),
    };
  },
  // 고용허가: a child record, written as the employer is (a fresh employer each, so nothing holds its permits).
  'POST /employers/:id/permits': async (_role, branch) => ({
    id: (await fresh.employer(branch)).id,
    payload: {
      type: 'employment_permit',
      permit_no: `2026-${++serial}`,
      valid_from: '2026-01-01',
      valid_to: '2028-12-31',
      headcount: 3,
    },
  }),
  'PATCH /employers/:id/permits/:permitId': async (_role, branch) => {
    const employer = await fresh.employer(branch);
    const permit = await grantPermit(ctx, employer.id);
    return {
      id: employer.id,
      params: { permitId: permit.id },
      payload: { headcount: 5, version: permit.version },
    };
  },
  'DELETE /employers/:id/permits/:permitId': async (_role, branch) => {
    const employer = await fresh.employer(branch);
    return { id: employer.id, params: { permitId: (await grantPermit(ctx, employer.id)).id } };
  },
  // Only a pending or rejected employer may be deleted.
  'DELETE /employers/:id': async (_role, branch) => ({
    id: (await fresh.employer(branch, { status: 'pending' })).id,
  }),
  // job posts: a draft each (only drafts, pending and rejected posts may be deleted)
  'POST /job-posts': async (_role, branch) => ({ payload: jobPostBody(recordsIn(branch).employer) }),
  'PATCH /job-posts/:id': async (_role, branch) =>
    versioned(await fresh.jobPost(branch), { title: '용접 생산직 모집' }),
  // Submitting for review needs `job_posts:write` (approving needs `job_posts:approve`, which branch managers lack).
  'POST /job-posts/:id/status': async (_role, branch) =>
    versioned(await fresh.jobPost(branch), { status: 'pending' }),
  'DELETE /job-posts/:id': async (_role, branch) => ({ id: (await fresh.jobPost(branch)).id }),
  // matchings: a worker of its own each (one open matching per pair)
  'POST /matchings': async (_role, branch) => ({
    payload: { job_post_id: recordsIn(branch).jobPost, worker_id: (await fresh.worker(branch)).id },
  }),
  'PATCH /matchings/:id': async (_role, branch) =>
    versioned(await fresh.matching(branch), { memo: '면접 일정 조율 중' }),
  'POST /matchings/:id/status': async (_role, branch) =>
    versioned(await fresh.matching(branch, { status: 'proposed' }), { status: 'interview' }),
  // me: an admin of its own (the call changes the account; a password change ends the other sessions)
  'PATCH /me': async (role) => {
    const { token } = await freshSession(role);
    const me = await apiAs(ctx, token).get('/me');
    return { token, payload: { name: '새 이름', phone: '010-4444-5555', version: me.json().version } };
  },
  'POST /me/password': async (role) => ({
    token: (await freshSession(role)).token,
    payload: { current_password: TEST_PASSWORD, new_password: 'Brand-new-pass-9' },
  }),
  // notices
  'POST /notices': async () => ({
    payload: { title: '설 연휴 운영 안내', content: '<p>연휴 기간에는 상담을 쉽니다.</p>' },
  }),
  'PATCH /notices/:id': async () => versioned(await fresh.notice(), { title: '휴무 안내 (수정)' }),
  'POST /notices/:id/status': async () => versioned(await fresh.notice(), { status: 'published' }),
  'DELETE /notices/:id': async () => ({ id: (await fresh.notice()).id }),
  'POST /notices/preview': async () => ({ payload: { content: '<p>미리보기</p>' } }),
  // payouts
  'POST /payouts': async (_role, branch) => ({
    payload: { employer_id: recordsIn(branch).employer, type: 'matching_fee', amount: 300_000 },
  }),
  'PATCH /payouts/:id': async (_role, branch) =>
    versioned(await fresh.payout(branch), { memo: '3월분 수수료' }),
  'POST /payouts/:id/reveal': async (_role, branch) => ({
    id: (await fresh.payoutWithAccount(branch)).id,
    payload: { reason: REASON },
  }),
  // Cancelling a pending payout needs `payouts:write` (approving needs `payouts:approve`, which branch managers lack).
  'POST /payouts/:id/status': async (_role, branch) =>
    versioned(await fresh.payout(branch), { status: 'cancelled', reason: REASON }),
  // resumes
  'POST /resumes': async (_role, branch) => ({ payload: resumeBody(recordsIn(branch).worker) }),
  'PATCH /resumes/:id': async (_role, branch) =>
    versioned(await fresh.resume(branch), { skills: ['지게차', '용접', '도장'] }),
  'POST /resumes/:id/status': async (_role, branch) =>
    versioned(await fresh.resume(branch), { status: 'active' }),
  'DELETE /resumes/:id': async (_role, branch) => ({ id: (await fresh.resume(branch)).id }),
  // A deleted resume (deleted by the super admin; the call restores it).
  'POST /resumes/:id/restore': async (_role, branch) => {
    const resume = await fresh.resume(branch);
    const deleted = await superApi.delete(`/resumes/${resume.id}`);
    if (deleted.statusCode !== 200) throw new Error(`setup: ${deleted.statusCode} ${deleted.body}`);
    return { id: resume.id };
  },
  // reviews: an operator enters one for a matching where work happened
  'POST /reviews': async (_role, branch) => ({
    payload: {
      matching_id: (await fresh.matching(branch)).id,
      reviewer_type: 'employer',
      rating: 5,
      content: '성실하게 근무했습니다.',
    },
  }),
  'POST /reviews/:id/status': async (_role, branch) =>
    versioned(await fresh.review(branch), { status: 'published' }),
  // settings are global: the call changes one the other tests do not read, and puts it back.
  'PATCH /settings': async () => {
    const read = (await superApi.get('/settings')).json();
    const before = read.contact_phone;
    return {
      payload: { contact_phone: '02-1234-5678', version: read.version },
      restore: async () => {
        const restored = await patchSettings(superApi, { contact_phone: before });
        expect(restored.statusCode, restored.body).toBe(200);
      },
    };
  },
  // app users
  'POST /users/:id/consents/:consentId/withdraw': async (_role, branch) => {
    const user = await insertAppUser(ctx, { workerId: (await fresh.worker(branch)).id });
    const [consent] = await ctx.db
      .insert(appUserConsents)
      .values({
        appUserId: user.id,
        item: 'marketing_sms',
        textVersion: '2025.03',
        consentedAt: new Date(0),
        channel: 'app',
      })
      .returning({ id: appUserConsents.id });
    return {
      id: user.id,
      params: { consentId: consent!.id },
      payload: { note: '본인 확인 후 전화로 철회 요청' },
    };
  },
  'POST /users/:id/status': async (_role, branch) =>
    versioned(await insertAppUser(ctx, { workerId: (await fresh.worker(branch)).id }), {
      status: 'suspended',
      reason: REASON,
    }),
  // workers
  'POST /workers': async (_role, branch) => ({
    payload: workerBody(branchOf(branch), { alien_reg_no: alienRegNo(++serial) }),
  }),
  'PATCH /workers/:id': async (_role, branch) =>
    versioned(await fresh.worker(branch), { phone_number: '010-9876-5432' }),
  'PATCH /workers/:id/extension': async (_role, branch) =>
    versioned(await fresh.worker(branch), { extension_status: 'applied' }),
  'POST /workers/:id/reveal': async (_role, branch) => ({
    id: (await fresh.workerWithId(branch)).id,
    payload: { field: 'alien_reg_no', reason: REASON },
  }),
  'POST /workers/:id/status': async (_role, branch) =>
    versioned(await fresh.worker(branch), { status: 'inactive', reason: REASON }),
  'DELETE /workers/:id': async (_role, branch) => ({ id: (await fresh.worker(branch)).id }),
  'POST /workers/:id/workplace-changes': async (_role, branch) => ({
    id: (await fresh.worker(branch)).id,
    payload: { request_date: '2025-01-02', cause: 'worker_request' },
  }),
  'PATCH /workers/:id/workplace-changes/:changeId': async (_role, branch) => {
    const change = await freshWorkplaceChange(branch);
    return { id: change.workerId, params: { changeId: change.id }, payload: { note: '메모', version: 1 } };
  },
  'DELETE /workers/:id/workplace-changes/:changeId': async (_role, branch) => {
    const change = await freshWorkplaceChange(branch);
    return { id: change.workerId, params: { changeId: change.id } };
  },
  'PUT /me/list-settings/:list': async () => ({
    payload: { columns: ['company_name', 'status'], density: 'small', page_size: 50 },
  }),
  'POST /saved-views': async () => ({
    payload: { list: 'employers', name: `보기 ${++serial}`, query: { status: 'pending' } },
  }),
  'PATCH /saved-views/:id': async (role) => {
    const view = await ownView(role);
    return { id: view.id, payload: { name: `이름 바꿈 ${++serial}`, version: view.version } };
  },
  'DELETE /saved-views/:id': async (role) => ({ id: (await ownView(role)).id }),
  // The role's own review decision just made (a viewer, who makes none, is refused before the body counts).
  'POST /undo': async (role, branch) => {
    const review = await fresh.review(branch);
    const by = role === 'viewer' ? superApi : apiAs(ctx, tokens[role]!);
    const reply = await by.post(`/reviews/${review.id}/status`, {
      status: 'published',
      version: review.version,
    });
    if (reply.statusCode !== 200) throw new Error(`setup: ${reply.statusCode} ${reply.body}`);
    return { payload: { target_type: 'review', target_id: review.id, version: reply.json().version } };
  },
  // An employer of the branch, deleted a moment ago.
  'POST /trash/:type/:id/restore': async (_role, branch) => {
    const employer = await fresh.employer(branch, { status: 'pending', deletedAt: new Date() });
    return { id: employer.id };
  },
  ...importWrites('workers'),
  ...importWrites('employers'),
  ...bulkWrites('employers', 'approve', async (branch) => (await fresh.employer(branch)).id),
  ...bulkWrites('job-posts', 'close', async (branch) => (await fresh.jobPost(branch)).id),
  ...bulkWrites('reviews', 'publish', async (branch) => (await fresh.review(branch)).id),
  ...bulkWrites('payouts', 'approve', async (branch) => (await fresh.payout(branch)).id),
  ...bulkWrites('workers', 'change-branch', async (branch) => (await fresh.worker(branch)).id),
} satisfies Record<WriteKey, WriteBuilder>;

function privacyRequestBody(workerId: number, kind: string) {
  return {
    subject_type: 'worker',
    subject_id: workerId,
    kind,
    channel: 'phone',
    received_at: new Date().toISOString().slice(0, 10),
  };
}

/** A request about a fresh worker of branch A, registered by the super admin. */
async function newPrivacyRequest(kind: string): Promise<{ id: number; version: number }> {
  const reply = await superApi.post(
    '/privacy/requests',
    privacyRequestBody((await fresh.worker('A')).id, kind),
  );
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json();
}

/** A saved view of the role's own admin (another admin's is theirs to change). */
async function ownView(role: Role) {
  const reply = await apiAs(ctx, tokens[role]!).post('/saved-views', {
    list: 'employers',
    name: `내 보기 ${++serial}`,
    query: { region: '경기도' },
  });
  return created(reply);
}

/** An import's writes, each on a batch of its own that the branch's manager uploaded. */
function importWrites<R extends ImportResource>(resource: R) {
  const branchName = (branch: Branch) => (branch === 'A' ? '안산지점' : '부산지점');
  const freshBatch = (branch: Branch) => importBatch(managers[branch], resource, branchName(branch));
  return {
    [`POST /${resource}/imports`]: async (_role: Role, branch: Branch) => ({
      file: {
        body: csvFile(
          importHeaders(resource),
          [(resource === 'workers' ? workerCells : employerCells)(++serial + 60_000, branchName(branch))],
          'utf-8',
        ),
        contentType: 'text/csv',
        query: '?file_name=matrix.csv',
      },
    }),
    [`POST /${resource}/imports/:id/validate`]: async (_role: Role, branch: Branch) => {
      const id = await freshBatch(branch);
      const batch = await managers[branch].get(`/${resource}/imports/${id}`);
      return { id, payload: { mapping: batch.json().mapping } };
    },
    [`POST /${resource}/imports/:id/commit`]: async (_role: Role, branch: Branch) => ({
      id: await freshBatch(branch),
    }),
    [`POST /${resource}/imports/:id/cancel`]: async (_role: Role, branch: Branch) => {
      const id = await freshBatch(branch);
      // A run under way (in no process: nothing else touches the batch while the call is made).
      await ctx.db
        .update(importBatches)
        .set({ status: 'validating', runnerToken: 'matrix', heartbeatAt: new Date() })
        .where(eq(importBatches.id, id));
      return { id };
    },
    [`POST /${resource}/imports/:id/undo`]: async (_role: Role, branch: Branch) => ({
      id: await committedImport(managers[branch], resource, branchName(branch)),
    }),
  } as Record<
    `POST /${R}/imports` | `POST /${R}/imports/:id/${'validate' | 'commit' | 'cancel' | 'undo'}`,
    WriteBuilder
  >;
}

/** A bulk job's start (on a record of its own) and cancel (on a running job of the branch). */
function bulkWrites<R extends BulkResource>(
  resource: R,
  action: string,
  record: (branch: Branch) => Promise<number>,
) {
  return {
    [`POST /${resource}/bulk-jobs`]: async (_role: Role, branch: Branch) => ({
      payload: {
        action,
        ids: [await record(branch)],
        reason: REASON,
        ...(resource === 'workers' ? { branch_id: branchOf(branch) } : {}),
      },
    }),
    [`POST /${resource}/bulk-jobs/:id/cancel`]: async (_role: Role, branch: Branch) => ({
      id: await bulkJobRow(resource, branchOf(branch), 'running'),
    }),
  } as Record<`POST /${R}/bulk-jobs` | `POST /${R}/bulk-jobs/:id/cancel`, WriteBuilder>;
}

const writeBuilder = (key: string): WriteBuilder | undefined => (WRITES as Record<string, WriteBuilder>)[key];

/**
 * The writes without an `:id` whose body names branch-scoped records (WRITES' call for branch B names B's): each
 * puts MISSING_ID where the call names them, so a branch manager naming B's can be compared with naming none.
 */
const NAMING_RECORDS: Partial<
  Record<WriteKey, (payload: Record<string, unknown>) => Record<string, unknown>>
> = {
  'POST /employers': (payload) => ({ ...payload, branch_id: MISSING_ID }),
  'POST /employers/bulk-status': (payload) => ({ ...payload, ids: [MISSING_ID] }),
  'POST /job-posts': (payload) => ({ ...payload, employer_id: MISSING_ID }),
  'POST /matchings': (payload) => ({ ...payload, job_post_id: MISSING_ID, worker_id: MISSING_ID }),
  'POST /payouts': (payload) => ({ ...payload, employer_id: MISSING_ID }),
  'POST /resumes': (payload) => ({ ...payload, worker_id: MISSING_ID }),
  'POST /reviews': (payload) => ({ ...payload, matching_id: MISSING_ID }),
  'POST /workers': (payload) => ({ ...payload, branch_id: MISSING_ID }),
  'POST /employers/bulk-jobs': (payload) => ({ ...payload, ids: [MISSING_ID] }),
  'POST /job-posts/bulk-jobs': (payload) => ({ ...payload, ids: [MISSING_ID] }),
  'POST /reviews/bulk-jobs': (payload) => ({ ...payload, ids: [MISSING_ID] }),
  'POST /payouts/bulk-jobs': (payload) => ({ ...payload, ids: [MISSING_ID] }),
  'POST /workers/bulk-jobs': (payload) => ({ ...payload, ids: [MISSING_ID] }),
};

/**
 * Writes whose body is a file: it names branches by name, not records by id, and they are checked when its rows are
 * (the dry run refuses another branch's name as unknown: imports.test.ts, "branch scope").
 */
const FILE_BODIES = new Set(['POST /workers/imports', 'POST /employers/imports']);

// --- Calls ----------------------------------------------------------------------------------------------------

function call(method: string, url: string, caller: Caller, token = tokens[caller], payload?: object) {
  return ctx.app.inject({
    method: method as 'GET',
    url: `${API_PREFIX}${url}`,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
}

function send(method: string, listPath: string, request: WriteRequest, caller: Caller) {
  const path = listPath.replace(':list', 'employers').replace(':type', 'employer');
  let url = request.id === undefined ? path : path.replace(':id', String(request.id));
  for (const [name, value] of Object.entries(request.params ?? {}))
    url = url.replace(`:${name}`, String(value));
  const token = request.token ?? tokens[caller];
  if (request.file) {
    return ctx.app.inject({
      method: method as 'POST',
      url: `${API_PREFIX}${url}${request.file.query}`,
      headers: { ...(token ? bearer(token) : {}), 'content-type': request.file.contentType },
      payload: request.file.body,
    });
  }
  return call(method, url, caller, request.token, request.payload);
}

function allowed(caller: Role, access: RouteAccess): boolean {
  return access === 'public' || access === 'authenticated' || can(caller, access);
}

let openApi: { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };

/** The one 2xx a route declares in its `response` schema (read from the OpenAPI document the schemas make). */
function successStatus(key: string): number {
  const [method, path] = key.split(' ') as [string, string];
  const operation = openApi.paths[`${API_PREFIX}${path.replace(/:(\w+)/g, '{$1}')}`]?.[method.toLowerCase()];
  const codes = Object.keys(operation?.responses ?? {}).filter((code) => /^2\d\d$/.test(code));
  expect(codes, `${key}: one success status in its response schema`).toHaveLength(1);
  return Number(codes[0]);
}

// Reads first: the writes only touch records of their own, but the reads see the records as beforeAll left them.
const METHOD_ORDER: Record<string, number> = { GET: 0, POST: 1, PATCH: 1, PUT: 1, DELETE: 2 };
const rows = (Object.entries(ROUTE_ACCESS) as [string, RouteAccess][]).sort(
  ([a], [b]) => METHOD_ORDER[a.split(' ')[0]!]! - METHOD_ORDER[b.split(' ')[0]!]!,
);
const writeRows = rows.filter(([key]) => !key.startsWith('GET '));

beforeAll(async () => {
  ctx = await createTestContext();
  openApi = ctx.app.swagger() as typeof openApi;
  branchA = (await insertBranch(ctx, { name: '안산지점' })).id;
  const branchB = (await insertBranch(ctx, { name: '부산지점' })).id;
  const superAdmin = await signedIn(ctx, 'super_admin');
  // The matrix signs in far more often than the per-IP login limit allows in a minute.
  await ctx.app.settings.update(
    { loginRateLimitPerMinute: 1000 },
    { actorAdminId: superAdmin.admin.id, actorLoginId: superAdmin.admin.loginId, ip: null, userAgent: null },
  );
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

  superApi = superAdmin.api;
  managers.A = apiAs(ctx, tokens.branch_manager);
  managers.B = (await signedIn(ctx, 'branch_manager', branchB)).api;
  recordsA = await recordsOf(branchA, superApi, managers.A, '안산지점');
  recordsB = await recordsOf(branchB, superApi, managers.B, '부산지점');
  const [row] = await ctx.db
    .insert(notices)
    .values({ title: '시스템 점검 안내', content: '<p>점검</p>', status: 'published' })
    .returning({ id: notices.id });
  notice = row!.id;
  targetAdmin = (await signedIn(ctx, 'viewer')).admin.id;
  privacyRequest = (await newPrivacyRequest('access')).id;
});
afterAll(async () => {
  await ctx?.close();
});

describe('permission matrix', () => {
  it('has a registered route for every row of the table', () => {
    for (const [key] of rows) {
      const [method, path] = key.split(' ') as [string, string];
      const url = `${API_PREFIX}${path}`;
      expect(ctx.app.hasRoute({ method: method as 'GET', url }), key).toBe(true);
    }
  });

  it('has a valid request for every write row, and none for a route the table does not have', () => {
    expect(writeRows.map(([key]) => key).filter((key) => !writeBuilder(key))).toEqual([]);
    expect(Object.keys(WRITES).filter((key) => !(key in ROUTE_ACCESS))).toEqual([]);
  });

  it.each(rows.filter(([, access]) => access !== 'public'))(
    '%s: 401 without a valid session (none, expired, tampered, disabled)',
    async (key) => {
      const [method, path] = key.split(' ') as [string, string];
      const url = urlOf(path, recordsA) ?? path.replace(':type', 'employer').replace(':id', '1');
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      for (const caller of UNAUTHENTICATED) {
        const response = await call(method, url, caller, tokens[caller], body);
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
    const build = method === 'GET' ? undefined : writeBuilder(key);
    if (method !== 'GET') expect(build, `${key}: no valid request in WRITES`).toBeDefined();
    for (const role of ROLES) {
      // A role without the permission gets the same valid request: its 403 is the permission's, not the body's.
      const request = build ? await build(role, 'A') : undefined;
      const response = request
        ? await send(method, path, request, role)
        : await call(method, urlOf(path, recordsA) ?? path.replace(':id', '1'), role);
      await request?.restore?.();
      const where = `${key} as ${role}: ${response.body.slice(0, 300)}`;
      if (!allowed(role, access)) {
        expect(response.statusCode, where).toBe(403);
        expect(response.json().error.code, where).toBe('FORBIDDEN');
        continue;
      }
      expect(response.statusCode, where).toBe(method === 'GET' ? 200 : successStatus(key));
      request?.verify?.(response.json());

      // Another branch's record, read or written: the same 404 as a record that does not exist.
      if (role === 'branch_manager' && path.includes(':id') && BRANCH_SCOPED.has(resource)) {
        const other = build ? await build(role, 'B') : undefined;
        const onOther = other
          ? await send(method, path, other, role)
          : await call(method, urlOf(path, recordsB)!, role);
        const onMissing = other
          ? await send(method, path, { ...other, id: MISSING_ID }, role)
          : await call(method, path.replace(':id', String(MISSING_ID)), role);
        expect(onOther.statusCode, `${key} on branch B: ${onOther.body}`).toBe(404);
        expect(onMissing.statusCode, `${key} on a missing id: ${onMissing.body}`).toBe(404);
        expect(onOther.json().error, key).toEqual(onMissing.json().error);
      }
    }
  });

  it.each(
    writeRows.filter(
      ([key, access]) =>
        !key.includes(':id') &&
        !FILE_BODIES.has(key) &&
        BRANCH_SCOPED.has(key.split('/')[1]!) &&
        allowed('branch_manager', access),
    ),
  )('%s: a branch manager naming records of branch B gets what naming missing ones gets', async (key) => {
    const [method, path] = key.split(' ') as [string, string];
    const missing = NAMING_RECORDS[key as WriteKey];
    expect(missing, `${key}: no entry in NAMING_RECORDS`).toBeDefined();
    const other = await writeBuilder(key)!('branch_manager', 'B');
    const onOther = await send(method, path, other, 'branch_manager');
    const onMissing = await send(
      method,
      path,
      { ...other, payload: missing!(other.payload!) },
      'branch_manager',
    );
    expect(onOther.statusCode, `${key} naming branch B: ${onOther.body}`).toBe(onMissing.statusCode);
    if (onOther.statusCode === 201 && key.endsWith('/bulk-jobs')) {
      // A bulk job goes through its records later: each of B's is refused as not found, like a missing one.
      await ctx.app.bulk.idle();
      const failures = async (response: typeof onOther) => {
        const reply = await call('GET', `${path}/${response.json().id}/failures`, 'branch_manager');
        return reply
          .json()
          .data.map(({ record_id: _id, label: _label, ...rest }: Record<string, unknown>) => rest);
      };
      expect(await failures(onOther), key).toEqual([expect.objectContaining({ code: 'NOT_FOUND' })]);
      expect(await failures(onOther), key).toEqual(await failures(onMissing));
    } else if (onOther.statusCode === 200) {
      // A bulk change answers per id: refused as not found, with the same words as an id that does not exist.
      const results = (response: typeof onOther) =>
        response.json().data.map(({ id: _id, ...result }: { id: number }) => result);
      expect(results(onOther), key).toEqual([expect.objectContaining({ ok: false, code: 'NOT_FOUND' })]);
      expect(results(onOther), key).toEqual(results(onMissing));
    } else {
      expect(onOther.statusCode, `${key} naming branch B: ${onOther.body}`).toBe(422);
      expect(onOther.json().error, key).toEqual(onMissing.json().error);
    }
  });
});
