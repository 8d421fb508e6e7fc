import {
  can,
  privacyMessages,
  resumeCode,
  TRASH_PERMISSIONS,
  TRASH_RESTORE_DAYS,
  TRASH_TYPE_LABELS,
  type TrashItem,
  type TrashType,
  trashMessages,
} from '@ilson/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { appendAudit } from '../../audit/trail';
import { type Database, queryRows } from '../../db/client';
import { containsPattern } from '../../db/list';
import { employers, jobPosts, notices, resumes, workers } from '../../db/schema';
import type { Executor } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { scopeWhere } from '../../lib/scope';
import { checkRecordBranch } from '../branches/branches.rules';
import { answerHeldIdentifier, violatedIdentifier } from '../workers/workers.identity';
import { listViewEntry } from '../workers/workers.pii';

/**
 * 휴지통 (docs/undo-and-trash.md): the soft-deleted records of each kind, newest delete first, within the admin's
 * branch, and their restore. A restore is an update like any other — the row's version moves, the access log keeps
 * it, and the database's own rules decide: a live duplicate of the same 사업자등록번호, 외국인등록번호 or 여권번호 (the
 * partial unique indexes cover live rows only) refuses it, and a record whose parent is deleted waits for the parent.
 * An employer, worker or job post comes back only into a branch that still operates, as its create would.
 */

type Kind = {
  table: PgTable & { id: PgColumn; deletedAt: PgColumn };
  /** The branch the record belongs to (scope); none for notices, which are everyone's. */
  branch?: PgColumn;
  /** How the record is named in the list (no identifier: names and titles only). */
  label: SQL;
  /** A parent that must be live first. */
  parentDeleted?: { check: SQL; message: string };
  duplicate?: string;
  /** Set when its personal data was destroyed (docs/privacy-lifecycle.md): such a record never comes back. */
  destroyedAt?: PgColumn;
  /** Its create takes only an operating branch (checkRecordBranch): so does its restore. */
  branchRule?: true;
};

const KINDS: Record<TrashType, Kind> = {
  employer: {
    table: employers,
    branch: employers.branchId,
    label: sql`${employers.companyName}`,
    duplicate: trashMessages.duplicateEmployer,
    destroyedAt: employers.destroyedAt,
    branchRule: true,
  },
  worker: {
    table: workers,
    branch: workers.branchId,
    label: sql`CASE WHEN ${workers.destroyedAt} IS NOT NULL THEN ${workers.nameKo}
               WHEN ${workers.nameKo} <> '' THEN ${workers.nameKo} || ' (' || ${workers.firstName} || ' ' || ${workers.lastName} || ')'
               ELSE ${workers.firstName} || ' ' || ${workers.lastName} END`,
    duplicate: trashMessages.duplicateWorker,
    destroyedAt: workers.destroyedAt,
    branchRule: true,
  },
  job_post: {
    table: jobPosts,
    branch: jobPosts.branchId,
    label: sql`${jobPosts.title} || ' · ' || coalesce((SELECT e.company_name FROM employers e WHERE e.id = ${jobPosts.employerId}), '')`,
    parentDeleted: {
      check: sql`EXISTS (SELECT 1 FROM employers e WHERE e.id = ${jobPosts.employerId} AND e.deleted_at IS NOT NULL)`,
      message: trashMessages.employerDeleted,
    },
    branchRule: true,
  },
  resume: {
    table: resumes,
    branch: resumes.workerBranchId,
    label: sql`coalesce((SELECT CASE WHEN w.destroyed_at IS NOT NULL THEN w.name_ko ELSE w.first_name || ' ' || w.last_name END
                         FROM workers w WHERE w.id = ${resumes.workerId}), '')`,
    destroyedAt: resumes.destroyedAt,
    parentDeleted: {
      check: sql`EXISTS (SELECT 1 FROM workers w WHERE w.id = ${resumes.workerId} AND w.deleted_at IS NOT NULL)`,
      message: trashMessages.workerDeleted,
    },
  },
  notice: { table: notices, label: sql`${notices.title}` },
};

type Row = {
  id: number;
  label: string;
  branch_name: string | null;
  deleted_at: string | Date;
  deleted_by_name: string | null;
  restorable: boolean;
};

const iso = (value: string | Date) => new Date(value).toISOString();

function labelOf(type: TrashType, row: { id: number; label: string }) {
  return type === 'resume' ? `${resumeCode(row.id)} ${row.label}`.trim() : row.label;
}

export function createTrashService({ db }: { db: Database }) {
  function kindFor(type: TrashType, actor: Actor) {
    if (!can(actor.role, TRASH_PERMISSIONS[type])) throw forbidden();
    return KINDS[type];
  }

  const deletedIn = (kind: Kind, actor: Actor) =>
    sql`${kind.table.deletedAt} IS NOT NULL ${kind.branch ? sql`AND ${scopeWhere(kind.branch, actor.scope) ?? sql`true`}` : sql``}`;

  const restorable = (kind: Kind) =>
    sql`${kind.table.deletedAt} > now() - make_interval(days => ${TRASH_RESTORE_DAYS})
        ${kind.destroyedAt ? sql`AND ${kind.destroyedAt} IS NULL` : sql``}`;

  function select(
    executor: Executor,
    type: TrashType,
    kind: Kind,
    where: SQL,
    page?: { limit: number; offset: number },
  ) {
    return queryRows<Row>(
      executor,
      sql`SELECT ${kind.table.id} AS id, ${kind.label} AS label,
                 ${kind.branch ? sql`(SELECT b.name FROM branches b WHERE b.id = ${kind.branch})` : sql`NULL`} AS branch_name,
                 ${kind.table.deletedAt} AS deleted_at,
                 (SELECT a.name FROM audit_logs l JOIN admins a ON a.id = l.actor_admin_id
                   WHERE l.target_type = ${type} AND l.target_id = ${kind.table.id}::text AND l.action = 'DELETE'
                   ORDER BY l.id DESC LIMIT 1) AS deleted_by_name,
                 ${restorable(kind)} AS restorable
          FROM ${kind.table} WHERE ${where}
          ORDER BY ${kind.table.deletedAt} DESC, ${kind.table.id} DESC
          ${page ? sql`LIMIT ${page.limit} OFFSET ${page.offset}` : sql``}`,
    );
  }

  function toItem(type: TrashType, row: Row): TrashItem {
    const deletedAt = new Date(row.deleted_at);
    return {
      type,
      id: Number(row.id),
      label: labelOf(type, row),
      branchName: row.branch_name,
      deletedAt: iso(row.deleted_at),
      deletedByName: row.deleted_by_name,
      restorableUntil: new Date(deletedAt.getTime() + TRASH_RESTORE_DAYS * 86_400_000).toISOString(),
      restorable: Boolean(row.restorable),
    };
  }

  async function list(query: { type: TrashType; page: number; pageSize: number; q?: string }, actor: Actor) {
    const kind = kindFor(query.type, actor);
    // The search box finds a row by what it is named, as each list's own search does (names, titles).
    const where = query.q
      ? sql`${deletedIn(kind, actor)} AND ${kind.label} ILIKE ${containsPattern(query.q)}`
      : deletedIn(kind, actor);
    const [rows, [total]] = await Promise.all([
      select(db, query.type, kind, where, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      }),
      queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${kind.table} WHERE ${where}`),
    ]);
    // Workers' and resumes' names are personal data: their page is a logged view, as in their own lists.
    if ((query.type === 'worker' || query.type === 'resume') && rows.length > 0) {
      await appendAudit(
        db,
        actor.audit,
        listViewEntry({
          label: `휴지통 ${TRASH_TYPE_LABELS[query.type]} 조회`,
          targetType: query.type,
          filters: { q: query.q, page: query.page },
          ids: rows.map((row) => Number(row.id)),
          total: total?.n ?? 0,
        }),
      );
    }
    return {
      data: rows.map((row) => toItem(query.type, row)),
      meta: { page: query.page, pageSize: query.pageSize, total: total?.n ?? 0 },
    };
  }

  async function restore(type: TrashType, id: number, actor: Actor) {
    const kind = kindFor(type, actor);
    try {
      return await db.transaction(async (tx) => {
        const scoped = kind.branch ? (scopeWhere(kind.branch, actor.scope) ?? sql`true`) : sql`true`;
        const [row] = await queryRows<{
          deleted: boolean;
          destroyed: boolean;
          restorable: boolean;
          parent_deleted: boolean;
          branch_id: number | null;
        }>(
          tx,
          sql`SELECT ${kind.table.deletedAt} IS NOT NULL AS deleted, ${restorable(kind)} AS restorable,
                     ${kind.branch ?? sql`NULL`} AS branch_id,
                     ${kind.destroyedAt ? sql`${kind.destroyedAt} IS NOT NULL` : sql`false`} AS destroyed,
                     ${kind.parentDeleted?.check ?? sql`false`} AS parent_deleted
              FROM ${kind.table} WHERE ${kind.table.id} = ${id} AND ${scoped} FOR UPDATE`,
        );
        if (!row) throw notFound();
        if (!row.deleted) throw conflict(trashMessages.notDeleted);
        if (row.destroyed) throw new AppError('RECORD_DESTROYED', 409, privacyMessages.destroyedUnchangeable);
        if (!row.restorable) throw conflict(trashMessages.tooOld);
        if (row.parent_deleted) throw conflict(kind.parentDeleted!.message);
        if (kind.branchRule && row.branch_id !== null) {
          await checkRecordBranch(tx, Number(row.branch_id), actor.scope, {
            inactive: (name) => conflict(trashMessages.branchInactive(name)),
          });
        }
        await tx.execute(
          sql`UPDATE ${kind.table} SET deleted_at = NULL, version = version + 1, updated_at = now()
              WHERE ${kind.table.id} = ${id}`,
        );
        const [named] = await select(tx, type, kind, sql`${kind.table.id} = ${id}`);
        const label = named ? labelOf(type, named) : `#${id}`;
        await appendAudit(tx, actor.audit, {
          action: 'UPDATE',
          targetType: type,
          targetId: id,
          summary: `${TRASH_TYPE_LABELS[type]} 복원: ${label}`,
          diff: { isDeleted: { before: true, after: false } },
        });
        return { type, id, label };
      });
    } catch (error) {
      if (type === 'worker' && violatedIdentifier(error)) await answerRestoreHeld(error, id, actor);
      if (kind.duplicate && isUniqueViolation(error)) throw new AppError('CONFLICT', 409, kind.duplicate);
      throw error;
    }
  }

  /**
   * A worker whose 외국인등록번호 or 여권번호 another live worker took since the delete: refused, naming the identifier
   * to an admin who reaches that worker and in the neutral words otherwise, as the form's create does
   * (docs/undo-and-trash.md, 휴지통).
   */
  async function answerRestoreHeld(error: unknown, id: number, actor: Actor): Promise<never> {
    const [row] = await db
      .select({
        alienRegNoHash: workers.alienRegNoHash,
        alienRegNoMasked: workers.alienRegNoMasked,
        passportNoHash: workers.passportNoHash,
        passportNoMasked: workers.passportNoMasked,
      })
      .from(workers)
      .where(eq(workers.id, id));
    return answerHeldIdentifier(db, error, actor, {
      alienRegNo: { hash: row?.alienRegNoHash ?? null, masked: row?.alienRegNoMasked ?? null },
      passportNo: { hash: row?.passportNoHash ?? null, masked: row?.passportNoMasked ?? null },
      exceptId: id,
      action: `근로자 #${id} 복원`,
      restore: true,
    });
  }

  return { list, restore };
}
export type TrashService = ReturnType<typeof createTrashService>;
