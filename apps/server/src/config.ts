import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';

export type Config = {
  nodeEnv: string;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string;
  piiKey: Buffer;
  adminEmail: string;
  adminPassword: string | undefined;
  logLevel: string;
  trustProxy: boolean;
  webDist: string | undefined;
  bodyLimitBytes: number;
  requestTimeoutMs: number;
  dbPoolSize: number;
  sqlTraceFile?: string;
  /** How long the dashboard, visa buckets, statistics and payout totals are reused (seconds; 0 = never). */
  summaryCacheSeconds: number;
  /** Per admin and minute (docs/SECURITY.md#read-limits); 0 is no limit. */
  searchRateLimitPerMinute: number;
  listRateLimitPerMinute: number;
  /**
   * JSON replies of the API at least this long (bytes) are compressed for a client that asks (br at quality 2,
   * else gzip at level 4); 0 turns it off (docs/wire.md#api-replies).
   */
  apiCompressThresholdBytes: number;
  /** Demo data the first start of an empty embedded database fills in (`npm run seed` scale; 0 = none). */
  demoDataScale: number;
  /** The periodic jobs (closing posts, checkpoints, resumed imports, the destruction past retention); off for the bench. */
  scheduledJobs: boolean;
  shutdownDrainMs: number;
  /**
   * API processes `npm start` runs (docs/ARCHITECTURE.md#processes): WEB_CONCURRENCY, by default one per core on
   * PostgreSQL; always 1 on the embedded engine, which one process alone may open.
   */
  processes: number;
};

/**
 * 8 KB: a list page of 20 rows (~19 KB of JSON) is compressed, a dashboard or a detail (~5 KB) is not — what
 * compressing it saves is a few KB, what it costs is a tenth of the request's CPU (docs/wire.md#api-replies).
 */
export const DEFAULT_API_COMPRESS_THRESHOLD_BYTES = 8192;

export class ConfigError extends Error {}

/**
 * Each admin's global searches and list reads per minute (docs/SECURITY.md#read-limits): what no person reaches by
 * hand — ten searches a second over a whole minute, twenty list pages a second.
 */
export const DEFAULT_READ_LIMITS = { searchPerMinute: 600, listPerMinute: 1200 } as const;

type Secrets = { jwtSecret: string; piiKey: string };

function parsePiiKey(value: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32) throw new ConfigError('PII_KEY must be 32 bytes, as 64 hex characters or base64.');
  return key;
}

/** A fresh embedded install keeps its own secrets in DATA_DIR (0600); production must be given them. */
function loadOrCreateSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Secrets;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secrets: Secrets = {
    jwtSecret: randomBytes(48).toString('base64url'),
    piiKey: randomBytes(32).toString('base64'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return secrets;
}

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new ConfigError(`${name} must be a non-negative integer.`);
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  let jwtSecret = env.JWT_SECRET;
  let piiKeyRaw = env.PII_KEY;
  if (!jwtSecret || !piiKeyRaw) {
    if (nodeEnv === 'production') {
      throw new ConfigError('NODE_ENV=production requires JWT_SECRET and PII_KEY in the environment.');
    }
    const secrets = loadOrCreateSecrets(dataDir);
    jwtSecret ??= secrets.jwtSecret;
    piiKeyRaw ??= secrets.piiKey;
  }
  if (jwtSecret.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters.');
  const processes = intFromEnv(env, 'WEB_CONCURRENCY', availableParallelism());
  return {
    nodeEnv,
    port: intFromEnv(env, 'PORT', 3000),
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    jwtSecret,
    piiKey: parsePiiKey(piiKeyRaw),
    adminEmail: env.ADMIN_EMAIL ?? 'admin@ilson.local',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    webDist: env.WEB_DIST,
    bodyLimitBytes: intFromEnv(env, 'BODY_LIMIT_BYTES', 1024 * 1024),
    requestTimeoutMs: intFromEnv(env, 'REQUEST_TIMEOUT_MS', 30_000),
    dbPoolSize: intFromEnv(env, 'DB_POOL_SIZE', 10),
    shutdownDrainMs: intFromEnv(env, 'SHUTDOWN_DRAIN_MS', 1_000),
    /** `npm run bench` only: append every SQL statement with its parameters to this file (JSON lines). */
    sqlTraceFile: env.SQL_TRACE_FILE || undefined,
    summaryCacheSeconds: intFromEnv(env, 'SUMMARY_CACHE_SECONDS', 60),
    searchRateLimitPerMinute: intFromEnv(
      env,
      'SEARCH_RATE_LIMIT_PER_MINUTE',
      DEFAULT_READ_LIMITS.searchPerMinute,
    ),
    listRateLimitPerMinute: intFromEnv(env, 'LIST_RATE_LIMIT_PER_MINUTE', DEFAULT_READ_LIMITS.listPerMinute),
    apiCompressThresholdBytes: intFromEnv(
      env,
      'API_COMPRESS_THRESHOLD_BYTES',
      DEFAULT_API_COMPRESS_THRESHOLD_BYTES,
    ),
    demoDataScale: demoScale(env.DEMO_DATA_SCALE, nodeEnv),
    scheduledJobs: env.SCHEDULED_JOBS !== 'off',
    processes: env.DATABASE_URL ? Math.max(1, processes) : 1,
  };
}

/** DEMO_DATA_SCALE: a number from 0 (none) to 10; by default 1 (the demo), none under NODE_ENV=test. */
function demoScale(raw: string | undefined, nodeEnv: string): number {
  if (raw === undefined || raw === '') return nodeEnv === 'test' ? 0 : 1;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 10) {
    throw new ConfigError('DEMO_DATA_SCALE must be a number from 0 to 10.');
  }
  return value;
}
