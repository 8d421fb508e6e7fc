/**
 * Hostile input (RELIABILITY.md#hostile-input): property-based fuzzing (fast-check) of every route's path, query and body. The shapes come from
 * the contract schemas as the OpenAPI document publishes them (snake_case property and parameter names), and then
 * they are broken: wrong types, missing and extra fields, huge strings, control characters and unusual Unicode, SQL,
 * HTML, CSV-formula and path-traversal payloads, nested JSON, impossible dates, negative and enormous numbers.
 *
 * Every reply must be a 2xx (the input happened to be acceptable) or a 4xx in the error envelope — never a 5xx — and
 * a rejected write must leave the records exactly as they were (a snapshot of every record table, compared).
 */
import { API_BASE_PATH, ROUTE_ACCESS } from '@ilson/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { insertBranch, insertEmployer, insertMatching, insertWorker, signedIn } from './fixtures';
import { bearer, createTestContext, type TestContext } from './helpers';

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 25);
const PREFIX = API_BASE_PATH.replace(/\/$/, '');

/** Routes whose success would end the fuzzing session itself. */
const SKIPPED = new Set(['POST /auth/logout']);

/** Record tables compared before and after a rejected write (the access log, sessions and limits are meant to grow). */
const RECORD_TABLES = [
  'admins',
  'branches',
  'employers',
  'workers',
  'job_posts',
  'resumes',
  'matchings',
  'matching_status_history',
  'payouts',
  'reviews',
  'app_users',
  'notices',
  'settings',
  'audit_reviews',
];

let ctx: TestContext;
let token: string;
let cases = 0;
let rejectedWrites = 0;

/**
 * Columns a refusal is meant to write: a wrong current password on POST /me/password counts the failed attempt and
 * may lock the account (docs/SECURITY.md, "Accounts and sessions") — the refusal's purpose, not a lost write.
 */
const REFUSAL_BOOKKEEPING: Record<string, string[]> = {
  admins: ['failed_login_count', 'locked_until', 'status'],
};

async function snapshot(): Promise<string> {
  const parts: string[] = [];
  for (const table of RECORD_TABLES) {
    const kept = (REFUSAL_BOOKKEEPING[table] ?? []).map((column) => ` - '${column}'`).join('');
    const [result] = await queryRows<{ digest: string | null; n: number }>(
      ctx.db,
      sql.raw(
        `SELECT count(*)::int AS n, md5(string_agg((to_jsonb(t)${kept})::text, '|' ORDER BY (to_jsonb(t)${kept})::text)) AS digest FROM ${table} t`,
      ),
    );
    parts.push(`${table}:${result?.n}:${result?.digest}`);
  }
  return parts.join('\n');
}

// ── hostile values ──────────────────────────────────────────────────────────────────────────────────────────────

const PAYLOADS = [
  "' OR '1'='1",
  "1'; DROP TABLE workers; --",
  '1 UNION SELECT password_hash FROM admins',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  "=cmd|' /C calc'!A0",
  '=HYPERLINK("http://evil.example","x")',
  '+SUM(1,1)',
  '@SUM(1,1)',
  '-2+3',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\u202eevil',
  '\uFEFF',
  '\uD800',
  '𝕳𝖊𝖑𝖑𝖔',
  '👩‍👩‍👧‍👦',
  'ﷺ',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '',
  ' ',
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '9999-12-31T99:99:99Z',
  '1e309',
  '-1',
  '0',
  '99999999999999999999',
  '{"$ne":null}',
  '__proto__',
  'constructor',
];

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PAYLOADS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom('가'.repeat(100_000), 'x'.repeat(1_000_001)) },
);

const hostileNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2),
  fc.integer(),
  fc.double(),
);

const { value: hostileValue } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(
      fc.oneof(fc.constantFrom('__proto__', 'constructor', 'id'), fc.string({ maxLength: 8 })),
      tie('value'),
      {
        maxKeys: 3,
      },
    ),
  ),
}));

const hostileId = fc.oneof(
  fc.constantFrom(
    '-1',
    '0',
    '1.5',
    '1e3',
    '99999999999999999999',
    '2147483648',
    'abc',
    '%2e%2e%2f',
    '1%3BDROP',
    '%00',
    '%F0%9F%98%80',
  ),
  fc.integer({ min: 1, max: 50 }).map(String),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);

// ── route shapes from the OpenAPI document ─────────────────────────────────────────────────────────────────────

type Shape = { query: string[]; body: string[] | null };

function shapesOf(document: {
  paths?: Record<
    string,
    Record<string, { parameters?: { in: string; name: string }[]; requestBody?: unknown }>
  >;
}): Map<string, Shape> {
  const shapes = new Map<string, Shape>();
  for (const [openApiPath, operations] of Object.entries(document.paths ?? {})) {
    const path = openApiPath.replace(/\{(\w+)\}/g, ':$1');
    for (const [method, operation] of Object.entries(operations)) {
      const query = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const body = operation.requestBody as
        | { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }
        | undefined;
      const schema = body?.content?.['application/json']?.schema;
      shapes.set(`${method.toUpperCase()} ${path.slice(PREFIX.length)}`, {
        query,
        body: schema ? Object.keys(schema.properties ?? {}) : null,
      });
    }
  }
  return shapes;
}

function bodyArbitrary(fields: string[]) {
  const known = fc.record(Object.fromEntries(fields.map((field) => [field, hostileValue])), {
    requiredKeys: [],
  });
  const extra = fc.dictionary(fc.string({ maxLength: 10 }), hostileValue, { maxKeys: 3 });
  return fc.oneof(
    { weight: 6, arbitrary: fc.tuple(known, extra).map(([a, b]) => ({ ...b, ...a })) },
    { weight: 1, arbitrary: hostileValue },
  );
}

function queryArbitrary(names: string[]) {
  const name =
    names.length > 0
      ? fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 8 }))
      : fc.string({ maxLength: 8 });
  return fc
    .array(fc.tuple(name, fc.oneof(hostileString, hostileNumber.map(String))), { maxLength: 4 })
    .map((pairs) => {
      const params = new URLSearchParams();
      for (const [key, value] of pairs) params.append(key, value.slice(0, 20_000));
      const text = params.toString();
      return text ? `?${text}` : '';
    });
}

type Reply = Awaited<ReturnType<TestContext['app']['inject']>>;

function expectEnvelope(reply: Reply, where: string) {
  expect(reply.statusCode, `${where}: ${reply.body.slice(0, 300)}`).toBeLessThan(500);
  if (reply.statusCode >= 400) {
    const body = reply.json() as { error?: { code?: unknown; message?: unknown } };
    expect(typeof body.error?.code, where).toBe('string');
    expect(typeof body.error?.message, where).toBe('string');
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  const branch = (await insertBranch(ctx)).id;
  const employer = await insertEmployer(ctx, branch);
  const worker = await insertWorker(ctx, branch);
  await insertMatching(ctx, { employerId: employer.id, workerId: worker.id, branchId: branch });
  token = (await signedIn(ctx, 'super_admin')).token;
});
afterAll(async () => {
  console.log(
    `fuzz: ${cases} cases over ${Object.keys(ROUTE_ACCESS).length} routes, ${rejectedWrites} rejected writes compared`,
  );
  await ctx?.close();
});

describe('hostile input', () => {
  it('publishes a shape for every route of the access table', () => {
    const shapes = shapesOf(ctx.app.swagger() as never);
    for (const key of Object.keys(ROUTE_ACCESS)) expect(shapes.has(key), key).toBe(true);
  });

  const routes = Object.keys(ROUTE_ACCESS).filter((key) => !SKIPPED.has(key));
  it.each(routes)(
    '%s: never a 5xx, and a rejected write changes nothing',
    async (key) => {
      const shape = shapesOf(ctx.app.swagger() as never).get(key)!;
      const [method, path] = key.split(' ') as [string, string];
      const write = method !== 'GET';
      let before = write ? await snapshot() : '';
      await fc.assert(
        fc.asyncProperty(
          hostileId,
          queryArbitrary(shape.query),
          shape.body ? bodyArbitrary(shape.body) : fc.constant(undefined),
          fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
          async (id, query, body, contentType) => {
            cases++;
            const url = `${PREFIX}${path.replace(':id', id)}${query}`;
            const reply = await ctx.app.inject({
              method: method as 'GET',
              url,
              headers: {
                ...bearer(token),
                ...(body === undefined
                  ? {}
                  : { 'content-type': body === undefined ? 'application/json' : contentType }),
              },
              ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
            });
            expectEnvelope(reply, `${method} ${url}`);
            if (!write) return;
            const after = await snapshot();
            if (reply.statusCode >= 400) {
              rejectedWrites++;
              expect(after, `${method} ${url} was refused (${reply.statusCode}) but changed records`).toBe(
                before,
              );
            }
            before = after;
          },
        ),
        { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    },
    120_000,
  );

  it('refuses ids past PostgreSQL integers and NUL characters anywhere, with a Korean message (found by this fuzzing)', async () => {
    const get = (url: string) =>
      ctx.app.inject({ method: 'GET', url: `${PREFIX}${url}`, headers: bearer(token) });
    for (const url of [
      '/admins?branch_id=2147483648',
      '/reviews/moderation?after_id=2147483648',
      '/workers/2147483648',
    ]) {
      const reply = await get(url);
      expect(reply.statusCode, url).toBe(400);
      expect(reply.json().error.code, url).toBe('INVALID_REQUEST');
    }
    const nul = await get('/branches?q=%00');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.message).toBe('입력값에 사용할 수 없는 문자(NUL)가 있습니다.');
    expect(nul.json().error.details).toEqual([
      { field: 'q', message: '입력값에 사용할 수 없는 문자(NUL)가 있습니다.' },
    ]);
    const before = await snapshot();
    const body = await ctx.app.inject({
      method: 'POST',
      url: `${PREFIX}/branches`,
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: JSON.stringify({ name: '널\u0000지점', code: 'NUL-1', region: '서울특별시' }),
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().error.code).toBe('INVALID_REQUEST');
    expect(await snapshot()).toBe(before);
  });

  it('refuses a 10 MB body, nesting deeper than any form, and JSON that does not parse, with envelopes', async () => {
    const post = (payload: string, contentType = 'application/json') =>
      ctx.app.inject({
        method: 'POST',
        url: `${PREFIX}/notices`,
        headers: { ...bearer(token), 'content-type': contentType },
        payload,
      });
    const before = await snapshot();
    const huge = await post(JSON.stringify({ title: '큰 본문', content: 'x'.repeat(10 * 1024 * 1024) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    for (const deep of [
      '['.repeat(50_000) + ']'.repeat(50_000),
      `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
    ]) {
      const reply = await post(deep);
      expectEnvelope(reply, 'deeply nested JSON');
      expect(reply.statusCode).toBe(400);
    }
    for (const broken of ['{"title": "a",', '{title: 1}', '\u0000', 'null', '"just a string"', '[]']) {
      const reply = await post(broken);
      expectEnvelope(reply, `body ${JSON.stringify(broken)}`);
      expect(reply.statusCode).toBeGreaterThanOrEqual(400);
    }
    expect(await snapshot()).toBe(before);
  });
});
