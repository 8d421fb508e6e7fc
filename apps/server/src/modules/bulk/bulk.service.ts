import {
  BULK_ACTIONS,
  BULK_MAX_RECORDS,
  type BulkActionSpec,
  type BulkJob,
  type BulkResource,
  bulkMessages,
  can,
} from '@ilson/contracts';
import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { appendAudit } from '../../audit/trail';
import { type Database, queryRows } from '../../db/client';
import { admins, bulkJobItems, bulkJobs } from '../../db/schema';
import type { Executor } from '../../db/types';
import { claimStaleRun, createRunner, LostRun, updateOwnedRun } from '../../jobs/runner';
import type { Actor } from '../../lib/actor';
import { AppError, conflict, forbidden, notFound, validationError } from '../../lib/errors';
import { filterSummary } from '../workers/workers.pii';
import type { BulkParams, BulkTarget } from './bulk.targets';

/**
 * Bulk actions as server jobs (docs/bulk-actions.md). Starting one fixes its records (`bulk_job_items`); the job then
 * applies the action to them a page at a time, each record in its own transaction through its service's own status
 * change, so a refusal (a transition the record's state does not allow, the maker–checker rule, another branch) is
 * that record's alone and is kept with its reason. The runs outlive their process like an import's (jobs/runner.ts).
 */

const PAGE = 100;
const TARGET_TYPE: Record<BulkResource, string> = {
  employers: 'employer',
  'job-posts': 'job_post',
  reviews: 'review',
  payouts: 'payout',
  workers: 'worker',
};
const runFailed = '처리 중 오류가 발생했습니다. 다시 시도해 주세요.';

type JobRow = typeof bulkJobs.$inferSelect;
type StartInput = BulkParams & { ids?: number[]; filter?: Record<string, unknown> };

const specOf = (resource: BulkResource, action: string) =>
  (BULK_ACTIONS[resource] as Record<string, BulkActionSpec>)[action];

/** A branch-scoped admin sees the jobs started within their branch; head office sees all. */
const jobScope = (actor: Actor) =>
  actor.scope.all
    ? undefined
    : sql`${bulkJobs.scopeBranchIds} = ARRAY[${actor.scope.branchId ?? -1}]::integer[]`;

export function createBulkService({
  db,
  targets,
  log,
  concurrency = 1,
}: {
  db: Database;
  targets: Record<BulkResource, BulkTarget>;
  log?: FastifyBaseLogger;
  /** Records changed at once within a page: each is its own transaction (PostgreSQL's pool runs a few side by side). */
  concurrency?: number;
}) {
  async function findJob(resource: BulkResource, id: number, actor: Actor) {
    const [row] = await db
      .select({ job: bulkJobs, createdByName: admins.name })
      .from(bulkJobs)
      .leftJoin(admins, eq(admins.id, bulkJobs.createdBy))
      .where(and(eq(bulkJobs.id, id), sql`${bulkJobs.resource} = ${resource}`, jobScope(actor)))
      .limit(1);
    if (!row) throw notFound();
    return toJob(row.job, row.createdByName);
  }

  function toJob(row: JobRow, createdByName: string | null): BulkJob {
    return {
      id: row.id,
      resource: row.resource,
      action: row.action,
      actionLabel: specOf(row.resource, row.action)?.label ?? row.action,
      status: row.status,
      scope: row.scope,
      total: row.total,
      processed: row.processed,
      succeeded: row.succeeded,
      failed: row.failed,
      cancelRequested: row.cancelRequested,
      failure: row.failure,
      createdByName,
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
    };
  }

  async function start(resource: BulkResource, input: StartInput, actor: Actor): Promise<BulkJob> {
    const spec = specOf(resource, input.action);
    if (!spec) throw validationError([{ field: 'action', message: bulkMessages.unknownAction }]);
    if (!can(actor.role, spec.permission)) throw forbidden();
    const reason = input.reason?.trim() || undefined;
    if (spec.reasonRequired && !reason) {
      throw validationError([{ field: 'reason', message: bulkMessages.reasonRequired }]);
    }
    if (spec.needsBranch && !input.branchId) {
      throw validationError([{ field: 'branch_id', message: bulkMessages.branchRequired }]);
    }
    const target = targets[resource];
    const where = input.filter ? target.where(input.filter, actor) : undefined;
    const scope = input.ids
      ? `선택한 ${new Set(input.ids).size.toLocaleString('ko-KR')}건`
      : `조건: ${filterSummary(input.filter ?? {}) || '전체'}`;
    const token = runner.token();
    const id = await db.transaction(async (tx) => {
      const [job] = await tx
        .insert(bulkJobs)
        .values({
          resource,
          action: input.action,
          params: { reason, branchId: input.branchId },
          scope,
          runnerToken: token,
          heartbeatAt: new Date(),
          runActor: actor,
          scopeBranchIds: actor.scope.all ? null : [actor.scope.branchId ?? -1],
          createdBy: actor.adminId,
        })
        .returning({ id: bulkJobs.id });
      const jobId = job!.id;
      const total = input.ids
        ? await snapshotIds(tx, jobId, input.ids)
        : await snapshotFilter(tx, jobId, target, where);
      if (total === 0) throw validationError([{ field: 'filter', message: bulkMessages.nothingMatched }]);
      if (total > BULK_MAX_RECORDS) {
        throw validationError([{ field: 'filter', message: bulkMessages.tooMany }], bulkMessages.tooMany);
      }
      await tx.update(bulkJobs).set({ total }).where(eq(bulkJobs.id, jobId));
      await appendAudit(tx, actor.audit, {
        action: 'UPDATE',
        targetType: TARGET_TYPE[resource],
        summary: `일괄 ${spec.label} 시작 (작업 #${jobId}): ${scope}, ${total.toLocaleString('ko-KR')}건`,
        diff: {
          bulkJobId: jobId,
          action: input.action,
          filter: input.filter ?? null,
          ids: input.ids ?? null,
        },
        recordCount: total,
        reason: reason ?? null,
      });
      return jobId;
    });
    runner.launch(id, token);
    return findJob(resource, id, actor);
  }

  async function snapshotIds(tx: Executor, jobId: number, ids: number[]) {
    const unique = [...new Set(ids)];
    await tx.insert(bulkJobItems).values(unique.map((recordId, i) => ({ jobId, seq: i + 1, recordId })));
    return unique.length;
  }

  /** The filter's records in id order, one past the limit at most (the job is then refused). */
  async function snapshotFilter(
    tx: Executor,
    jobId: number,
    target: BulkTarget,
    where: ReturnType<BulkTarget['where']>,
  ) {
    const { table } = target;
    const [row] = await queryRows<{ n: number }>(
      tx,
      sql`WITH inserted AS (
            INSERT INTO bulk_job_items (job_id, seq, record_id)
            SELECT ${jobId}, row_number() OVER (ORDER BY m.id), m.id
            FROM (SELECT ${table.id} AS id FROM ${table} WHERE ${where ?? sql`true`}
                  ORDER BY ${table.id} LIMIT ${BULK_MAX_RECORDS + 1}) m
            RETURNING 1)
          SELECT count(*)::int AS n FROM inserted`,
    );
    return row?.n ?? 0;
  }

  async function cancel(resource: BulkResource, id: number, actor: Actor) {
    const job = await findJob(resource, id, actor);
    if (job.status !== 'running') throw conflict(bulkMessages.notCancellable);
    await db
      .update(bulkJobs)
      .set({ cancelRequested: true, updatedAt: new Date() })
      .where(eq(bulkJobs.id, id));
    return findJob(resource, id, actor);
  }

  async function failures(
    resource: BulkResource,
    id: number,
    page: { page: number; pageSize: number },
    actor: Actor,
  ) {
    await findJob(resource, id, actor);
    const where = and(eq(bulkJobItems.jobId, id), eq(bulkJobItems.status, 'failed'));
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(bulkJobItems)
        .where(where)
        .orderBy(asc(bulkJobItems.seq))
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize),
      db.select({ n: count() }).from(bulkJobItems).where(where),
    ]);
    const labels = await targets[resource].labels(
      db,
      rows.map((r) => r.recordId),
      actor.scope,
    );
    return {
      data: rows.map((r) => ({
        recordId: r.recordId,
        label: labels.get(r.recordId) ?? `#${r.recordId}`,
        code: r.code ?? 'ERROR',
        message: r.message ?? '',
      })),
      meta: { page: page.page, pageSize: page.pageSize, total: total?.n ?? 0 },
    };
  }

  /* ---------------------------------------------------------------------------------------------------------- */

  const updateRun = (executor: Executor, id: number, token: string, values: Record<string, unknown>) =>
    updateOwnedRun(executor, bulkJobs, id, token, values);

  async function step(job: JobRow, token: string): Promise<boolean> {
    const items = await db
      .select()
      .from(bulkJobItems)
      .where(and(eq(bulkJobItems.jobId, job.id), gt(bulkJobItems.seq, job.cursor)))
      .orderBy(asc(bulkJobItems.seq))
      .limit(PAGE);
    if (items.length === 0) return true;
    const target = targets[job.resource];
    const params = { action: job.action, ...job.params };
    const outcomes: { seq: number; ok: boolean; code?: string; message?: string }[] = [];
    const applyOne = async (item: (typeof items)[number]) => {
      try {
        await target.apply(item.recordId, params, job.runActor);
        return { seq: item.seq, ok: true };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return {
          seq: item.seq,
          ok: false,
          code: error.code,
          message: error.details?.[0]?.message ?? error.message,
        };
      }
    };
    for (let i = 0; i < items.length; i += concurrency) {
      outcomes.push(...(await Promise.all(items.slice(i, i + concurrency).map(applyOne))));
    }
    const failed = outcomes.filter((o) => !o.ok);
    await db.transaction(async (tx) => {
      await tx
        .update(bulkJobItems)
        .set({ status: 'ok' })
        .where(
          and(
            eq(bulkJobItems.jobId, job.id),
            inArray(
              bulkJobItems.seq,
              outcomes.filter((o) => o.ok).map((o) => o.seq),
            ),
          ),
        );
      for (const f of failed) {
        await tx
          .update(bulkJobItems)
          .set({ status: 'failed', code: f.code, message: f.message })
          .where(and(eq(bulkJobItems.jobId, job.id), eq(bulkJobItems.seq, f.seq)));
      }
      const ok = await updateRun(tx, job.id, token, {
        cursor: items.at(-1)!.seq,
        processed: sql`${bulkJobs.processed} + ${items.length}`,
        succeeded: sql`${bulkJobs.succeeded} + ${outcomes.length - failed.length}`,
        failed: sql`${bulkJobs.failed} + ${failed.length}`,
      });
      if (!ok) throw new LostRun();
    });
    return items.length < PAGE;
  }

  async function finish(job: JobRow, token: string, cancelled: boolean) {
    await db.transaction(async (tx) => {
      const ok = await updateRun(tx, job.id, token, {
        status: cancelled ? 'cancelled' : 'done',
        runnerToken: null,
        cancelRequested: false,
        finishedAt: new Date(),
      });
      if (!ok) throw new LostRun();
      const [now] = await tx.select().from(bulkJobs).where(eq(bulkJobs.id, job.id));
      const spec = specOf(job.resource, job.action);
      await appendAudit(tx, job.runActor.audit, {
        action: 'UPDATE',
        targetType: TARGET_TYPE[job.resource],
        summary: `일괄 ${spec?.label ?? job.action} ${cancelled ? '중지' : '완료'} (작업 #${job.id}): 처리 ${now!.succeeded.toLocaleString('ko-KR')}건, 제외 ${now!.failed.toLocaleString('ko-KR')}건 / ${now!.total.toLocaleString('ko-KR')}건`,
        diff: { bulkJobId: job.id, succeeded: now!.succeeded, failed: now!.failed, total: now!.total },
        recordCount: now!.succeeded,
      });
    });
  }

  const runner = createRunner<JobRow>(
    'bulk',
    {
      load: async (id) => (await db.select().from(bulkJobs).where(eq(bulkJobs.id, id)).limit(1))[0],
      isRunning: (job) => job.status === 'running',
      step,
      finish,
      fail: async (id, token) => {
        await updateRun(db, id, token, {
          status: 'failed',
          failure: runFailed,
          runnerToken: null,
          finishedAt: new Date(),
        });
      },
      release: async (id, token) => {
        await updateRun(db, id, token, { runnerToken: null, heartbeatAt: null });
      },
      claimStale: (token, staleMs) => claimStaleRun(db, 'bulk_jobs', sql`status = 'running'`, token, staleMs),
    },
    log,
  );

  return {
    start,
    get: findJob,
    cancel,
    failures,
    resumeStale: runner.resumeStale,
    stop: runner.stop,
    idle: runner.idle,
  };
}
export type BulkService = ReturnType<typeof createBulkService>;
