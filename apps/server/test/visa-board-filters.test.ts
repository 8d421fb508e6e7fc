import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client';
import { workers } from '../src/db/schema';
import { inlineQuery } from '../src/export/sql';
import { boardConditions } from '../src/modules/workers/visa-expiry.repository';
import type { WorkerFilters } from '../src/modules/workers/workers.repository';
import { openTestDatabase, planByIndex } from './helpers';

/**
 * The visa-expiry board filtered by visa type or by extension status reads the index that leads with that value, in
 * the board's order (docs/performance.md#the-visa-board-filtered): the page is the index's first entries for the
 * value, not a walk of the board's own index past every other visa.
 */
let handle: DbHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

describe('the visa-expiry board, filtered', () => {
  it.each([
    ['a visa type', { visaType: 'F-5' }, 'workers_visa_board_type_idx'],
    ['an extension status', { extensionStatus: 'approved' }, 'workers_visa_board_extension_idx'],
  ] as const)('by %s reads its own index in the board’s order', async (_name, filters, index) => {
    const plan = await planByIndex(
      handle,
      (tx) =>
        // The board's page in its shape: its conditions (D-120 and every overdue visa), by expiry then id.
        inlineQuery(
          tx
            .select({ id: workers.id })
            .from(workers)
            .where(boardConditions({ all: true }, filters as unknown as WorkerFilters, { to: '2026-03-31' }))
            .orderBy(asc(workers.visaExpiryDate), asc(workers.id))
            .limit(20)
            .getSQL(),
        ),
      { sorted: true },
    );
    expect(plan).toMatch(new RegExp(`Index (Only )?Scan using ${index} on workers`));
    expect(plan).not.toMatch(/Sort/);
  });
});
