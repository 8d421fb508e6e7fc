/**
 * docs/imports.md#duplicates as a property: for random files whose rows share 외국인등록번호, 여권번호 and names
 * (birth date and nationality alike) in any combination, two batches dry-run side by side and then committed one after
 * the other never leave two live workers sharing any identity key, and no commit fails on the database's own indexes.
 */

import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { type Api, insertBranch, signedIn } from './fixtures';
import { createTestContext, type TestContext } from './helpers';
import { commitBatch, csvFile, dryRun, importHeaders, workerCells } from './import-fixtures';

let ctx: TestContext;
let admin: Api;
const BRANCH = '성질지점';
const LAST = 'PROPTEST';

beforeAll(async () => {
  ctx = await createTestContext();
  await insertBranch(ctx, { name: BRANCH, code: 'PX' });
  admin = (await signedIn(ctx, 'admin')).api;
});
afterAll(async () => {
  await ctx?.close();
});

const ARCS = ['900101-5000001', '900101-5000002', '900101-6000003', '900101-6000004'];
const PASSPORTS = ['PX1000001', 'PX1000002', 'PX1000003', 'PX1000004'];
const FIRST = ['AN', 'BINH', 'an'];

const row = fc.record({
  arc: fc.option(fc.constantFrom(...ARCS), { nil: undefined }),
  passport: fc.option(fc.constantFrom(...PASSPORTS), { nil: undefined }),
  first: fc.constantFrom(...FIRST),
});
const file = fc.array(row, { minLength: 1, maxLength: 6 });

const cellsOf = (rows: { arc?: string; passport?: string; first: string }[]) =>
  csvFile(
    importHeaders('workers'),
    rows.map((r, i) =>
      workerCells(500_000 + i, BRANCH, {
        lastName: LAST,
        firstName: r.first,
        alienRegNo: r.arc ?? '',
        passportNo: r.passport ?? '',
      }),
    ),
    'utf-8',
  );

/** Pairs of live workers of this test sharing a key: none may exist. */
const sharedKeys = () =>
  queryRows<{ key: string; n: number }>(
    ctx.db,
    sql`SELECT key, count(*)::int AS n FROM (
          SELECT 'A' || alien_reg_no_hash AS key FROM workers WHERE deleted_at IS NULL AND last_name = ${LAST}
            AND alien_reg_no_hash IS NOT NULL
          UNION ALL SELECT 'P' || passport_no_hash FROM workers WHERE deleted_at IS NULL AND last_name = ${LAST}
            AND passport_no_hash IS NOT NULL
          UNION ALL SELECT 'N' || upper(first_name) || date_of_birth || nationality FROM workers
            WHERE deleted_at IS NULL AND last_name = ${LAST}) k
        GROUP BY key HAVING count(*) > 1`,
  );

describe('import: one person, one live worker', () => {
  it('never makes two live workers share an identity key', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(file, file, async (first, second) => {
        run += 1;
        await ctx.db.execute(
          sql`UPDATE workers SET deleted_at = now() WHERE last_name = ${LAST} AND deleted_at IS NULL`,
        );
        const one = await dryRun(admin, 'workers', cellsOf(first), `a${run}.csv`);
        const two = await dryRun(admin, 'workers', cellsOf(second), `b${run}.csv`);
        expect(one.status).toBe('validated');
        expect(two.status).toBe('validated');
        for (const batch of [one, two]) {
          if (batch.validRows === 0) continue;
          const done = await commitBatch(admin, 'workers', batch.id);
          expect(done.status, done.failure ?? '').toBe('committed');
        }
        expect(await sharedKeys()).toEqual([]);
        // Each file alone: at least its first row is someone new (nothing of this run was live before it).
        expect(one.validRows).toBeGreaterThan(0);
      }),
      { numRuns: Number(process.env.IMPORT_IDENTITY_RUNS ?? 8), seed: 20261201 },
    );
  }, 120_000);
});
