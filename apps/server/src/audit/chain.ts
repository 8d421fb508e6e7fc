import { hkdfSync } from 'node:crypto';
import type { AuditAction, AuditChainProblem } from '@ilson/contracts';
import { sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../db/advisory-locks';
import { queryRows } from '../db/client';
import type { Executor } from '../db/types';
import { canonicalJson, storableJson, storableText } from '../lib/canonical-json';
import { hmacSha256Hex, sha256Hex } from '../lib/hash';

/**
 * The access log's chain (docs/access-log.md). Rows before the upgrade keep their sha256 hashes; every row
 * after the keyed start is HMAC-SHA256 under a key derived from PII_KEY, which the database never sees.
 * Checkpoints of the head live in audit_checkpoints and in the process log.
 */

export const GENESIS_HASH = '0'.repeat(64);

export type ChainLog = { info(details: object, message: string): void };
const silent: ChainLog = { info() {} };

let chain: { key: Buffer; log: ChainLog } | null = null;

export function deriveAuditChainKey(piiKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', piiKey, Buffer.alloc(0), 'ilson audit chain v1', 32));
}

/**
 * The key every append, checkpoint and verification of this process uses, and where checkpoint lines go.
 * The server (buildApp) and the seed call it; a second call must bring the same PII_KEY.
 */
export function configureAuditChain(options: { piiKey: Buffer; log?: ChainLog }): void {
  const key = deriveAuditChainKey(options.piiKey);
  if (chain && !chain.key.equals(key)) {
    throw new Error(
      'The access log is chained under one key per process: PII_KEY differs from the first one.',
    );
  }
  chain = { key, log: options.log ?? chain?.log ?? silent };
}

export function auditChainKey(): Buffer {
  if (!chain) throw new Error('The access log cannot be chained before configureAuditChain({ piiKey }).');
  return chain.key;
}

const chainLog = () => chain?.log ?? silent;

export type ChainedFields = {
  createdAt: Date;
  actorAdminId: number | null;
  actorLoginId: string | null;
  action: AuditAction;
  targetType: string | null;
  targetId: string | null;
  summary: string;
  diff: unknown;
  recordCount: number | null;
  reason: string | null;
  ip: string | null;
  userAgent: string | null;
};

const json = JSON.stringify;

/**
 * `canonicalJson({ ...row, createdAt: ISO })`, written out with its keys in their sorted order: the same
 * text (a test holds the two together), several times faster, which is what a walk of the whole chain costs.
 */
export function canonicalRow(row: ChainedFields): string {
  return (
    `{"action":${json(row.action)},"actorAdminId":${json(row.actorAdminId)},` +
    `"actorLoginId":${json(row.actorLoginId)},"createdAt":${json(row.createdAt.toISOString())},` +
    `"diff":${canonicalJson(row.diff)},"ip":${json(row.ip)},"reason":${json(row.reason)},` +
    `"recordCount":${json(row.recordCount)},"summary":${json(row.summary)},"targetId":${json(row.targetId)},` +
    `"targetType":${json(row.targetType)},"userAgent":${json(row.userAgent)}}`
  );
}

/** A row's hash in the keyed chain. */
export function chainHash(prevHash: string, row: ChainedFields, key: Buffer = auditChainKey()): string {
  return hmacSha256Hex(key, `${prevHash}\n${canonicalRow(row)}`);
}

/** A row's hash as the log wrote it before it was keyed. */
export function legacyChainHash(prevHash: string, row: ChainedFields): string {
  return sha256Hex(`${prevHash}\n${canonicalRow(row)}`);
}

const optionalText = (value: string | null) => (value === null ? null : storableText(value));

/** Every text of the row as PostgreSQL will store it, so the stored row is the hashed one. */
export function storableRow(row: ChainedFields): ChainedFields {
  return {
    ...row,
    actorLoginId: optionalText(row.actorLoginId),
    targetType: optionalText(row.targetType),
    targetId: optionalText(row.targetId),
    summary: storableText(row.summary),
    diff: storableJson(row.diff),
    reason: optionalText(row.reason),
    ip: optionalText(row.ip),
    userAgent: optionalText(row.userAgent),
  };
}

// --- Checkpoints -------------------------------------------------------------------------------------

export type Checkpoint = {
  id: number;
  kind: 'keyed_start' | 'head' | 'cut';
  createdAt: Date;
  lastId: number;
  lastHash: string;
  rowCount: number;
  legacyOk: boolean | null;
  legacyProblems: number | null;
  prevMac: string;
  mac: string;
};
type CheckpointValues = Omit<Checkpoint, 'id' | 'mac'>;
export type ChainHead = { lastId: number; lastHash: string; rowCount: number };

export function checkpointMac(values: CheckpointValues, key: Buffer = auditChainKey()): string {
  const { createdAt, ...rest } = values;
  return hmacSha256Hex(key, `checkpoint\n${canonicalJson({ ...rest, createdAt: createdAt.toISOString() })}`);
}

type StoredCheckpoint = {
  id: number;
  kind: Checkpoint['kind'];
  created_at: string;
  last_id: number;
  last_hash: string;
  row_count: number;
  legacy_ok: boolean | null;
  legacy_problems: number | null;
  prev_mac: string;
  mac: string;
};

const toCheckpoint = (row: StoredCheckpoint): Checkpoint => ({
  id: row.id,
  kind: row.kind,
  createdAt: new Date(row.created_at),
  lastId: row.last_id,
  lastHash: row.last_hash,
  rowCount: row.row_count,
  legacyOk: row.legacy_ok,
  legacyProblems: row.legacy_problems,
  prevMac: row.prev_mac,
  mac: row.mac,
});

/** Checkpoints as one JSON text (bigints arrive as numbers on both engines), oldest first. */
async function selectCheckpoints(executor: Executor, where = sql`true`, newestOnly = false) {
  const [row] = await queryRows<{ list: string | null }>(
    executor,
    newestOnly
      ? sql`SELECT json_agg(t)::text AS list
            FROM (SELECT * FROM audit_checkpoints WHERE ${where} ORDER BY id DESC LIMIT 1) t`
      : sql`SELECT json_agg(t ORDER BY t.id)::text AS list FROM (SELECT * FROM audit_checkpoints WHERE ${where}) t`,
  );
  return row?.list ? (JSON.parse(row.list) as StoredCheckpoint[]).map(toCheckpoint) : [];
}

export const listCheckpoints = (executor: Executor) => selectCheckpoints(executor);

/** The line each checkpoint leaves in the process log: numbers and hashes only, no personal data. */
function logCheckpoint(checkpoint: Checkpoint) {
  const { id, kind, createdAt, lastId, lastHash, rowCount, legacyOk, legacyProblems, mac } = checkpoint;
  chainLog().info(
    {
      auditCheckpoint: {
        id,
        kind,
        createdAt: createdAt.toISOString(),
        lastId,
        lastHash,
        rowCount,
        ...(kind === 'keyed_start' ? { legacyOk, legacyProblems } : {}),
        mac,
      },
    },
    kind === 'keyed_start'
      ? 'access log: keyed chain starts'
      : kind === 'cut'
        ? 'access log: rows past their retention deleted'
        : 'access log: checkpoint',
  );
}

/**
 * Appends a checkpoint linked to the newest one. `unlessSame`: nothing when the newest one already records
 * this head (a verification run twice in a row, a quiet log).
 */
async function insertCheckpoint(
  executor: Executor,
  values: Omit<CheckpointValues, 'prevMac' | 'createdAt'>,
  unlessSame = false,
): Promise<Checkpoint | null> {
  return executor.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.auditCheckpoint})`);
    const [newest] = await selectCheckpoints(tx, sql`true`, true);
    if (
      unlessSame &&
      newest &&
      newest.lastId === values.lastId &&
      newest.lastHash === values.lastHash &&
      newest.rowCount === values.rowCount
    ) {
      return null;
    }
    const full: CheckpointValues = { ...values, createdAt: new Date(), prevMac: newest?.mac ?? GENESIS_HASH };
    const mac = checkpointMac(full);
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO audit_checkpoints
            (kind, created_at, last_id, last_hash, row_count, legacy_ok, legacy_problems, prev_mac, mac)
          VALUES (${full.kind}, ${full.createdAt.toISOString()}, ${full.lastId}, ${full.lastHash}, ${full.rowCount},
            ${full.legacyOk}, ${full.legacyProblems}, ${full.prevMac}, ${mac})
          RETURNING id::float8 AS id`,
    );
    const checkpoint = { ...full, id: Number(row!.id), mac };
    logCheckpoint(checkpoint);
    return checkpoint;
  });
}

/** After a verification: the head it walked to, unless the newest checkpoint already says the same. */
export function checkpointHead(executor: Executor, head: ChainHead): Promise<Checkpoint | null> {
  return insertCheckpoint(executor, { kind: 'head', ...head, legacyOk: null, legacyProblems: null }, true);
}

/** The scheduled job: a checkpoint of the head when it moved since the newest one; 1 if written. */
export async function checkpointAuditChain(executor: Executor): Promise<number> {
  return executor.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`SELECT pg_try_advisory_xact_lock(${ADVISORY_LOCKS.auditCheckpointJob}) AS locked`,
    );
    if (!lock?.locked) return 0;
    const [head] = await queryRows<{ id: number; hash: string }>(
      tx,
      sql`SELECT id::float8 AS id, hash FROM audit_logs ORDER BY id DESC LIMIT 1`,
    );
    const [newest] = await selectCheckpoints(tx, sql`true`, true);
    if (!head || (newest && newest.lastId === Number(head.id) && newest.lastHash === head.hash)) return 0;
    const [count] = await queryRows<{ n: number }>(
      tx,
      sql`SELECT count(*)::float8 AS n FROM audit_logs WHERE id <= ${head.id}`,
    );
    const written = await checkpointHead(tx, {
      lastId: Number(head.id),
      lastHash: head.hash,
      rowCount: Number(count!.n),
    });
    return written ? 1 : 0;
  });
}

// --- Verification -------------------------------------------------------------------------------------

export type ChainProblem = {
  id: number;
  createdAt: Date | null;
  problem: AuditChainProblem;
  checkpointId: number | null;
};

/** The first `limit` problems in id order, and how many there were in all. */
class Problems {
  readonly list: ChainProblem[] = [];
  count = 0;
  constructor(private readonly limit: number) {}

  add(problem: ChainProblem) {
    this.count++;
    const { list } = this;
    if (list.length === this.limit && problem.id >= list[list.length - 1]!.id) return;
    let at = list.length;
    while (at > 0 && list[at - 1]!.id > problem.id) at--;
    list.splice(at, 0, problem);
    if (list.length > this.limit) list.pop();
  }
}

export type ChainCheck = {
  ok: boolean;
  /** Rows walked: every row of the log. */
  checked: number;
  /** Rows up to the keyed start, checked with sha256. */
  legacyRows: number;
  checkpoints: number;
  keyedStart: Checkpoint | null;
  problemCount: number;
  /** The first problems in id order (at most `problemLimit`). */
  problems: ChainProblem[];
  /** The last row walked and the rows up to it: what a checkpoint of this walk records. */
  head: ChainHead;
  /** The last row's time (null when the log is empty): with `head.lastId`, where the checked range ends. */
  headAt: Date | null;
};

type StoredRow = {
  id: number;
  created_at: string;
  actor_admin_id: number | null;
  actor_login_id: string | null;
  action: AuditAction;
  target_type: string | null;
  target_id: string | null;
  summary: string;
  diff: unknown;
  record_count: number | null;
  reason: string | null;
  ip: string | null;
  user_agent: string | null;
  prev_hash: string;
  hash: string;
};

/**
 * One batch of rows after `afterId` as a single JSON text: both engines hand over one value much faster
 * than thousands of rows (PGlite: 100k rows in ~1.7 s instead of ~5 s), and JSON.parse reads it natively.
 */
async function chainBatch(executor: Executor, afterId: number, size: number): Promise<StoredRow[]> {
  const [row] = await queryRows<{ batch: string | null }>(
    executor,
    sql`SELECT json_agg(t ORDER BY t.id)::text AS batch
        FROM (SELECT * FROM audit_logs WHERE id > ${afterId} ORDER BY id LIMIT ${size}) t`,
  );
  return row?.batch ? (JSON.parse(row.batch) as StoredRow[]) : [];
}

export type VerifyOptions = {
  batchSize?: number;
  problemLimit?: number;
  /** The upgrade's own check: every row as a legacy row, no checkpoints. */
  legacyOnly?: boolean;
};

/**
 * Walks the whole chain in id order, in keyset batches (the next one is fetched while this one is hashed),
 * and reports every break: a row whose hash does not match its content (`content`), a keyed-range row
 * hashed the old unkeyed way (`downgrade`), a row that does not link to the one before (`link`), and
 * against the checkpoints: one that is forged, unlinked or whose row's hash changed (`checkpoint`), or
 * whose row or rows up to it are gone (`truncated`).
 */
export async function verifyAuditChain(executor: Executor, options: VerifyOptions = {}): Promise<ChainCheck> {
  const batchSize = options.batchSize ?? 5_000;
  const key = auditChainKey();
  const problems = new Problems(options.problemLimit ?? 100);
  const all = options.legacyOnly ? [] : await listCheckpoints(executor);

  // The checkpoints' own chain: each MAC'd, each linked to the one before.
  const trusted: Checkpoint[] = [];
  let prevMac = GENESIS_HASH;
  for (const cp of all) {
    const { id: _id, mac: _mac, ...values } = cp;
    const genuine = checkpointMac(values, key) === cp.mac;
    if (!genuine || cp.prevMac !== prevMac) {
      problems.add({ id: cp.lastId, createdAt: cp.createdAt, problem: 'checkpoint', checkpointId: cp.id });
    }
    if (genuine) trusted.push(cp);
    prevMac = cp.mac;
  }
  const keyedStart = trusted.find((cp) => cp.kind === 'keyed_start') ?? null;
  const keyedAfter = keyedStart ? keyedStart.lastId : Number.POSITIVE_INFINITY;
  // The newest cut (rows past their retention deleted): the walk starts after it, from its hash, and counts the
  // rows up to it as its own count; the checkpoints before it describe rows that are gone by design.
  const cut = trusted
    .filter((cp) => cp.kind === 'cut')
    .reduce<Checkpoint | null>((last, cp) => (last && last.lastId >= cp.lastId ? last : cp), null);
  const base = cut?.rowCount ?? 0;
  const pending = trusted
    .filter((cp) => !cut || cp.lastId > cut.lastId)
    .sort((a, b) => a.lastId - b.lastId || a.id - b.id);
  let next = 0;
  const checkpointProblem = (cp: Checkpoint, problem: AuditChainProblem) =>
    problems.add({ id: cp.lastId, createdAt: cp.createdAt, problem, checkpointId: cp.id });
  // Checkpoints of rows before `id` that the walk passed without meeting: their row is gone.
  const passRowsBefore = (id: number, counted: number) => {
    while (next < pending.length && pending[next]!.lastId < id) {
      const cp = pending[next++]!;
      if (cp.lastId !== 0 || cp.rowCount > base + counted) checkpointProblem(cp, 'truncated');
    }
  };

  let prevHash = cut?.lastHash ?? GENESIS_HASH;
  let checked = 0;
  let legacyRows = 0;
  let head: ChainHead = { lastId: cut?.lastId ?? 0, lastHash: prevHash, rowCount: base };
  let headAt: Date | null = null;
  let batch = chainBatch(executor, cut?.lastId ?? 0, batchSize);
  for (;;) {
    const rows = await batch;
    if (rows.length === batchSize) batch = chainBatch(executor, rows[rows.length - 1]!.id, batchSize);
    for (const row of rows) {
      passRowsBefore(row.id, checked);
      checked++;
      const createdAt = new Date(row.created_at);
      const text = `${row.prev_hash}\n${canonicalRow({
        createdAt,
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
      })}`;
      const problem = (kind: AuditChainProblem) =>
        problems.add({ id: row.id, createdAt, problem: kind, checkpointId: null });
      if (row.id > keyedAfter) {
        if (hmacSha256Hex(key, text) !== row.hash)
          problem(sha256Hex(text) === row.hash ? 'downgrade' : 'content');
      } else {
        legacyRows++;
        // A keyed row here means the keyed start was removed or moved; the checkpoints report that.
        if (sha256Hex(text) !== row.hash && hmacSha256Hex(key, text) !== row.hash) problem('content');
      }
      if (row.prev_hash !== prevHash) problem('link');
      prevHash = row.hash;
      while (next < pending.length && pending[next]!.lastId === row.id) {
        const cp = pending[next++]!;
        if (cp.lastHash !== row.hash) checkpointProblem(cp, 'checkpoint');
        if (cp.rowCount > base + checked) checkpointProblem(cp, 'truncated');
      }
    }
    if (rows.length > 0) {
      const last = rows[rows.length - 1]!;
      head = { lastId: last.id, lastHash: last.hash, rowCount: base + checked };
      headAt = new Date(last.created_at);
    }
    if (rows.length < batchSize) break;
  }
  passRowsBefore(Number.POSITIVE_INFINITY, checked);
  return {
    ok: problems.count === 0,
    checked,
    legacyRows,
    checkpoints: all.length,
    keyedStart,
    problemCount: problems.count,
    problems: problems.list,
    head,
    headAt,
  };
}

// --- Retention ---------------------------------------------------------------------------------------

/**
 * Deletes the rows up to `throughId` (rows past the access log's retention, docs/access-log.md#retention) under the
 * chain lock: first a `cut` checkpoint records the last deleted row's hash and the rows up to it, then the rows
 * go. The database lets a row go only when such a cut covers it and it is over two years old (migration 0022);
 * verification then starts from the cut. Returns how many rows were deleted.
 */
export async function cutAuditChain(executor: Executor, throughId: number): Promise<number> {
  return executor.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.auditChain})`);
    const cuts = (await selectCheckpoints(tx, sql`kind = 'cut'`)).sort((a, b) => b.lastId - a.lastId);
    const previous = cuts[0] ?? null;
    const [last] = await queryRows<{ hash: string; count: number }>(
      tx,
      sql`SELECT (SELECT hash FROM audit_logs WHERE id = ${throughId}) AS hash,
            (SELECT count(*)::int FROM audit_logs WHERE id <= ${throughId}) AS count`,
    );
    if (!last?.hash || last.count === 0) return 0;
    await insertCheckpoint(tx, {
      kind: 'cut',
      lastId: throughId,
      lastHash: last.hash,
      rowCount: (previous?.rowCount ?? 0) + last.count,
      legacyOk: null,
      legacyProblems: null,
    });
    await tx.execute(sql`DELETE FROM audit_logs WHERE id <= ${throughId}`);
    return last.count;
  });
}

// --- The upgrade -------------------------------------------------------------------------------------

/**
 * Under the chain lock: the keyed start, written the first time. The rows already there are checked as
 * they are (sha256) and stay so; the start records the last of them, its hash, their count and the check.
 */
export async function ensureKeyedStart(
  lockedTx: Executor,
): Promise<{ upgraded: boolean; start: Checkpoint }> {
  const [existing] = await selectCheckpoints(lockedTx, sql`kind = 'keyed_start'`);
  if (existing) return { upgraded: false, start: existing };
  const legacy = await verifyAuditChain(lockedTx, { legacyOnly: true, problemLimit: 1 });
  const start = await insertCheckpoint(lockedTx, {
    kind: 'keyed_start',
    ...legacy.head,
    legacyOk: legacy.ok,
    legacyProblems: legacy.problemCount,
  });
  return { upgraded: true, start: start! };
}

/** Exactly once across every API process (the chain lock): at start-up, and by the first append if need be. */
export function upgradeAuditChain(executor: Executor): Promise<{ upgraded: boolean; start: Checkpoint }> {
  return executor.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.auditChain})`);
    return ensureKeyedStart(tx);
  });
}

/** Start-up: the upgrade if it is due, and a line saying where the keyed chain starts. */
export async function startAuditChain(executor: Executor): Promise<void> {
  const { upgraded, start } = await upgradeAuditChain(executor);
  if (!upgraded) {
    chainLog().info(
      { auditCheckpoint: { id: start.id, kind: start.kind, lastId: start.lastId, mac: start.mac } },
      'access log: keyed chain in use',
    );
  }
}
