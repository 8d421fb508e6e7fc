import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, testConfig } from '../../../../test/helpers';
import {
  type ChainedFields,
  canonicalRow,
  checkpointAuditChain,
  configureAuditChain,
  deriveAuditChainKey,
  listCheckpoints,
  verifyAuditChain,
} from '../../../audit/chain';
import { appendAudit } from '../../../audit/trail';
import { queryRows } from '../../../db/client';
import { canonicalJson, storableJson, storableText } from '../../../lib/canonical-json';

let ctx: TestContext;
const lines: { details: Record<string, unknown>; message: string }[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
  // This file's checkpoint lines: the same key, a logger the tests read.
  configureAuditChain({
    piiKey: testConfig.piiKey,
    log: { info: (details, message) => lines.push({ details: details as Record<string, unknown>, message }) },
  });
});
afterAll(async () => {
  await ctx?.close();
});

const actor = { actorAdminId: null, actorLoginId: 'tester', ip: '127.0.0.1', userAgent: 'vitest' };

async function asOwner(statement: ReturnType<typeof sql>, table = 'audit_logs') {
  const trigger = sql.raw(`${table}_no_update_delete`);
  const name = sql.raw(table);
  await queryRows(ctx.db, sql`ALTER TABLE ${name} DISABLE TRIGGER ${trigger}`);
  try {
    await queryRows(ctx.db, statement);
  } finally {
    await queryRows(ctx.db, sql`ALTER TABLE ${name} ENABLE TRIGGER ${trigger}`);
  }
}

describe('text made storable before it is hashed', () => {
  it('replaces lone surrogates and NUL with U+FFFD and keeps pairs, emoji and everything else', () => {
    expect(storableText('a\ud800b\udc00c\u0000d')).toBe('a\ufffdb\ufffdc\ufffdd');
    expect(storableText('\ud800\ud83d\ude00\udfff')).toBe('\ufffd😀\ufffd');
    expect(storableText('\ud83d')).toBe('\ufffd');
    const plain = 'e\u0301 \u202e 👩‍👩‍👧 \ufeff 가';
    expect(storableText(plain)).toBe(plain);
    // What PostgreSQL's drivers do with the text: UTF-8, where a lone surrogate has no encoding.
    expect(Buffer.from(storableText('x\ud800'), 'utf8').toString('utf8')).toBe(
      Buffer.from('x\ud800', 'utf8').toString('utf8'),
    );
  });

  it('turns a diff into plain JSON that survives jsonb: keys too, dates, undefined, non-finite numbers', () => {
    const value = storableJson({
      'k\ud800': ['\u0000', undefined, new Date('2025-01-02T03:04:05.006Z'), Number.NaN, -0, 10n],
      gone: undefined,
      nested: { deep: { text: '\udfffx' } },
    });
    expect(value).toEqual({
      'k\ufffd': ['\ufffd', null, '2025-01-02T03:04:05.006Z', null, 0, '10'],
      nested: { deep: { text: '\ufffdx' } },
    });
    expect(canonicalJson(value)).toBe(canonicalJson(JSON.parse(JSON.stringify(value))));
    // Two keys that become one: the later wins, in what is hashed and in what is stored alike.
    expect(storableJson({ '\ud800': 1, '\udbff': 2 })).toEqual({ '\ufffd': 2 });
  });
});

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

  it('derives its own key from PII_KEY', () => {
    const key = deriveAuditChainKey(testConfig.piiKey);
    expect(key).toHaveLength(32);
    expect(key.equals(testConfig.piiKey)).toBe(false);
    expect(deriveAuditChainKey(Buffer.alloc(32, 8)).equals(key)).toBe(false);
    expect(() => configureAuditChain({ piiKey: Buffer.alloc(32, 8) })).toThrow(/one key per process/);
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
    expect(await verifyAuditChain(ctx.db, { batchSize: 5 })).toMatchObject({
      ok: true,
      checked: 12,
      legacyRows: 0,
      problemCount: 0,
      problems: [],
      head: { rowCount: 12 },
    });
  });

  it('refuses UPDATE, DELETE and TRUNCATE of rows and of checkpoints through the database itself', async () => {
    for (const table of ['audit_logs', 'audit_checkpoints']) {
      const name = sql.raw(table);
      await expect(queryRows(ctx.db, sql`UPDATE ${name} SET created_at = now()`)).rejects.toThrow();
      await expect(queryRows(ctx.db, sql`DELETE FROM ${name}`)).rejects.toThrow();
      await expect(queryRows(ctx.db, sql`TRUNCATE ${name}`)).rejects.toThrow();
    }
  });

  it('the scheduled job checkpoints the head only when it moved, with a line in the process log', async () => {
    lines.length = 0;
    expect(await checkpointAuditChain(ctx.db)).toBe(1);
    expect(await checkpointAuditChain(ctx.db)).toBe(0);
    const checkpoints = await listCheckpoints(ctx.db);
    const newest = checkpoints.at(-1)!;
    const [head] = await queryRows<{ id: number; hash: string }>(
      ctx.db,
      sql`SELECT id::float8 AS id, hash FROM audit_logs ORDER BY id DESC LIMIT 1`,
    );
    expect(newest).toMatchObject({ kind: 'head', lastId: head!.id, lastHash: head!.hash, rowCount: 12 });
    expect(newest.prevMac).toBe(checkpoints.at(-2)!.mac);
    expect(lines).toEqual([
      {
        message: 'access log: checkpoint',
        details: {
          auditCheckpoint: {
            id: newest.id,
            kind: 'head',
            createdAt: newest.createdAt.toISOString(),
            lastId: head!.id,
            lastHash: head!.hash,
            rowCount: 12,
            mac: newest.mac,
          },
        },
      },
    ]);
    await appendAudit(ctx.db, actor, { action: 'LOGIN', summary: '로그인' });
    expect(await checkpointAuditChain(ctx.db)).toBe(1);
    expect(lines).toHaveLength(2);
  });

  it('finds every tampered row across batches, not only the first', async () => {
    const targets = await queryRows<{ id: number }>(
      ctx.db,
      sql`SELECT id::float8 AS id FROM audit_logs ORDER BY id LIMIT 3 OFFSET 4`,
    );
    await asOwner(
      sql`UPDATE audit_logs SET summary = '조작됨' WHERE id IN (${targets[0]!.id}, ${targets[2]!.id})`,
    );
    const result = await verifyAuditChain(ctx.db, { batchSize: 3 });
    expect(result).toMatchObject({ ok: false, checked: 13, problemCount: 2 });
    expect(result.problems.map((p) => [p.id, p.problem])).toEqual([
      [targets[0]!.id, 'content'],
      [targets[2]!.id, 'content'],
    ]);
    const capped = await verifyAuditChain(ctx.db, { batchSize: 3, problemLimit: 1 });
    expect(capped.problemCount).toBe(2);
    expect(capped.problems.map((p) => p.id)).toEqual([targets[0]!.id]);
  });

  it('finds a forged checkpoint and one removed from between two others', async () => {
    const before = await listCheckpoints(ctx.db);
    const middle = before.at(-2)!;
    await asOwner(
      sql`UPDATE audit_checkpoints SET row_count = 1 WHERE id = ${middle.id}`,
      'audit_checkpoints',
    );
    let result = await verifyAuditChain(ctx.db);
    expect(result.problems.filter((p) => p.checkpointId !== null)).toEqual([
      expect.objectContaining({ checkpointId: middle.id, problem: 'checkpoint' }),
    ]);
    await asOwner(sql`DELETE FROM audit_checkpoints WHERE id = ${middle.id}`, 'audit_checkpoints');
    result = await verifyAuditChain(ctx.db);
    // The next one no longer links to the one before it.
    expect(result.problems.filter((p) => p.checkpointId !== null)).toEqual([
      expect.objectContaining({ checkpointId: before.at(-1)!.id, problem: 'checkpoint' }),
    ]);
  });
});
