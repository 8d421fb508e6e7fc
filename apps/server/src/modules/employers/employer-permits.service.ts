import {
  EMPLOYER_PERMIT_TYPE_LABELS,
  type EmployerPermit,
  type EmployerPermitRecord,
  type EmployerPermitsResponse,
  type EmployerPermitType,
  type ErrorDetail,
  type employerPermitCreateSchema,
  type employerPermitUpdateSchema,
  employerQuotaUsage,
  type HeldEpsContract,
  PERMIT_RULE_ROWS,
  permitsValidOn,
  recordMessages,
  type z,
} from '@ilson/contracts';
import { appendAudit } from '../../audit/trail';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { seoulToday } from '../../lib/dates';
import { creationDiff, diffOf } from '../../lib/diff';
import { AppError, notFound, validationError } from '../../lib/errors';
import { versionConflict } from '../../lib/status-change';
import { readSettings } from '../settings/settings.repository';
import * as repo from './employer-permits.repository';
import { findEmployer, lockEmployer } from './employers.repository';

type PermitCreate = z.output<typeof employerPermitCreateSchema>;
type PermitUpdate = z.output<typeof employerPermitUpdateSchema>;

const VISA_OF: Record<EmployerPermitType, 'E-9' | 'H-2'> = Object.fromEntries(
  PERMIT_RULE_ROWS.map((row) => [row.permit, row.visa]),
) as Record<EmployerPermitType, 'E-9' | 'H-2'>;

export function toPermit(row: repo.EmployerPermitRow): EmployerPermit {
  return {
    id: row.id,
    employerId: row.employerId,
    type: row.type,
    permitNo: row.permitNo,
    validFrom: row.validFrom,
    validTo: row.validTo,
    headcount: row.headcount,
    visa: row.visa,
    note: row.note,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/**
 * The held contracts of the type's visa a set of permits leaves uncovered: no permit valid on the contract's
 * start, or more such contracts working that day than the permits valid then allow (law/quota.ts).
 */
function uncovered(
  permits: readonly EmployerPermitRecord[],
  held: readonly (HeldEpsContract & { matchingId: number })[],
  type: EmployerPermitType,
) {
  const visa = VISA_OF[type];
  const ofVisa = held.filter((h) => h.visa === visa);
  return ofVisa.filter((h) => {
    const valid = permitsValidOn(permits, type, h.startDate);
    if (valid.permits.length === 0) return true;
    const working = ofVisa.filter(
      (o) => o.startDate <= h.startDate && (o.endDate === null || o.endDate >= h.startDate),
    ).length;
    return working > valid.headcount;
  });
}

/**
 * An employer's 고용허가서 and 특례고용가능확인서 (docs/law-as-data.md#employer-permits-and-quota). Written as the
 * employer is edited (`employers:write`, the employer's branch), each write with the employer's row locked
 * `FOR UPDATE` — the row a contract of an E-9/H-2 worker locks too — so a permit's change and a contract are one
 * after the other (docs/domain-integrity.md#locks). A change that would leave a contracted or working matching
 * without a permit or over the permits' headcount is refused (409), naming how many.
 */
export function createEmployerPermitsService({ db }: { db: Database }) {
  async function list(employerId: number, actor: Actor): Promise<EmployerPermitsResponse> {
    const employer = await findEmployer(db, employerId, actor.scope);
    if (!employer) throw notFound();
    const rows = await repo.listPermits(db, employerId);
    const held = await repo.heldEpsContracts(db, employerId);
    const date = seoulToday();
    return {
      data: rows.map(toPermit),
      insuredEmployees: employer.employeeCount,
      date,
      usage: employerQuotaUsage({
        employer: {
          industry: employer.industry,
          employeeCount: employer.employeeCount,
          permits: rows.map(repo.asPermitRecord),
          held,
          quotaTables: (await readSettings(db)).employerQuotaTables,
        },
        date,
      }),
    };
  }

  /** Refuses what newly leaves held contracts uncovered; what was uncovered before does not block. */
  async function guardHeld(
    tx: Executor,
    employerId: number,
    before: readonly EmployerPermitRecord[],
    after: readonly EmployerPermitRecord[],
    types: readonly EmployerPermitType[],
  ) {
    const held = await repo.heldEpsContracts(tx, employerId);
    const labels = new Map(held.map((h) => [h.matchingId, h.label] as const));
    for (const type of types) {
      const had = new Set(uncovered(before, held, type).map((h) => h.matchingId));
      const broken = uncovered(after, held, type).filter((h) => !had.has(h.matchingId));
      if (broken.length === 0) continue;
      const details: ErrorDetail[] = broken.map((h) => {
        const label = labels.get(h.matchingId) ?? `#${h.matchingId}`;
        return { message: label, resource: 'matchings', id: h.matchingId, label };
      });
      throw new AppError(
        'MATCHINGS_AFFECTED',
        recordMessages.permitHeld(EMPLOYER_PERMIT_TYPE_LABELS[type], broken.length),
        details,
      );
    }
  }

  async function lockEmployerOf(tx: Executor, employerId: number, actor: Actor) {
    const employer = await lockEmployer(tx, employerId, actor.scope);
    if (!employer) throw notFound();
    return employer;
  }

  function checkRange(validFrom: string, validTo: string) {
    if (validTo < validFrom) {
      throw validationError([{ field: 'valid_to', message: '유효기간 종료일이 시작일보다 앞섭니다.' }]);
    }
  }

  async function create(employerId: number, input: PermitCreate, actor: Actor): Promise<EmployerPermit> {
    return db.transaction(async (tx) => {
      const employer = await lockEmployerOf(tx, employerId, actor);
      checkRange(input.validFrom, input.validTo);
      const values: repo.EmployerPermitValues = {
        employerId,
        type: input.type,
        permitNo: input.permitNo,
        validFrom: input.validFrom,
        validTo: input.validTo,
        headcount: input.headcount,
        visa: VISA_OF[input.type],
        note: input.note,
        createdBy: actor.adminId,
      };
      const id = await repo.insertPermit(tx, values);
      await appendAudit(tx, actor.audit, {
        // Logged as an update of the employer: a permit is part of it (the trash reads an employer's DELETE).
        action: 'UPDATE',
        targetType: 'employer',
        targetId: employerId,
        summary: `고용허가 등록: ${employer.companyName} ${EMPLOYER_PERMIT_TYPE_LABELS[input.type]} ${input.permitNo} (${input.headcount}명, ${input.validFrom}~${input.validTo})`,
        diff: creationDiff({ permitId: id, ...values }),
      });
      const row = (await repo.listPermits(tx, employerId)).find((p) => p.id === id)!;
      return toPermit(row);
    });
  }

  async function update(
    employerId: number,
    permitId: number,
    input: PermitUpdate,
    actor: Actor,
  ): Promise<EmployerPermit> {
    const { version, ...changes } = input;
    return db.transaction(async (tx) => {
      const employer = await lockEmployerOf(tx, employerId, actor);
      const current = await repo.lockPermit(tx, employerId, permitId);
      if (!current) throw notFound();
      if (current.version !== version) throw versionConflict();
      const next = { ...current, ...changes };
      checkRange(next.validFrom, next.validTo);
      const values = { ...changes, ...(changes.type ? { visa: VISA_OF[changes.type] } : {}) };
      const diff = diffOf(current, values);
      if (Object.keys(diff).length === 0) return toPermit(current);
      const permits = await repo.listPermits(tx, employerId);
      const before = permits.map(repo.asPermitRecord);
      const after = permits.map((p) => repo.asPermitRecord(p.id === permitId ? { ...p, ...next } : p));
      await guardHeld(tx, employerId, before, after, [...new Set([current.type, next.type])]);
      if (!(await repo.updatePermit(tx, { id: permitId, version }, values))) throw versionConflict();
      await appendAudit(tx, actor.audit, {
        action: 'UPDATE',
        targetType: 'employer',
        targetId: employerId,
        summary: `고용허가 수정: ${employer.companyName} ${EMPLOYER_PERMIT_TYPE_LABELS[next.type]} ${next.permitNo}`,
        diff: { permitId: { before: permitId, after: permitId }, ...diff },
      });
      const row = (await repo.listPermits(tx, employerId)).find((p) => p.id === permitId)!;
      return toPermit(row);
    });
  }

  async function remove(employerId: number, permitId: number, actor: Actor): Promise<void> {
    await db.transaction(async (tx) => {
      const employer = await lockEmployerOf(tx, employerId, actor);
      const current = await repo.lockPermit(tx, employerId, permitId);
      if (!current) throw notFound();
      const permits = await repo.listPermits(tx, employerId);
      const before = permits.map(repo.asPermitRecord);
      const after = permits.filter((p) => p.id !== permitId).map(repo.asPermitRecord);
      await guardHeld(tx, employerId, before, after, [current.type]);
      await repo.deletePermit(tx, permitId);
      await appendAudit(tx, actor.audit, {
        action: 'UPDATE',
        targetType: 'employer',
        targetId: employerId,
        summary: `고용허가 삭제: ${employer.companyName} ${EMPLOYER_PERMIT_TYPE_LABELS[current.type]} ${current.permitNo}`,
        diff: diffOf(
          { permitId, ...current, createdAt: undefined, updatedAt: undefined },
          { permitId: null, permitNo: null, headcount: null, validFrom: null, validTo: null },
        ),
      });
    });
  }

  return { list, create, update, remove };
}
export type EmployerPermitsService = ReturnType<typeof createEmployerPermitsService>;
