import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Api, signedIn } from '../../../../test/fixtures';
import { createAdmin, createTestContext, type TestContext } from '../../../../test/helpers';
import { appendAudit } from '../../../audit/trail';
import { queryRows } from '../../../db/client';

/**
 * Permission and security changes are kept 3 years (ACCESS_CHANGE_LOG_FLOOR, 안전성 확보조치 기준 제5조③) although
 * the rest of the log goes after 24 months: the prefix the destruction deletes stops at the oldest such entry under
 * 3 years old (docs/access-log.md#retention).
 */

let ctx: TestContext;
let top: Api;
const MONTH = 30.5 * 86_400_000;
const written: { id: number; action: string; monthsAgo: number }[] = [];

async function writeAt(monthsAgo: number, action: 'REVEAL' | 'PERMISSION_CHANGE' | 'SECURITY_CHANGE') {
  const admin = { actorAdminId: null, actorLoginId: 'test', ip: '10.0.0.1', userAgent: null };
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(Date.now() - monthsAgo * MONTH));
  await appendAudit(ctx.db, admin, {
    action,
    targetType: 'admin',
    targetId: 1,
    summary: `${monthsAgo}개월 전`,
  });
  vi.useRealTimers();
  const [row] = await queryRows<{ id: number }>(ctx.db, sql`SELECT max(id)::float8 AS id FROM audit_logs`);
  written.push({ id: Number(row!.id), action, monthsAgo });
}

beforeAll(async () => {
  ctx = await createTestContext();
  await createAdmin(ctx);
  await writeAt(44, 'REVEAL');
  await writeAt(40, 'SECURITY_CHANGE');
  await writeAt(38, 'REVEAL');
  await writeAt(30, 'PERMISSION_CHANGE');
  await writeAt(28, 'REVEAL');
  await writeAt(23, 'REVEAL');
  top = (await signedIn(ctx, 'super_admin')).api;
});
afterAll(async () => {
  vi.useRealTimers();
  await ctx?.close();
});

describe('the access log past its retention, with permission and security changes in it', () => {
  it('deletes only the rows before the oldest change under 3 years old', async () => {
    const reply = await top.post('/privacy/destructions/run', {
      dry_run: true,
      reason: '접속기록 보존 기간 경과',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const kind = (reply.json().kinds as { kind: string; ids: number[] }[]).find(
      (k) => k.kind === 'auditLogs',
    )!;
    // The 40-month security change is past its 3 years and goes; the 30-month permission change holds back itself
    // and the 28-month row, which are otherwise past the 24 months.
    const byAge = (months: number) => written.find((w) => w.monthsAgo === months)!.id;
    expect(kind.ids).toEqual([byAge(44), byAge(40), byAge(38)]);
  });
});
