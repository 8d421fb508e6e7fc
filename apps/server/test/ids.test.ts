/**
 * Ids in paths and query strings are 1–10 plain digits up to MAX_ID (RELIABILITY.md#attacks-on-the-running-product): `1e3`, `0x10`, `+814`, ` 814` are not
 * ids, and every route refuses them alike with 400 INVALID_REQUEST and a Korean message.
 */
import { MAX_ID } from '@ilson/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from './fixtures';
import { bearer, createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  token = (await signedIn(ctx, 'super_admin')).token;
});
afterAll(async () => {
  await ctx?.close();
});

/** Where an id goes: the raw (already URL-encoded) text is put in place of `{}`. */
const PLACES = [
  { url: '/workers/{}', field: 'id' },
  { url: '/employers/{}/history', field: 'id' },
  { url: '/users/{}', field: 'id' },
  { url: '/admins?branch_id={}', field: 'branch_id' },
  { url: '/matchings?worker_id={}', field: 'worker_id' },
] as const;

const EXPLICIT = [
  // A NUL is refused before validation; the refusal still names the field (found by the property below).
  '%00',
  '8%0014',
  '1e3',
  '0x10',
  '+814',
  '%20814',
  '814%20',
  '814.0',
  '-1',
  '0',
  '00',
  '1_000',
  '８１４',
  '%2B814',
];

function encodable(text: string): boolean {
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

async function call(place: (typeof PLACES)[number], raw: string) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/v1${place.url.replace('{}', raw)}`,
    headers: bearer(token),
  });
}

function expectRefused(
  response: Awaited<ReturnType<typeof call>>,
  place: (typeof PLACES)[number],
  raw: string,
) {
  expect(response.statusCode, `${place.url} ${raw}`).toBe(400);
  const { error } = response.json();
  expect(error.code).toBe('INVALID_REQUEST');
  const detail = error.details?.find((d: { field?: string }) => d.field === place.field);
  expect(detail?.message, `${place.url} ${raw}`).toMatch(/[가-힣]/);
}

describe('ids in paths and query strings', () => {
  it('refuses 1e3, 0x10, +814, %20814 and their kind on every place', async () => {
    for (const place of PLACES) {
      for (const raw of EXPLICIT) expectRefused(await call(place, raw), place, raw);
      expectRefused(await call(place, String(MAX_ID + 1)), place, String(MAX_ID + 1));
      expectRefused(await call(place, '12345678901'), place, '12345678901');
    }
  });

  it('accepts plain digits up to MAX_ID (the record may not exist)', async () => {
    for (const place of PLACES) {
      for (const raw of ['814', '0814', String(MAX_ID)]) {
        const response = await call(place, raw);
        expect([200, 404], `${place.url} ${raw}: ${response.body}`).toContain(response.statusCode);
      }
    }
  });

  it('refuses any other text (property)', async () => {
    const notAnId = fc
      .oneof(
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }),
        fc
          .tuple(
            fc.constantFrom('', ' ', '+', '-', '0x', '0b', '0o', '.', '\t'),
            fc.integer({ min: 1, max: 99_999 }),
            fc.constantFrom('', ' ', 'e3', '.0', 'n', '%', '_'),
          )
          .map(([before, n, after]) => `${before}${n}${after}`),
      )
      .filter((text) => !/^[0-9]{1,10}$/.test(text) && encodable(text));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PLACES), notAnId, async (place, text) => {
        expectRefused(await call(place, encodeURIComponent(text).replaceAll('.', '%2E')), place, text);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 25) * 4 },
    );
  });
});
