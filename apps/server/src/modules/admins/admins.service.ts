import {
  type Admin,
  type AdminWithPassword,
  type adminCreateSchema,
  type adminListQuerySchema,
  adminMessages,
  type adminUpdateSchema,
  ROLE_LABELS,
  recordMessages,
  type z,
} from '@ilson/contracts';
import { appendAudit } from '../../audit/trail';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { isUniqueViolation } from '../../lib/db-errors';
import { creationDiff, type Diff, diffOf } from '../../lib/diff';
import { AppError, conflict, notFound, validationError } from '../../lib/errors';
import { generatePassword, hashPassword } from '../../lib/passwords';
import { versionConflict } from '../../lib/status-change';
import { revokeAllSessions } from '../auth/auth.repository';
import * as repo from './admins.repository';

type AdminCreate = z.output<typeof adminCreateSchema>;
type AdminUpdate = z.output<typeof adminUpdateSchema>;
type AdminListQuery = z.output<typeof adminListQuerySchema>;
type Locked = NonNullable<Awaited<ReturnType<typeof repo.lockAdmin>>>;

/** Temporary passwords are read out or pasted once: long enough, short enough to type. */
const TEMPORARY_PASSWORD_LENGTH = 12;

export function toAdmin(row: repo.AdminRecord): Admin {
  return {
    id: row.id,
    loginId: row.loginId,
    email: row.email,
    name: row.name,
    phone: row.phone,
    role: row.role,
    branchId: row.branchId,
    branchName: row.branchName,
    status: row.status,
    failedLoginCount: row.failedLoginCount,
    lockedUntil: row.status === 'locked' && row.lockedUntil ? row.lockedUntil.toISOString() : null,
    mustChangePassword: row.mustChangePassword,
    passwordChangedAt: row.passwordChangedAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    lastLoginIp: row.lastLoginIp,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

const duplicateLoginId = () =>
  conflict(adminMessages.duplicateLoginId, [{ field: 'login_id', message: adminMessages.duplicateLoginId }]);
const duplicateEmail = () =>
  conflict(adminMessages.duplicateEmail, [{ field: 'email', message: adminMessages.duplicateEmail }]);
const refused = (message: string, field?: string) =>
  validationError([field ? { field, message } : { message }], message);
const wrongState = (message: string) => new AppError('INVALID_TRANSITION', message);

/** A race past the service's own uniqueness checks still answers on the right field. */
async function onDuplicate<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (caught) {
    if (isUniqueViolation(caught, 'admins_login_id_key')) throw duplicateLoginId();
    if (isUniqueViolation(caught, 'admins_email_key')) throw duplicateEmail();
    throw caught;
  }
}

/**
 * Admin accounts (docs/SECURITY.md, `admins:manage`). Every change is a PERMISSION_CHANGE in the access log with
 * before and after; password hashes and temporary passwords never enter a diff, a summary or a log line.
 */
export function createAdminsService({ db }: { db: Database }) {
  async function detail(executor: Executor, id: number): Promise<Admin> {
    const row = await repo.findAdmin(executor, id);
    if (!row) throw notFound();
    return toAdmin(row);
  }

  async function checkBranch(executor: Executor, branchId: number | null | undefined) {
    if (branchId == null) return;
    if (!(await repo.branchExists(executor, branchId))) {
      throw validationError([{ field: 'branch_id', message: recordMessages.branchNotFound }]);
    }
  }

  /**
   * Refuses a change that would leave no super_admin able to sign in. The caller holds the admin-change
   * lock, so two super_admins demoting each other at once are checked one after the other.
   */
  async function keepOneSuperAdmin(executor: Executor, target: Locked, field?: string) {
    if (target.role !== 'super_admin' || target.status === 'disabled') return;
    if ((await repo.countOtherActiveSuperAdmins(executor, target.id)) === 0) {
      throw refused(adminMessages.lastSuperAdmin, field);
    }
  }

  async function lockCurrent(executor: Executor, id: number, version: number): Promise<Locked> {
    const current = await repo.lockAdmin(executor, id);
    if (!current) throw notFound();
    if (current.version !== version) throw versionConflict();
    return current;
  }

  async function apply(executor: Executor, current: Locked, values: Parameters<typeof repo.updateAdmin>[2]) {
    if (!(await repo.updateAdmin(executor, { id: current.id, version: current.version }, values))) {
      throw versionConflict();
    }
  }

  async function log(executor: Executor, actor: Actor, target: Locked, summary: string, diff?: Diff) {
    await appendAudit(executor, actor.audit, {
      action: 'PERMISSION_CHANGE',
      targetType: 'admin',
      targetId: target.id,
      summary: `${summary}: ${target.name} (${target.loginId})`,
      diff: diff ?? null,
    });
  }

  /** `globalSearch`: the page alone, no count. */
  async function list(query: AdminListQuery, options: { globalSearch?: boolean } = {}) {
    const { rows, total, totalEstimated } = await repo.listAdmins(db, query, !options.globalSearch);
    return {
      data: rows.map(toAdmin),
      meta: { page: query.page, pageSize: query.pageSize, total, totalEstimated },
    };
  }

  async function create(input: AdminCreate, actor: Actor): Promise<AdminWithPassword> {
    const { invite, password, ...fields } = input;
    const temporaryPassword = invite ? generatePassword(TEMPORARY_PASSWORD_LENGTH) : null;
    const passwordHash = await hashPassword(temporaryPassword ?? password!);
    return onDuplicate(() =>
      db.transaction(async (tx) => {
        if (await repo.loginIdTaken(tx, fields.loginId)) throw duplicateLoginId();
        if (await repo.emailTaken(tx, fields.email)) throw duplicateEmail();
        await checkBranch(tx, fields.branchId);
        const id = await repo.insertAdmin(tx, { ...fields, passwordHash, mustChangePassword: invite });
        await appendAudit(tx, actor.audit, {
          action: 'PERMISSION_CHANGE',
          targetType: 'admin',
          targetId: id,
          summary: `관리자 등록${invite ? ' (초대, 임시 비밀번호 발급)' : ''}: ${fields.name} (${fields.loginId}), ${ROLE_LABELS[fields.role]}`,
          diff: creationDiff({ ...fields, status: 'active', mustChangePassword: invite }),
        });
        return { admin: await detail(tx, id), temporaryPassword };
      }),
    );
  }

  async function update(id: number, input: AdminUpdate, actor: Actor): Promise<Admin> {
    const { version, ...changes } = input;
    return onDuplicate(() =>
      db.transaction(async (tx) => {
        await repo.lockAdminChanges(tx);
        const current = await lockCurrent(tx, id, version);
        const diff = diffOf(current, changes);
        if (Object.keys(diff).length === 0) return detail(tx, id);
        if (diff.role) {
          await keepOneSuperAdmin(tx, current, 'role');
          if (id === actor.adminId) throw refused(adminMessages.selfDemotion, 'role');
        }
        const role = changes.role ?? current.role;
        const branchId = changes.branchId === undefined ? current.branchId : changes.branchId;
        if (role === 'branch_manager' && branchId === null) {
          throw validationError([{ field: 'branch_id', message: adminMessages.branchRequired }]);
        }
        if (diff.email && (await repo.emailTaken(tx, changes.email!, id))) throw duplicateEmail();
        if (diff.branchId) await checkBranch(tx, changes.branchId);
        const values = Object.fromEntries(Object.keys(diff).map((key) => [key, diff[key]!.after]));
        await apply(tx, current, values);
        const roleNote = diff.role ? ` (${ROLE_LABELS[current.role]} → ${ROLE_LABELS[changes.role!]})` : '';
        await log(tx, actor, current, `관리자 정보 변경${roleNote}`, diff);
        return detail(tx, id);
      }),
    );
  }

  async function disable(id: number, version: number, actor: Actor): Promise<Admin> {
    return db.transaction(async (tx) => {
      await repo.lockAdminChanges(tx);
      const current = await lockCurrent(tx, id, version);
      if (current.status === 'disabled') throw wrongState(adminMessages.alreadyDisabled);
      await keepOneSuperAdmin(tx, current);
      if (id === actor.adminId) throw refused(adminMessages.selfDisable);
      await apply(tx, current, { status: 'disabled' });
      // Its refresh tokens die with its sessions; its access tokens already fail (the status is read per request).
      await revokeAllSessions(tx, id, 'admin_disabled');
      await log(tx, actor, current, '관리자 사용 중지 (모든 로그인 세션 종료)', {
        status: { before: current.effectiveStatus, after: 'disabled' },
      });
      return detail(tx, id);
    });
  }

  async function enable(id: number, version: number, actor: Actor): Promise<Admin> {
    return db.transaction(async (tx) => {
      const current = await lockCurrent(tx, id, version);
      if (current.status !== 'disabled') throw wrongState(adminMessages.notDisabled);
      await apply(tx, current, { status: 'active', failedLoginCount: 0, lockedUntil: null });
      await log(tx, actor, current, '관리자 사용 재개', {
        status: { before: 'disabled', after: 'active' },
      });
      return detail(tx, id);
    });
  }

  async function unlock(id: number, version: number, actor: Actor): Promise<Admin> {
    return db.transaction(async (tx) => {
      const current = await lockCurrent(tx, id, version);
      if (current.status === 'disabled') throw wrongState(adminMessages.unlockDisabled);
      if (current.effectiveStatus !== 'locked' && current.failedLoginCount === 0) {
        throw wrongState(adminMessages.notLocked);
      }
      await apply(tx, current, { status: 'active', failedLoginCount: 0, lockedUntil: null });
      await log(tx, actor, current, '관리자 잠금 해제', {
        status: { before: current.effectiveStatus, after: 'active' },
        failedLoginCount: { before: current.failedLoginCount, after: 0 },
      });
      return detail(tx, id);
    });
  }

  async function resetPassword(id: number, version: number, actor: Actor): Promise<AdminWithPassword> {
    const temporaryPassword = generatePassword(TEMPORARY_PASSWORD_LENGTH);
    const passwordHash = await hashPassword(temporaryPassword);
    return db.transaction(async (tx) => {
      const current = await lockCurrent(tx, id, version);
      if (id === actor.adminId) throw refused(adminMessages.selfReset);
      if (current.status === 'disabled') throw wrongState(adminMessages.resetDisabled);
      await apply(tx, current, {
        passwordHash,
        mustChangePassword: true,
        passwordChangedAt: new Date(),
        status: 'active',
        failedLoginCount: 0,
        lockedUntil: null,
      });
      await revokeAllSessions(tx, id, 'password_reset');
      const diff: Diff = { mustChangePassword: { before: current.mustChangePassword, after: true } };
      if (current.effectiveStatus !== 'active')
        diff.status = { before: current.effectiveStatus, after: 'active' };
      await log(tx, actor, current, '비밀번호 초기화 (임시 비밀번호 발급, 모든 로그인 세션 종료)', diff);
      return { admin: await detail(tx, id), temporaryPassword };
    });
  }

  return {
    list,
    get: (id: number) => detail(db, id),
    create,
    update,
    disable,
    enable,
    unlock,
    resetPassword,
  };
}
export type AdminsService = ReturnType<typeof createAdminsService>;
