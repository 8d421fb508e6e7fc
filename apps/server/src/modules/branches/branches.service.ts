import {
  BRANCH_STATUS_LABELS,
  BRANCH_TRANSITIONS,
  type Branch,
  type BranchDetail,
  type BranchStatus,
  type branchCreateSchema,
  type branchListQuerySchema,
  type branchUpdateSchema,
  recordMessages,
  type z,
} from '@ilson/contracts';
import { listTargetHistory } from '../../audit/history';
import { appendAudit } from '../../audit/trail';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { onUniqueViolation } from '../../lib/db-errors';
import { changedFieldNames, creationDiff, diffOf } from '../../lib/diff';
import { conflict, notFound, validationError } from '../../lib/errors';
import { checkTransition, statusSummary, versionConflict } from '../../lib/status-change';
import * as repo from './branches.repository';

type BranchCreate = z.output<typeof branchCreateSchema>;
type BranchUpdate = z.output<typeof branchUpdateSchema>;
type BranchListQuery = z.output<typeof branchListQuerySchema>;

export function toBranch(row: repo.BranchRow): Branch {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    region: row.region,
    address: row.address,
    phone: row.phone,
    managerAdminId: row.managerAdminId,
    managerName: row.managerName,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

const duplicateCode = () =>
  conflict(recordMessages.duplicateBranchCode, [
    { field: 'code', message: recordMessages.duplicateBranchCode },
  ]);

export function createBranchesService({ db }: { db: Database }) {
  async function detail(executor: Executor, id: number, actor: Actor): Promise<BranchDetail> {
    const row = await repo.findBranch(executor, id, actor.scope);
    if (!row) throw notFound();
    return { ...toBranch(row), ...(await repo.countLiveRecords(executor, id)) };
  }

  async function checkManager(executor: Executor, managerAdminId: number | null | undefined) {
    if (managerAdminId == null) return;
    if (!(await repo.activeAdminExists(executor, managerAdminId))) {
      throw validationError([{ field: 'manager_admin_id', message: recordMessages.managerNotFound }]);
    }
  }

  /** `globalSearch`: the page alone, no count. */
  async function list(query: BranchListQuery, actor: Actor, options: { globalSearch?: boolean } = {}) {
    const { rows, total, totalEstimated } = await repo.listBranches(
      db,
      actor.scope,
      query,
      !options.globalSearch,
    );
    return {
      data: rows.map(toBranch),
      meta: { page: query.page, pageSize: query.pageSize, total, totalEstimated },
    };
  }

  async function create(input: BranchCreate, actor: Actor): Promise<BranchDetail> {
    return onUniqueViolation('branches_code_key', duplicateCode, () =>
      db.transaction(async (tx) => {
        if (await repo.codeTaken(tx, input.code)) throw duplicateCode();
        await checkManager(tx, input.managerAdminId);
        const id = await repo.insertBranch(tx, input);
        await appendAudit(tx, actor.audit, {
          action: 'CREATE',
          targetType: 'branch',
          targetId: id,
          summary: `지점 등록: ${input.name} (${input.code})`,
          diff: creationDiff(input),
        });
        return detail(tx, id, actor);
      }),
    );
  }

  async function update(id: number, input: BranchUpdate, actor: Actor): Promise<BranchDetail> {
    const { version, ...changes } = input;
    return onUniqueViolation('branches_code_key', duplicateCode, () =>
      db.transaction(async (tx) => {
        const current = await repo.lockBranch(tx, id, actor.scope);
        if (!current) throw notFound();
        if (current.version !== version) throw versionConflict();
        const diff = diffOf(current, changes);
        if (Object.keys(diff).length === 0) return detail(tx, id, actor);
        if (diff.code && (await repo.codeTaken(tx, changes.code!, id))) throw duplicateCode();
        if (diff.managerAdminId) await checkManager(tx, changes.managerAdminId);
        const values = Object.fromEntries(Object.keys(diff).map((key) => [key, diff[key]!.after]));
        if (!(await repo.updateBranch(tx, { id, version, scope: actor.scope }, values)))
          throw versionConflict();
        await appendAudit(tx, actor.audit, {
          action: 'UPDATE',
          targetType: 'branch',
          targetId: id,
          summary: `지점 수정: ${changedFieldNames(diff)}`,
          diff,
        });
        return detail(tx, id, actor);
      }),
    );
  }

  async function changeStatus(
    id: number,
    input: { status: BranchStatus; reason?: string; version: number },
    actor: Actor,
  ): Promise<BranchDetail> {
    return db.transaction(async (tx) => {
      const current = await repo.lockBranch(tx, id, actor.scope);
      if (!current) throw notFound();
      if (current.version !== input.version) throw versionConflict();
      checkTransition(BRANCH_TRANSITIONS, BRANCH_STATUS_LABELS, {
        from: current.status,
        to: input.status,
        reason: input.reason,
        role: actor.role,
      });
      const target = { id, version: input.version, scope: actor.scope };
      if (!(await repo.updateBranch(tx, target, { status: input.status }))) throw versionConflict();
      await appendAudit(tx, actor.audit, {
        action: 'UPDATE',
        targetType: 'branch',
        targetId: id,
        summary: statusSummary(BRANCH_STATUS_LABELS, current.status, input.status),
        diff: { status: { before: current.status, after: input.status } },
        reason: input.reason || null,
      });
      return detail(tx, id, actor);
    });
  }

  async function remove(id: number, actor: Actor): Promise<void> {
    await db.transaction(async (tx) => {
      const current = await repo.lockBranch(tx, id, actor.scope);
      if (!current) throw notFound();
      const references = await repo.branchReferences(tx, id);
      if (references.records) throw conflict(recordMessages.branchHasRecords);
      if (references.admins) throw conflict(recordMessages.branchHasAdmins);
      await repo.deleteBranch(tx, id, actor.scope);
      await appendAudit(tx, actor.audit, {
        action: 'DELETE',
        targetType: 'branch',
        targetId: id,
        summary: `지점 삭제: ${current.name} (${current.code})`,
      });
    });
  }

  async function history(id: number, actor: Actor) {
    if (!(await repo.findBranch(db, id, actor.scope))) throw notFound();
    return { data: await listTargetHistory(db, { type: 'branch', id }) };
  }

  return {
    list,
    get: (id: number, actor: Actor) => detail(db, id, actor),
    create,
    update,
    changeStatus,
    remove,
    history,
  };
}
export type BranchesService = ReturnType<typeof createBranchesService>;
