import { asc, desc, getTableColumns, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client';
import { appUsers, employers, jobPosts, matchings, payouts, resumes, workers } from '../src/db/schema';
import { inlineQuery } from '../src/export/sql';
import { SORT_COLUMNS as appUserSorts } from '../src/modules/app-users/app-users.repository';
import { SORT_COLUMNS as employerSorts } from '../src/modules/employers/employers.repository';
import { SORT_COLUMNS as jobPostSorts } from '../src/modules/job-posts/job-posts.repository';
import { SORT_COLUMNS as matchingSorts } from '../src/modules/matchings/matchings.repository';
import { SORT_COLUMNS as payoutSorts } from '../src/modules/payouts/payouts.repository';
import { SORT_COLUMNS as resumeSorts } from '../src/modules/resumes/resumes.repository';
import { SORT_COLUMNS as workerSorts } from '../src/modules/workers/workers.repository';
import { openTestDatabase, planByIndex } from './helpers';

/**
 * Every column a big list can be sorted by has an index in the list's order — the column, then the id, either way
 * (db/list.ts) — so a sorted first page is the index's first entries, not a sort of the whole table
 * (docs/performance.md#sorted-lists). The small lists (admins, branches, notices) sort their few rows.
 */
let handle: DbHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

const lists: [string, PgTable, Record<string, PgColumn>][] = [
  ['employers', employers, employerSorts],
  ['workers', workers, workerSorts],
  ['job-posts', jobPosts, jobPostSorts],
  ['resumes', resumes, resumeSorts],
  ['matchings', matchings, matchingSorts],
  ['payouts', payouts, payoutSorts],
  ['users', appUsers, appUserSorts],
];

const cases = lists.flatMap(([list, table, sorts]) =>
  Object.entries(sorts).flatMap(([sort, column]) =>
    (['asc', 'desc'] as const).map((order) => [list, sort, order, table, column] as const),
  ),
);

/**
 * The plan of a first page of 20 ids of `table` — `where`, in `order` — with the table's own scans and sorting
 * priced out: the planner takes an index in the page's order if there is one, and sorts otherwise.
 */
const firstPagePlan = (
  table: PgTable,
  where: (c: Columns) => SQL | undefined,
  order: (c: Columns) => SQL[],
) => {
  const columns = getTableColumns(table) as Columns;
  return planByIndex(
    handle,
    (tx) =>
      inlineQuery(
        tx
          .select({ id: columns.id })
          .from(table)
          .where(where(columns))
          .orderBy(...order(columns))
          .limit(20)
          .getSQL(),
      ),
    { sorted: true },
  );
};

type Columns = { id: PgColumn; deletedAt?: PgColumn };

describe('a big list sorted by any of its columns', () => {
  it.each(cases)(
    '%s by %s %s reads an index in the page’s order',
    async (_list, _sort, order, table, column) => {
      const direction = order === 'asc' ? asc : desc;
      // The list's own shape: live rows (where the table has soft delete), the column then the id.
      const plan = await firstPagePlan(
        table,
        ({ deletedAt }) => (deletedAt ? isNull(deletedAt) : undefined),
        ({ id }) => [direction(column), direction(id)],
      );
      expect(plan).toMatch(/Index (Only )?Scan/);
      expect(plan).not.toMatch(/Sort/);
    },
  );
});

describe('the trash of a big list', () => {
  it.each([
    ['employers', employers],
    ['workers', workers],
    ['job-posts', jobPosts],
    ['resumes', resumes],
  ] as const)('of %s reads its deleted rows alone, newest deletion first', async (_list, table) => {
    // The trash's page in its shape (modules/trash): deleted rows, by deletion then id, newest first.
    const plan = await firstPagePlan(
      table,
      ({ deletedAt }) => isNotNull(deletedAt!),
      ({ id, deletedAt }) => [desc(deletedAt!), desc(id)],
    );
    expect(plan).toMatch(/Index (Only )?Scan Backward using \w+_deleted_idx/);
    expect(plan).not.toMatch(/Sort/);
  });
});
