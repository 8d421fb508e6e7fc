import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_BASE_PATH } from '@ilson/contracts';
import Fastify, { type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { checkpointAuditChain, configureAuditChain, startAuditChain } from './audit/chain';
import { appendAudit } from './audit/trail';
import { type Config, DEFAULT_READ_LIMITS } from './config';
import type { Database, DbHandle } from './db/client';
import { vacuumEmbedded } from './db/maintenance';
import { asRequestArrivedAt } from './db/oldest-request-first';
import type { Clock } from './lib/clock';
import { DEFAULT_WEB_DIST } from './lib/paths';
import { createPiiCipher, type PiiCipher } from './lib/pii';
import { createTokenService, type TokenService } from './lib/tokens';
import { adminsRoutes } from './modules/admins/admins.routes';
import { createAdminsService } from './modules/admins/admins.service';
import { appUsersRoutes } from './modules/app-users/app-users.routes';
import { createAppUsersService } from './modules/app-users/app-users.service';
import { createAccessReview } from './modules/audit-logs/access-review';
import { auditLogsRoutes } from './modules/audit-logs/audit-logs.routes';
import { createAuditLogsService } from './modules/audit-logs/audit-logs.service';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { branchesRoutes } from './modules/branches/branches.routes';
import { createBranchesService } from './modules/branches/branches.service';
import { bulkRoutes } from './modules/bulk/bulk.routes';
import { type BulkService, createBulkService } from './modules/bulk/bulk.service';
import { bulkTargets } from './modules/bulk/bulk.targets';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { createDashboardService } from './modules/dashboard/dashboard.service';
import { createEmployerPermitsService } from './modules/employers/employer-permits.service';
import { employersRoutes } from './modules/employers/employers.routes';
import { createEmployersService } from './modules/employers/employers.service';
import { exportsRoutes } from './modules/exports/exports.routes';
import { createExportsService } from './modules/exports/exports.service';
import { healthRoutes } from './modules/health/health.routes';
import { importsRoutes } from './modules/imports/imports.routes';
import { createImportsService, type ImportsService } from './modules/imports/imports.service';
import { closeExpiredPosts } from './modules/job-posts/job-posts.closing';
import { jobPostsRoutes } from './modules/job-posts/job-posts.routes';
import { createJobPostsService } from './modules/job-posts/job-posts.service';
import { createMatchingStatsService } from './modules/matchings/matching-stats.service';
import { matchingsRoutes } from './modules/matchings/matchings.routes';
import { createMatchingsService } from './modules/matchings/matchings.service';
import { meRoutes } from './modules/me/me.routes';
import { createMeService } from './modules/me/me.service';
import { networkRulesRoutes } from './modules/network-rules/network-rules.routes';
import { createNetworkRulesService } from './modules/network-rules/network-rules.service';
import { noticesRoutes } from './modules/notices/notices.routes';
import { createNoticesService } from './modules/notices/notices.service';
import { payoutsRoutes } from './modules/payouts/payouts.routes';
import { createPayoutsService } from './modules/payouts/payouts.service';
import { privacyRoutes } from './modules/privacy/privacy.routes';
import { createPrivacyService } from './modules/privacy/privacy.service';
import { createPrivacyRequestsService } from './modules/privacy/requests.service';
import { resumesRoutes } from './modules/resumes/resumes.routes';
import { createResumesService } from './modules/resumes/resumes.service';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { createReviewsService } from './modules/reviews/reviews.service';
import { searchRoutes } from './modules/search/search.routes';
import { createSearchService } from './modules/search/search.service';
import { secondFactorRoutes } from './modules/second-factor/second-factor.routes';
import {
  createSecondFactorService,
  type SecondFactorService,
} from './modules/second-factor/second-factor.service';
import { sessionsRoutes } from './modules/sessions/sessions.routes';
import { createSessionsService } from './modules/sessions/sessions.service';
import { settingsRoutes } from './modules/settings/settings.routes';
import { createSettingsService, type SettingsService } from './modules/settings/settings.service';
import { trashRoutes } from './modules/trash/trash.routes';
import { createTrashService } from './modules/trash/trash.service';
import { createUndoService } from './modules/undo/undo';
import { undoRoutes } from './modules/undo/undo.routes';
import { viewsRoutes } from './modules/views/views.routes';
import { createViewsService } from './modules/views/views.service';
import { createVisaExpiryService } from './modules/workers/visa-expiry.service';
import { workersRoutes } from './modules/workers/workers.routes';
import { createWorkersService } from './modules/workers/workers.service';
import { workplaceChangesRoutes } from './modules/workplace-changes/workplace-changes.routes';
import { createWorkplaceChangesService } from './modules/workplace-changes/workplace-changes.service';
import { apiCompressionPlugin, DEFAULT_API_COMPRESS_THRESHOLD_BYTES } from './plugins/api-compression';
import { type AuthAdmin, auditActor, authPlugin, signedInAdmin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { gracefulClosePlugin } from './plugins/graceful-close';
import { idempotencyPlugin } from './plugins/idempotency';
import { rateLimitPlugin } from './plugins/rate-limit';
import { readLimitsPlugin } from './plugins/read-limits';
import { schedulerPlugin } from './plugins/scheduler';
import { securityPlugin } from './plugins/security';
import { webAppPlugin } from './plugins/web-app';
import { snakeCaseJsonSchema, wirePlugin } from './plugins/wire';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbHandle: DbHandle;
    settings: SettingsService;
    tokens: TokenService;
    pii: PiiCipher;
    /** The step-up check of the gravest actions (docs/second-factor.md#step-up). */
    secondFactor: SecondFactorService;
    imports: ImportsService;
    bulk: BulkService;
  }
}

export type AppOptions = {
  config: Pick<
    Config,
    'jwtSecret' | 'piiKey' | 'trustProxy' | 'bodyLimitBytes' | 'requestTimeoutMs' | 'webDist'
  > &
    Partial<
      Pick<
        Config,
        | 'summaryCacheSeconds'
        | 'searchRateLimitPerMinute'
        | 'listRateLimitPerMinute'
        | 'apiCompressThresholdBytes'
        | 'nodeEnv'
      >
    >;
  db: DbHandle;
  logger?: FastifyServerOptions['logger'];
  /** Extra routes for tests: registered under /api/v1 like the modules. */
  extraRoutes?: (app: ReturnType<typeof Fastify>) => Promise<void>;
  /** Periodic jobs (closing expired job posts); tests run them by hand. Default on. */
  scheduledJobs?: boolean;
  /** What sessions and access tokens take as now; tests move it. */
  clock?: Clock;
  /** Every reply written both ways and compared (plugins/wire.ts); on by default under NODE_ENV=test. */
  checkReplies?: boolean;
};

const MINUTE = 60_000;

const API_PREFIX = API_BASE_PATH.replace(/\/$/, '');

/** The one list of plugins and modules: read this first. */
export async function buildApp(options: AppOptions) {
  const { config, db } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.requestTimeoutMs + 5_000,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  const settings = createSettingsService(db.db);
  const tokens = createTokenService(config.jwtSecret, undefined, options.clock);
  const pii = createPiiCipher(config.piiKey);
  const me = createMeService({ db: db.db, settings });
  const secondFactor = createSecondFactorService({
    db: db.db,
    pii,
    settings,
    clock: options.clock,
    checkPassword: (admin, password, audit) => me.checkPassword(admin, password, audit),
  });
  const networkRules = createNetworkRulesService({ db: db.db, clock: options.clock });
  const auth = createAuthService({
    db: db.db,
    tokens,
    settings,
    clock: options.clock,
    notices: db,
    secondFactor,
    network: networkRules,
    alsoHearing: [networkRules.hearing],
  });
  /** A signed-in request refused by the network rules is logged once a minute per session (docs/SECURITY.md). */
  const refusalsLogged = new Map<string, number>();
  const checkNetwork = async (admin: AuthAdmin, request: FastifyRequest) => {
    try {
      await networkRules.check(admin, request.ip);
    } catch (error) {
      const now = Date.now();
      if ((refusalsLogged.get(admin.sessionId) ?? 0) < now - 60_000) {
        if (refusalsLogged.size > 10_000) refusalsLogged.clear();
        refusalsLogged.set(admin.sessionId, now);
        await appendAudit(db.db, auditActor(request), {
          action: 'LOGIN_FAILED',
          targetType: 'admin',
          targetId: admin.id,
          summary: `허용되지 않은 네트워크에서 요청 (${admin.loginId})`,
        });
      }
      throw error;
    }
  };
  // Sessions are reused from recent checks while no change to them is announced (docs/sessions-and-logs.md).
  let stopHearingSessions: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stopHearingSessions = await auth.listenForSessionChanges();
  });
  app.addHook('onClose', async () => {
    await stopHearingSessions?.();
  });
  // What this process wrote is seen by its next request at once, announced or not yet.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') auth.sessionsMayHaveChanged();
    return payload;
  });
  app.decorate('db', db.db);
  app.decorate('dbHandle', db);
  app.decorate('settings', settings);
  app.decorate('tokens', tokens);
  app.decorate('secondFactor', secondFactor);
  // The access log's chain key, derived from PII_KEY: the database never holds it (docs/access-log.md).
  configureAuditChain({ piiKey: config.piiKey, log: app.log });
  app.addHook('onReady', () => startAuditChain(db.db));
  // Aggregates over whole tables are reused for this long (summary_cache); tests see live figures unless they ask.
  const cacheSeconds = config.summaryCacheSeconds ?? 0;
  app.decorate('pii', pii);

  if (db.engine === 'pglite') {
    // The embedded engine runs the statements of the earliest request first (docs/performance.md#embedded-fairness).
    // Marked again before the handler: a request's body is read outside the request's context.
    const inArrivalOrder = (_request: unknown, reply: FastifyReply, done: () => void) =>
      asRequestArrivedAt(performance.now() - reply.elapsedTime, done);
    app.addHook('onRequest', inArrivalOrder);
    app.addHook('preHandler', inArrivalOrder);
  }
  await app.register(errorsPlugin);
  await app.register(gracefulClosePlugin);
  await app.register(wirePlugin, { checkReplies: options.checkReplies ?? process.env.NODE_ENV === 'test' });
  await app.register(securityPlugin);
  await app.register(swagger, {
    openapi: {
      info: {
        title: '일손 관리자 API',
        version: '1.0.0',
        description: 'JSON keys are snake_case on the wire.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: (document) => {
      const { schema, url } = jsonSchemaTransform(document);
      return { schema: snakeCaseJsonSchema(schema) as typeof schema, url };
    },
    transformObject: (document) =>
      snakeCaseJsonSchema(jsonSchemaTransformObject(document)) as ReturnType<
        typeof jsonSchemaTransformObject
      >,
  });
  // docs/SECURITY.md#the-api-document: in production only a signed-in admin reads the API's description.
  const docsSignedInOnly = config.nodeEnv === 'production';
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiHooks: {
      onRequest: async (request, reply) => {
        if (!docsSignedInOnly) return;
        await signedInAdmin(request, tokens, auth.resume);
        reply.header('cache-control', 'no-store');
      },
    },
  });
  // Routes come from ROUTE_ACCESS; a test's extra routes state their own access.
  await app.register(authPlugin, {
    tokens,
    checkSession: auth.resume,
    checkNetwork,
    unlistedRoutes: Boolean(options.extraRoutes),
  });
  await app.register(rateLimitPlugin);
  await app.register(readLimitsPlugin, {
    searchPerMinute: config.searchRateLimitPerMinute ?? DEFAULT_READ_LIMITS.searchPerMinute,
    listPerMinute: config.listRateLimitPerMinute ?? DEFAULT_READ_LIMITS.listPerMinute,
  });
  await app.register(idempotencyPlugin);
  // The record services the global search, the bulk actions and the imports go through, as their own routes do.
  // A worker's resumes and an employer's posts follow their parent through their own service (docs/DOMAIN.md#invariants, I-22, I-23).
  const resumes = createResumesService({ db: db.db });
  const jobPosts = createJobPostsService({ db: db.db, settings });
  const records = {
    admins: createAdminsService({ db: db.db }),
    branches: createBranchesService({ db: db.db }),
    employers: createEmployersService({ db: db.db, jobPosts }),
    workers: createWorkersService({ db: db.db, pii, settings, resumes }),
    jobPosts,
    matchings: createMatchingsService({ db: db.db, settings }),
    reviews: createReviewsService({ db: db.db }),
    payouts: createPayoutsService({ db: db.db, pii, cacheSeconds }),
  };
  // A commit creates each row, and an undo removes each record, through its service (docs/imports.md).
  const imports = createImportsService({ db: db.db, pii, log: app.log, services: records });
  app.decorate('imports', imports);
  const notices = createNoticesService({ db: db.db });
  const appUsers = createAppUsersService({ db: db.db, settings });
  const bulk = createBulkService({
    db: db.db,
    targets: bulkTargets(db.db, pii, records),
    log: app.log,
    // PGlite is one connection: its transactions take turns anyway.
    concurrency: db.engine === 'pg' ? 4 : 1,
  });
  app.decorate('bulk', bulk);
  const privacy = createPrivacyService({ db: db.db, settings, pii });
  if (options.scheduledJobs !== false) {
    await app.register(schedulerPlugin, {
      jobs: [
        {
          // Personal data past its retention, destroyed as the system (docs/privacy-lifecycle.md#the-job).
          name: 'destroy-expired-personal-data',
          intervalMs: 6 * 60 * MINUTE,
          firstRunMs: 5 * MINUTE,
          run: () => privacy.scheduled(),
        },
        {
          name: 'close-expired-job-posts',
          intervalMs: 10 * MINUTE,
          firstRunMs: 2_000,
          run: () => closeExpiredPosts(db.db),
        },
        {
          name: 'audit-chain-checkpoint',
          intervalMs: 10 * MINUTE,
          firstRunMs: MINUTE,
          run: () => checkpointAuditChain(db.db),
        },
        {
          // An import run whose process stopped goes on here where it stood; an upload it cut off is failed
          // (docs/imports.md#runs-outlive-their-process).
          name: 'resume-imports',
          intervalMs: 30_000,
          firstRunMs: 3_000,
          run: async () => (await imports.resumeStale()) + (await imports.sweepStaleUploads()),
        },
        {
          name: 'resume-bulk-jobs',
          intervalMs: 30_000,
          firstRunMs: 3_000,
          run: () => bulk.resumeStale(),
        },
        {
          name: 'vacuum-embedded',
          intervalMs: 60 * MINUTE,
          firstRunMs: MINUTE,
          run: () => vacuumEmbedded(db),
        },
      ],
    });
  }

  await app.register(healthRoutes);
  await app.register(
    async (api) => {
      await api.register(apiCompressionPlugin, {
        thresholdBytes: config.apiCompressThresholdBytes ?? DEFAULT_API_COMPRESS_THRESHOLD_BYTES,
      });
      await api.register(authRoutes, { auth });
      await api.register(meRoutes, { me });
      await api.register(secondFactorRoutes, { secondFactor });
      await api.register(networkRulesRoutes, { rules: networkRules });
      await api.register(sessionsRoutes, {
        sessions: createSessionsService({ db: db.db, clock: options.clock }),
      });
      await api.register(settingsRoutes);
      await api.register(adminsRoutes, { admins: records.admins });
      await api.register(branchesRoutes, { branches: records.branches });
      await api.register(employersRoutes, {
        employers: records.employers,
        permits: createEmployerPermitsService({ db: db.db }),
      });
      await api.register(workersRoutes, {
        workers: records.workers,
        visaExpiry: createVisaExpiryService({ db: db.db, pii, settings, cacheSeconds }),
      });
      await api.register(workplaceChangesRoutes, {
        workplaceChanges: createWorkplaceChangesService({ db: db.db, settings }),
      });
      await api.register(jobPostsRoutes, { jobPosts: records.jobPosts });
      await api.register(resumesRoutes, { resumes });
      await api.register(matchingsRoutes, {
        matchings: records.matchings,
        stats: createMatchingStatsService({ db: db.db, cacheSeconds }),
      });
      await api.register(searchRoutes, { search: createSearchService(records) });
      await api.register(noticesRoutes, { notices });
      await api.register(reviewsRoutes, { reviews: records.reviews });
      await api.register(appUsersRoutes, { appUsers });
      await api.register(payoutsRoutes, { payouts: records.payouts });
      await api.register(dashboardRoutes, {
        dashboard: createDashboardService({ db: db.db, settings, cacheSeconds }),
      });
      await api.register(importsRoutes, { imports });
      await api.register(bulkRoutes, { bulk });
      await api.register(viewsRoutes, { views: createViewsService({ db: db.db }) });
      await api.register(undoRoutes, {
        // An undo goes through each record's own status change (docs/undo-and-trash.md#undo-of-a-status-change).
        undo: createUndoService({
          db: db.db,
          doors: {
            employer: records.employers.reverseStatus,
            job_post: records.jobPosts.reverseStatus,
            review: records.reviews.reverseStatus,
            payout: records.payouts.reverseStatus,
            app_user: appUsers.reverseStatus,
            notice: notices.reverseStatus,
          },
        }),
      });
      await api.register(trashRoutes, {
        // A restore is each record's own service operation, with the rules of its create (docs/undo-and-trash.md).
        trash: createTrashService({
          db: db.db,
          doors: {
            employer: records.employers.restore,
            worker: records.workers.restore,
            job_post: records.jobPosts.restore,
            resume: resumes.restore,
            notice: notices.restore,
          },
        }),
      });
      await api.register(exportsRoutes, { exports: createExportsService({ handle: db, pii, settings }) });
      await api.register(privacyRoutes, {
        privacy,
        requests: createPrivacyRequestsService({ db: db.db, pii, settings }),
      });
      await api.register(auditLogsRoutes, {
        auditLogs: createAuditLogsService({ handle: db, settings }),
        accessReview: createAccessReview({ db: db.db, settings }),
      });
      if (options.extraRoutes) await options.extraRoutes(api as unknown as ReturnType<typeof Fastify>);
    },
    { prefix: API_PREFIX },
  );
  await app.register(webAppPlugin, { root: config.webDist ?? DEFAULT_WEB_DIST });
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
