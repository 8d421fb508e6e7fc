import {
  can,
  resumeCode,
  TRASH_PERMISSIONS,
  TRASH_RESTORE_DAYS,
  TRASH_TYPE_LABELS,
  type TrashItem,
  type TrashType,
} from '@ilson/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { appendAudit } from '../../audit/trail';
import { type Database, queryRows } from '../../db/client';
import { containsPattern } from '../../db/list';
import { employers, jobPosts, notices, resumes, workers } from '../../db/schema';
import type { Executor } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { forbidden } from '../../lib/errors';
import { scopeWhere } from '../../lib/scope';
import { listViewEntry } from '../workers/workers.pii';
import type { RestoreDoor } from './trash.rules';

/**
 * 휴지통 (docs/undo-and-trash.md): the soft-deleted records of each kind, newest delete first, within the admin's
 * branch, and their restore. A restore is the kind's own service operation (trash.rules.ts), holding the rules of
 * that kind's create; this module lists, checks who may, and dispatches to it. It writes no record row.
 */

type Kind = {
  table: PgTable & { id: PgColumn; deletedAt: PgColumn };
  /** The branch the record belongs to (scope); none for notices, which are everyone's. */
  branch?: PgColumn;
  /** How the record is named in the list (no identifier: names and titles only). */
  label: SQL;
  /** Set when its personal data was destroyed (docs/privacy-lifecycle.md): such a record never comes back. */
  destroyedAt?: PgColumn;
};

const KINDS: Record<TrashType, Kind> = {
  employer: {
    table: employers,
    branch: employers.branchId,
    label: sql`${employers.companyName}`,
    destroyedAt: employers.destroyedAt,
  },
  worker: {
    table: workers,
    branch: workers.branchId,
    label: sql`CASE WHEN ${workers.destroyedAt} IS NOT NULL THEN ${workers.nameKo}
               WHEN ${workers.nameKo} <> '' THEN ${workers.nameKo} || ' (' || ${workers.firstName} || ' ' || ${workers.lastName} || ')'
               ELSE ${workers.firstName} || ' ' || ${workers.lastName} END`,
    destroyedAt: workers.destroyedAt,
  },
  job_post: {
    table: jobPosts,
    branch: jobPosts.branchId,
    label: sql`${jobPosts.title} || ' · ' || coalesce((SELECT e.company_name FROM employers e WHERE e.id = ${jobPosts.employerId}), '')`,
  },
  resume: {
    table: resumes,
    branch: resumes.workerBranchId,
    label: sql`coalesce((SELECT CASE WHEN w.destroyed_at IS NOT NULL THEN w.name_ko ELSE w.first_name || ' ' || w.last_name END
                         FROM workers w WHERE w.id = ${resumes.workerId}), '')`,
    destroyedAt: resumes.destroyedAt,
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

/** `doors`: each kind's restore, its service's own operation. */
export function createTrashService({ db, doors }: { db: Database; doors: Record<TrashType, RestoreDoor> }) {
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
    kindFor(type, actor);
    const { label } = await doors[type](id, actor);
    return { type, id, label };
  }

  return { list, restore };
}
export type TrashService = ReturnType<typeof createTrashService>;
