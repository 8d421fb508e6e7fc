import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Api, insertBranch, signedIn, workerBody } from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { appendAudit } from '../../../audit/trail';
import { queryRows } from '../../../db/client';
import { asDatabaseOwner, rechainWithSha256, storedRows, verifyOverApi } from './chain-fixtures';

/** Each attack on the access log (RELIABILITY.md#attacks-on-the-running-product, docs/access-log.md#what-we-do-not-defend-against), through the API and SQL, on a fresh database. */
let ctx: TestContext;
let admin: Api;
let workerId: number;

beforeEach(async () => {
  ctx = await createTestContext();
  admin = (await signedIn(ctx, 'super_admin')).api;
  const branch = await insertBranch(ctx);
  const created = await admin.post('/workers', workerBody(branch.id));
  expect(created.statusCode, created.body).toBe(201);
  workerId = created.json().id;
});
afterEach(async () => {
  await ctx?.close();
});

const reveal = (reason: string) =>
  admin.post(`/workers/${workerId}/reveal`, { field: 'alien_reg_no', reason });

async function idsOf(action: string): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    ctx.db,
    sql`SELECT id FROM audit_logs WHERE action = ${action} ORDER BY id`,
  );
  return rows.map((row) => Number(row.id));
}

describe('text the log cannot store as it was given', () => {
  it('a login id with a lone surrogate (no token) leaves the chain verifiable', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'nobody\ud800', password: 'whatever1' },
    });
    expect(response.statusCode).toBe(401);
    expect(await storedRows(ctx.db, sql`action = 'LOGIN_FAILED'`)).toHaveLength(1);
    expect(await verifyOverApi(admin)).toMatchObject({ ok: true, problem_count: 0, problems: [] });
  });

  it('a reveal reason with a lone surrogate leaves the chain verifiable', async () => {
    const response = await reveal('출입국 \ud800 확인');
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await storedRows(ctx.db, sql`action = 'REVEAL'`);
    expect(row!.reason).toBe('출입국 \ufffd 확인');
    expect(await verifyOverApi(admin)).toMatchObject({ ok: true, problem_count: 0 });
  });

  it('NUL and lone surrogates in every column and inside diff (keys and values) are stored as hashed', async () => {
    const actor = {
      actorAdminId: null,
      actorLoginId: 'a\u0000b\udc00',
      ip: '::1\u0000',
      userAgent: '\ud83d',
    };
    await appendAudit(ctx.db, actor, {
      action: 'UPDATE',
      targetType: 'employer\u0000',
      targetId: 'x\ud800',
      summary: '요약\u0000\udfff끝 😀',
      reason: '\ud800\u0000',
      diff: {
        'key\ud800': { before: 'a\u0000', after: ['\udc00', { 'n\u0000': '\ud83d\ude00 ok' }] },
        plain: { before: null, after: 1.5 },
      },
    });
    const [row] = await storedRows(ctx.db, sql`target_id LIKE 'x%'`);
    expect(row).toMatchObject({
      actor_login_id: 'a\ufffdb\ufffd',
      ip: '::1\ufffd',
      user_agent: '\ufffd',
      target_type: 'employer\ufffd',
      summary: '요약\ufffd\ufffd끝 😀',
      reason: '\ufffd\ufffd',
      diff: {
        'key\ufffd': { before: 'a\ufffd', after: ['\ufffd', { 'n\ufffd': '😀 ok' }] },
        plain: { before: null, after: 1.5 },
      },
    });
    expect(await verifyOverApi(admin)).toMatchObject({ ok: true, problem_count: 0 });
  });
});

describe('the database owner', () => {
  it('cannot delete a REVEAL row and re-chain the later rows with sha256: every re-chained row is reported', async () => {
    for (const reason of ['출입국 서류 확인', '고용허가 신청', '체류기간 연장']) {
      expect((await reveal(reason)).statusCode).toBe(200);
    }
    expect((await verifyOverApi(admin)).ok).toBe(true);
    const [, middle] = await idsOf('REVEAL');
    await asDatabaseOwner(ctx.db, sql`DELETE FROM audit_logs WHERE id = ${middle}`);
    const rewritten = await rechainWithSha256(ctx.db, middle! + 1);
    expect(rewritten).toBeGreaterThan(0);

    const result = await verifyOverApi(admin);
    expect(result.ok).toBe(false);
    const rows = result.problems.filter((p) => p.checkpoint_id === null);
    expect(rows).toHaveLength(rewritten);
    expect(rows.every((p) => p.problem === 'downgrade' && p.id > middle!)).toBe(true);
    // The checkpoint written by the verification before the attack no longer matches its row.
    expect(result.problems).toContainEqual(expect.objectContaining({ problem: 'checkpoint' }));
    expect(result.problem_count).toBe(result.problems.length);
    expect(result.broken_at_id).toBe(Math.min(...result.problems.map((p) => p.id)));
  });

  it('altering two separate rows: both are reported, not only the first', async () => {
    for (const reason of ['하나', '둘', '셋', '넷'])
      expect((await reveal(`사유 ${reason}`)).statusCode).toBe(200);
    const [first, , third] = await idsOf('REVEAL');
    await asDatabaseOwner(
      ctx.db,
      sql`UPDATE audit_logs SET reason = '조작됨' WHERE id = ${first}`,
      sql`UPDATE audit_logs SET summary = '조작됨' WHERE id = ${third}`,
    );
    const result = await verifyOverApi(admin);
    expect(result).toMatchObject({
      ok: false,
      problem_count: 2,
      broken_at_id: first,
      problem: 'content',
    });
    expect(result.problems.map((p) => [p.id, p.problem])).toEqual([
      [first, 'content'],
      [third, 'content'],
    ]);
    const [all] = await queryRows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM audit_logs`);
    expect(result.checked).toBe(all!.n);
  });

  it('deleting the newest rows after a checkpoint is detected from the checkpoint', async () => {
    for (const reason of ['하나', '둘', '셋']) expect((await reveal(`사유 ${reason}`)).statusCode).toBe(200);
    // A verification writes a checkpoint of the head.
    expect((await verifyOverApi(admin)).ok).toBe(true);
    const reveals = await idsOf('REVEAL');
    await asDatabaseOwner(ctx.db, sql`DELETE FROM audit_logs WHERE id >= ${reveals[1]}`);

    const result = await verifyOverApi(admin);
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([
      expect.objectContaining({ id: reveals[2], problem: 'truncated', checkpoint_id: expect.any(Number) }),
    ]);
  });
});
