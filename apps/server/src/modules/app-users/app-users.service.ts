import {
  APP_USER_STATUS_LABELS,
  APP_USER_TRANSITIONS,
  type AppUser,
  type AppUserStatus,
  type appUserListQuerySchema,
  type appUserStatusChangeSchema,
  CONSENT_CHANNEL_LABELS,
  CONSENT_ITEM_LABELS,
  type Consent,
  type ConsentWithdrawal,
  consentMessages,
  contactsMaskedFor,
  isRequiredConsent,
  recordMessages,
  type z,
} from '@ilson/contracts';
import { listTargetHistory } from '../../audit/history';
import { appendAudit } from '../../audit/trail';
import type { Database } from '../../db/client';
import { digitTerm } from '../../db/list';
import type { Executor } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { addDays, isoOrNull, seoulDayStart } from '../../lib/dates';
import { AppError, notFound, validationError } from '../../lib/errors';
import { checkTransition, statusSummary, versionConflict } from '../../lib/status-change';
import type { SettingsService } from '../settings/settings.service';
import {
  checkReversal,
  inChangeTransaction,
  keptFields,
  type Reversal,
  restoredFields,
  type UndoMove,
  undoRecorder,
} from '../undo/undo';
import * as repo from './app-users.repository';
import * as consentRepo from './consents.repository';

type AppUserListQuery = z.output<typeof appUserListQuerySchema>;
type StatusChange = z.output<typeof appUserStatusChangeSchema> & {
  /** An undo moving the account back (docs/undo-and-trash.md#undo-of-a-status-change). */
  reversal?: Reversal;
};

const DAY_MS = 86_400_000;

export function toAppUser(row: repo.AppUserRow): AppUser {
  const linkedName =
    row.userType === 'employer'
      ? row.employerName
      : row.workerNameKo || (row.workerFirstName ? `${row.workerFirstName} ${row.workerLastName}` : null);
  return {
    id: row.id,
    userType: row.userType,
    loginId: row.loginId,
    email: row.email,
    phone: row.phone,
    name: row.name,
    employerId: row.employerId,
    workerId: row.workerId,
    linkedName: linkedName ?? null,
    branchId: row.branchId,
    preferredLanguage: row.preferredLanguage,
    lastLoginAt: isoOrNull(row.lastLoginAt),
    status: row.status,
    statusReason: row.statusReason,
    joinedAt: row.joinedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export function toConsent(row: consentRepo.ConsentRow): Consent {
  return {
    ...row,
    required: isRequiredConsent(row.item),
    consentedAt: row.consentedAt.toISOString(),
    withdrawnAt: isoOrNull(row.withdrawnAt),
  };
}

/** An active account last seen (logged in, else joined) before this instant reads as dormant. */
export function dormantSinceOf(dormantAfterDays: number, now: Date = new Date()): Date {
  return new Date(now.getTime() - dormantAfterDays * DAY_MS);
}

function checkRange(from: string | undefined, to: string | undefined, field: string) {
  if (from && to && from > to) throw validationError([{ field, message: recordMessages.dateRangeInverted }]);
}

const dayStart = (date: string | undefined) => (date ? seoulDayStart(date) : undefined);
const dayAfter = (date: string | undefined) => (date ? seoulDayStart(addDays(date, 1)) : undefined);

export function createAppUsersService({ db, settings }: { db: Database; settings: SettingsService }) {
  const dormantSince = async (executor: Executor) =>
    dormantSinceOf((await settings.get(executor)).dormantAfterDays);
  /**
   * For the list: whole seconds, so that the requests of one second share its built statements (db/list.ts
   * builtOnce); an account turns dormant in the list up to a second later than on its detail.
   */
  const dormantSinceForList = async () => {
    const since = await dormantSince(db);
    return new Date(since.getTime() - (since.getTime() % 1000));
  };

  async function detail(executor: Executor, id: number, actor: Actor): Promise<AppUser> {
    const row = await repo.findAppUser(executor, id, actor.scope, await dormantSince(executor));
    if (!row) throw notFound();
    return toAppUser(row);
  }

  async function list(query: AppUserListQuery, actor: Actor) {
    checkRange(query.joinedFrom, query.joinedTo, 'joined_to');
    checkRange(query.lastLoginFrom, query.lastLoginTo, 'last_login_to');
    const { rows, total, totalEstimated } = await repo.listAppUsers(
      db,
      actor.scope,
      await dormantSinceForList(),
      {
        ...query,
        joinedFrom: dayStart(query.joinedFrom),
        joinedBefore: dayAfter(query.joinedTo),
        lastLoginFrom: dayStart(query.lastLoginFrom),
        lastLoginBefore: dayAfter(query.lastLoginTo),
        q: query.q
          ? { text: query.q, digits: digitTerm(query.q), contactsMasked: contactsMaskedFor(actor.role) }
          : undefined,
      },
    );
    return {
      data: rows.map(toAppUser),
      meta: { page: query.page, pageSize: query.pageSize, total, totalEstimated },
    };
  }

  /** Email and phone are personal data: every open of the detail goes to the access log. */
  async function get(id: number, actor: Actor): Promise<AppUser> {
    const user = await detail(db, id, actor);
    await appendAudit(db, actor.audit, {
      action: 'VIEW_PII',
      targetType: 'app_user',
      targetId: id,
      summary: `앱 회원 상세 조회: ${user.name} (${user.loginId})`,
    });
    return user;
  }

  /** Transitions start from the status as shown, so a dormant account is suspended or withdrawn as dormant. */
  async function changeStatus(id: number, change: StatusChange, actor: Actor): Promise<AppUser> {
    return inChangeTransaction(db, change.reversal, async (tx) => {
      const current = await repo.lockAppUser(tx, id, actor.scope);
      if (!current) throw notFound();
      if (current.version !== change.version) throw versionConflict();
      const undo = undoRecorder(tx, !change.reversal);
      const since = await dormantSince(tx);
      const from: AppUserStatus =
        current.status === 'active' && (current.lastLoginAt ?? current.joinedAt) < since
          ? 'dormant'
          : current.status;
      const to = change.status;
      if (change.reversal) {
        checkReversal(APP_USER_TRANSITIONS, { from, to, role: actor.role, reversal: change.reversal });
      } else {
        checkTransition(APP_USER_TRANSITIONS, APP_USER_STATUS_LABELS, {
          from,
          to,
          reason: change.reason,
          role: actor.role,
        });
        // No transition leads to `dormant`; this keeps the stored value one of the stored statuses.
        if (to === 'dormant') throw new AppError('INVALID_TRANSITION');
      }
      // Back to `dormant` is back to the stored `active` it was shown from: the kept fields carry it.
      const values = change.reversal
        ? restoredFields<repo.AppUserValues>(change.reversal.previous)
        : {
            status: to as Exclude<AppUserStatus, 'dormant'>,
            statusReason: change.reason || null,
            statusChangedAt: new Date(),
          };
      if (!(await repo.updateAppUser(tx, { id, version: change.version }, values))) throw versionConflict();
      await appendAudit(tx, actor.audit, {
        action: 'UPDATE',
        targetType: 'app_user',
        targetId: id,
        summary:
          change.reversal?.summary ?? `${statusSummary(APP_USER_STATUS_LABELS, from, to)} (${current.name})`,
        diff: { status: { before: from, after: to } },
        reason: change.reversal ? null : change.reason || null,
      });
      await undo.keep(
        actor,
        {
          type: 'app_user',
          id,
          from,
          to,
          versionAfter: current.version + 1,
          previous: keptFields(current, Object.keys(values)),
        },
        `${statusSummary(APP_USER_STATUS_LABELS, from, to)} (${current.name})`,
      );
      return detail(tx, id, actor);
    });
  }

  /** The undo's door: the account moved back to where the change found it. */
  const reverseStatus = (move: UndoMove, reversal: Reversal, actor: Actor) =>
    changeStatus(
      move.id,
      { status: move.from as StatusChange['status'], version: move.versionAfter, reversal },
      actor,
    );

  /** Changes only; the detail views (VIEW_PII) stay in the full access log. */
  async function history(id: number, actor: Actor) {
    if (!(await repo.findAppUser(db, id, actor.scope, await dormantSince(db)))) throw notFound();
    return {
      data: await listTargetHistory(db, { type: 'app_user', id, excludeActions: ['VIEW_PII'] }),
    };
  }

  /** 동의 기록 (docs/privacy-lifecycle.md#consent-records): no personal data of their own, so not a VIEW_PII. */
  async function consents(id: number, actor: Actor) {
    if (!(await repo.findAppUser(db, id, actor.scope, await dormantSince(db)))) throw notFound();
    return { data: (await consentRepo.listConsents(db, id)).map(toConsent) };
  }

  /**
   * A withdrawal the member gave by phone. Only optional items: the required ones end with the membership (the
   * database refuses the rest too: app_user_consents_required_check and the guard trigger of migration 0019).
   */
  async function withdrawConsent(
    id: number,
    consentId: number,
    body: ConsentWithdrawal,
    actor: Actor,
  ): Promise<Consent> {
    return db.transaction(async (tx) => {
      const user = await repo.lockAppUser(tx, id, actor.scope);
      if (!user) throw notFound();
      const consent = await consentRepo.findConsent(tx, id, consentId);
      if (!consent) throw notFound();
      if (isRequiredConsent(consent.item)) throw new AppError('CONFLICT', consentMessages.required);
      const note = body.note.trim();
      const withdrawn = await consentRepo.withdrawConsent(
        tx,
        { appUserId: id, id: consentId },
        {
          withdrawnAt: new Date(),
          withdrawalChannel: 'phone',
          withdrawalNote: note,
          withdrawnByAdminId: actor.adminId,
        },
      );
      if (!withdrawn) throw new AppError('CONFLICT', consentMessages.alreadyWithdrawn);
      const item = CONSENT_ITEM_LABELS[consent.item];
      await appendAudit(tx, actor.audit, {
        action: 'UPDATE',
        targetType: 'app_user',
        targetId: id,
        summary: `동의 철회 기록 (${CONSENT_CHANNEL_LABELS.phone}): ${item} (${user.name})`,
        diff: { consents: { before: `${item}: 동의`, after: `${item}: 철회` } },
        reason: note,
      });
      return toConsent((await consentRepo.findConsent(tx, id, consentId))!);
    });
  }

  return { list, get, changeStatus, reverseStatus, history, consents, withdrawConsent };
}
export type AppUsersService = ReturnType<typeof createAppUsersService>;
