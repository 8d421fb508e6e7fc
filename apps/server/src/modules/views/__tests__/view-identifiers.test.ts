import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, alienRegNo, signedIn } from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { savedViews } from '../../../db/schema';

/**
 * A saved view can neither hold a full identifier nor serve one (docs/saved-views.md#no-identifiers-in-a-view):
 * a 외국인등록번호, 여권번호, phone or account number in any of its parameters is refused in Korean, with the
 * purpose of a lookup (`reason`); one stored before the rule is served without it.
 */
let ctx: TestContext;
let admin: Api;
let adminId: number;
let viewer: Api;

beforeAll(async () => {
  ctx = await createTestContext();
  const signed = await signedIn(ctx, 'admin');
  admin = signed.api;
  adminId = signed.admin.id;
  viewer = (await signedIn(ctx, 'viewer')).api;
});
afterAll(async () => {
  await ctx?.close();
});

const arc = fc.integer({ min: 0, max: 999_999 }).map((n) => {
  const raw = alienRegNo(n);
  return n % 2 ? raw : `${raw.slice(0, 6)}-${raw.slice(6)}`;
});
const passport = fc
  .tuple(fc.constantFrom('M', 'S', 'R', 'EA', 'P'), fc.integer({ min: 1_000_000, max: 99_999_999 }))
  .map(([letters, digits]) => `${letters}${digits}`);
const phone = fc
  .integer({ min: 10_000_000, max: 99_999_999 })
  .chain((n) => fc.constantFrom(`010${n}`, `010-${String(n).slice(0, 4)}-${String(n).slice(4)}`));
const account = fc
  .integer({ min: 100, max: 999 })
  .chain((n) => fc.constantFrom(`${n}-123456-78901`, `${n}12345678901`, `${n} 1234 5678`));
const identifier = fc.oneof(arc, passport, phone, account);
const key = fc.constantFrom('q', 'branch_id', 'status', 'note');

let serial = 0;
describe('a saved view and identifiers', () => {
  it('refuses to save or change a query holding one, in Korean', async () => {
    const kept = (
      await admin.post('/saved-views', { list: 'workers', name: '보관', query: { status: 'active' } })
    ).json();
    await fc.assert(
      fc.asyncProperty(identifier, key, fc.boolean(), async (value, name, shared) => {
        const refused = await admin.post('/saved-views', {
          list: 'workers',
          name: `식별번호 ${++serial}`,
          query: { [name]: value, reason: '본인 확인 요청' },
          shared,
        });
        expect(refused.statusCode, `${name}=${value}`).toBe(422);
        expect(refused.json().error.details[0]).toEqual({
          field: `query.${name}`,
          message:
            '보기에는 외국인등록번호·여권번호·전화번호·계좌번호를 저장할 수 없습니다. 검색어를 지우고 저장해 주세요.',
        });
        const changed = await admin.patch(`/saved-views/${kept.id}`, {
          query: { [name]: value },
          version: kept.version,
        });
        expect(changed.statusCode).toBe(422);
      }),
      { numRuns: 40 },
    );
    const stored = await ctx.db.select({ query: savedViews.query }).from(savedViews);
    expect(stored).toEqual([{ query: { status: 'active' } }]);
  });

  it("keeps a list's ordinary parameters and drops a lookup's reason", async () => {
    const saved = await admin.post('/saved-views', {
      list: 'workers',
      name: '평범한 조건',
      query: {
        q: '응우옌',
        visa_expiry_from: '2026-01-01',
        branch_id: '12',
        sort: 'created_at',
        reason: '확인',
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().query).toEqual({
      q: '응우옌',
      visa_expiry_from: '2026-01-01',
      branch_id: '12',
      sort: 'created_at',
    });
    // The last four digits of a phone, as a viewer searches: no identifier.
    expect(
      (await admin.post('/saved-views', { list: 'workers', name: '뒷자리', query: { q: '5678' } }))
        .statusCode,
    ).toBe(201);
  });

  it('serves a view stored before the rule without its identifier or reason, to anyone', async () => {
    const full = alienRegNo(424_242);
    await ctx.db.insert(savedViews).values({
      adminId,
      list: 'workers',
      name: '예전 보기',
      query: { q: full, reason: '고객 본인 요청', status: 'active' },
      shared: true,
    });
    for (const api of [admin, viewer]) {
      const body = (await api.get('/saved-views?list=workers')).body;
      expect(body).not.toContain(full);
      expect(body).not.toContain('고객 본인 요청');
      const view = JSON.parse(body).data.find((v: { name: string }) => v.name === '예전 보기');
      expect(view.query).toEqual({ status: 'active' });
    }
  });
});
