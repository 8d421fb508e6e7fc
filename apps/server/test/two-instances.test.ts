/**
 * Two API processes on one PostgreSQL, reached on two ports with nothing in front (RELIABILITY.md#two-instances): whatever one process
 * decides about sessions, lockouts, rate limits, settings and idempotent creates, the other honours at once,
 * because neither keeps any of it in memory.
 */
import { randomBytes } from 'node:crypto';
import { SECOND_FACTOR_POLICY_DEFAULT } from '@ilson/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/lib/passwords';
import { engine } from './helpers';
import { adminUrl, templateName, withDatabase } from './pg-admin';
import { randomPort, type ServerProcess, spawnServer, stopServer, waitReady } from './server-process';

const PASSWORD = 'Two-inst-pass-1';
const LOGIN_LIMIT = 6;

type Server = ServerProcess & { base: string };

let databaseUrl = '';
let dropDatabase: () => Promise<unknown> = async () => {};
let a: Server;
let b: Server;

function startServer(port: number): Server {
  const server = spawnServer(port, {
    DATABASE_URL: databaseUrl,
    JWT_SECRET: 'two-instances-test-secret-0123456789abcdef',
    PII_KEY: '1f'.repeat(32),
    ADMIN_PASSWORD: PASSWORD,
    // Client addresses from X-Forwarded-For: each test acts from its own address (the login limit is per IP).
    TRUST_PROXY: '1',
  });
  return Object.assign(server, { base: `${server.origin}/api/v1` });
}

// biome-ignore lint/suspicious/noExplicitAny: the JSON replies of several routes, read field by field.
type Reply = { status: number; body: any };

async function send(
  server: Server,
  method: string,
  url: string,
  options: { ip: string; token?: string; body?: unknown; headers?: Record<string, string> },
): Promise<Reply> {
  const response = await fetch(`${server.base}${url}`, {
    method,
    headers: {
      'x-forwarded-for': options.ip,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const login = (server: Server, ip: string, email: string, password = PASSWORD) =>
  send(server, 'POST', '/auth/login', { ip, body: { email, password, remember: true } });

async function query(sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

let adminCount = 0;
async function newAdmin(role = 'super_admin'): Promise<string> {
  adminCount++;
  const loginId = `two${adminCount}_${randomBytes(2).toString('hex')}`;
  await query(`INSERT INTO admins (login_id, email, name, role, password_hash) VALUES ($1, $2, $3, $4, $5)`, [
    loginId,
    `${loginId}@ilson.test`,
    `관리자${adminCount}`,
    role,
    await hashPassword(PASSWORD),
  ]);
  return loginId;
}

describe.runIf(engine === 'pg')('two API processes on one PostgreSQL', () => {
  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `${templateName(url).replace(/_tpl$/, '')}_two_${randomBytes(4).toString('hex')}`;
    await withDatabase(adminUrl(url), (client) => client.query(`CREATE DATABASE "${name}"`));
    databaseUrl = adminUrl(url, name);
    dropDatabase = () =>
      withDatabase(adminUrl(url), (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    const port = randomPort();
    // Both start at once on the empty database: migrations and the first admin happen exactly once.
    a = startServer(port);
    b = startServer(port + 1);
    await Promise.all([waitReady(a), waitReady(b)]);
    const firstAdmins = await query(`SELECT count(*)::int AS n FROM admins`);
    expect(firstAdmins[0].n).toBe(1);
    await query(`INSERT INTO settings (key, value) VALUES ('loginRateLimitPerMinute', $1)`, [
      JSON.stringify(LOGIN_LIMIT),
    ]);
    // The clients here come through the load balancer from the office's 10.x network: internal to the second
    // factor's policy (docs/second-factor.md#policy), so the admins sign in with the password as before.
    await query(`INSERT INTO settings (key, value) VALUES ('secondFactor', $1)`, [
      JSON.stringify({
        ...SECOND_FACTOR_POLICY_DEFAULT,
        internalNetworks: [...SECOND_FACTOR_POLICY_DEFAULT.internalNetworks, '10.0.0.0/8'],
      }),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stopServer(a), stopServer(b)]);
    await dropDatabase();
  });

  it('signs in on one and is known on the other; refreshes on the other; a reused refresh token is caught by either', async () => {
    const ip = '10.1.0.1';
    const loginId = await newAdmin();
    const first = await login(a, ip, loginId);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((await send(b, 'GET', '/auth/me', { ip, token: first.body.token })).status).toBe(200);

    const rotated = await send(b, 'POST', '/auth/refresh', {
      ip,
      body: { refresh_token: first.body.refresh_token },
    });
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    expect((await send(a, 'GET', '/auth/me', { ip, token: rotated.body.token })).status).toBe(200);

    // The rotated-away token presented again, on the other process: the whole family is revoked.
    const reuse = await send(a, 'POST', '/auth/refresh', {
      ip,
      body: { refresh_token: first.body.refresh_token },
    });
    expect(reuse.status).toBe(401);
    const afterReuse = await send(b, 'POST', '/auth/refresh', {
      ip,
      body: { refresh_token: rotated.body.refresh_token },
    });
    expect(afterReuse.status).toBe(401);
    for (const server of [a, b]) {
      const me = await send(server, 'GET', '/auth/me', { ip, token: rotated.body.token });
      expect(me.status).toBe(401);
    }
    const [session] = await query(
      `SELECT s.revoked_reason FROM auth_sessions s JOIN admins a ON a.id = s.admin_id WHERE a.login_id = $1`,
      [loginId],
    );
    expect(session.revoked_reason).toBe('refresh_token_reuse');
  });

  it('ends a session logged out on one process on the other as well', async () => {
    const ip = '10.1.0.2';
    const loginId = await newAdmin();
    const session = await login(b, ip, loginId);
    expect((await send(a, 'GET', '/auth/me', { ip, token: session.body.token })).status).toBe(200);
    expect((await send(b, 'POST', '/auth/logout', { ip, token: session.body.token, body: {} })).status).toBe(
      200,
    );
    expect((await send(a, 'GET', '/auth/me', { ip, token: session.body.token })).status).toBe(401);
  });

  it('locks an account after five failures spread over both processes', async () => {
    const ip = '10.1.0.3';
    const loginId = await newAdmin();
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) {
      const reply = await login(i % 2 === 0 ? a : b, ip, loginId, 'Wrong-pass-000');
      codes.push(reply.body.error.code);
    }
    expect(codes).toEqual([
      'INVALID_CREDENTIALS',
      'INVALID_CREDENTIALS',
      'INVALID_CREDENTIALS',
      'INVALID_CREDENTIALS',
      'ACCOUNT_LOCKED',
    ]);
    for (const server of [a, b]) {
      const right = await login(server, `10.1.1.${server === a ? 1 : 2}`, loginId);
      expect(right.status).toBe(401);
      expect(right.body.error.code).toBe('ACCOUNT_LOCKED');
    }
  });

  it('counts the per-address login limit over both processes', async () => {
    const ip = '10.1.0.4';
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMIT; i++) {
      statuses.push((await login(i % 2 === 0 ? a : b, ip, 'nobody@ilson.test', 'Whatever-1')).status);
    }
    expect(statuses).toEqual(Array(LOGIN_LIMIT).fill(401));
    for (const server of [a, b]) {
      const limited = await login(server, ip, 'nobody@ilson.test', 'Whatever-1');
      expect(limited.status).toBe(429);
      expect(limited.body.error.code).toBe('RATE_LIMIT');
    }
    // Another address is not affected, on either process.
    expect((await login(b, '10.1.0.5', 'nobody@ilson.test', 'Whatever-1')).status).toBe(401);
  });

  it('applies a settings change made on one process on the other at once', async () => {
    const ip = '10.1.0.6';
    const session = await login(a, ip, await newAdmin());
    const before = await send(b, 'GET', '/settings', { ip, token: session.body.token });
    expect(before.status).toBe(200);
    const next = before.body.session_timeout_minutes === 45 ? 50 : 45;
    const changed = await send(a, 'PATCH', '/settings', {
      ip,
      token: session.body.token,
      body: { session_timeout_minutes: next, version: before.body.version },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const after = await send(b, 'GET', '/settings', { ip, token: session.body.token });
    expect(after.body.session_timeout_minutes).toBe(next);
    // A save on the other process made on what it read before is refused, not merged over the change.
    const stale = await send(b, 'PATCH', '/settings', {
      ip,
      token: session.body.token,
      body: { minimum_wage_by_year: { '2026': 10_320, '2027': 10_700 }, version: before.body.version },
    });
    expect(stale.status).toBe(409);
  });

  it('creates one record when a create is retried on the other process with the same Idempotency-Key', async () => {
    const ip = '10.1.0.7';
    const session = await login(a, ip, await newAdmin());
    const key = `two-${randomBytes(8).toString('hex')}`;
    const body = {
      name: '대전지점',
      code: `DJ-${randomBytes(2).toString('hex')}`,
      region: '대전광역시',
      address: '대전광역시 서구 1',
      phone: '042-123-4567',
    };
    const headers = { 'idempotency-key': key };
    const first = await send(a, 'POST', '/branches', { ip, token: session.body.token, body, headers });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await send(b, 'POST', '/branches', { ip, token: session.body.token, body, headers });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    const rows = await query(`SELECT count(*)::int AS n FROM branches WHERE code = $1`, [
      body.code.toUpperCase(),
    ]);
    expect(rows[0].n).toBe(1);
  });
});
