import type { ResumeStatus, ResumeVisibility } from '@ilson/contracts';
import { and, asc, desc, eq, getTableColumns, ilike, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { builtOnce, containsPattern, listTotal, once, pageOf, pageWindow } from '../../db/list';
import { resumes, workers } from '../../db/schema';
import type { Executor } from '../../db/types';
import { updateVersioned } from '../../db/versioned';
import { type Scope, scopeWhere } from '../../lib/scope';
import { searchableNames } from '../workers/workers.repository';

export type ResumeRecord = typeof resumes.$inferSelect;
export type ResumeRow = ResumeRecord & {
  workerNameKo: string;
  workerFirstName: string;
  workerLastName: string;
  workerNationality: string;
  branchId: number;
};
export type ResumeValues = Omit<
  typeof resumes.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'version' | 'deletedAt' | 'deletedWithWorker'
>;

export type ResumeFilters = {
  status?: ResumeStatus;
  visibility?: ResumeVisibility;
  workerId?: number;
  branchId?: number;
  nationality?: string;
  deleted: 'exclude' | 'include' | 'only';
  q?: string;
  sort: 'updated_at' | 'created_at' | 'views_count' | 'last_viewed_at';
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
};

export const SORT_COLUMNS = {
  updated_at: resumes.updatedAt,
  created_at: resumes.createdAt,
  views_count: resumes.viewsCount,
  last_viewed_at: resumes.lastViewedAt,
} as const;

const resumeColumns = {
  ...getTableColumns(resumes),
  workerNameKo: workers.nameKo,
  workerFirstName: workers.firstName,
  workerLastName: workers.lastName,
  workerNationality: workers.nationality,
  branchId: workers.branchId,
};

/** A resume belongs to the branch of its worker. */
function selectResumes(executor: Executor) {
  return executor.select(resumeColumns).from(resumes).innerJoin(workers, eq(workers.id, resumes.workerId));
}

const inScope = (scope: Scope) => scopeWhere(workers.branchId, scope);

const deletedCondition = {
  exclude: isNull(resumes.deletedAt),
  include: undefined,
  only: isNotNull(resumes.deletedAt),
} as const;

function searchCondition(q: string): SQL | undefined {
  const pattern = containsPattern(q.replace(/\s+/g, ' '));
  return ilike(searchableNames, pattern);
}

export async function listResumes(executor: Executor, scope: Scope, filters: ResumeFilters) {
  // Branch and nationality from the resume's own copies (kept by triggers): an index on resumes serves them.
  // Built once per filter (db/list.ts builtOnce): the WHERE only when a statement is.
  const where = once(() =>
    and(
      scopeWhere(resumes.workerBranchId, scope),
      deletedCondition[filters.deleted],
      filters.status ? eq(resumes.status, filters.status) : undefined,
      filters.visibility ? eq(resumes.visibility, filters.visibility) : undefined,
      filters.workerId ? eq(resumes.workerId, filters.workerId) : undefined,
      filters.branchId ? eq(resumes.workerBranchId, filters.branchId) : undefined,
      filters.nationality ? eq(resumes.workerNationality, filters.nationality) : undefined,
      filters.q ? searchCondition(filters.q) : undefined,
    ),
  );
  // The ids and the count reach workers only to search names: every resume has a worker (a foreign key), and
  // without the join a deep page is an index walk over resumes alone.
  const onWorker = Boolean(filters.q);
  const fromResumes = <T extends SelectedFields>(columns: T) => {
    const query = executor.select(columns).from(resumes);
    return onWorker ? query.innerJoin(workers, eq(workers.id, resumes.workerId)) : query;
  };
  const reuse = { site: 'resumes list', key: [scope, filters] };
  // The page and the count in parallel (two pool connections on PostgreSQL; PGlite queues them).
  const [rows, total] = await Promise.all([
    builtOnce(executor, reuse.site, reuse.key, () => {
      const direction = filters.order === 'asc' ? asc : desc;
      return pageOf(selectResumes(executor), {
        where: where(),
        order: [direction(SORT_COLUMNS[filters.sort]), direction(resumes.id)],
        window: pageWindow(filters),
        id: resumes.id,
        ids: () => fromResumes({ id: resumes.id }).where(where()),
      });
    }).execute(),
    listTotal(executor, () => fromResumes({ one: sql`1` }).where(where()), reuse),
  ]);
  return { rows, ...total };
}

/** Deleted ones included: the detail shows them with `isDeleted` so they can be restored. */
export async function findResume(
  executor: Executor,
  id: number,
  scope: Scope,
): Promise<ResumeRow | undefined> {
  const [row] = await selectResumes(executor)
    .where(and(eq(resumes.id, id), inScope(scope)))
    .limit(1);
  return row;
}

/** The record (deleted or not) with its worker's name, locked for the rest of the transaction. */
export async function lockResume(executor: Executor, id: number, scope: Scope) {
  const [row] = await selectResumes(executor)
    .where(and(eq(resumes.id, id), inScope(scope)))
    .for('update', { of: resumes })
    .limit(1);
  return row;
}

/** The resume's worker, read before anything is locked (the worker's row is locked first). */
export async function workerIdOfResume(executor: Executor, id: number): Promise<number | undefined> {
  const [row] = await executor
    .select({ workerId: resumes.workerId })
    .from(resumes)
    .where(eq(resumes.id, id))
    .limit(1);
  return row?.workerId;
}

/**
 * Whether the worker is live, its row held `FOR SHARE` to the end of the transaction: the worker's delete
 * (`FOR UPDATE`) waits for the resume's restore, or the restore sees the delete (docs/domain-integrity.md#locks).
 */
export async function shareLiveWorker(executor: Executor, workerId: number): Promise<boolean> {
  const [row] = await executor
    .select({ id: workers.id })
    .from(workers)
    .where(and(eq(workers.id, workerId), isNull(workers.deletedAt)))
    .limit(1)
    .for('share');
  return Boolean(row);
}

/**
 * The live worker a resume is written for, in the admin's branches, its row held `FOR SHARE` to the end of the
 * transaction: the worker's delete (`FOR UPDATE`) waits for the resume and then takes it along, or the resume's
 * create finds the worker deleted (docs/domain-integrity.md#locks).
 */
export async function shareWorkerFor(executor: Executor, workerId: number, scope: Scope) {
  const [row] = await executor
    .select({
      id: workers.id,
      nameKo: workers.nameKo,
      firstName: workers.firstName,
      lastName: workers.lastName,
      destroyedAt: workers.destroyedAt,
    })
    .from(workers)
    .where(and(eq(workers.id, workerId), isNull(workers.deletedAt), scopeWhere(workers.branchId, scope)))
    .limit(1)
    .for('share');
  return row;
}

/** The worker's live resumes, in id order: what its delete takes to the trash with it (docs/DOMAIN.md#invariants, I-22). */
export async function liveResumeIdsOf(executor: Executor, workerId: number): Promise<number[]> {
  const rows = await executor
    .select({ id: resumes.id })
    .from(resumes)
    .where(and(eq(resumes.workerId, workerId), isNull(resumes.deletedAt)))
    .orderBy(resumes.id);
  return rows.map((row) => row.id);
}

/** The worker's resumes that went to the trash with it (and not since destroyed): what its restore brings back. */
export async function resumeIdsDeletedWith(executor: Executor, workerId: number): Promise<number[]> {
  const rows = await executor
    .select({ id: resumes.id })
    .from(resumes)
    .where(
      and(
        eq(resumes.workerId, workerId),
        isNotNull(resumes.deletedAt),
        eq(resumes.deletedWithWorker, true),
        isNull(resumes.destroyedAt),
      ),
    )
    .orderBy(resumes.id);
  return rows.map((row) => row.id);
}

export async function insertResume(executor: Executor, values: ResumeValues): Promise<number> {
  const [row] = await executor.insert(resumes).values(values).returning({ id: resumes.id });
  return row!.id;
}

export async function updateResume(
  executor: Executor,
  target: { id: number; version: number },
  values: Partial<ResumeValues> & { deletedAt?: Date | null; deletedWithWorker?: boolean },
): Promise<boolean> {
  return updateVersioned(executor, resumes, target, values);
}
