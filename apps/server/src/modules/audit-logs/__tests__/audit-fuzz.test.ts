import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, insertBranch, insertEmployer, signedIn, workerBody } from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { verifyOverApi } from './chain-fixtures';

/** Strings per engine (a third each through the login id, a reveal reason and an employer's name). */
const RUNS = Number(process.env.AUDIT_FUZZ_RUNS ?? 1_000);
const SEED = Number(process.env.AUDIT_FUZZ_SEED ?? 20_261_123);

const piece = fc.oneof(
  fc.constantFrom(
    '\ud800',
    '\udbff',
    '\udc00',
    '\udfff',
    '\u0000',
    '\u202e',
    '\u202d',
    '\u2066',
    '\u200f',
    '\ufeff',
    '\ufffd',
    '\ufffe',
    'e\u0301\u0302\u0303',
    '\u1100\u1161\u11a8',
    '😀',
    '👩‍👩‍👧‍👦',
    '🇰🇷',
    '\ud83d',
    '\ude00',
    '"\\',
    '\n\r\t',
    '%00',
    "'; DROP TABLE audit_logs; --",
  ),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
);
const hostile = fc.oneof(
  { weight: 6, arbitrary: fc.array(piece, { minLength: 1, maxLength: 8 }).map((parts) => parts.join('')) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }) },
  // Longer than every schema allows, and long enough to reach the log (≤ 254 for a login id).
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 150, maxLength: 260 }) },
  { weight: 1, arbitrary: fc.constantFrom('가'.repeat(5_000), '\ud800'.repeat(250), '😀'.repeat(127)) },
);

let ctx: TestContext;
let admin: Api;
let workerId: number;
let employerId: number;
let employerVersion: number;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedIn(ctx, 'super_admin')).api;
  const branch = await insertBranch(ctx);
  const worker = await admin.post('/workers', workerBody(branch.id));
  expect(worker.statusCode, worker.body).toBe(201);
  workerId = worker.json().id;
  const employer = await insertEmployer(ctx, branch.id);
  employerId = employer.id;
  employerVersion = employer.version;
});
afterAll(async () => {
  await ctx?.close();
});

async function send(value: string, i: number) {
  switch (i % 3) {
    case 0:
      return ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        // A different address each time: the per-address login limit is not what is tested here.
        remoteAddress: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        payload: { email: value, password: 'whatever1' },
      });
    case 1:
      return admin.post(`/workers/${workerId}/reveal`, { field: 'alien_reg_no', reason: value });
    default: {
      const response = await admin.patch(`/employers/${employerId}`, {
        company_name: value,
        version: employerVersion,
      });
      if (response.statusCode === 200) employerVersion = response.json().version;
      return response;
    }
  }
}

describe('hostile text through the routes that write the access log', () => {
  it(`${RUNS} fuzzed strings: every reply is below 500 and the chain verifies`, async () => {
    const values = fc.sample(hostile, { numRuns: RUNS, seed: SEED });
    const statuses = new Map<number, number>();
    // Logins in small parallel groups (argon2 runs off the main thread); the others in order.
    for (let start = 0; start < values.length; start += 6) {
      const group = values.slice(start, start + 6).map((value, j) => ({ value, i: start + j }));
      const logins = group.filter(({ i }) => i % 3 === 0);
      const replies = await Promise.all(logins.map(({ value, i }) => send(value, i)));
      for (const { value, i } of group.filter(({ i }) => i % 3 !== 0)) replies.push(await send(value, i));
      for (const reply of replies) {
        expect(reply.statusCode, reply.body).toBeLessThan(500);
        statuses.set(reply.statusCode, (statuses.get(reply.statusCode) ?? 0) + 1);
      }
    }
    // Most of them reached the log: the schemas refuse only NUL, blanks and what is too long.
    expect((statuses.get(200) ?? 0) + (statuses.get(401) ?? 0)).toBeGreaterThan(RUNS / 2);
    const result = await verifyOverApi(admin);
    expect(result).toMatchObject({ ok: true, problem_count: 0 });
  });
});
