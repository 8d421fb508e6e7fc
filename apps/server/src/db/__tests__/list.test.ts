import { EXACT_TOTAL_LIMIT, MAX_LIST_WINDOW } from '@ilson/contracts';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Api, insertBranch, signedIn } from '../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { type Database, queryRows } from '../client';
import {
  DEFERRED_JOIN_OFFSET,
  ESTIMATE_REUSE_MS,
  knownTotals,
  listTotal,
  pageWindow,
  tableTotal,
} from '../list';
import * as schema from '../schema';
import { notices } from '../schema';

let ctx: TestContext;
let admin: Api;

/** EXACT_TOTAL_LIMIT + 50 notices, of which 30 pinned: past the exact-count limit and the paging window. */
const ROWS = EXACT_TOTAL_LIMIT + 50;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedIn(ctx, 'admin')).api;
  await ctx.db.execute(sql`
    INSERT INTO notices (title, content, status, is_pinned)
    SELECT '공지 ' || n, '<p>내용</p>', 'published', n <= 30 FROM generate_series(1, ${ROWS}) AS n`);
  await ctx.db.execute(sql`ANALYZE notices`);
});
afterAll(async () => {
  await ctx?.close();
});

describe('list totals', () => {
  it('counts exactly up to the limit and flags the estimate above it', async () => {
    const pinned = await tableTotal(ctx.db, notices, sql`${notices.isPinned}`);
    expect(pinned).toEqual({ total: 30, totalEstimated: false });

    const all = await tableTotal(ctx.db, notices, undefined);
    expect(all.totalEstimated).toBe(true);
    // The planner's figure after ANALYZE: never at or below the limit, and near the real count.
    expect(all.total).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    expect(Math.abs(all.total - ROWS)).toBeLessThan(ROWS * 0.2);
  });

  it('counts past the quick count exactly when the filter matches tens of thousands of rows', async () => {
    const even = sql`${notices.id} % 2 = 0`;
    const half = await listTotal(ctx.db, () => ctx.db.select({ one: sql`1` }).from(notices).where(even));
    const [counted] = await queryRows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM notices WHERE ${even}`,
    );
    expect(counted!.n).toBeGreaterThan(20_000);
    expect(half).toEqual({ total: counted!.n, totalEstimated: false });
  });

  it('is exact at exactly the limit', async () => {
    const total = await listTotal(ctx.db, () =>
      ctx.db
        .select({ one: sql`1` })
        .from(notices)
        .where(sql`${notices.id} <= (SELECT min(id) FROM notices) + ${EXACT_TOTAL_LIMIT - 1}`),
    );
    expect(total).toEqual({ total: EXACT_TOTAL_LIMIT, totalEstimated: false });

    // One more row and the count stops: the total is the planner's, flagged.
    const over = await listTotal(ctx.db, () =>
      ctx.db
        .select({ one: sql`1` })
        .from(notices)
        .where(sql`${notices.id} <= (SELECT min(id) FROM notices) + ${EXACT_TOTAL_LIMIT}`),
    );
    expect(over.totalEstimated).toBe(true);
    expect(over.total).toBeGreaterThan(EXACT_TOTAL_LIMIT);
  });

  it('travels on the wire as total_estimated', async () => {
    const estimated = await admin.get('/notices?page_size=5');
    expect(estimated.statusCode).toBe(200);
    expect(estimated.json().meta).toMatchObject({ page: 1, page_size: 5, total_estimated: true });
    expect(estimated.json().meta.total).toBeGreaterThan(EXACT_TOTAL_LIMIT);

    const exact = await admin.get('/notices?pinned=true');
    expect(exact.json().meta).toMatchObject({ total: 30, total_estimated: false });
  });
});

describe('deep pages', () => {
  it('reads a page past DEFERRED_JOIN_OFFSET through its ids: the same rows in the same order as a plain OFFSET', async () => {
    const branchId = (await insertBranch(ctx)).id;
    await ctx.db.execute(sql`
      INSERT INTO employers (company_name, business_reg_no, ceo_name, biz_entity_type, industry, region, zip_code,
        road_address, phone, branch_id, status, created_at)
      SELECT '회사 ' || n, (8000000000 + n)::text, '대표', 'corporation', 'manufacturing', '경기도', '15588',
        '경기도 안산시 단원구 1', '0311234567', ${branchId}, 'approved',
        now() - make_interval(mins => n % 97)
      FROM generate_series(1, 450) AS n`);
    const offset = DEFERRED_JOIN_OFFSET + 20;
    const expected = await queryRows<{ id: number }>(
      ctx.db,
      sql`SELECT id FROM employers WHERE deleted_at IS NULL ORDER BY created_at DESC, id DESC LIMIT 20 OFFSET ${offset}`,
    );
    const page = await admin.get(`/employers?page=${offset / 20 + 1}&page_size=20`);
    expect(page.statusCode).toBe(200);
    expect(page.json().data.map((row: { id: number }) => row.id)).toEqual(expected.map((row) => row.id));
    expect(page.json().data[0]).toMatchObject({
      company_name: expect.stringMatching(/^회사 /),
      branch_name: expect.any(String),
    });

    const byName = await admin.get(
      `/employers?page=${offset / 20 + 1}&page_size=20&sort=company_name&order=asc`,
    );
    const expectedByName = await queryRows<{ id: number }>(
      ctx.db,
      sql`SELECT id FROM employers WHERE deleted_at IS NULL ORDER BY company_name ASC, id ASC LIMIT 20 OFFSET ${offset}`,
    );
    expect(byName.json().data.map((row: { id: number }) => row.id)).toEqual(
      expectedByName.map((row) => row.id),
    );
  });
});

describe('page depth', () => {
  it('serves the last page inside the window and refuses the one after with a Korean message', async () => {
    const last = await admin.get(`/notices?page=${MAX_LIST_WINDOW / 100}&page_size=100`);
    expect(last.statusCode).toBe(200);
    expect(last.json().data).toHaveLength(100);

    const beyond = await admin.get(`/notices?page=${MAX_LIST_WINDOW / 100 + 1}&page_size=100`);
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().error).toMatchObject({ code: 'INVALID_REQUEST' });
    expect(beyond.json().error.message).toContain('10,000건까지만');
    expect(beyond.json().error.details).toEqual([{ field: 'page', message: beyond.json().error.message }]);
  });

  it('computes the window of a page', () => {
    expect(pageWindow({ page: 1, pageSize: 20 })).toEqual({ limit: 20, offset: 0 });
    expect(pageWindow({ page: 500, pageSize: 20 })).toEqual({ limit: 20, offset: 9_980 });
    expect(() => pageWindow({ page: 501, pageSize: 20 })).toThrow(/10,000건까지만/);
  });
});

describe('estimated totals reused for a few seconds (docs/performance.md#list-totals)', () => {
  /** A second drizzle over the same connection(s) whose logger counts the statements it runs. */
  function countingDb() {
    let statements = 0;
    const options = { schema, casing: 'snake_case' as const, logger: { logQuery: () => void statements++ } };
    const db = (ctx.handle.pool
      ? drizzlePg(ctx.handle.pool, options)
      : drizzlePglite(ctx.handle.pglite!, options)) as unknown as Database;
    return { db, statements: () => statements };
  }

  it('answers an estimated total again without a statement, and counts it afresh once the time is up', async () => {
    knownTotals.clear();
    const { db, statements } = countingDb();
    const first = await tableTotal(db, notices, undefined);
    expect(first.totalEstimated).toBe(true);
    const ran = statements();
    expect(ran).toBeGreaterThanOrEqual(2);
    expect(await tableTotal(db, notices, undefined)).toEqual(first);
    expect(statements()).toBe(ran);

    const now = Date.now();
    const later = vi.spyOn(Date, 'now').mockReturnValue(now + ESTIMATE_REUSE_MS + 1);
    try {
      expect((await tableTotal(db, notices, undefined)).totalEstimated).toBe(true);
      expect(statements()).toBe(ran * 2);
    } finally {
      later.mockRestore();
    }
  });

  it('never reuses an exact total: every write shows in the next one, across the quick count and back', async () => {
    // PostgreSQL's rule, on both engines: the counting handle is not the one the embedded engine's write log watches
    // (its reuse of exact totals is tested in embedded-writes.test.ts).
    knownTotals.clear();
    const { db, statements } = countingDb();
    const pinned = sql`${notices.isPinned}`;
    const pinnedNow = async () =>
      (
        await queryRows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM notices WHERE is_pinned`)
      )[0]!.n;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            step: fc.constantFrom('pin', 'unpin', 'look'),
            // Enough to cross QUICK_COUNT_LIMIT (1,000) either way, never EXACT_TOTAL_LIMIT.
            rows: fc.constantFrom(1, 400, 1_200, 3_000),
          }),
          { maxLength: 8 },
        ),
        async (steps) => {
          for (const { step, rows } of steps) {
            const before = statements();
            if (step === 'look') await tableTotal(db, notices, undefined);
            else {
              await ctx.db.execute(sql`
                UPDATE notices SET is_pinned = ${step === 'pin'}
                 WHERE id IN (SELECT id FROM notices WHERE is_pinned = ${step !== 'pin'} LIMIT ${rows})`);
            }
            expect(await tableTotal(db, notices, pinned)).toEqual({
              total: await pinnedNow(),
              totalEstimated: false,
            });
            expect(statements()).toBeGreaterThan(before);
          }
        },
      ),
      { numRuns: 15 },
    );
    // Back as the tests above found it.
    await ctx.db.execute(
      sql`UPDATE notices SET is_pinned = (title IN (SELECT '공지 ' || n FROM generate_series(1, 30) n))`,
    );
  });
});
