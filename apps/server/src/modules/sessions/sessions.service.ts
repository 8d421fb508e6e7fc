import { type AdminSession, sessionMessages } from '@ilson/contracts';
import { appendAudit } from '../../audit/trail';
import type { Database } from '../../db/client';
import type { AuditActor } from '../../lib/actor';
import { type Clock, systemClock } from '../../lib/clock';
import { notFound, validationError } from '../../lib/errors';
import type { AuthAdmin } from '../../plugins/auth';
import * as repo from './sessions.repository';

type Ended = Awaited<ReturnType<typeof repo.endSessions>>;

/** Where an ended session was, as the access log names it: its IP and the start of its user agent. */
function describe(ended: Ended): string {
  return ended
    .map((s) => [s.ip, s.userAgent?.slice(0, 60)].filter(Boolean).join(' · ') || '알 수 없는 기기')
    .join(', ');
}

/**
 * Seeing and ending sessions (docs/sessions-and-logs.md#seeing-and-ending-sessions). Ending one revokes it, its refresh
 * family with it; the next request of that session is a 401 in every process.
 */
export function createSessionsService(deps: { db: Database; clock?: Clock }) {
  const { db, clock = systemClock } = deps;
  const now = () => new Date(clock());

  async function list(adminId: number, currentSessionId: string): Promise<AdminSession[]> {
    const rows = await repo.liveSessions(db, adminId, now());
    return rows.map((row) => ({
      id: row.id,
      current: row.id === currentSessionId,
      ip: row.ip,
      userAgent: row.userAgent,
      remember: row.remember,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      secondFactor: row.secondFactorAt !== null,
    }));
  }

  async function mine(admin: AuthAdmin) {
    return list(admin.id, admin.sessionId);
  }

  async function endMine(admin: AuthAdmin, sessionId: string, actor: AuditActor) {
    if (sessionId === admin.sessionId) {
      throw validationError([{ field: 'session_id', message: sessionMessages.currentViaLogout }]);
    }
    await db.transaction(async (tx) => {
      const ended = await repo.endSessions(tx, admin.id, 'ended_by_self', now(), { only: sessionId });
      if (ended.length === 0) throw notFound(sessionMessages.notFound);
      await appendAudit(tx, actor, {
        action: 'LOGOUT',
        targetType: 'admin',
        targetId: admin.id,
        summary: `다른 세션 종료: ${describe(ended)}`,
      });
    });
  }

  async function endOthers(admin: AuthAdmin, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const ended = await repo.endSessions(tx, admin.id, 'ended_by_self', now(), { except: admin.sessionId });
      if (ended.length > 0) {
        await appendAudit(tx, actor, {
          action: 'LOGOUT',
          targetType: 'admin',
          targetId: admin.id,
          summary: `이 세션 외의 세션 ${ended.length}개 종료`,
          recordCount: ended.length,
        });
      }
      return { ended: ended.length };
    });
  }

  async function ofAdmin(adminId: number, viewer: AuthAdmin) {
    if (!(await repo.adminLogin(db, adminId))) throw notFound();
    return list(adminId, viewer.sessionId);
  }

  /** A super admin ends another admin's session (or all of them): logged on that admin with who did it. */
  async function endOfAdmin(adminId: number, which: { only?: string }, viewer: AuthAdmin, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const target = await repo.adminLogin(tx, adminId);
      if (!target) throw notFound();
      const ended = await repo.endSessions(tx, adminId, 'ended_by_admin', now(), {
        ...which,
        // Ending all of one's own from here keeps the one in use.
        ...(adminId === viewer.id ? { except: viewer.sessionId } : {}),
      });
      if (which.only && ended.length === 0) throw notFound(sessionMessages.notFound);
      if (ended.length > 0) {
        await appendAudit(tx, actor, {
          action: 'LOGOUT',
          targetType: 'admin',
          targetId: adminId,
          summary: which.only
            ? `관리자가 세션 종료 (${target.loginId}): ${describe(ended)}`
            : `관리자가 세션 ${ended.length}개 종료 (${target.loginId})`,
          recordCount: ended.length,
        });
      }
      return { ended: ended.length };
    });
  }

  return { mine, endMine, endOthers, ofAdmin, endOfAdmin };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
