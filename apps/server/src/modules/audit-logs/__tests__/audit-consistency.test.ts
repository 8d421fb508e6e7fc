import { FIELD_LABELS, settingsSchema } from '@ilson/contracts';
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, businessRegNo, employerBody, insertBranch, signedIn } from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { queryRows } from '../../../db/client';
import {
  admins,
  appUsers,
  auditReviews,
  branches,
  employers,
  jobPosts,
  matchings,
  notices,
  payouts,
  resumes,
  reviews,
  workers,
} from '../../../db/schema';

/**
 * What the access log says agrees wherever it is said (docs/access-log.md): the 무결성 확인 and the list count the
 * same rows, an admin has one name in the log and in a record's history, and every field a diff names has a label.
 */

let ctx: TestContext;
let superAdmin: Api;
let me: { id: number; loginId: string; name: string };

type ListReply = { data: Record<string, unknown>[]; meta: { total: number; total_estimated?: boolean } };

async function list(query: string): Promise<ListReply> {
  const response = await superAdmin.get(`/audit-logs${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ListReply;
}

async function countRows(where = sql`true`): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ctx.db,
    sql`SELECT count(*)::int AS n FROM audit_logs WHERE ${where}`,
  );
  return row!.n;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const top = await signedIn(ctx, 'super_admin');
  superAdmin = top.api;
  me = top.admin;
});
afterAll(async () => {
  await ctx?.close();
});

describe('무결성 확인 and the list speak of the same rows', () => {
  it('names the last row it walked, and the list up to that row counts exactly what it checked', async () => {
    // A few rows of different kinds before the check.
    await signedIn(ctx, 'admin');
    const branch = await insertBranch(ctx);
    expect((await superAdmin.post('/employers', employerBody(branch.id))).statusCode).toBe(201);

    const response = await superAdmin.post('/audit-logs/verify');
    expect(response.statusCode, response.body).toBe(200);
    const verified = response.json() as { ok: boolean; checked: number; last_id: number; last_at: string };
    expect(verified.ok).toBe(true);
    const [head] = await queryRows<{ id: number; created_at: string }>(
      ctx.db,
      sql`SELECT id::int AS id, created_at::text AS created_at FROM audit_logs ORDER BY id DESC LIMIT 1`,
    );
    expect(verified.last_id).toBe(head!.id);
    expect(Date.parse(verified.last_at)).toBe(Date.parse(head!.created_at));
    expect(verified.checked).toBe(await countRows(sql`id <= ${verified.last_id}`));

    // The log moves on after the check (a sign-in, a change): the whole list counts those too, the range does not.
    await signedIn(ctx, 'viewer');
    expect(
      (
        await superAdmin.post(
          '/employers',
          employerBody(branch.id, { business_reg_no: businessRegNo(410_000_001) }),
        )
      ).statusCode,
    ).toBe(201);
    const later = await countRows();
    expect(later).toBeGreaterThan(verified.checked);

    const range = await list(`?to_id=${verified.last_id}&page_size=5`);
    expect(range.meta).toMatchObject({ total: verified.checked, total_estimated: false });
    expect(range.data.every((row) => (row.id as number) <= verified.last_id)).toBe(true);
    expect(range.data[0]!.id).toBe(verified.last_id);
    expect((await list('?page_size=5')).meta).toMatchObject({ total: later, total_estimated: false });
  });

  it('exports the same range: as many rows as the check walked', async () => {
    const verified = (await superAdmin.post('/audit-logs/verify')).json() as {
      checked: number;
      last_id: number;
    };
    await signedIn(ctx, 'viewer');
    const response = await superAdmin.get(
      `/audit-logs/export?to_id=${verified.last_id}&reason=${encodeURIComponent('범위 점검')}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines.length - 1).toBe(verified.checked);
  });

  it('refuses a range end that is not a positive whole number, and takes any id the log can have', async () => {
    expect((await superAdmin.get(`/audit-logs?to_id=${Number.MAX_SAFE_INTEGER}`)).statusCode).toBe(200);
    for (const bad of ['0', '-3', 'abc', '1.5', '9007199254740992']) {
      const response = await superAdmin.get(`/audit-logs?to_id=${bad}`);
      expect(response.statusCode, bad).toBe(400);
      const fields = (response.json().error.details as { field: string }[]).map((detail) => detail.field);
      expect(new Set(fields)).toEqual(new Set(['to_id']));
    }
  });
});

describe('one name per admin', () => {
  it("a record's history names the admin as the access log does: name, login id and id, with the record type", async () => {
    const branch = await insertBranch(ctx);
    const created = await superAdmin.post(
      '/employers',
      employerBody(branch.id, { business_reg_no: businessRegNo(410_000_002) }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;

    const [entry] = (await superAdmin.get(`/employers/${id}/history`)).json().data;
    expect(entry).toMatchObject({
      action: 'CREATE',
      target_type: 'employer',
      actor_admin_id: me.id,
      actor_login_id: me.loginId,
      actor_name: me.name,
    });
    const [logged] = (await list(`?target_type=employer&target_id=${id}`)).data;
    expect(logged).toMatchObject({ actor_admin_id: me.id, actor_login_id: me.loginId, actor_name: me.name });
  });
});

describe('every field a diff can name has a Korean label', () => {
  /** The records whose changes are logged with `{ field: { before, after } }` (an undo logs every column). */
  const LOGGED_TABLES: Record<string, PgTable> = {
    employer: employers,
    worker: workers,
    job_post: jobPosts,
    resume: resumes,
    matching: matchings,
    payout: payouts,
    review: reviews,
    app_user: appUsers,
    notice: notices,
    branch: branches,
    admin: admins,
    audit_review: auditReviews,
  };
  /** Never in a diff: bookkeeping, ciphertexts, keyed hashes and search columns (modules/undo/undo.ts). */
  const UNLOGGED = /^(id|version|updatedAt|passwordHash)$|(Enc|Hash|Search|Hmac)$/;
  /** Keys the other log rows record: exports, bulk changes, imports, saved views, identifier views. */
  const OTHER_KEYS = [
    'format',
    'unmasked',
    'sort',
    'order',
    'filters',
    'filter',
    'action',
    'ids',
    'bulkJobId',
    'succeeded',
    'failed',
    'total',
    'importBatchId',
    'name',
    'query',
    'shared',
    'field',
    'isDeleted',
    'mustChangePassword',
    'passwordChangedAt',
  ];

  it('each column of a logged record, each setting and each other key', () => {
    const missing: string[] = [];
    for (const [type, table] of Object.entries(LOGGED_TABLES)) {
      for (const key of Object.keys(getTableColumns(table))) {
        if (!UNLOGGED.test(key) && !Object.hasOwn(FIELD_LABELS, key)) missing.push(`${type}.${key}`);
      }
    }
    for (const key of [...Object.keys(settingsSchema.shape), ...OTHER_KEYS]) {
      if (!Object.hasOwn(FIELD_LABELS, key)) missing.push(key);
    }
    expect(missing).toEqual([]);
  });
});
