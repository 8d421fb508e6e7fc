/**
 * docs/performance.md#payout-sums-from-the-index: the payouts list's sums by status, for the filters whose sums are
 * computed on every page (a status, a type, an employer, a branch, an admin's own branch), can be read from the
 * indexes those filters walk, without visiting the rows. The plans are read with the other ways of reading
 * `payouts` switched off, so what is tested is that the index covers the statement, whatever the table's size.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client';
import { inlineQuery } from '../src/export/sql';
import type { Scope } from '../src/lib/scope';
import { type PayoutFilters, payoutTotals } from '../src/modules/payouts/payouts.repository';
import { openTestDatabase, planByIndex } from './helpers';

let handle: DbHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

/** The plan of the sums' statement, with every other way into the table switched off. */
const planOf = (scope: Scope, filters: PayoutFilters) =>
  planByIndex(handle, (tx) => inlineQuery(payoutTotals(tx, scope, filters).getSQL()));

const all: Scope = { all: true };

describe('the payouts list’s sums by status', () => {
  it.each([
    ['a status', all, { status: 'pending' }, 'payouts_status_created_idx'],
    ['a type', all, { type: 'matching_fee' }, 'payouts_type_created_idx'],
    ['an employer', all, { employerId: 7 }, 'payouts_employer_created_idx'],
    ['a branch (its employers’, copied onto the payout)', all, { branchId: 3 }, 'payouts_branch_created_idx'],
    ['a branch admin’s own branch', { all: false, branchId: 3 } as Scope, {}, 'payouts_branch_created_idx'],
  ] as const)('of %s are read from the index alone', async (_name, scope, filters, index) => {
    const plan = await planOf(scope, filters as PayoutFilters);
    expect(plan).toMatch(new RegExp(`Index Only Scan using ${index} on payouts`));
    // No other way into the table: no visit of the rows themselves.
    expect(plan).not.toMatch(/(Index Scan|Seq Scan)( Backward)? (using \w+ )?on payouts/);
  });
});
