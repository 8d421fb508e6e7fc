import {
  contractEndDate,
  type EmployerPermitRecord,
  type HeldEpsContract,
  isPermitVisa,
  MATCHING_STATUS_LABELS,
  type MatchingStatus,
} from '@ilson/contracts';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { employerPermits, employers, jobPosts, matchings, workers } from '../../db/schema';
import type { Executor } from '../../db/types';
import { updateVersioned } from '../../db/versioned';
import { readSettings } from '../settings/settings.repository';

export type EmployerPermitRow = typeof employerPermits.$inferSelect;
export type EmployerPermitValues = Omit<
  typeof employerPermits.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'version'
>;

export async function listPermits(executor: Executor, employerId: number): Promise<EmployerPermitRow[]> {
  return executor
    .select()
    .from(employerPermits)
    .where(eq(employerPermits.employerId, employerId))
    .orderBy(asc(employerPermits.validFrom), asc(employerPermits.id));
}

/** The permit of the employer, locked for the rest of the transaction. */
export async function lockPermit(executor: Executor, employerId: number, permitId: number) {
  const [row] = await executor
    .select()
    .from(employerPermits)
    .where(and(eq(employerPermits.id, permitId), eq(employerPermits.employerId, employerId)))
    .for('update')
    .limit(1);
  return row;
}

export async function insertPermit(executor: Executor, values: EmployerPermitValues): Promise<number> {
  const [row] = await executor.insert(employerPermits).values(values).returning({ id: employerPermits.id });
  return row!.id;
}

export async function updatePermit(
  executor: Executor,
  target: { id: number; version: number },
  values: Partial<EmployerPermitValues>,
): Promise<boolean> {
  return updateVersioned(executor, employerPermits, target, values);
}

export async function deletePermit(executor: Executor, id: number): Promise<void> {
  await executor.delete(employerPermits).where(eq(employerPermits.id, id));
}

export const asPermitRecord = (row: EmployerPermitRow): EmployerPermitRecord => ({
  type: row.type,
  validFrom: row.validFrom,
  validTo: row.validTo,
  headcount: row.headcount,
});

/** A contracted or working matching of an E-9/H-2 worker at the employer, with how a refusal names it. */
export type HeldEpsRow = HeldEpsContract & { matchingId: number; label: string };

/**
 * The employer's contracted and working matchings of workers holding E-9 or H-2 now (the worker's visa, as the
 * rule engine reads it), each ending on its end date or, while none is set, its start plus the post's contract
 * months (open when the post names none). `except` leaves out the matching being checked.
 */
export async function heldEpsContracts(
  executor: Executor,
  employerId: number,
  except?: number,
): Promise<HeldEpsRow[]> {
  const rows = await executor
    .select({
      id: matchings.id,
      status: matchings.status,
      startDate: matchings.startDate,
      endDate: matchings.endDate,
      visa: workers.visaType,
      nameKo: workers.nameKo,
      firstName: workers.firstName,
      lastName: workers.lastName,
      title: jobPosts.title,
      contractMonths: jobPosts.contractMonths,
    })
    .from(matchings)
    .innerJoin(workers, eq(workers.id, matchings.workerId))
    .innerJoin(jobPosts, eq(jobPosts.id, matchings.jobPostId))
    .where(
      and(
        eq(matchings.employerId, employerId),
        inArray(matchings.status, ['contracted', 'working']),
        inArray(workers.visaType, ['E-9', 'H-2']),
        except ? ne(matchings.id, except) : undefined,
      ),
    )
    .orderBy(asc(matchings.id));
  return rows.flatMap((row) => {
    if (!isPermitVisa(row.visa) || !row.startDate) return [];
    const name = row.nameKo || `${row.firstName} ${row.lastName}`;
    return [
      {
        matchingId: row.id,
        visa: row.visa,
        startDate: row.startDate,
        endDate: row.endDate ?? contractEndDate(row.startDate, row.contractMonths),
        label: `#${row.id} ${name} · ${row.title} (${MATCHING_STATUS_LABELS[row.status as MatchingStatus]})`,
      },
    ];
  });
}

/** The employer's industry and 상시 근로자 수 (read as 내국인 피보험자 수). */
export async function employerSize(executor: Executor, employerId: number) {
  const [row] = await executor
    .select({ industry: employers.industry, employeeCount: employers.employeeCount })
    .from(employers)
    .where(eq(employers.id, employerId))
    .limit(1);
  return row;
}

/** The employer's permits and E-9/H-2 contracts, as the rule engine reads them (law/quota.ts). */
export async function employerQuotaInput(executor: Executor, employerId: number, except?: number) {
  const size = await employerSize(executor, employerId);
  if (!size) return null;
  const permits = await listPermits(executor, employerId);
  const held = await heldEpsContracts(executor, employerId, except);
  const { employerQuotaTables } = await readSettings(executor);
  return {
    industry: size.industry,
    employeeCount: size.employeeCount,
    permits: permits.map(asPermitRecord),
    held,
    quotaTables: employerQuotaTables,
  };
}
