import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client';
import { inlineQuery } from '../src/export/sql';
import type { Scope } from '../src/lib/scope';
import { monthlyTrendQuery } from '../src/modules/dashboard/dashboard.repository';
import { openTestDatabase, planByIndex } from './helpers';

/**
 * The dashboard's trend counts each month's contracts from the status history's (to_status, changed_at) index alone,
 * whose INCLUDE column is the matching (docs/performance.md#contracts-by-month-from-the-index): for a branch,
 * that is what ties a contract to the branch, so no history row is visited.
 */
let handle: DbHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

const starts = [
  new Date('2026-01-01T00:00:00+09:00'),
  new Date('2026-02-01T00:00:00+09:00'),
  new Date('2026-03-01T00:00:00+09:00'),
];

/** The plan of the trend's statement, with every other way into the tables switched off. */
const planOf = (scope: Scope) =>
  planByIndex(handle, (tx) => inlineQuery(monthlyTrendQuery(tx, scope, starts)));

describe('contracts by month on the dashboard', () => {
  it.each([
    ['the whole company', { all: true } as Scope],
    ['a branch', { all: false, branchId: 3 } as Scope],
  ])('of %s are read from the history index alone', async (_name, scope) => {
    const plan = await planOf(scope);
    expect(plan).toMatch(
      /Index Only Scan using matching_status_history_to_changed_idx on matching_status_history/,
    );
    // No visit of the history rows themselves.
    expect(plan).not.toMatch(/(Index Scan|Seq Scan)( Backward)? (using \w+ )?on matching_status_history/);
  });
});
