import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

export const AUDIT_CHECKPOINT_KINDS = ['keyed_start', 'head', 'cut'] as const;

/**
 * Checkpoints of the access log's chain, outside audit_logs: where the keyed chain starts (once), the head (last
 * id, its hash, the rows up to it) now and then, and each cut where rows past their retention were deleted
 * (docs/access-log.md#retention): the chain then starts from the cut's hash. Each is MAC'd with the chain key and linked to
 * the one before; append-only like the log (a trigger refuses UPDATE, DELETE and TRUNCATE).
 */
export const auditCheckpoints = pgTable(
  'audit_checkpoints',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text({ enum: AUDIT_CHECKPOINT_KINDS }).notNull(),
    createdAt: tstz().notNull(),
    /** 0 when the log was empty. */
    lastId: bigint({ mode: 'number' }).notNull(),
    lastHash: text().notNull(),
    rowCount: bigint({ mode: 'number' }).notNull(),
    /** keyed_start only: how the check of the sha256 rows before it came out. */
    legacyOk: boolean(),
    legacyProblems: integer(),
    prevMac: text().notNull(),
    mac: text().notNull(),
  },
  (t) => [
    uniqueIndex('audit_checkpoints_keyed_start_idx').on(t.kind).where(sql`${t.kind} = 'keyed_start'`),
    check('audit_checkpoints_kind_check', sql`${t.kind} IN ('keyed_start', 'head', 'cut')`),
  ],
);
