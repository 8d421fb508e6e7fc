/**
 * Every PostgreSQL advisory-lock id the server takes, in one place (docs/domain-integrity.md#advisory-locks). Two
 * mechanisms that took one id would skip or wait on each other for no reason; `advisory-locks.test.ts` checks the
 * ids are unique and that no other file passes pg_advisory_* anything but an entry of this table. A new lock gets
 * a new entry here, never a reused or computed number.
 */
export const ADVISORY_LOCKS = {
  /** A session lock: one instance migrates at a time (db/migrate.ts). */
  migration: 7_340_211,
  /** Appends to the access log's chain, across every process; the seed takes it too (audit/trail.ts). */
  auditChain: 7_340_212,
  /** Role and status changes of admins (admins.repository.ts). */
  adminChanges: 7_340_213,
  /** The job that closes job posts past their deadline: one process a round, the others skip. */
  jobPostClosing: 7_340_214,
  /** Checkpoint writes of the access log: each links to the one before. */
  auditCheckpoint: 7_340_221,
  /** The scheduled checkpoint: one process a round. */
  auditCheckpointJob: 7_340_222,
  /** Destruction of personal data past retention: one run at a time (docs/privacy-lifecycle.md#the-job). */
  destruction: 7_340_231,
  /** Import commits of workers take turns page by page (docs/imports.md#commit-undo-and-the-access-log). */
  importCommitWorkers: 7_310_001,
  /** Import commits of employers, likewise. */
  importCommitEmployers: 7_310_002,
} as const;

export type AdvisoryLock = keyof typeof ADVISORY_LOCKS;
