import type { AuditAction } from '@ilson/contracts';
import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { ADVISORY_LOCKS } from '../db/advisory-locks';
import { queryRows } from '../db/client';
import { beforeCommit, committingTransaction, onRollback } from '../db/commit-hooks';
import { auditLogs } from '../db/schema';
import type { Executor } from '../db/types';
import type { AuditActor } from '../lib/actor';
import {
  auditChainKey,
  type ChainedFields,
  chainHash,
  ensureKeyedStart,
  GENESIS_HASH,
  storableRow,
} from './chain';

/**
 * The access log's one door (docs/access-log.md#the-one-door): every mutation and every view of personal data
 * appends its row here, in the caller's transaction or in a group of its own, chained to the row before it (chain.ts).
 */

/** What happened, to what, and why. */
export type AuditEntry = {
  action: AuditAction;
  targetType?: string | null;
  targetId?: string | number | null;
  summary?: string;
  diff?: unknown;
  recordCount?: number | null;
  reason?: string | null;
};

/**
 * Appends one row to the access log, inside the caller's transaction when there is one (chained just before it
 * commits: docs/access-log.md#appends-in-a-change). Its texts are made
 * storable first (no lone surrogate, no NUL), so what PostgreSQL keeps is exactly what was hashed, and a
 * text can never make the append fail.
 *
 * Outside a transaction (a view of personal data) the row joins the process's next group of appends, which one
 * transaction writes (docs/access-log.md#group-commit); the call still resolves only once its row is committed.
 */
export async function appendAudit(executor: Executor, actor: AuditActor, entry: AuditEntry): Promise<void> {
  const row = storableRow({
    createdAt: new Date(),
    actorAdminId: actor.actorAdminId,
    actorLoginId: actor.actorLoginId,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId == null ? null : String(entry.targetId),
    summary: entry.summary ?? '',
    diff: entry.diff ?? null,
    recordCount: entry.recordCount ?? null,
    reason: entry.reason ?? null,
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
  if (executor instanceof PgTransaction) return appendAtCommit(executor, row);
  let group = groups.get(executor);
  if (!group) {
    group = new AppendGroup(executor);
    groups.set(executor, group);
  }
  return group.append(row);
}

/** The entries a change logged, waiting for its commit (docs/access-log.md#appends-in-a-change). */
const atCommit = new WeakMap<object, ChainedFields[]>();

/**
 * In the caller's transaction, an entry is chained just before it commits, with the transaction's other entries: the
 * chain lock is then the last lock a change takes, held for one head read and one insert, whatever the change does
 * after it logged. An entry appended in a savepoint waits with them, and is taken back if the savepoint is rolled
 * back. A transaction that runs no commit hooks writes it at once.
 */
async function appendAtCommit(tx: Executor, row: ChainedFields): Promise<void> {
  const change = committingTransaction(tx);
  if (!change) return appendRows(tx, [row]);
  const rows = atCommit.get(change) ?? [];
  if (!atCommit.has(change)) {
    atCommit.set(change, rows);
    beforeCommit(change, () => appendRows(change, rows));
  }
  rows.push(row);
  onRollback(tx, () => {
    const at = rows.indexOf(row);
    if (at >= 0) rows.splice(at, 1);
  });
}

const INSERT_LIMIT = 2_000;

/** Under the chain lock, in one transaction: the rows, in order, each chained to the one before it. */
async function appendRows(executor: Executor, rows: ChainedFields[]): Promise<void> {
  // Every entry of the change was appended in savepoints that were rolled back.
  if (rows.length === 0) return;
  const key = auditChainKey();
  const write = async (tx: Executor) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.auditChain})`);
    const [head] = await queryRows<{ hash: string | null; keyed: boolean }>(
      tx,
      sql`SELECT (SELECT hash FROM audit_logs ORDER BY id DESC LIMIT 1) AS hash,
            EXISTS (SELECT 1 FROM audit_checkpoints WHERE kind = 'keyed_start') AS keyed`,
    );
    if (!head?.keyed) await ensureKeyedStart(tx);
    let prevHash = head?.hash ?? GENESIS_HASH;
    const chained = rows.map((row) => {
      const hash = chainHash(prevHash, row, key);
      const linked = { ...row, prevHash, hash };
      prevHash = hash;
      return linked;
    });
    // A page of an import logs a record per row: the statement's parameters stay below PostgreSQL's 65,535.
    for (let at = 0; at < chained.length; at += INSERT_LIMIT) {
      await tx.insert(auditLogs).values(chained.slice(at, at + INSERT_LIMIT));
    }
  };
  // A transaction of the caller's holds the lock until it commits; else one of our own.
  if (executor instanceof PgTransaction) await write(executor);
  else await executor.transaction(write);
}

/** At most this many rows in one group: one INSERT's parameters stay far below PostgreSQL's 65,535. */
const GROUP_LIMIT = 200;

/**
 * Group commit of the appends made outside a transaction (docs/access-log.md#group-commit). The chain lock is held
 * from the lock to the commit, four round trips; one append at a time, 20 connections viewing a list wait for each
 * other's round trips in turn (on PostgreSQL the API then served the workers list at a quarter of what its SQL
 * allows). Here the rows that arrive while a group is being written wait for the next group, written in one
 * transaction: a lone append is written at once, as before; under load each transaction carries many.
 */
class AppendGroup {
  private waiting: { row: ChainedFields; resolve: () => void; reject: (error: unknown) => void }[] = [];
  private writing = false;

  constructor(private readonly db: Executor) {}

  append(row: ChainedFields): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ row, resolve, reject });
      if (!this.writing) void this.writeAll();
    });
  }

  private async writeAll(): Promise<void> {
    this.writing = true;
    try {
      while (this.waiting.length > 0) {
        const group = this.waiting.splice(0, GROUP_LIMIT);
        try {
          await appendRows(
            this.db,
            group.map((g) => g.row),
          );
          for (const g of group) g.resolve();
        } catch (error) {
          if (group.length === 1) group[0]!.reject(error);
          // One row's failure must not take the others with it: each alone, to learn whose it was.
          else for (const g of group) await appendRows(this.db, [g.row]).then(g.resolve, g.reject);
        }
      }
    } finally {
      this.writing = false;
    }
  }
}

const groups = new WeakMap<Executor, AppendGroup>();
