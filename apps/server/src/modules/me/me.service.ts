import {
  adminMessages,
  MY_LOGINS_LIMIT,
  type MyLogin,
  type MyProfile,
  meMessages,
  type myProfileUpdateSchema,
  type passwordChangeSchema,
  type z,
} from '@ilson/contracts';
import { appendAudit } from '../../audit/trail';
import type { Database } from '../../db/client';
import type { AuditActor } from '../../lib/actor';
import { onUniqueViolation } from '../../lib/db-errors';
import { diffOf } from '../../lib/diff';
import { conflict, unauthorized, validationError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { versionConflict } from '../../lib/status-change';
import { messages } from '../../messages';
import type { AuthAdmin } from '../../plugins/auth';
import { recordLoginFailure, revokeAllSessions } from '../auth/auth.repository';
import type { SettingsService } from '../settings/settings.service';
import * as repo from './me.repository';

type ProfileUpdate = z.output<typeof myProfileUpdateSchema>;
type PasswordChange = z.output<typeof passwordChangeSchema>;

export function toProfile(row: repo.ProfileRow): MyProfile {
  return {
    id: row.id,
    loginId: row.loginId,
    email: row.email,
    name: row.name,
    phone: row.phone,
    role: row.role,
    branchId: row.branchId,
    branchName: row.branchName,
    mustChangePassword: row.mustChangePassword,
    passwordChangedAt: row.passwordChangedAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    lastLoginIp: row.lastLoginIp,
    version: row.version,
  };
}

const duplicateEmail = () =>
  conflict(adminMessages.duplicateEmail, [{ field: 'email', message: adminMessages.duplicateEmail }]);

const currentPasswordError = (message: string, field = 'current_password') =>
  validationError([{ field, message }], message);

function minutesUntil(when: Date): number {
  return Math.max(1, Math.ceil((when.getTime() - Date.now()) / 60_000));
}

/** The signed-in admin's own account: profile, password, sign-in history. */
export function createMeService({ db, settings }: { db: Database; settings: SettingsService }) {
  async function profile(adminId: number): Promise<MyProfile> {
    const row = await repo.findProfile(db, adminId);
    // The auth hook found this admin a moment ago; gone now means the session is over.
    if (!row) throw unauthorized(messages.sessionEnded);
    return toProfile(row);
  }

  async function updateProfile(input: ProfileUpdate, admin: AuthAdmin, audit: AuditActor) {
    const { version, currentPassword, ...values } = input;
    const current = await repo.findProfile(db, admin.id);
    if (!current) throw unauthorized(messages.sessionEnded);
    // The login e-mail is a credential: changing it needs the current password, checked as a login checks it.
    if (values.email !== undefined && values.email !== current.email) {
      if (!currentPassword) throw currentPasswordError(meMessages.currentPasswordForEmail);
      await checkCurrentPassword(current, currentPassword, admin, audit);
    }
    await onUniqueViolation('admins_email_key', duplicateEmail, () =>
      db.transaction(async (tx) => {
        const before = await repo.findProfile(tx, admin.id);
        if (!before) throw unauthorized(messages.sessionEnded);
        if (before.version !== version) throw versionConflict();
        const diff = diffOf(before, values);
        if (Object.keys(diff).length === 0) return;
        if (values.email && (await repo.emailTakenByOther(tx, values.email, admin.id)))
          throw duplicateEmail();
        if (!(await repo.updateProfile(tx, { id: admin.id, version }, values))) throw versionConflict();
        await appendAudit(tx, audit, {
          action: 'UPDATE',
          targetType: 'admin',
          targetId: admin.id,
          summary: messages.ownProfileUpdated,
          diff,
        });
      }),
    );
    return profile(admin.id);
  }

  /** The current password checked as a login checks it: a wrong one counts towards the lock and is logged. */
  async function checkCurrentPassword(
    row: repo.ProfileRow,
    password: string,
    admin: AuthAdmin,
    audit: AuditActor,
    field = 'current_password',
  ) {
    if (row.lockedUntil && row.lockedUntil > new Date()) {
      throw currentPasswordError(meMessages.currentPasswordLocked(minutesUntil(row.lockedUntil)), field);
    }
    if (!(await verifyPassword(row.passwordHash, password))) {
      const config = await settings.get();
      const counted = await db.transaction(async (tx) => {
        const counted = await recordLoginFailure(
          tx,
          admin.id,
          config.maxLoginFailures,
          config.lockoutMinutes,
        );
        await appendAudit(tx, audit, {
          action: 'LOGIN_FAILED',
          targetType: 'admin',
          targetId: admin.id,
          summary: messages.ownPasswordMismatch(counted?.failedLoginCount ?? '?'),
        });
        return counted;
      });
      throw currentPasswordError(
        counted?.lockedUntil
          ? meMessages.currentPasswordLocked(minutesUntil(counted.lockedUntil))
          : meMessages.currentPasswordWrong,
        field,
      );
    }
  }

  /**
   * Checks the current password the way a login does (a wrong one counts towards the lock), then sets the
   * new one and ends every other session of this admin; the one that asked stays signed in.
   */
  async function changePassword(input: PasswordChange, admin: AuthAdmin, audit: AuditActor) {
    const row = await repo.findProfile(db, admin.id);
    if (!row) throw unauthorized(messages.sessionEnded);
    await checkCurrentPassword(row, input.currentPassword, admin, audit);
    const passwordHash = await hashPassword(input.newPassword);
    await db.transaction(async (tx) => {
      const { passwordChangedAt } = await repo.setOwnPassword(tx, admin.id, passwordHash);
      await revokeAllSessions(tx, admin.id, 'password_changed', admin.sessionId);
      await appendAudit(tx, audit, {
        action: 'UPDATE',
        targetType: 'admin',
        targetId: admin.id,
        summary: messages.ownPasswordChanged,
        diff: diffOf(
          {
            passwordChangedAt: row.passwordChangedAt.toISOString(),
            mustChangePassword: row.mustChangePassword,
          },
          { passwordChangedAt: passwordChangedAt.toISOString(), mustChangePassword: false },
        ),
      });
    });
  }

  async function logins(adminId: number): Promise<MyLogin[]> {
    const rows = await repo.listOwnLogins(db, adminId, MY_LOGINS_LIMIT);
    return rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      success: row.action === 'LOGIN',
      ip: row.ip,
      userAgent: row.userAgent,
      summary: row.summary,
    }));
  }

  /** The password of the signed-in admin, checked as a login checks it (docs/second-factor.md: removing a factor). */
  async function checkPassword(admin: AuthAdmin, password: string, audit: AuditActor, field = 'password') {
    const row = await repo.findProfile(db, admin.id);
    if (!row) throw unauthorized(messages.sessionEnded);
    await checkCurrentPassword(row, password, admin, audit, field);
  }

  return { profile, updateProfile, changePassword, logins, checkPassword };
}
export type MeService = ReturnType<typeof createMeService>;
