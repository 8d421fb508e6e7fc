import {
  DESTRUCTION_KINDS,
  DESTRUCTION_TRIGGER_LABELS,
  type DestructionKind,
  type DestructionKindResult,
  type DestructionListQuery,
  type DestructionRecord,
  type DestructionResult,
  type DestructionTrigger,
  destructionRegisterFileName,
  RETENTION_KIND_LABELS,
  RETENTION_METHOD_BY_KIND,
  RETENTION_METHOD_LABELS,
  type RetentionKind,
  type RetentionRules,
  STAGED_IMPORT_RETENTION_DAYS,
} from '@ilson/contracts';
import { sql } from 'drizzle-orm';
import { appendAudit } from '../../audit/trail';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import { type Database, queryRows } from '../../db/client';
import type { Executor } from '../../db/types';
import { neutralizeText } from '../../export/sql';
import { csvHeader, csvRows } from '../../export/writers';
import type { AuditActor } from '../../lib/actor';
import { seoulToday } from '../../lib/dates';
import { AppError } from '../../lib/errors';
import type { PiiCipher } from '../../lib/pii';
import type { SettingsService } from '../settings/settings.service';
import {
  type DestructionRow,
  type DueDays,
  destroyAppUsers,
  destroyAuditLogs,
  destroyEmployers,
  destroyMatchings,
  destroyPayouts,
  destroyResumes,
  destroyWorkers,
  dueAppUsers,
  dueAuditLogs,
  dueDays,
  dueEmployers,
  dueMatchings,
  duePayouts,
  dueResumes,
  dueWorkers,
  insertDestruction,
  listDestructions,
} from './privacy.repository';
import { purgeStagedImports } from './traces';

/** Records destroyed per transaction: a large backlog is destroyed in several, each complete on its own. */
const BATCH = 1_000;
/** Import batches whose staged rows are purged per transaction. */
const STAGED_BATCHES = 100;
/** The ids a run's reply and its access-log row list (the register keeps them all). */
const SHOWN_IDS = 100;

export const SYSTEM_ACTOR: AuditActor = {
  actorAdminId: null,
  actorLoginId: 'system',
  ip: null,
  userAgent: null,
};

/**
 * Each kind's records: which are due, how they are destroyed, and what the access log calls them. The access
 * log's own rows go in larger batches, and the register keeps the first and last id of each (a range, not a list).
 */
const KINDS: Record<
  DestructionKind,
  {
    targetType: string;
    due(executor: Executor, days: DueDays, limit: number): Promise<number[]>;
    destroy(executor: Executor, ids: number[], pii: PiiCipher): Promise<number[]>;
    batch?: number;
    registered?(ids: number[]): number[];
  }
> = {
  appUsers: { targetType: 'app_user', due: dueAppUsers, destroy: destroyAppUsers },
  resumes: { targetType: 'resume', due: dueResumes, destroy: destroyResumes },
  employers: { targetType: 'employer', due: dueEmployers, destroy: destroyEmployers },
  workers: {
    targetType: 'worker',
    due: dueWorkers,
    destroy: (tx, ids, pii) => destroyWorkers(tx, ids, pii.searchHash),
  },
  matchings: { targetType: 'matching', due: dueMatchings, destroy: destroyMatchings },
  payouts: { targetType: 'payout', due: duePayouts, destroy: destroyPayouts },
  auditLogs: {
    targetType: 'audit_log',
    due: dueAuditLogs,
    destroy: destroyAuditLogs,
    batch: 50_000,
    registered: (ids) => [ids[0]!, ids[ids.length - 1]!],
  },
};

export const destructionBusy = () =>
  new AppError('CONFLICT', '다른 파기 작업이 진행 중입니다. 잠시 후 다시 시도해 주세요.');

type RunInput = {
  dryRun: boolean;
  reason: string;
  trigger: DestructionTrigger;
  actor: AuditActor;
  /** Today in Seoul; tests move it. */
  today?: string;
};

/**
 * The personal-data lifecycle's destruction (docs/privacy-lifecycle.md): what is past its retention, destroyed in
 * batches, each batch with its access-log row (DESTROY) and its line in the 파기 대장, in one transaction.
 */
export function createPrivacyService(deps: { db: Database; settings: SettingsService; pii: PiiCipher }) {
  const { db, settings, pii } = deps;

  /** The records of a kind that are due, oldest first (at most `limit`). */
  const due = (executor: Executor, kind: DestructionKind, days: DueDays, limit: number) =>
    KINDS[kind].due(executor, days, limit);

  function kindResult(kind: DestructionKind, rules: RetentionRules, days: DueDays, ids: number[]) {
    return {
      kind,
      count: ids.length,
      ids: ids.slice(0, SHOWN_IDS),
      months: rules[kind].months,
      basis: rules[kind].basis,
      dueBefore: days[kind],
    } satisfies DestructionKindResult;
  }

  /**
   * One batch of a kind, destroyed, logged and registered in one transaction; the ids destroyed, or null when
   * another process is destroying (the scheduled run leaves the round to it, a super admin's run is told to wait).
   */
  async function destroyBatch(
    kind: DestructionKind,
    rules: RetentionRules,
    days: DueDays,
    input: RunInput,
  ): Promise<number[] | null> {
    return db.transaction(async (tx) => {
      const [lock] = await queryRows<{ locked: boolean }>(
        tx,
        sql`SELECT pg_try_advisory_xact_lock(${ADVISORY_LOCKS.destruction}) AS locked`,
      );
      if (!lock?.locked) {
        if (input.trigger === 'schedule') return null;
        throw destructionBusy();
      }
      const ids = await due(tx, kind, days, KINDS[kind].batch ?? BATCH);
      const destroyed = await KINDS[kind].destroy(tx, ids, pii);
      if (destroyed.length === 0) return [];
      const rule = rules[kind];
      const label = RETENTION_KIND_LABELS[kind].label;
      await insertDestruction(tx, {
        kind,
        method: RETENTION_METHOD_BY_KIND[kind],
        count: destroyed.length,
        months: rule.months,
        basis: rule.basis,
        trigger: input.trigger,
        reason: input.reason,
        approvedByAdminId: input.actor.actorAdminId,
        targetIds: KINDS[kind].registered?.(destroyed) ?? destroyed,
      });
      await appendAudit(tx, input.actor, {
        action: 'DESTROY',
        targetType: KINDS[kind].targetType,
        summary: `개인정보 파기: ${label} ${destroyed.length.toLocaleString('ko-KR')}건 (${DESTRUCTION_TRIGGER_LABELS[input.trigger]}, 보존 ${rule.months}개월)`,
        diff: { kind, ids: destroyed.slice(0, SHOWN_IDS), months: rule.months, basis: rule.basis },
        recordCount: destroyed.length,
        reason: input.reason || rule.basis,
      });
      return destroyed;
    });
  }

  /**
   * A dry run lists what is due without changing anything; a real run destroys it. Both read the same rules and
   * the same day, so a real run right after a dry run destroys exactly what the dry run listed.
   */
  async function run(input: RunInput): Promise<DestructionResult> {
    const today = input.today ?? seoulToday();
    const { retention: rules } = await settings.get();
    const ranAt = new Date().toISOString();
    if (input.dryRun) {
      const days = await dueDays(db, today, rules);
      const kinds = [];
      for (const kind of DESTRUCTION_KINDS) {
        kinds.push(kindResult(kind, rules, days, await due(db, kind, days, Number.MAX_SAFE_INTEGER)));
      }
      return { dryRun: true, ranAt, kinds, total: kinds.reduce((sum, k) => sum + k.count, 0) };
    }
    const days = await dueDays(db, today, rules);
    const destroyed = Object.fromEntries(DESTRUCTION_KINDS.map((kind) => [kind, [] as number[]])) as Record<
      DestructionKind,
      number[]
    >;
    // App users first: a worker waits for their account to be due, so its pass finds the account destroyed and a
    // dry run, which destroys nothing, lists exactly what this run destroys.
    for (const kind of DESTRUCTION_KINDS) {
      for (;;) {
        const batch = await destroyBatch(kind, rules, days, input);
        if (batch === null) break;
        destroyed[kind].push(...batch);
        if (batch.length < (KINDS[kind].batch ?? BATCH)) break;
      }
    }
    await purgeStaged(input);
    const kinds = DESTRUCTION_KINDS.map((kind) => kindResult(kind, rules, days, destroyed[kind]));
    return { dryRun: false, ranAt, kinds, total: kinds.reduce((sum, k) => sum + k.count, 0) };
  }

  /**
   * Staged import rows past their own retention (docs/privacy-lifecycle.md#staged-imports), a hundred batches a
   * transaction, each logged as a DESTROY of the batches; under the same lock as the rest of the run.
   */
  async function purgeStaged(input: RunInput) {
    for (;;) {
      const purged = await db.transaction(async (tx) => {
        const [lock] = await queryRows<{ locked: boolean }>(
          tx,
          sql`SELECT pg_try_advisory_xact_lock(${ADVISORY_LOCKS.destruction}) AS locked`,
        );
        if (!lock?.locked) return null;
        const done = await purgeStagedImports(tx, STAGED_BATCHES);
        if (done.batchIds.length === 0) return done;
        await appendAudit(tx, input.actor, {
          action: 'DESTROY',
          targetType: 'import_batch',
          summary: `개인정보 파기: 가져오기 대기 행 ${done.rows.toLocaleString('ko-KR')}건 (파일 ${done.batchIds.length.toLocaleString('ko-KR')}개, 보관 ${STAGED_IMPORT_RETENTION_DAYS}일 경과)`,
          diff: {
            kind: 'stagedImports',
            batchIds: done.batchIds,
            rows: done.rows,
            days: STAGED_IMPORT_RETENTION_DAYS,
          },
          recordCount: done.rows,
          reason: input.reason || `가져오기 대기 행 보관 ${STAGED_IMPORT_RETENTION_DAYS}일`,
        });
        return done;
      });
      if (purged === null || purged.batchIds.length < STAGED_BATCHES) return;
    }
  }

  /** The scheduled run: what is due today, destroyed as the system. */
  function scheduled() {
    return run({ dryRun: false, reason: '', trigger: 'schedule', actor: SYSTEM_ACTOR }).then(
      (result) => result.total,
    );
  }

  async function list(query: DestructionListQuery & { page: number; pageSize: number }) {
    const { rows, total } = await listDestructions(db, query, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return { data: rows.map(toRecord), meta: { page: query.page, pageSize: query.pageSize, total } };
  }

  /** The whole filtered register as CSV (small: one line per kind per run); the download is logged. */
  async function exportCsv(query: Omit<DestructionListQuery, 'page' | 'pageSize'>, actor: AuditActor) {
    const { rows } = await listDestructions(db, query, null);
    const columns = REGISTER_COLUMNS.map(([header]) => ({ header }));
    const body =
      csvHeader(columns as never) +
      csvRows(rows.map((row) => REGISTER_COLUMNS.map(([, value]) => value(toRecord(row)))));
    await appendAudit(db, actor, {
      action: 'EXPORT',
      targetType: 'destruction',
      summary: `파기 대장 내보내기: ${rows.length.toLocaleString('ko-KR')}건`,
      diff: { format: 'csv', filters: query },
      recordCount: rows.length,
    });
    return { fileName: destructionRegisterFileName(seoulToday()), body };
  }

  return { run, scheduled, list, exportCsv };
}
export type PrivacyService = ReturnType<typeof createPrivacyService>;

function toRecord({ destroyedAt, ...row }: DestructionRow): DestructionRecord {
  return { ...row, destroyedAt: destroyedAt.toISOString() };
}

const seoulTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Seoul',
  dateStyle: 'short',
  timeStyle: 'medium',
});

/** The register's columns as the file shows them (text a spreadsheet could run is neutralised). */
const REGISTER_COLUMNS: [string, (record: DestructionRecord) => string | number][] = [
  ['번호', (r) => r.id],
  ['파기 일시', (r) => seoulTime.format(new Date(r.destroyedAt))],
  ['대상', (r) => RETENTION_KIND_LABELS[r.kind as RetentionKind].label],
  ['방법', (r) => RETENTION_METHOD_LABELS[r.method]],
  ['건수', (r) => r.count],
  ['보존 기간(개월)', (r) => r.months],
  ['근거', (r) => neutralizeText(r.basis)],
  ['구분', (r) => DESTRUCTION_TRIGGER_LABELS[r.trigger]],
  ['승인자', (r) => neutralizeText(r.approvedByName ?? '시스템')],
  ['사유', (r) => neutralizeText(r.reason)],
  ['대상 번호', (r) => r.targetIds.join(' ')],
];
