import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, signedIn } from '../../../../test/fixtures';
import { openTestDatabase, type TestContext, testConfig } from '../../../../test/helpers';
import { buildApp } from '../../../app';
import { upgradeAuditChain, verifyAuditChain } from '../../../audit/chain';
import { appendAudit } from '../../../audit/trail';
import { type DbHandle, queryRows } from '../../../db/client';
import {
  appendLegacyRows,
  asDatabaseOwner,
  fieldsOf,
  legacyHash,
  rechainWithSha256,
  storedRows,
  verifyOverApi,
} from './chain-fixtures';

/**
 * A database whose access log was written before the chain was keyed: the first start of the new server
 * keeps those rows as they are (sha256), checks them once and records where the keyed chain begins.
 */
let handle: DbHandle;
let ctx: TestContext;
let admin: Api;
let legacyIds: number[];

async function startApp() {
  const app = await buildApp({ config: testConfig, db: handle, scheduledJobs: false });
  await app.ready();
  return app;
}

type Start = {
  last_id: number;
  last_hash: string;
  row_count: number;
  legacy_ok: boolean;
  legacy_problems: number;
};
const starts = () =>
  queryRows<Start>(
    handle.db,
    sql`SELECT last_id, last_hash, row_count, legacy_ok, legacy_problems FROM audit_checkpoints WHERE kind = 'keyed_start'`,
  );

beforeAll(async () => {
  handle = await openTestDatabase();
  legacyIds = await appendLegacyRows(
    handle.db,
    Array.from({ length: 30 }, (_, i) => ({
      summary: `근로자 상세 조회 ${i}`,
      diff: i % 4 === 0 ? { field: { before: 'ㄱ', after: ['ㄴ', { z: 1, a: null }] } } : null,
    })),
  );
  const app = await startApp();
  ctx = { app, handle, db: handle.db, close: async () => app.close() } as TestContext;
  admin = (await signedIn(ctx, 'super_admin')).api;
});
afterAll(async () => {
  await ctx?.app.close();
  await handle?.close();
});

describe('upgrading a log written with sha256', () => {
  it('records once where the keyed chain starts: the last legacy row, its hash, the count, the check', async () => {
    const [last] = await storedRows(handle.db, sql`id = ${legacyIds.at(-1)!}`);
    expect(await starts()).toEqual([
      {
        last_id: legacyIds.at(-1),
        last_hash: last!.hash,
        row_count: 30,
        legacy_ok: true,
        legacy_problems: 0,
      },
    ]);
    // Another process starting, and several upgrades racing: still one start.
    const second = await startApp();
    await second.close();
    await Promise.all(Array.from({ length: 4 }, () => upgradeAuditChain(handle.db)));
    expect(await starts()).toHaveLength(1);
  });

  it('keeps the legacy rows as they were and chains new rows with the key', async () => {
    const rows = await storedRows(handle.db);
    const legacy = rows.filter((row) => row.id <= legacyIds.at(-1)!);
    expect(legacy).toHaveLength(30);
    let prev = '0'.repeat(64);
    for (const row of legacy) {
      expect(row.hash).toBe(legacyHash(prev, fieldsOf(row)));
      prev = row.hash;
    }
    const keyed = rows.filter((row) => row.id > legacyIds.at(-1)!);
    expect(keyed.length).toBeGreaterThan(0);
    for (const row of keyed) expect(row.hash).not.toBe(legacyHash(prev, fieldsOf(row)));
    expect(await verifyOverApi(admin)).toMatchObject({
      ok: true,
      problem_count: 0,
      legacy_rows: 30,
      checked: rows.length,
    });
    expect(
      (
        await admin.post('/audit-reviews', {
          period: '2025-01',
          reviewed_at: '2025-02-01',
          findings: '이상 없음',
        })
      ).statusCode,
    ).toBe(201);
    expect(await verifyOverApi(admin)).toMatchObject({ ok: true, problem_count: 0, legacy_rows: 30 });
  });

  it('reports a row written the old way after the keyed start (a downgrade)', async () => {
    const [forged] = await appendLegacyRows(handle.db, [{ summary: '구버전 서버가 쓴 기록' }]);
    const result = await verifyOverApi(admin);
    expect(result).toMatchObject({ ok: false, problem_count: 1, broken_at_id: forged, problem: 'downgrade' });
  });

  it('reports a legacy row changed after the upgrade, though sha256 lets the owner re-chain it', async () => {
    const target = legacyIds[10]!;
    await asDatabaseOwner(handle.db, sql`UPDATE audit_logs SET summary = '조작됨' WHERE id = ${target}`);
    // Re-chaining the legacy rows changes the last legacy hash, which the keyed start recorded.
    await rechainWithSha256(handle.db, target);
    const result = await verifyOverApi(admin);
    expect(result.ok).toBe(false);
    expect(result.problems).toContainEqual(
      expect.objectContaining({ id: legacyIds.at(-1), problem: 'checkpoint' }),
    );
  });
});

describe('upgrading a log that was already broken', () => {
  it('records the breaks it found, keys what comes after, and keeps reporting only those breaks', async () => {
    const other = await openTestDatabase();
    try {
      const ids = await appendLegacyRows(
        other.db,
        Array.from({ length: 6 }, (_, i) => ({ summary: `조회 ${i}` })),
      );
      // Legacy rows from before docs/access-log.md#what-is-hashed-and-the-text-it-is-hashed-over: stored text that differs from the hashed one.
      await asDatabaseOwner(
        other.db,
        sql`UPDATE audit_logs SET summary = '조회 \ufffd' WHERE id = ${ids[2]}`,
      );
      const { upgraded, start } = await upgradeAuditChain(other.db);
      expect(upgraded).toBe(true);
      expect(start).toMatchObject({ lastId: ids[5], rowCount: 6, legacyOk: false, legacyProblems: 1 });
      await appendAudit(
        other.db,
        { actorAdminId: null, actorLoginId: 'x', ip: null, userAgent: null },
        {
          action: 'LOGIN',
          summary: '로그인 \ud800',
        },
      );
      const result = await verifyAuditChain(other.db);
      expect(result).toMatchObject({ ok: false, checked: 7, legacyRows: 6, problemCount: 1 });
      expect(result.problems).toEqual([expect.objectContaining({ id: ids[2], problem: 'content' })]);
    } finally {
      await other.close();
    }
  });
});
