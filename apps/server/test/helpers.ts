import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Role } from '@ilson/contracts';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { type AppOptions, buildApp } from '../src/app';
import { type DbHandle, openPglite, openPostgres, queryRows } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { admins } from '../src/db/schema';
import type { Executor } from '../src/db/types';
import { hashPassword } from '../src/lib/passwords';
import { MIGRATIONS_FOLDER } from '../src/lib/paths';
import { adminUrl, templateName, withDatabase } from './pg-admin';

export const TEST_PASSWORD = 'Test-pass-1234';

export const testConfig: AppOptions['config'] = {
  jwtSecret: 'test-secret-that-is-long-enough-for-hs256-0123456789',
  piiKey: Buffer.alloc(32, 7),
  trustProxy: false,
  bodyLimitBytes: 1024 * 1024,
  requestTimeoutMs: 30_000,
  webDist: '/nonexistent',
};

export const engine = (process.env.TEST_ENGINE ?? 'pglite') as 'pglite' | 'pg';

/** A fresh database for one test file: cloned from the migrated template. */
export async function openTestDatabase(): Promise<DbHandle> {
  if (engine === 'pg') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `${templateName(url).replace(/_tpl$/, '')}_t_${randomBytes(4).toString('hex')}`;
    const server = adminUrl(url);
    for (let attempt = 0; ; attempt++) {
      try {
        await withDatabase(server, (client) =>
          client.query(`CREATE DATABASE "${name}" TEMPLATE "${templateName(url)}"`),
        );
        break;
      } catch (error) {
        // Two files cloning the template at the same instant: PostgreSQL refuses the second; try again.
        if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
    const handle = openPostgres(adminUrl(url, name), { max: 5 });
    const close = handle.close;
    return {
      ...handle,
      async close() {
        await close();
        await withDatabase(server, (client) =>
          client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
        );
      },
    };
  }
  const tarball = readFileSync(inject('pgliteTemplate'));
  return openPglite(undefined, new Blob([tarball]));
}

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

/** Scheduled jobs are off unless a test asks for them: the tests run them by hand. */
export async function createTestContext(
  options: Partial<Pick<AppOptions, 'extraRoutes' | 'scheduledJobs' | 'clock' | 'logger'>> & {
    config?: Partial<AppOptions['config']>;
  } = {},
) {
  const handle = await openTestDatabase();
  const app = await buildApp({
    config: { ...testConfig, ...options.config },
    db: handle,
    extraRoutes: options.extraRoutes,
    scheduledJobs: options.scheduledJobs ?? false,
    clock: options.clock,
    logger: options.logger,
  });
  await app.ready();
  return {
    app,
    handle,
    db: handle.db,
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

let adminCounter = 0;

export async function createAdmin(
  ctx: Pick<TestContext, 'db'>,
  values: Partial<typeof admins.$inferInsert> & { role?: Role } = {},
) {
  adminCounter++;
  const loginId = values.loginId ?? `admin${adminCounter}_${randomBytes(2).toString('hex')}`;
  const [row] = await ctx.db
    .insert(admins)
    .values({
      loginId,
      email: values.email ?? `${loginId}@ilson.test`,
      name: values.name ?? `관리자${adminCounter}`,
      role: values.role ?? 'super_admin',
      passwordHash: await hashPassword(TEST_PASSWORD),
      ...values,
    })
    .returning();
  return row!;
}

export async function login(
  ctx: Pick<TestContext, 'app'>,
  identifier: string,
  password = TEST_PASSWORD,
  remember = true,
) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: identifier, password, remember },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const body = response.json() as { token: string; refresh_token: string };
  return { token: body.token, refreshToken: body.refresh_token, response };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

class Rollback extends Error {}

/**
 * The plan of a statement, read in a transaction that is always rolled back: `prepare` may change settings
 * (`SET LOCAL`) or the schema for the plan alone, and returns the statement's text (with no `$n` parameters).
 */
export async function planInRollback(
  handle: DbHandle,
  prepare: (tx: Executor) => Promise<string>,
): Promise<string> {
  let plan = '';
  await handle.db
    .transaction(async (tx) => {
      const text = await prepare(tx);
      const rows = await queryRows<{ 'QUERY PLAN': string }>(tx, sql.raw(`EXPLAIN ${text}`));
      plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      // Every path ends here: whatever `prepare` changed is undone.
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return plan;
}

/**
 * The plan of the statement `build` gives, with every scan that reads the table itself switched off (and sorting
 * too, with `sorted`): whether the indexes alone can answer it, in its order. `build` may prepare more settings.
 */
export function planByIndex(
  handle: DbHandle,
  build: (tx: Executor) => string | Promise<string>,
  options: { sorted?: boolean } = {},
): Promise<string> {
  return planInRollback(handle, async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
    if (options.sorted) {
      await tx.execute(sql`SET LOCAL enable_sort = off`);
      await tx.execute(sql`SET LOCAL enable_incremental_sort = off`);
    }
    return build(tx);
  });
}

/**
 * A fresh database migrated up to (not including) the migration tagged `stopBefore`, for a test of what that
 * migration does to the data it finds; `runMigrations(handle)` then brings it up to date.
 */
export async function databaseBefore(
  stopBefore: string,
): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
  const folder = mkdtempSync(path.join(tmpdir(), 'ilson-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const stop = journal.entries.find((e) => e.tag === stopBefore)!.idx;
  journal.entries = journal.entries.filter((e) => e.idx < stop);
  writeFileSync(journalFile, JSON.stringify(journal));
  let handle: DbHandle;
  let drop = async () => {};
  if (engine === 'pg') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `ilson_repair_${randomBytes(4).toString('hex')}`;
    await withDatabase(adminUrl(url), (client) => client.query(`CREATE DATABASE "${name}"`));
    handle = openPostgres(adminUrl(url, name), { max: 2 });
    drop = () =>
      withDatabase(adminUrl(url), (client) =>
        client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      ).then(() => {});
  } else {
    handle = await openPglite();
  }
  await runMigrations(handle, folder);
  rmSync(folder, { recursive: true, force: true });
  return { handle, drop };
}

/** The code an authenticator app shows for `secret` at `atMs` (docs/second-factor.md). */
export async function totpCode(secret: string, atMs = Date.now()) {
  const { generate } = await import('otplib');
  return generate({ secret, epoch: Math.floor(atMs / 1000) });
}

/**
 * Enrols an authenticator app on the account behind `token` as the screen does (set up, then confirm with the
 * current code); returns the secret and the ten recovery codes.
 */
export async function enrolTotp(ctx: Pick<TestContext, 'app'>, token: string, atMs = Date.now()) {
  const setup = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/me/second-factor/totp',
    headers: bearer(token),
  });
  if (setup.statusCode !== 200) throw new Error(`totp setup failed: ${setup.statusCode} ${setup.body}`);
  const { secret } = setup.json() as { secret: string };
  const confirm = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/me/second-factor/totp/confirm',
    headers: bearer(token),
    payload: { code: await totpCode(secret, atMs) },
  });
  if (confirm.statusCode !== 200)
    throw new Error(`totp confirm failed: ${confirm.statusCode} ${confirm.body}`);
  return { secret, recoveryCodes: (confirm.json() as { recovery_codes: string[] }).recovery_codes };
}
