import { desc, ilike, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { containsPattern, searchPage } from '../list';
import { branches } from '../schema';
import type { Executor } from '../types';

let ctx: TestContext;

/** 240 branches named from a three-letter alphabet, so short terms match many, some or none. */
const ROWS = 240;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.execute(sql`
    INSERT INTO branches (name, code, region)
    SELECT translate(lpad(to_char(n * 7919 % 243, 'FM99999'), 4, '0'), '0123456789', 'abcabcabca'),
           'SP-' || n, '서울특별시'
    FROM generate_series(1, ${ROWS}) AS n`);
});
afterAll(async () => {
  await ctx?.close();
});

const build = (executor: Executor) => executor.select({ id: branches.id }).from(branches);

describe('searchPage (db/list.ts)', () => {
  /**
   * Property: whatever the window splitting its two steps, the page is exactly the newest `limit` matches by id —
   * what one ORDER BY id DESC LIMIT query over the whole table gives.
   */
  it('returns the newest matches by id for any window, term and limit', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.stringMatching(/^[abcd]{1,3}$/),
        fc.integer({ min: 1, max: ROWS + 20 }),
        fc.integer({ min: 1, max: 8 }),
        async (term, window, limit) => {
          const where = ilike(branches.name, containsPattern(term));
          const naive = await build(ctx.db).where(where).orderBy(desc(branches.id)).limit(limit);
          const page = await searchPage(ctx.db, build, branches, where, limit, window);
          expect(page.map((r) => r.id)).toEqual(naive.map((r) => r.id));
        },
      ),
      { numRuns: 60 },
    );
  });
});
