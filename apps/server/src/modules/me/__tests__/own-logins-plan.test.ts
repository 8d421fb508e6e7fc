import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, planByIndex } from '../../../../test/helpers';
import type { DbHandle } from '../../../db/client';
import { inlineQuery } from '../../../export/sql';
import { listOwnLogins } from '../me.repository';

/**
 * 내 정보 → 로그인 기록 reads its page from audit_logs_own_logins_idx (docs/access-log.md#own-sign-ins): the index's
 * predicate is proved from the statement's condition and its order is the page's, so the page is its first
 * entries, read backwards, with no sort of the admin's other rows.
 */
let handle: DbHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

describe('an admin’s own sign-ins', () => {
  it('are read backwards from the partial index, already in the page’s order', async () => {
    // Every other way into the table switched off: the index must be usable for this statement as it is.
    const plan = await planByIndex(handle, (tx) => inlineQuery(listOwnLogins(tx, 7, 20).getSQL()));
    expect(plan).toMatch(/Index Scan Backward using audit_logs_own_logins_idx on audit_logs/);
    expect(plan).not.toMatch(/Sort/);
  });
});
