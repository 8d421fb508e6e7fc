import { type SQL, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Api } from '../../../../test/fixtures';
import { type ChainedFields, canonicalRow, GENESIS_HASH } from '../../../audit/chain';
import { queryRows } from '../../../db/client';
import type { Executor } from '../../../db/types';
import { sha256Hex } from '../../../lib/hash';

/** The reply of POST /audit-logs/verify, on the wire. */
export type VerifyReply = {
  ok: boolean;
  checked: number;
  broken_at_id: number | null;
  broken_at: string | null;
  problem: string | null;
  problem_count: number;
  problems: { id: number; created_at: string | null; problem: string; checkpoint_id: number | null }[];
  legacy_rows: number;
  checkpoints: number;
  verified_at: string;
  duration_ms: number;
};

export async function verifyOverApi(api: Api): Promise<VerifyReply> {
  const response = await api.post('/audit-logs/verify');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as VerifyReply;
}

/** What the owner of the database can do: switch the append-only triggers off around a change. */
export async function asDatabaseOwner(db: Executor, ...statements: SQL[]) {
  await queryRows(db, sql`ALTER TABLE audit_logs DISABLE TRIGGER audit_logs_no_update_delete`);
  try {
    for (const statement of statements) await queryRows(db, statement);
  } finally {
    await queryRows(db, sql`ALTER TABLE audit_logs ENABLE TRIGGER audit_logs_no_update_delete`);
  }
}

/** The hash the log used before it was keyed: sha256 of the previous hash and the row's canonical JSON. */
export function legacyHash(prevHash: string, row: ChainedFields): string {
  return sha256Hex(`${prevHash}\n${canonicalRow(row)}`);
}

type Stored = {
  id: number;
  created_at: string;
  actor_admin_id: number | null;
  actor_login_id: string | null;
  action: ChainedFields['action'];
  target_type: string | null;
  target_id: string | null;
  summary: string;
  diff: unknown;
  record_count: number | null;
  reason: string | null;
  ip: string | null;
  user_agent: string | null;
  hash: string;
};

export async function storedRows(db: Executor, where: SQL = sql`true`): Promise<Stored[]> {
  const [row] = await queryRows<{ rows: string | null }>(
    db,
    sql`SELECT json_agg(t ORDER BY t.id)::text AS rows FROM (SELECT * FROM audit_logs WHERE ${where}) t`,
  );
  return row?.rows ? (JSON.parse(row.rows) as Stored[]) : [];
}

export function fieldsOf(row: Stored): ChainedFields {
  return {
    createdAt: new Date(row.created_at),
    actorAdminId: row.actor_admin_id,
    actorLoginId: row.actor_login_id,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    summary: row.summary,
    diff: row.diff,
    recordCount: row.record_count,
    reason: row.reason,
    ip: row.ip,
    userAgent: row.user_agent,
  };
}

/**
 * The re-chaining attack: every row from `fromId` on gets prev_hash and hash recomputed with plain sha256
 * (no key), as the log's own code did before it was keyed. Returns how many rows were rewritten.
 */
export async function rechainWithSha256(db: Executor, fromId: number): Promise<number> {
  const [before] = await queryRows<{ hash: string }>(
    db,
    sql`SELECT hash FROM audit_logs WHERE id < ${fromId} ORDER BY id DESC LIMIT 1`,
  );
  let prev = before?.hash ?? GENESIS_HASH;
  const updates: SQL[] = [];
  for (const row of await storedRows(db, sql`id >= ${fromId}`)) {
    const hash = legacyHash(prev, fieldsOf(row));
    updates.push(sql`UPDATE audit_logs SET prev_hash = ${prev}, hash = ${hash} WHERE id = ${row.id}`);
    prev = hash;
  }
  await asDatabaseOwner(db, ...updates);
  return updates.length;
}

/** Rows written the way the log wrote them before it was keyed (sha256, no key), onto its current head. */
export async function appendLegacyRows(db: Executor, rows: Partial<ChainedFields>[]): Promise<number[]> {
  const [last] = await queryRows<{ hash: string }>(
    db,
    sql`SELECT hash FROM audit_logs ORDER BY id DESC LIMIT 1`,
  );
  let prev = last?.hash ?? GENESIS_HASH;
  const ids: number[] = [];
  for (const partial of rows) {
    const row: ChainedFields = {
      createdAt: new Date(),
      actorAdminId: null,
      actorLoginId: 'legacy',
      action: 'VIEW_PII',
      targetType: 'worker',
      targetId: '1',
      summary: '근로자 상세 조회',
      diff: null,
      recordCount: null,
      reason: null,
      ip: '10.0.0.1',
      userAgent: null,
      ...partial,
    };
    const hash = legacyHash(prev, row);
    const [inserted] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO audit_logs (created_at, actor_admin_id, actor_login_id, action, target_type, target_id,
            summary, diff, record_count, reason, ip, user_agent, prev_hash, hash)
          VALUES (${row.createdAt.toISOString()}, ${row.actorAdminId}, ${row.actorLoginId}, ${row.action},
            ${row.targetType}, ${row.targetId}, ${row.summary},
            ${row.diff === null ? null : JSON.stringify(row.diff)}::jsonb, ${row.recordCount}, ${row.reason},
            ${row.ip}, ${row.userAgent}, ${prev}, ${hash})
          RETURNING id`,
    );
    ids.push(Number(inserted!.id));
    prev = hash;
  }
  return ids;
}
