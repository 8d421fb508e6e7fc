import { privacyMessages, RETENTION_DEFAULTS, toWire } from '@ilson/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Api, patchSettings, signedIn } from '../../../../test/fixtures';
import { createAdmin, createTestContext, type TestContext } from '../../../../test/helpers';
import { verifyAuditChain } from '../../../audit/chain';
import { appendAudit } from '../../../audit/trail';
import { queryRows } from '../../../db/client';

/**
 * The access log's own retention (docs/access-log.md#retention) on the engine under test: rows older than the
 * period go as a prefix of the chain behind a `cut` checkpoint, the chain still verifies, the database lets no
 * other row go, and a deletion past the cut is still caught.
 */

let ctx: TestContext;
let top: Api;
const MONTH = 30.5 * 86_400_000;
/** Ids of the rows written long ago: past the 24 months, and within them. */
const old: number[] = [];
let recentOld: number;

const ids = async (where = sql`true`) =>
  (
    await queryRows<{ id: number }>(
      ctx.db,
      sql`SELECT id::float8 AS id FROM audit_logs WHERE ${where} ORDER BY id`,
    )
  ).map((row) => Number(row.id));

async function run(dryRun: boolean) {
  const reply = await top.post('/privacy/destructions/run', {
    dry_run: dryRun,
    reason: '접속기록 보존 기간 경과',
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as { kinds: { kind: string; count: number; ids: number[] }[] };
}
const auditKind = (result: Awaited<ReturnType<typeof run>>) =>
  result.kinds.find((k) => k.kind === 'auditLogs')!;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createAdmin(ctx);
  const actor = { actorAdminId: admin.id, actorLoginId: admin.loginId, ip: '10.0.0.1', userAgent: null };
  vi.useFakeTimers({ toFake: ['Date'] });
  // Thirty and twenty-five months ago: past the period; twenty-three months ago: within it.
  for (const monthsAgo of [30, 30, 25, 23]) {
    vi.setSystemTime(new Date(Date.now() - monthsAgo * MONTH));
    await appendAudit(ctx.db, actor, { action: 'REVEAL', targetType: 'worker', targetId: 1, reason: '대조' });
    vi.useRealTimers();
    vi.useFakeTimers({ toFake: ['Date'] });
  }
  vi.useRealTimers();
  const written = await ids();
  old.push(...written.slice(0, 3));
  recentOld = written[3]!;
  top = (await signedIn(ctx, 'super_admin')).api;
});
afterAll(async () => {
  vi.useRealTimers();
  await ctx?.close();
});

describe('the access log past its retention', () => {
  it('lets no row go without a cut, however old', async () => {
    await expect(ctx.db.execute(sql`DELETE FROM audit_logs WHERE id = ${old[0]}`)).rejects.toThrow();
    await expect(
      ctx.db.execute(sql`UPDATE audit_logs SET summary = 'x' WHERE id = ${old[0]}`),
    ).rejects.toThrow();
  });

  it('a dry run lists the rows before the day the period started, and the real run deletes exactly them', async () => {
    const dry = auditKind(await run(true));
    expect(dry.ids).toEqual(old);
    const real = auditKind(await run(false));
    expect(real.ids).toEqual(old);
    expect(await ids(sql`id <= ${old[2]}`)).toEqual([]);
    expect(await ids(sql`id = ${recentOld}`)).toEqual([recentOld]);
  });

  it('records the cut, registers the range, logs DESTROY, and the chain verifies from the cut', async () => {
    const [cut] = await queryRows<{ last_id: number; row_count: number }>(
      ctx.db,
      sql`SELECT last_id::float8 AS last_id, row_count::float8 AS row_count FROM audit_checkpoints WHERE kind = 'cut'`,
    );
    expect(Number(cut!.last_id)).toBe(old[2]);
    expect(Number(cut!.row_count)).toBe(3);
    const register = (await top.get('/privacy/destructions?kind=auditLogs')).json();
    expect(register.data).toHaveLength(1);
    expect(register.data[0]).toMatchObject({ count: 3, target_ids: [old[0], old[2]], method: 'rows' });
    const [destroy] = await queryRows<{ summary: string }>(
      ctx.db,
      sql`SELECT summary FROM audit_logs WHERE action = 'DESTROY' AND target_type = 'audit_log'`,
    );
    expect(destroy!.summary).toContain('접속기록 3건');
    const chain = await verifyAuditChain(ctx.db);
    expect(chain).toMatchObject({ ok: true, problemCount: 0 });
    expect(chain.checked).toBe((await ids()).length);
    expect(chain.head.rowCount).toBe(chain.checked + 3);
    const verify = await top.post('/audit-logs/verify');
    expect(verify.json().ok).toBe(true);
  });

  it('keeps refusing to delete a row within the two years, even behind a forged cut', async () => {
    await ctx.db.execute(
      sql`INSERT INTO audit_checkpoints (kind, created_at, last_id, last_hash, row_count, prev_mac, mac)
          VALUES ('cut', now(), 9999999, 'x', 0, 'x', 'forged')`,
    );
    await expect(ctx.db.execute(sql`DELETE FROM audit_logs WHERE id = ${recentOld}`)).rejects.toThrow();
    const chain = await verifyAuditChain(ctx.db);
    expect(chain.problems.map((p) => p.problem)).toContain('checkpoint');
  });

  it('still catches a row deleted after the cut by going around the database', async () => {
    const fresh = await createTestContext();
    try {
      const admin = await createAdmin(fresh);
      const actor = { actorAdminId: admin.id, actorLoginId: admin.loginId, ip: null, userAgent: null };
      for (let i = 0; i < 3; i++) await appendAudit(fresh.db, actor, { action: 'LOGIN' });
      const [first] = await queryRows<{ id: number }>(
        fresh.db,
        sql`SELECT min(id)::float8 AS id FROM audit_logs`,
      );
      // The owner switches the guard off and removes the first row: the next one no longer links.
      await fresh.db.execute(sql`ALTER TABLE audit_logs DISABLE TRIGGER audit_logs_no_update_delete`);
      await fresh.db.execute(sql`DELETE FROM audit_logs WHERE id = ${Number(first!.id)}`);
      await fresh.db.execute(sql`ALTER TABLE audit_logs ENABLE TRIGGER audit_logs_no_update_delete`);
      const chain = await verifyAuditChain(fresh.db);
      expect(chain.ok).toBe(false);
      expect(chain.problems.map((p) => p.problem)).toContain('link');
    } finally {
      await fresh.close();
    }
  });

  it('a second run deletes nothing more', async () => {
    expect(auditKind(await run(false)).count).toBe(0);
  });

  it('the setting keeps the access log at least two years, in Korean', async () => {
    const reply = await patchSettings(top, {
      retention: toWire({
        ...RETENTION_DEFAULTS,
        auditLogs: { ...RETENTION_DEFAULTS.auditLogs, months: 12 },
      }),
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.body).toContain(privacyMessages.auditLogsMinimum);
  });
});
