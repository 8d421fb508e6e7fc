/**
 * docs/sessions-and-logs.md#the-session-check: a process reuses the sessions it checked for a few seconds, and
 * forgets them as soon as a change is announced — also one made by another process. Two apps share one database here,
 * as two API processes share PostgreSQL; both clocks stand still, so nothing but an announcement (or a lost
 * listening connection) can make a process read a session again before SESSION_REUSE_MS.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdmin,
  engine,
  login,
  openTestDatabase,
  TEST_PASSWORD,
  testConfig,
} from '../../../../test/helpers';
import { buildApp } from '../../../app';
import type { DbHandle } from '../../../db/client';
import { admins, authSessions } from '../../../db/schema';
import { SESSION_CHANNEL, SESSION_REUSE_MS } from '../session-cache';

let now = Date.now();
const clock = () => now;

let handle: DbHandle;
let a: Awaited<ReturnType<typeof buildApp>>;
let b: Awaited<ReturnType<typeof buildApp>>;
/** Every notice app `b` has heard, in order. */
const heardByB: string[] = [];

beforeAll(async () => {
  handle = await openTestDatabase();
  const open = async (db: DbHandle) => {
    const app = await buildApp({ config: testConfig, db, scheduledJobs: false, clock });
    await app.ready();
    return app;
  };
  a = await open(handle);
  b = await open({
    ...handle,
    listen: (channel, handlers) =>
      handle.listen(channel, {
        ...handlers,
        notice(payload) {
          handlers.notice(payload);
          heardByB.push(payload);
        },
      }),
  });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await handle?.close();
});

type App = typeof a;
const me = (app: App, token: string) =>
  app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });

async function logOut(app: App, token: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/logout',
    headers: bearer(token),
    payload: {},
  });
  expect(response.statusCode).toBe(200);
}

/**
 * Asks until `done` holds of the answer (an announcement travels on its own connection); fails after two seconds.
 * It waits between asks: an injected request that finds its session kept does no I/O, and asking in a tight loop
 * would never let the event loop read the announcement.
 */
async function eventually(
  app: App,
  token: string,
  done: (response: Awaited<ReturnType<typeof me>>) => boolean,
) {
  const until = Date.now() + 2_000;
  let last = await me(app, token);
  while (!done(last) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    last = await me(app, token);
  }
  return last;
}

/**
 * Waits until `b` has heard every notice committed so far: a sign-in announces its admin's change (last login), and
 * heard late, after `b` kept the session, it would rightly make `b` forget it. Notices arrive in commit order, so
 * once a marker sent now is heard, so is everything before it.
 */
async function bHeardAll() {
  const marker = `s:marker-${heardByB.length}-${Math.random()}`;
  await handle.db.execute(sql`SELECT pg_notify(${SESSION_CHANNEL}, ${marker})`);
  const until = Date.now() + 2_000;
  while (!heardByB.includes(marker) && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 5));
  expect(heardByB).toContain(marker);
}

const refusedBy = async (app: App, token: string) =>
  expect((await eventually(app, token, (response) => response.statusCode === 401)).statusCode).toBe(401);

/** Runs `change` with the announcements of `auth_sessions` off: what a missed notice would look like. */
async function unannounced(change: () => Promise<unknown>) {
  await handle.db.execute(sql`ALTER TABLE auth_sessions DISABLE TRIGGER auth_sessions_notify_change`);
  try {
    await change();
  } finally {
    await handle.db.execute(sql`ALTER TABLE auth_sessions ENABLE TRIGGER auth_sessions_notify_change`);
  }
}

const revokeDirectly = (adminId: number) =>
  handle.db
    .update(authSessions)
    .set({ revokedAt: new Date(now), revokedReason: 'test' })
    .where(eq(authSessions.adminId, adminId));

async function signedIn(role: 'super_admin' | 'viewer' = 'viewer') {
  const admin = await createAdmin({ db: handle.db }, { role });
  const session = await login({ app: a }, admin.loginId);
  return { admin, ...session };
}

describe('reusing a checked session', () => {
  it('reuses it without reading the row, for SESSION_REUSE_MS at most', async () => {
    const { admin, token } = await signedIn();
    await bHeardAll();
    expect((await me(b, token)).statusCode).toBe(200);
    // Revoked without an announcement: the process still trusts its recent check …
    await unannounced(() => revokeDirectly(admin.id));
    expect((await me(b, token)).statusCode).toBe(200);
    // … until it is SESSION_REUSE_MS old (the backstop for a notice missed for any reason).
    now += SESSION_REUSE_MS;
    expect((await me(b, token)).statusCode).toBe(401);
  });

  it('forgets it when another process logs the session out', async () => {
    const { token } = await signedIn();
    expect((await me(b, token)).statusCode).toBe(200);
    await logOut(a, token);
    await refusedBy(b, token);
  });

  it('forgets every session of an admin another process disables, and sees a changed role', async () => {
    const { token: managerToken } = await signedIn('super_admin');
    const { admin, token } = await signedIn();
    expect((await me(b, token)).json().user.role).toBe('viewer');

    const version = (await handle.db.select().from(admins).where(eq(admins.id, admin.id)))[0]!.version;
    const patched = await a.inject({
      method: 'PATCH',
      url: `/api/v1/admins/${admin.id}`,
      headers: bearer(managerToken),
      payload: { role: 'admin', version },
    });
    expect(patched.statusCode).toBe(200);
    const seen = await eventually(b, token, (response) => response.json().user?.role === 'admin');
    expect(seen.json().user.role).toBe('admin');

    const disabled = await a.inject({
      method: 'POST',
      url: `/api/v1/admins/${admin.id}/disable`,
      headers: bearer(managerToken),
      payload: { version: patched.json().version },
    });
    expect(disabled.statusCode).toBe(200);
    await refusedBy(b, token);
  });

  it('forgets the other sessions a password change ends', async () => {
    const { admin, token } = await signedIn();
    const other = await login({ app: a }, admin.loginId);
    expect((await me(b, other.token)).statusCode).toBe(200);
    const changed = await a.inject({
      method: 'POST',
      url: '/api/v1/me/password',
      headers: bearer(token),
      payload: { current_password: TEST_PASSWORD, new_password: 'Another-pass-5678' },
    });
    expect(changed.statusCode).toBe(200);
    await refusedBy(b, other.token);
  });

  it('sees its own writes at once: a logout through the same process', async () => {
    const { token } = await signedIn();
    expect((await me(a, token)).statusCode).toBe(200);
    await logOut(a, token);
    expect((await me(a, token)).statusCode).toBe(401);
  });

  it.runIf(engine === 'pg')('trusts nothing it kept once its listening connection is lost', async () => {
    const { admin, token } = await signedIn();
    expect((await me(b, token)).statusCode).toBe(200);
    await unannounced(() => revokeDirectly(admin.id));
    // Both apps' listening connections end; whatever was announced meanwhile would be missed.
    await handle.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE application_name = 'ilson-listen' AND datname = current_database()`,
    );
    await refusedBy(b, token);
  });
});
