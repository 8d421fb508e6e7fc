import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { queryRows } from '../../../db/client';
import { canonicalJson } from '../../../lib/canonical-json';
import { appendAudit, type ChainedFields, canonicalRow, verifyAuditChain } from '../audit-logs.repository';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const actor = { actorAdminId: null, actorLoginId: 'tester', ip: '127.0.0.1', userAgent: 'vitest' };

describe('access log hash chain', () => {
  it('hashes the same text as the canonical JSON of the row (the fast form and the plain one agree)', () => {
    const rows: ChainedFields[] = [
      {
        createdAt: new Date('2025-03-01T14:59:59.123Z'),
        actorAdminId: 12,
        actorLoginId: 'admin',
        action: 'UPDATE',
        targetType: 'employer',
        targetId: '501',
        summary: '사업주 수정: "상호" \\ 탭\t줄\n\u0001 😀',
        diff: { z: { before: null, after: [1, 2.5, { b: true, a: '가' }] }, A: { before: 'x', after: -0.1 } },
        recordCount: 0,
        reason: '월간 보고',
        ip: '::1',
        userAgent: 'Mozilla/5.0',
      },
      {
        createdAt: new Date(0),
        actorAdminId: null,
        actorLoginId: null,
        action: 'LOGIN_FAILED',
        targetType: null,
        targetId: null,
        summary: '',
        diff: null,
        recordCount: null,
        reason: null,
        ip: null,
        userAgent: null,
      },
    ];
    for (const row of rows) {
      expect(canonicalRow(row)).toBe(canonicalJson({ ...row, createdAt: row.createdAt.toISOString() }));
    }
  });

  it('links every row to the one before it, including rows written concurrently', async () => {
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        appendAudit(ctx.db, actor, {
          action: 'UPDATE',
          targetType: 'employer',
          targetId: i,
          summary: `수정 ${i}`,
          diff: { companyName: { before: 'A', after: `B${i}` }, nested: { z: 1, a: [1, 2] } },
        }),
      ),
    );
    expect(await verifyAuditChain(ctx.db, 5)).toEqual({ ok: true, checked: 12 });
  });

  it('refuses UPDATE and DELETE through the database itself', async () => {
    await expect(queryRows(ctx.db, sql`UPDATE audit_logs SET summary = 'x'`)).rejects.toThrow();
    await expect(queryRows(ctx.db, sql`DELETE FROM audit_logs`)).rejects.toThrow();
    await expect(queryRows(ctx.db, sql`TRUNCATE audit_logs`)).rejects.toThrow();
  });

  it('finds the first tampered row', async () => {
    const [target] = await queryRows<{ id: number }>(
      ctx.db,
      sql`SELECT id FROM audit_logs ORDER BY id LIMIT 1 OFFSET 4`,
    );
    await queryRows(ctx.db, sql`ALTER TABLE audit_logs DISABLE TRIGGER audit_logs_no_update_delete`);
    await queryRows(ctx.db, sql`UPDATE audit_logs SET summary = '조작됨' WHERE id = ${target!.id}`);
    await queryRows(ctx.db, sql`ALTER TABLE audit_logs ENABLE TRIGGER audit_logs_no_update_delete`);
    expect(await verifyAuditChain(ctx.db, 3)).toMatchObject({
      ok: false,
      checked: 4,
      brokenAtId: target!.id,
      problem: 'content',
    });
  });
});
