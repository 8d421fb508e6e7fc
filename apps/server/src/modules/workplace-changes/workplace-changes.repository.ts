import type { EligibilityInput, WorkplaceChangeEvent } from '@ilson/contracts';
import { and, asc, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { admins, employers, matchings, workerWorkplaceChanges } from '../../db/schema';
import type { Executor } from '../../db/types';
import { softDelete, updateVersioned } from '../../db/versioned';
import { type Scope, scopeWhere } from '../../lib/scope';

/** 사업장 변경 records (docs/law-as-data.md#workplace-changes): each worker's, live ones only. */

const t = workerWorkplaceChanges;
export type WorkplaceChangeRecord = typeof t.$inferSelect;
export type WorkplaceChangeValues = typeof t.$inferInsert;

/** The statuses of a matching that made an employment (a contract was signed). */
export const EMPLOYMENT_STATUSES = ['contracted', 'working', 'completed', 'terminated'] as const;

/**
 * A worker's live records, newest first. The previous employer is named only where the viewer's scope reaches it
 * (docs/law-as-data.md#workplace-changes): its row is joined under the scope, so another branch's employer is
 * not read at all and `fromEmployerInScope` is null for it.
 */
export async function listChanges(executor: Executor, workerId: number, scope: Scope = { all: true }) {
  return executor
    .select({
      id: t.id,
      workerId: t.workerId,
      requestDate: t.requestDate,
      cause: t.cause,
      approved: t.approved,
      approvalDate: t.approvalDate,
      approvalNo: t.approvalNo,
      fromEmployerId: t.fromEmployerId,
      fromEmployerName: employers.companyName,
      fromEmployerInScope: employers.id,
      note: t.note,
      createdByName: admins.name,
      createdAt: t.createdAt,
      updatedAt: t.updatedAt,
      version: t.version,
    })
    .from(t)
    .leftJoin(employers, and(eq(employers.id, t.fromEmployerId), scopeWhere(employers.branchId, scope)))
    .leftJoin(admins, eq(admins.id, t.createdByAdminId))
    .where(and(eq(t.workerId, workerId), isNull(t.deletedAt)))
    .orderBy(desc(t.requestDate), desc(t.id));
}
export type WorkplaceChangeRow = Awaited<ReturnType<typeof listChanges>>[number];

/** The live record of the worker, locked for the rest of the transaction. */
export async function lockChange(executor: Executor, workerId: number, id: number) {
  const [row] = await executor
    .select()
    .from(t)
    .where(and(eq(t.id, id), eq(t.workerId, workerId), isNull(t.deletedAt)))
    .for('update')
    .limit(1);
  return row;
}

export async function insertChange(executor: Executor, values: WorkplaceChangeValues): Promise<number> {
  const [row] = await executor.insert(t).values(values).returning({ id: t.id });
  return row!.id;
}

export async function updateChange(
  executor: Executor,
  target: { id: number; version: number },
  values: Partial<WorkplaceChangeValues>,
): Promise<boolean> {
  return updateVersioned(executor, t, target, values, isNull(t.deletedAt));
}

export async function softDeleteChange(executor: Executor, id: number): Promise<boolean> {
  return softDelete(executor, t, id, isNull(t.deletedAt));
}

/** The rule engine's events: each live record as the law's function reads it. */
export const asEvent = (row: Pick<WorkplaceChangeRecord, 'requestDate' | 'cause' | 'approved'>) => ({
  date: row.requestDate,
  employerCaused: row.cause === 'employer_caused',
  approved: row.approved,
});

/** The workers' live records as rule-engine events, by worker. */
export async function eventsOf(
  executor: Executor,
  workerIds: readonly number[],
): Promise<Map<number, WorkplaceChangeEvent[]>> {
  const byWorker = new Map<number, WorkplaceChangeEvent[]>();
  if (workerIds.length === 0) return byWorker;
  const rows = await executor
    .select({ workerId: t.workerId, requestDate: t.requestDate, cause: t.cause, approved: t.approved })
    .from(t)
    .where(and(inArray(t.workerId, [...new Set(workerIds)]), isNull(t.deletedAt)))
    .orderBy(asc(t.requestDate), asc(t.id));
  for (const row of rows) {
    const list = byWorker.get(row.workerId) ?? [];
    list.push(asEvent(row));
    byWorker.set(row.workerId, list);
  }
  return byWorker;
}

/** The worker's contracts (contracted or later), newest first, but the matching `exceptId`. */
export async function employmentsOf(executor: Executor, workerId: number, exceptId?: number) {
  return executor
    .select({
      id: matchings.id,
      employerId: matchings.employerId,
      employerRegion: employers.region,
      contractDate: matchings.contractDate,
      startDate: matchings.startDate,
    })
    .from(matchings)
    .innerJoin(employers, eq(employers.id, matchings.employerId))
    .where(
      and(
        eq(matchings.workerId, workerId),
        inArray(matchings.status, [...EMPLOYMENT_STATUSES]),
        exceptId === undefined ? undefined : ne(matchings.id, exceptId),
      ),
    )
    .orderBy(desc(matchings.startDate), desc(matchings.id));
}

/**
 * What the rule engine needs to judge a move to `employerId` (docs/law-as-data.md#workplace-changes): the worker's
 * events; whether the employer differs from the one of the worker's most recent employment (a first employment is
 * no change); whether an approved change recorded since that employment began stands for this move; and for the
 * 권역 (docs/law-as-data.md#workplace-change-regions) the earlier employments' 시도, the new employer's and whether
 * the latest change recorded since that employment began was employer-caused. Read after the caller locked the
 * worker, as every write of the records does.
 */
export async function moveInput(
  executor: Executor,
  move: { workerId: number; employerId: number; matchingId?: number },
): Promise<NonNullable<EligibilityInput['workplaceChanges']>> {
  const events = (await eventsOf(executor, [move.workerId])).get(move.workerId) ?? [];
  const employments = await employmentsOf(executor, move.workerId, move.matchingId);
  const [last] = employments;
  if (!last) return { events, toNewEmployer: false, recorded: false };
  const since = last.startDate ?? last.contractDate;
  const sinceLast = events.filter((event) => since === null || event.date >= since);
  const [employer] = await executor
    .select({ region: employers.region })
    .from(employers)
    .where(eq(employers.id, move.employerId))
    .limit(1);
  return {
    events,
    toNewEmployer: last.employerId !== move.employerId,
    recorded: sinceLast.some((event) => event.approved),
    region: {
      earlier: employments.map((e) => ({ region: e.employerRegion, date: e.startDate ?? e.contractDate })),
      to: employer?.region ?? null,
      // Events come in date order: the last is the change that stands for this move.
      employerCaused: sinceLast.at(-1)?.employerCaused ?? false,
    },
  };
}
