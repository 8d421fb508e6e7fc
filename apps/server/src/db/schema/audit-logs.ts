import { AUDIT_ACTIONS } from '@ilson/contracts';
import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

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
    // (docs/ARCHITECTURE.md#embedded-planning).
    index('audit_logs_action_id_idx').on(t.action, t.id),
  ],
);
