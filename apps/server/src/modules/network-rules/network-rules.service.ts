import {
  inNetworks,
  LOOPBACK_NETWORKS,
  type NetworkRule,
  networkRuleMessages,
  type Role,
} from '@ilson/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { appendAudit } from '../../audit/trail';
import type { Database } from '../../db/client';
import { admins, networkRules } from '../../db/schema';
import type { Executor } from '../../db/types';
import type { AuditActor } from '../../lib/actor';
import { diffOf } from '../../lib/diff';
import { AppError, notFound, validationError } from '../../lib/errors';
import { versionConflict } from '../../lib/status-change';

type RuleRow = typeof networkRules.$inferSelect;
type RuleInput = { cidr: string; role: Role | null; adminId: number | null; memo: string };
type Subject = { id: number; role: Role };

/** How long a process trusts the rules it read when no change was announced (the sessions' backstop, 5 s). */
const RULES_REUSE_MS = 5_000;

/**
 * Whether `subject` may be served at `ip` under `rules` (docs/SECURITY.md#network-rules): free when no rule names
 * them or their role; otherwise only inside one of those. A super admin on the server's own loopback is never
 * refused: the way back in when the rules lock everyone out.
 */
export function allowedBy(
  rules: readonly Pick<RuleRow, 'cidr' | 'role' | 'adminId'>[],
  subject: Subject,
  ip: string,
) {
  if (subject.role === 'super_admin' && inNetworks(ip, LOOPBACK_NETWORKS)) return true;
  const applying = rules.filter((rule) => rule.adminId === subject.id || rule.role === subject.role);
  return (
    applying.length === 0 ||
    inNetworks(
      ip,
      applying.map((rule) => rule.cidr),
    )
  );
}

export function createNetworkRulesService(deps: { db: Database; clock?: () => number }) {
  const { db, clock = Date.now } = deps;
  let kept: { rules: RuleRow[]; readAt: number } | null = null;
  let heard = false;
  let epoch = 0;

  async function rules(): Promise<RuleRow[]> {
    const now = clock();
    if (kept && heard && now - kept.readAt < RULES_REUSE_MS) return kept.rules;
    const at = epoch;
    const read = await db.select().from(networkRules).orderBy(asc(networkRules.id));
    // Keep it only if no change was announced while it was read.
    if (at === epoch) kept = { rules: read, readAt: now };
    return read;
  }

  /** The announcements on the auth channel: `n:*` (a rule changed) or `*`; anything else is not ours. */
  const hearing = {
    notice(payload: string) {
      if (payload === 'n:*' || payload === '*') {
        epoch++;
        kept = null;
      }
    },
    live(now: boolean) {
      heard = now;
      epoch++;
      kept = null;
    },
  };

  /** Refuses (403, naming no rule) a request or login from outside the networks allowed to this admin. */
  async function check(subject: Subject, ip: string) {
    if (!allowedBy(await rules(), subject, ip)) throw new AppError('NETWORK_NOT_ALLOWED');
  }

  async function toRule(executor: Executor, row: RuleRow): Promise<NetworkRule> {
    const [admin] = row.adminId
      ? await executor.select({ name: admins.name }).from(admins).where(eq(admins.id, row.adminId))
      : [];
    return {
      id: row.id,
      cidr: row.cidr,
      role: row.role as Role | null,
      adminId: row.adminId,
      adminName: admin?.name ?? null,
      memo: row.memo,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      version: row.version,
    };
  }

  async function list() {
    const rows = await db.select().from(networkRules).orderBy(asc(networkRules.id));
    return Promise.all(rows.map((row) => toRule(db, row)));
  }

  /**
   * Every change is checked against its editor, after it is written and inside its transaction: a change that would
   * refuse the editor's own current address is refused (they would lock themselves out), and logged otherwise.
   */
  async function change<T>(
    editor: Subject,
    ip: string,
    actor: AuditActor,
    write: (tx: Executor) => Promise<{ result: T; summary: string; targetId: number; diff: unknown }>,
  ): Promise<T> {
    const done = await db.transaction(async (tx) => {
      // One change at a time: two editors could otherwise each pass the check and together lock themselves out.
      await tx.execute(sql`LOCK TABLE network_rules IN SHARE ROW EXCLUSIVE MODE`);
      const written = await write(tx);
      const after = await tx.select().from(networkRules);
      if (!allowedBy(after, editor, ip)) {
        throw validationError([{ field: 'cidr', message: networkRuleMessages.selfLockout }]);
      }
      await appendAudit(tx, actor, {
        action: 'SECURITY_CHANGE',
        targetType: 'network_rule',
        targetId: written.targetId,
        summary: written.summary,
        diff: written.diff,
      });
      return written.result;
    });
    epoch++;
    kept = null;
    return done;
  }

  async function assertAdmin(tx: Executor, adminId: number | null) {
    if (adminId === null) return;
    const [row] = await tx.select({ id: admins.id }).from(admins).where(eq(admins.id, adminId));
    if (!row) throw validationError([{ field: 'admin_id', message: networkRuleMessages.adminNotFound }]);
  }

  const label = (input: { cidr: string; role: string | null; adminId: number | null }) =>
    `${input.cidr} (${input.role ? `역할 ${input.role}` : `관리자 #${input.adminId}`})`;

  function create(input: RuleInput, editor: Subject, ip: string, actor: AuditActor) {
    return change(editor, ip, actor, async (tx) => {
      await assertAdmin(tx, input.adminId);
      const [row] = await tx
        .insert(networkRules)
        .values({ ...input, createdByAdminId: editor.id })
        .returning();
      return {
        result: await toRule(tx, row!),
        targetId: row!.id,
        summary: `허용 네트워크 추가: ${label(input)}`,
        diff: diffOf({}, input),
      };
    });
  }

  function update(
    id: number,
    input: RuleInput & { version: number },
    editor: Subject,
    ip: string,
    actor: AuditActor,
  ) {
    return change(editor, ip, actor, async (tx) => {
      const [current] = await tx.select().from(networkRules).where(eq(networkRules.id, id)).for('update');
      if (!current) throw notFound(networkRuleMessages.notFound);
      if (current.version !== input.version) throw versionConflict();
      await assertAdmin(tx, input.adminId);
      const { version: _read, ...values } = input;
      const [row] = await tx
        .update(networkRules)
        .set({ ...values, updatedAt: new Date(), version: current.version + 1 })
        .where(and(eq(networkRules.id, id), eq(networkRules.version, input.version)))
        .returning();
      return {
        result: await toRule(tx, row!),
        targetId: id,
        summary: `허용 네트워크 수정: ${label(values)}`,
        diff: diffOf(
          { cidr: current.cidr, role: current.role, adminId: current.adminId, memo: current.memo },
          values,
        ),
      };
    });
  }

  function remove(id: number, editor: Subject, ip: string, actor: AuditActor) {
    return change(editor, ip, actor, async (tx) => {
      const [row] = await tx.delete(networkRules).where(eq(networkRules.id, id)).returning();
      if (!row) throw notFound(networkRuleMessages.notFound);
      return {
        result: undefined,
        targetId: id,
        summary: `허용 네트워크 삭제: ${label(row)}`,
        diff: Object.fromEntries(
          Object.entries({ cidr: row.cidr, role: row.role, adminId: row.adminId, memo: row.memo }).map(
            ([key, before]) => [key, { before, after: null }],
          ),
        ),
      };
    });
  }

  return { check, hearing, list, create, update, remove };
}
export type NetworkRulesService = ReturnType<typeof createNetworkRulesService>;
