import type { WorkerStatus } from '@ilson/contracts';
import { and, eq, getTableColumns, gte, ilike, isNull, like, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { builtOnce, containsPattern, searchPage, sortedTablePage } from '../../db/list';
import { branches, workers } from '../../db/schema';
import type { Executor } from '../../db/types';
import { lockLive, undelete, updateVersioned } from '../../db/versioned';
import { type Scope, scopeWhere } from '../../lib/scope';

export type WorkerRecord = typeof workers.$inferSelect;
export type WorkerValues = Omit<
  typeof workers.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'version' | 'deletedAt'
>;

/**
 * The search box: as typed, its digits when it holds only digits and dashes, how much of a phone number the
 * searcher sees (`lastFour` for whoever sees it masked), and keyed hashes for exact ids.
 */
export type WorkerSearch = {
  text: string;
  digits: string | null;
  phone: 'any' | 'lastFour';
  alienRegNoHash?: string;
  passportNoHash?: string;
};

export type WorkerFilters = {
  status?: WorkerStatus;
  nationality?: string;
  visaType?: string;
  branchId?: number;
  visaExpiryFrom?: string;
  visaExpiryTo?: string;
  extensionStatus?: string;
  q?: WorkerSearch;
};

export type WorkerListFilters = WorkerFilters & {
  sort: 'created_at' | 'last_name' | 'visa_expiry_date' | 'nationality';
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
};

export const SORT_COLUMNS = {
  created_at: workers.createdAt,
  last_name: workers.lastName,
  visa_expiry_date: workers.visaExpiryDate,
  nationality: workers.nationality,
} as const;

// Replies never carry the ciphertext or the search hashes: only the masked forms are selected.
const {
  alienRegNoEnc: _alienRegNoEnc,
  alienRegNoHash: _alienRegNoHash,
  passportNoEnc: _passportNoEnc,
  passportNoHash: _passportNoHash,
  ...visibleColumns
} = getTableColumns(workers);
const workerColumns = { ...visibleColumns, branchName: branches.name };
export type WorkerRow = Omit<
  WorkerRecord,
  'alienRegNoEnc' | 'alienRegNoHash' | 'passportNoEnc' | 'passportNoHash'
> & {
  branchName: string | null;
};

function selectWorkers(executor: Executor) {
  return executor.select(workerColumns).from(workers).leftJoin(branches, eq(branches.id, workers.branchId));
}

const live = (scope: Scope) => and(isNull(workers.deletedAt), scopeWhere(workers.branchId, scope));

/**
 * Every form of a worker's name the search box accepts — 한글 이름, first, last, "first last", "last first" — in one
 * text, so one trigram index serves the search (workers_names_trgm_idx, migration 0007: the same expression).
 */
export const searchableNames = sql`(${workers.nameKo} || ' ' || ${workers.firstName} || ' ' || ${workers.lastName} || ' ' || ${workers.firstName})`;

/** Phone digits: anywhere in the number, or — for whoever sees `010-****-5678` — within the last four only. */
function phoneCondition(q: WorkerSearch & { digits: string }): SQL | undefined {
  if (q.digits.length < 3) return undefined;
  if (q.phone === 'any') return like(workers.phoneNumber, containsPattern(q.digits));
  return q.digits.length <= 4
    ? like(sql`right(${workers.phoneNumber}, 4)`, containsPattern(q.digits))
    : sql`false`;
}

function searchCondition(q: WorkerSearch): SQL | undefined {
  if (q.digits !== null) {
    return or(
      phoneCondition({ ...q, digits: q.digits }),
      q.alienRegNoHash ? eq(workers.alienRegNoHash, q.alienRegNoHash) : undefined,
    );
  }
  const pattern = containsPattern(q.text.replace(/\s+/g, ' '));
  return or(
    ilike(searchableNames, pattern),
    q.passportNoHash ? eq(workers.passportNoHash, q.passportNoHash) : undefined,
  );
}

export function filterConditions(scope: Scope, filters: WorkerFilters): SQL | undefined {
  return and(
    live(scope),
    filters.status ? eq(workers.status, filters.status) : undefined,
    filters.nationality ? eq(workers.nationality, filters.nationality) : undefined,
    filters.visaType ? eq(workers.visaType, filters.visaType as WorkerRecord['visaType']) : undefined,
    filters.branchId ? eq(workers.branchId, filters.branchId) : undefined,
    filters.visaExpiryFrom ? gte(workers.visaExpiryDate, filters.visaExpiryFrom) : undefined,
    filters.visaExpiryTo ? lte(workers.visaExpiryDate, filters.visaExpiryTo) : undefined,
    filters.extensionStatus
      ? eq(workers.extensionStatus, filters.extensionStatus as WorkerRecord['extensionStatus'])
      : undefined,
    // A destroyed worker drops out of every search (docs/privacy-lifecycle.md): its name reads 파기됨.
    filters.q ? and(isNull(workers.destroyedAt), searchCondition(filters.q)) : undefined,
  );
}

export async function listWorkers(executor: Executor, scope: Scope, filters: WorkerListFilters) {
  return sortedTablePage(executor, workers, { site: 'workers list', key: [scope, filters] }, filters, () => {
    const where = filterConditions(scope, filters);
    return { query: selectWorkers(executor), where, sortBy: SORT_COLUMNS[filters.sort] };
  });
}

/** Who a worker is, as the boards, the matchings and the search show them: id, names, nationality, visa type. */
export const workerIdentityColumns = {
  id: workers.id,
  nameKo: workers.nameKo,
  firstName: workers.firstName,
  lastName: workers.lastName,
  nationality: workers.nationality,
  visaType: workers.visaType,
};

/** What the global search shows of a worker: who they are and their phone, no joins (employers' searchColumns). */
const searchColumns = { ...workerIdentityColumns, phoneNumber: workers.phoneNumber };

/** The global search's page of workers: the list's WHERE, newest registered first, no count (searchPage). */
export function searchWorkers(executor: Executor, scope: Scope, filters: WorkerFilters, limit: number) {
  return searchPage(
    executor,
    (e) => e.select(searchColumns).from(workers),
    workers,
    filterConditions(scope, filters),
    limit,
  );
}

export async function findWorker(
  executor: Executor,
  id: number,
  scope: Scope,
): Promise<WorkerRow | undefined> {
  const [row] = await selectWorkers(executor)
    .where(and(eq(workers.id, id), live(scope)))
    .limit(1);
  return row;
}

/** The live record with its encrypted columns, locked for the rest of the transaction. */
export async function lockWorker(
  executor: Executor,
  id: number,
  scope: Scope,
): Promise<WorkerRecord | undefined> {
  // lockLive's statement, built once per scope: an import's undo locks each of its records (db/list.ts builtOnce).
  const [row] = await builtOnce(executor, 'workers lock', scope, () =>
    executor
      .select()
      .from(workers)
      .where(and(eq(workers.id, sql.placeholder('id')), live(scope)))
      .for('update')
      .limit(1),
  ).execute({ id });
  return row;
}

/** The record in the admin's branches, deleted or not, locked for a restore from the trash. */
export async function lockForRestore(executor: Executor, id: number, scope: Scope) {
  return lockLive(executor, workers, id, scopeWhere(workers.branchId, scope));
}

export async function restoreWorker(executor: Executor, id: number, scope: Scope): Promise<boolean> {
  return undelete(executor, workers, id, scopeWhere(workers.branchId, scope));
}

/**
 * The live worker holding this identifier (any branch: each is unique across all of them, docs/DOMAIN.md#one-person-one-worker),
 * found by its keyed hash.
 */
export async function identifierHolder(
  executor: Executor,
  field: 'alienRegNo' | 'passportNo',
  hash: string,
  exceptId?: number,
): Promise<{ id: number; branchId: number } | undefined> {
  const column = field === 'alienRegNo' ? workers.alienRegNoHash : workers.passportNoHash;
  const [row] = await builtOnce(executor, 'workers identifier holder', [field, Boolean(exceptId)], () =>
    executor
      .select({ id: workers.id, branchId: workers.branchId })
      .from(workers)
      .where(
        and(
          eq(column, sql.placeholder('hash')),
          isNull(workers.deletedAt),
          exceptId ? ne(workers.id, sql.placeholder('exceptId')) : undefined,
        ),
      )
      .limit(1),
  ).execute({ hash, exceptId });
  return row;
}

export async function insertWorker(executor: Executor, values: WorkerValues): Promise<number> {
  // Built once per set of fields given: an import's commit inserts each of its rows here (db/list.ts builtOnce).
  const fields = Object.keys(values).filter((field) => values[field as keyof WorkerValues] !== undefined);
  const [row] = await builtOnce(executor, 'workers insert', fields, () =>
    executor
      .insert(workers)
      .values(
        Object.fromEntries(fields.map((field) => [field, sql.placeholder(field)])) as unknown as WorkerValues,
      )
      .returning({ id: workers.id }),
  ).execute(values);
  return row!.id;
}

export async function updateWorker(
  executor: Executor,
  target: { id: number; version?: number; scope: Scope },
  values: Partial<WorkerValues>,
): Promise<boolean> {
  return updateVersioned(executor, workers, target, values, live(target.scope));
}

export async function softDeleteWorker(executor: Executor, id: number, scope: Scope): Promise<boolean> {
  // softDelete's statement, built once per scope (db/list.ts builtOnce).
  const rows = await builtOnce(executor, 'workers soft delete', scope, () =>
    executor
      .update(workers)
      .set({
        deletedAt: sql`${sql.placeholder('at')}`,
        updatedAt: sql`${sql.placeholder('at')}`,
        version: sql`${workers.version} + 1`,
      })
      .where(and(eq(workers.id, sql.placeholder('id')), live(scope)))
      .returning({ id: workers.id }),
  ).execute({ id, at: new Date() });
  return rows.length === 1;
}

/** The encrypted identifiers, for a reveal only. */
export async function findSecrets(executor: Executor, id: number, scope: Scope) {
  const [row] = await executor
    .select({
      nameKo: workers.nameKo,
      firstName: workers.firstName,
      lastName: workers.lastName,
      alienRegNoEnc: workers.alienRegNoEnc,
      passportNoEnc: workers.passportNoEnc,
      destroyedAt: workers.destroyedAt,
    })
    .from(workers)
    .where(and(eq(workers.id, id), live(scope)))
    .limit(1);
  return row;
}
