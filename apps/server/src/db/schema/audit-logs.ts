import { AUDIT_ACTIONS } from '@ilson/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

/**
 * A sign-in, successful or not: the own-logins index's predicate and its statement's condition, written once so
 * that they stay the same text (constants, not parameters: PostgreSQL proves the index's predicate from them).
 */
export const isSignIn = (action: AnyPgColumn): SQL => sql`${action} IN ('LOGIN', 'LOGIN_FAILED')`;

/** 접속기록: append-only (a trigger refuses UPDATE and DELETE) and hash-chained. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: tstz().notNull(),
    actorAdminId: integer(),
    actorLoginId: text(),
    action: text({ enum: AUDIT_ACTIONS }).notNull(),
    targetType: text(),
    targetId: text(),
    summary: text().notNull().default(''),
    diff: jsonb(),
    recordCount: integer(),
    reason: text(),
    ip: text(),
    userAgent: text(),
    prevHash: text().notNull(),
    hash: text().notNull(),
  },
  (t) => [
    index('audit_logs_created_idx').on(t.createdAt.desc()),
    index('audit_logs_actor_idx').on(t.actorAdminId, t.createdAt.desc()),
    index('audit_logs_target_idx').on(t.targetType, t.targetId),
    index('audit_logs_action_idx').on(t.action, t.createdAt.desc()),
    // The list filtered by action, newest first (ORDER BY id): its rows in order whatever the recent mix of actions
    // (docs/performance.md#embedded-planning).
    index('audit_logs_action_id_idx').on(t.action, t.id),
    // An admin's own sign-ins (내 정보 → 로그인 기록), newest first, read backwards: however many other rows the
    // admin made, the page is the index's first entries (docs/access-log.md#own-sign-ins). The predicate is the
    // statement's own (me.repository.ts).
    index('audit_logs_own_logins_idx').on(t.actorAdminId, t.createdAt, t.id).where(isSignIn(t.action)),
  ],
);
