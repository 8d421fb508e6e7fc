import { PassThrough, type Readable } from 'node:stream';
import {
  camelToSnake,
  hasUnstorableText,
  IMPORT_COLUMNS,
  IMPORT_LIMITS,
  IMPORT_RESOURCE_LABELS,
  IMPORT_RUNNING,
  type ImportBatch,
  type ImportResource,
  type ImportStatus,
  importBranchMap,
  importColumnOfField,
  importInput,
  importMessages,
  privacyMessages,
  recordMessages,
  snakeToCamel,
  suggestMapping,
} from '@ilson/contracts';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { appendAudit } from '../../audit/trail';
import { ADVISORY_LOCKS, type AdvisoryLock } from '../../db/advisory-locks';
import { type Database, queryRows } from '../../db/client';
import { type ImportRunActor, importBatches, importRows } from '../../db/schema';
import type { Executor, Tx } from '../../db/types';
import { SheetWriter } from '../../export/writers';
import { readTable } from '../../import/read-table';
import { claimStaleRun, createRunner, LostRun } from '../../jobs/runner';
import type { Actor } from '../../lib/actor';
import { AppError, conflict, notFound, validationError } from '../../lib/errors';
import type { PiiCipher } from '../../lib/pii';
import { holdBranches } from '../branches/branches.rules';
import type { EmployersService } from '../employers/employers.service';
import { IdentifierSearchLimited, spendIdentifierLookup } from '../workers/workers.pii';
import type { WorkersService } from '../workers/workers.service';
import * as repo from './imports.repository';
import {
  employerTarget,
  type HeldKey,
  type ImportTarget,
  type ParsedRow,
  workerTarget,
} from './imports.targets';
import { buildTemplate } from './imports.template';

/**
 * The import kit's runs (docs/imports.md). A run (dry run, commit, undo) goes through the file's rows a page at a
 * time, each page in its own short transaction that also moves the batch's counters and heartbeat. Nothing of a
 * run lives only in this process: the page's outcome is in `import_rows`, the position in `cursor`; a run whose
 * process stopped is taken over by another (or by this one after a restart) where it stood.
 */

const VALIDATE_PAGE = 1000;
const COMMIT_PAGE = 500;
const UNDO_PAGE = 1000;
const UPLOAD_PAGE = 1000;
/** Commits of one resource's imports take turns page by page: two batches of one file cannot both insert a row. */
const COMMIT_LOCK: Record<ImportResource, AdvisoryLock> = {
  workers: 'importCommitWorkers',
  employers: 'importCommitEmployers',
};
const TARGET_TYPE: Record<ImportResource, string> = { workers: 'worker', employers: 'employer' };

const runFailed = '처리 중 오류가 발생했습니다. 다시 시도해 주세요.';
/** An upload under way touches its batch this often; one untouched for UPLOAD_STALE_MS lost its process. */
const UPLOAD_HEARTBEAT_MS = 15_000;
export const UPLOAD_STALE_MS = 5 * 60_000;

type Finish = { status: ImportStatus; extra?: Record<string, unknown> };

export function createImportsService({
  db,
  pii,
  log,
  services,
}: {
  db: Database;
  pii: PiiCipher;
  log?: FastifyBaseLogger;
  /** The records' own services: a commit creates and an undo removes through them. */
  services: { workers: WorkersService; employers: EmployersService };
}) {
  const targets: Record<ImportResource, ImportTarget> = {
    workers: workerTarget(pii, services.workers),
    employers: employerTarget(services.employers),
  };

  function toBatch(
    row: repo.BatchRow,
    extra: Pick<ImportBatch, 'fieldErrors' | 'sameFileBatchId'>,
  ): ImportBatch {
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    return {
      id: row.id,
      resource: row.resource,
      fileName: row.fileName,
      fileSize: row.fileSize,
      fileHash: row.fileHash,
      format: row.format,
      encoding: row.encoding,
      headers: row.headers,
      // Column ids are values on the wire, in snake_case like every field name sent as a value.
      mapping: row.mapping.map((key) => (key ? camelToSnake(key) : null)),
      status: row.status,
      totalRows: row.totalRows,
      runTotal: row.runTotal,
      processedRows: row.processedRows,
      validRows: row.validRows,
      errorRows: row.errorRows,
      duplicateRows: row.duplicateRows,
      committedRows: row.committedRows,
      undoneRows: row.undoneRows,
      keptRows: row.keptRows,
      cancelRequested: row.cancelRequested,
      failure: row.failure,
      createdByName: row.createdByName,
      createdAt: row.createdAt.toISOString(),
      validatedAt: iso(row.validatedAt),
      committedAt: iso(row.committedAt),
      undoneAt: iso(row.undoneAt),
      ...extra,
    };
  }

  const headerOf = (resource: ImportResource, field: string) =>
    IMPORT_COLUMNS[resource].find((c) => c.key === field)?.header ?? field;

  /** The batch as the API shows it; the per-field summary is read only when asked and no run is under way. */
  async function describe(row: repo.BatchRow, withErrors = true): Promise<ImportBatch> {
    const busy = !withErrors || IMPORT_RUNNING.includes(row.status) || row.status === 'uploading';
    const errors = busy ? [] : await repo.fieldErrors(db, row.id);
    return toBatch(row, {
      sameFileBatchId: row.fileHash ? await repo.sameFileBatch(db, row) : null,
      fieldErrors: errors.map((e) => ({
        field: camelToSnake(e.field),
        header: headerOf(row.resource, e.field),
        count: e.count,
        examples: e.row_nos.map((rowNo, i) => ({ rowNo, message: e.messages[i] ?? '' })),
      })),
    });
  }

  async function batchOf(resource: ImportResource, id: number, actor: Actor) {
    const row = await repo.findBatch(db, resource, id, actor.scope);
    if (!row) throw notFound();
    return row;
  }

  const runActorOf = (actor: Actor): ImportRunActor => ({
    adminId: actor.adminId,
    role: actor.role,
    scope: actor.scope,
    audit: actor.audit,
  });

  /* ---------------------------------------------------------------------------------------------------------- */
  /* Upload                                                                                                      */
  /* ---------------------------------------------------------------------------------------------------------- */

  async function upload(
    resource: ImportResource,
    body: Readable,
    fileName: string,
    actor: Actor,
    signal?: AbortSignal,
  ) {
    const { rows, info } = readTable(body, fileName, signal);
    const [created] = await db
      .insert(importBatches)
      .values({
        resource,
        fileName,
        fileSize: 0,
        fileHash: '',
        format: info.format,
        encoding: '',
        headers: [],
        status: 'uploading',
        createdBy: actor.adminId,
        scopeBranchIds: actor.scope.all ? null : [actor.scope.branchId ?? -1],
        heartbeatAt: new Date(),
      })
      .returning({ id: importBatches.id });
    const id = created!.id;
    // While this process reads the file, the batch says so; one it stopped reading is swept (sweepStaleUploads).
    const beat = setInterval(() => {
      db.update(importBatches)
        .set({ heartbeatAt: new Date() })
        .where(sql`id = ${id} AND status = 'uploading'`)
        .catch((error: unknown) => log?.warn({ err: error, importBatch: id }, 'upload heartbeat failed'));
    }, UPLOAD_HEARTBEAT_MS);
    beat.unref();
    try {
      let headers: string[] | null = null;
      let total = 0;
      let page: { rowNo: number; cells: string }[] = [];
      for await (const item of rows) {
        if ('headers' in item) {
          headers = item.headers;
          continue;
        }
        total += 1;
        if (total > IMPORT_LIMITS.maxRows) {
          throw validationError(
            [{ field: 'file', message: importMessages.tooManyRows }],
            importMessages.tooManyRows,
          );
        }
        page.push({ rowNo: item.rowNo, cells: pii.encrypt(JSON.stringify(item.cells)) });
        if (page.length >= UPLOAD_PAGE) {
          await repo.insertRows(db, id, page);
          page = [];
        }
      }
      await repo.insertRows(db, id, page);
      if (!headers || total === 0) {
        throw validationError([{ field: 'file', message: importMessages.empty }], importMessages.empty);
      }
      await db.transaction(async (tx) => {
        const finished = await tx
          .update(importBatches)
          .set({
            headers,
            mapping: suggestMapping(resource, headers),
            totalRows: total,
            fileSize: info.size,
            fileHash: info.hash,
            encoding: info.encoding,
            status: 'uploaded',
            heartbeatAt: null,
            updatedAt: new Date(),
          })
          .where(sql`id = ${id} AND status = 'uploading'`)
          .returning({ id: importBatches.id });
        // Swept meanwhile (this process stalled past UPLOAD_STALE_MS): the batch is failed already.
        if (finished.length === 0) throw conflict(importMessages.uploadInterrupted);
        await appendAudit(tx, actor.audit, {
          action: 'CREATE',
          targetType: 'import_batch',
          targetId: id,
          summary: `${IMPORT_RESOURCE_LABELS[resource]} 가져오기 파일 올림: ${fileName} (${total.toLocaleString('ko-KR')}행, ${info.encoding})`,
          recordCount: total,
        });
      });
    } catch (error) {
      await db.delete(importBatches).where(sql`id = ${id}`);
      throw error;
    } finally {
      clearInterval(beat);
    }
    return describe(await batchOf(resource, id, actor));
  }

  /**
   * Uploads whose process stopped before the end of the file (a crash, a kill): no heartbeat for UPLOAD_STALE_MS.
   * Nothing can finish them, so they are marked failed with a Korean reason and their rows (encrypted cells) dropped
   * (docs/imports.md#runs-outlive-their-process). Run with the resumption of runs, in every process.
   */
  async function sweepStaleUploads(): Promise<number> {
    return db.transaction(async (tx) => {
      const swept = await queryRows<{ id: number }>(
        tx,
        sql`UPDATE import_batches SET status = 'failed', failure = ${importMessages.uploadInterrupted},
              runner_token = NULL, heartbeat_at = NULL, updated_at = now()
            WHERE status = 'uploading'
              AND coalesce(heartbeat_at, updated_at) < now() - make_interval(secs => ${UPLOAD_STALE_MS / 1000})
            RETURNING id`,
      );
      const ids = swept.map((row) => Number(row.id));
      if (ids.length > 0) await tx.delete(importRows).where(inArray(importRows.batchId, ids));
      return ids.length;
    });
  }

  /* ---------------------------------------------------------------------------------------------------------- */
  /* Starting, cancelling and resuming runs                                                                      */
  /* ---------------------------------------------------------------------------------------------------------- */

  function checkMapping(resource: ImportResource, headers: string[], mapping: (string | null)[]) {
    if (mapping.length !== headers.length) {
      throw validationError([{ field: 'mapping', message: importMessages.mappingLength }]);
    }
    const columns = IMPORT_COLUMNS[resource];
    const seen = new Set<string>();
    for (const key of mapping) {
      if (key === null) continue;
      const column = columns.find((c) => c.key === key);
      if (!column) throw validationError([{ field: 'mapping', message: importMessages.unknownValue(key) }]);
      if (seen.has(key)) {
        throw validationError([
          { field: 'mapping', message: importMessages.mappingDuplicate(column.header) },
        ]);
      }
      seen.add(key);
    }
    const missing = columns.filter((c) => c.required && !seen.has(c.key)).map((c) => c.header);
    if (missing.length > 0) {
      throw validationError([
        { field: 'mapping', message: importMessages.mappingRequired(missing.join(', ')) },
      ]);
    }
  }

  /** Starts a run on a batch in one of `from`; a batch busy elsewhere or in another state is refused. */
  async function start(
    batch: repo.BatchRow,
    actor: Actor,
    next: ImportStatus,
    from: ImportStatus[],
    values: Record<string, unknown>,
    prepare?: (tx: Executor) => Promise<void>,
  ) {
    if (IMPORT_RUNNING.includes(batch.status) || batch.status === 'uploading')
      throw conflict(importMessages.busy);
    const token = runner.token();
    await db.transaction(async (tx) => {
      const claimed = await tx
        .update(importBatches)
        .set({
          ...values,
          status: next,
          cursor: 0,
          processedRows: 0,
          cancelRequested: false,
          failure: null,
          runnerToken: token,
          runActor: runActorOf(actor),
          heartbeatAt: new Date(),
          updatedAt: new Date(),
        } as never)
        .where(
          sql`id = ${batch.id} AND status IN (${sql.join(
            from.map((s) => sql`${s}`),
            sql`, `,
          )})`,
        )
        .returning({ id: importBatches.id });
      if (claimed.length === 0) throw conflict(importMessages.busy);
      await prepare?.(tx);
    });
    runner.launch(batch.id, token);
  }

  async function validate(
    resource: ImportResource,
    id: number,
    wireMapping: (string | null)[],
    actor: Actor,
  ) {
    const batch = await batchOf(resource, id, actor);
    const mapping = wireMapping.map((key) => (key ? snakeToCamel(key) : null));
    // An upload that never finished has no file to check (sweepStaleUploads).
    if (!batch.fileHash) throw conflict(importMessages.uploadInterrupted);
    checkMapping(resource, batch.headers, mapping);
    if (batch.committedRows > 0) throw conflict(importMessages.alreadyCommitted);
    await start(
      batch,
      actor,
      'validating',
      ['uploaded', 'validated', 'failed'],
      { mapping, runTotal: batch.totalRows, validRows: 0, errorRows: 0, duplicateRows: 0, validatedAt: null },
      (tx) => repo.resetRows(tx, id),
    );
    return describe(await batchOf(resource, id, actor));
  }

  async function commit(resource: ImportResource, id: number, actor: Actor) {
    const batch = await batchOf(resource, id, actor);
    if (!batch.validatedAt) throw conflict(importMessages.notValidated);
    const remaining = await repo.countRows(db, id, 'valid');
    if (remaining === 0) throw conflict(importMessages.nothingToCommit);
    await start(batch, actor, 'committing', ['validated', 'cancelled', 'failed'], { runTotal: remaining });
    return describe(await batchOf(resource, id, actor));
  }

  async function undo(resource: ImportResource, id: number, actor: Actor) {
    const batch = await batchOf(resource, id, actor);
    if (batch.undoneAt) throw conflict(importMessages.alreadyUndone);
    const committed = await repo.countRows(db, id, 'committed');
    if (committed === 0) throw conflict(importMessages.notCommitted);
    await start(batch, actor, 'undoing', ['committed', 'cancelled', 'failed'], { runTotal: committed });
    return describe(await batchOf(resource, id, actor));
  }

  async function cancel(resource: ImportResource, id: number, actor: Actor) {
    const batch = await batchOf(resource, id, actor);
    if (batch.status !== 'validating' && batch.status !== 'committing') {
      throw conflict(importMessages.notCancellable);
    }
    await db
      .update(importBatches)
      .set({ cancelRequested: true, updatedAt: new Date() })
      .where(sql`id = ${id} AND status IN ('validating', 'committing')`);
    return describe(await batchOf(resource, id, actor));
  }

  const runner = createRunner<repo.BatchRecord>(
    'import',
    {
      load: (id) => repo.loadBatch(db, id),
      isRunning: (batch) => IMPORT_RUNNING.includes(batch.status),
      async step(batch, token) {
        if (batch.status === 'undoing') return undoPage(batch, token);
        const branches = await branchesOf(batch.runActor!);
        return batch.status === 'validating'
          ? validatePage(batch, token, branches)
          : commitPage(batch, token, branches);
      },
      finish: (batch, token, stopped) => finish(batch, token, stopped ? cancelled(batch) : finished(batch)),
      fail: async (id, token, error) => {
        // Past the identifier budget the run stops with the budget's own words (spendOnHidden).
        const failure = error instanceof IdentifierSearchLimited ? error.message : runFailed;
        await db.transaction(async (tx) => {
          if (await repo.updateRun(tx, id, token, { status: 'failed', failure, runnerToken: null })) {
            await repo.forgetKeys(tx, id);
          }
        });
      },
      release: async (id, token) => {
        await repo.updateRun(db, id, token, { runnerToken: null, heartbeatAt: null });
      },
      claimStale: (token, staleMs) =>
        claimStaleRun(
          db,
          'import_batches',
          sql`status IN ('validating', 'committing', 'undoing')`,
          token,
          staleMs,
        ),
    },
    log,
  );

  function cancelled(batch: repo.BatchRecord): Finish {
    if (batch.status === 'validating') {
      return { status: 'uploaded', extra: { validRows: 0, errorRows: 0, duplicateRows: 0 } };
    }
    return { status: 'cancelled' };
  }

  function finished(batch: repo.BatchRecord): Finish {
    const now = new Date();
    if (batch.status === 'validating') return { status: 'validated', extra: { validatedAt: now } };
    if (batch.status === 'committing') return { status: 'committed', extra: { committedAt: now } };
    return { status: 'undone', extra: { undoneAt: now } };
  }

  async function finish(batch: repo.BatchRecord, token: string, outcome: Finish) {
    await db.transaction(async (tx) => {
      const ok = await repo.updateRun(tx, batch.id, token, {
        status: outcome.status,
        cancelRequested: false,
        runnerToken: null,
        ...outcome.extra,
      });
      if (!ok) throw new LostRun();
      // The keys serve the dry run's later pages only: none is left behind it (they are keyed hashes of identifiers).
      if (batch.status === 'validating') await repo.forgetKeys(tx, batch.id);
      const label = IMPORT_RESOURCE_LABELS[batch.resource];
      if (batch.status === 'committing' || batch.status === 'undoing') {
        const current = (await repo.loadBatch(tx, batch.id))!;
        const what =
          batch.status === 'committing'
            ? `등록 ${current.committedRows.toLocaleString('ko-KR')}건`
            : `삭제 ${current.undoneRows.toLocaleString('ko-KR')}건, 유지 ${current.keptRows.toLocaleString('ko-KR')}건`;
        await appendAudit(tx, batch.runActor!.audit, {
          action: 'UPDATE',
          targetType: 'import_batch',
          targetId: batch.id,
          summary: `${label} 가져오기 #${batch.id} ${outcome.status === 'cancelled' ? '중지' : batch.status === 'committing' ? '완료' : '되돌림'}: ${what}`,
          recordCount: batch.status === 'committing' ? current.committedRows : current.undoneRows,
        });
      }
    });
  }

  async function branchesOf(actor: ImportRunActor) {
    const list = await repo.branchesFor(db, actor.scope);
    return {
      map: importBranchMap(list),
      inactive: new Set(list.filter((b) => b.status !== 'active').map((b) => b.id)),
    };
  }

  /* ---------------------------------------------------------------------------------------------------------- */
  /* Pages                                                                                                       */
  /* ---------------------------------------------------------------------------------------------------------- */

  type Checked = {
    rowNo: number;
    errors: { field: string; message: string }[];
    row?: ParsedRow;
    keys?: string[];
  };

  /**
   * One row through the same contract as the API's create, one message per field (the first found). The dry run
   * also refuses a row of an inactive branch here, set-based; a commit leaves that to the service's create, which
   * reads the branch in the page's transaction (`inactive` not given).
   */
  function checkRow(
    target: ImportTarget,
    mapping: (string | null)[],
    rowNo: number,
    cellsEnc: string | null,
    branches: { map: Map<string, number>; inactive?: Set<number> },
  ): Checked {
    // Cells are only gone before a commit when they were destroyed (docs/privacy-lifecycle.md#staged-imports).
    if (!cellsEnc) return { rowNo, errors: [{ field: 'file', message: privacyMessages.stagedRowDestroyed }] };
    const cells = JSON.parse(pii.decrypt(cellsEnc)) as string[];
    const record: Record<string, string> = {};
    mapping.forEach((key, index) => {
      if (key) record[key] = cells[index] ?? '';
    });
    // Before anything reads the cells: such a character would fail the commit's insert, or this page's own save
    // of a message quoting it, for the whole page.
    const unstorable = Object.keys(record).find((key) => hasUnstorableText(record[key]!));
    if (unstorable) return { rowNo, errors: [{ field: unstorable, message: importMessages.unstorableText }] };
    const example = IMPORT_COLUMNS[target.resource].filter((c) => c.example && c.key in record);
    if (example.length > 0 && example.every((c) => record[c.key]!.trim() === c.example)) {
      return { rowNo, errors: [{ field: example[0]!.key, message: importMessages.exampleRow }] };
    }
    const { input, errors } = importInput(target.resource, record, branches.map);
    const byField = new Map<string, string>();
    for (const error of errors) if (!byField.has(error.field)) byField.set(error.field, error.message);
    const parsed = target.schema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = importColumnOfField(String(issue.path[0] ?? 'file'));
        if (!byField.has(field)) byField.set(field, issue.message);
      }
    } else if (branches.inactive?.has(parsed.data.branchId as number)) {
      byField.set('branch', recordMessages.branchInactive);
    }
    if (byField.size > 0 || !parsed.success) {
      return { rowNo, errors: [...byField].map(([field, message]) => ({ field, message })) };
    }
    return { rowNo, errors: [], row: { rowNo, input: parsed.data }, keys: target.rowKeys(parsed.data) };
  }

  async function validatePage(
    batch: repo.BatchRecord,
    token: string,
    branches: Awaited<ReturnType<typeof branchesOf>>,
  ): Promise<boolean> {
    const target = targets[batch.resource];
    const rows = await repo.nextRows(db, batch.id, batch.cursor, VALIDATE_PAGE);
    if (rows.length === 0) return true;
    const checked = rows.map((r) => checkRow(target, batch.mapping, r.rowNo, r.cellsEnc, branches));
    const good = checked.filter((c) => c.row);
    const earlier = await repo.earlierKeys(
      db,
      batch.id,
      [...new Set(good.flatMap((c) => c.keys!))],
      rows[0]!.rowNo,
    );
    const held = await target.heldKeys(
      db,
      good.map((c) => c.row!),
      batch.runActor!.scope,
    );
    const firstInPage = new Map<string, number>();
    const outcomes: repo.RowOutcome[] = [];
    const hidden: HiddenHit[] = [];
    const validKeys: { rowNo: number; keys: string[] }[] = [];
    const counts = { valid: 0, error: 0, duplicate: 0 };
    for (const c of checked) {
      if (!c.row) {
        outcomes.push({ rowNo: c.rowNo, status: 'error', errors: c.errors });
        counts.error += 1;
        continue;
      }
      const keys = c.keys!;
      const inFile = keys.find((key) => earlier.has(key) || firstInPage.has(key));
      const holder = heldOf(keys, held);
      if (inFile !== undefined) {
        const first = earlier.get(inFile) ?? firstInPage.get(inFile)!;
        outcomes.push({
          ...duplicate(c, target.keyField(inFile), importMessages.duplicateInFile(first)),
          keys,
        });
        counts.duplicate += 1;
      } else if (holder) {
        const unreachable = !holder.visible && target.guardsScope;
        outcomes.push({
          ...duplicate(c, target.keyField(holder.key), target.heldMessage(holder)),
          status: unreachable ? 'error' : 'duplicate',
          keys,
        });
        counts[unreachable ? 'error' : 'duplicate'] += 1;
        if (unreachable) hidden.push({ rowNo: c.rowNo, held: holder, input: c.row.input });
      } else {
        for (const key of keys) firstInPage.set(key, c.rowNo);
        outcomes.push({ rowNo: c.rowNo, status: 'valid', errors: null, keys });
        validKeys.push({ rowNo: c.rowNo, keys });
        counts.valid += 1;
      }
    }
    // Before the page is saved: past the budget the run stops here and tells this page nothing.
    await spendOnHidden(batch, '검사', hidden);
    await db.transaction(async (tx) => {
      await repo.saveOutcomes(tx, batch.id, outcomes);
      await repo.saveKeys(tx, batch.id, validKeys);
      const ok = await repo.updateRun(tx, batch.id, token, {
        cursor: rows.at(-1)!.rowNo,
        processedRows: sql`${importBatches.processedRows} + ${rows.length}`,
        validRows: sql`${importBatches.validRows} + ${counts.valid}`,
        errorRows: sql`${importBatches.errorRows} + ${counts.error}`,
        duplicateRows: sql`${importBatches.duplicateRows} + ${counts.duplicate}`,
      });
      if (!ok) throw new LostRun();
    });
    return rows.length < VALIDATE_PAGE;
  }

  const duplicate = (c: Checked, field: string, message: string): repo.RowOutcome => ({
    rowNo: c.rowNo,
    status: 'duplicate',
    errors: [{ field, message }],
  });

  /** A row's key held by a live record: one the admin reaches first, else any. */
  function heldOf(keys: string[], held: Map<string, HeldKey>): HeldKey | undefined {
    const found = keys.map((key) => held.get(key)).filter((h) => h !== undefined);
    return found.find((h) => h.visible) ?? found[0];
  }

  type HiddenHit = { rowNo: number; held: HeldKey; input: Record<string, unknown> };

  /**
   * A row refused because a record outside the admin's branches holds one of its keys is the form's refusal over
   * again (docs/pii-search.md, "A duplicate 외국인등록번호 outside the admin's branches"): it is logged with the holder
   * and the masked identifier, and spends a turn of the admin's identifier budget; past it the run stops with the
   * budget's message (IdentifierSearchLimited), so a file of candidate numbers learns no more than the form would.
   */
  async function spendOnHidden(batch: repo.BatchRecord, phase: string, hits: HiddenHit[]) {
    const target = targets[batch.resource];
    const actor = batch.runActor!;
    for (const hit of hits) {
      await appendAudit(db, actor.audit, {
        action: 'VIEW_PII',
        targetType: TARGET_TYPE[batch.resource],
        targetId: hit.held.holderId,
        summary: `접근 범위 밖 ${target.label}와 ${target.describeHeld(hit.held.key, hit.input)} (${target.label} 가져오기 #${batch.id} ${hit.rowNo.toLocaleString('ko-KR')}행 ${phase} 거절, 중복 안내 없이 본사 문의 안내)`,
      });
      await spendIdentifierLookup(db, actor);
    }
  }

  async function commitPage(
    batch: repo.BatchRecord,
    token: string,
    branches: Awaited<ReturnType<typeof branchesOf>>,
  ): Promise<boolean> {
    const target = targets[batch.resource];
    const rows = await repo.nextRows(db, batch.id, batch.cursor, COMMIT_PAGE, ['valid']);
    if (rows.length === 0) return true;
    const actor = batch.runActor!;
    // Checked again: the records or the rules may have changed since the dry run. The branch is the create's to check.
    const read = rows.map((r) => checkRow(target, batch.mapping, r.rowNo, r.cellsEnc, { map: branches.map }));
    const hidden: HiddenHit[] = [];
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS[COMMIT_LOCK[batch.resource]]})`);
      // Checked again under the rows' locks: a row whose person was destroyed since it was read is refused, and a
      // destruction that comes later waits for this commit (docs/privacy-lifecycle.md#staged-imports).
      const destroyed = await repo.lockDestroyedRows(
        tx,
        batch.id,
        rows.map((r) => r.rowNo),
      );
      const checked = read.map((c) =>
        destroyed.has(c.rowNo)
          ? { rowNo: c.rowNo, errors: [{ field: 'file', message: privacyMessages.stagedRowDestroyed }] }
          : c,
      );
      const good = checked.filter((c) => c.row);
      // The import's own duplicates (any key, the name's too), set-based; the create checks the identifiers again.
      const held = await target.heldKeys(
        tx,
        good.map((c) => c.row!),
        actor.scope,
      );
      // Locked until the page commits and read once: each row's create checks its branch from there.
      await holdBranches(tx, [...new Set(good.map((c) => c.row!.input.branchId as number))]);
      const seen = new Set<string>();
      const outcomes: repo.RowOutcome[] = [];
      const counts = { committed: 0, error: 0, duplicate: 0 };
      const refuse = (outcome: repo.RowOutcome) => {
        outcomes.push(outcome);
        counts[outcome.status === 'error' ? 'error' : 'duplicate'] += 1;
      };
      for (const c of checked) {
        if (!c.row) {
          refuse({ rowNo: c.rowNo, status: 'error', errors: c.errors });
          continue;
        }
        const keys = c.keys!;
        const holder = heldOf(keys, held);
        const again = keys.find((key) => seen.has(key));
        if (holder) {
          refuse(duplicate(c, target.keyField(holder.key), target.heldMessage(holder)));
          if (!holder.visible && target.guardsScope) {
            hidden.push({ rowNo: c.rowNo, held: holder, input: c.row.input });
          }
          continue;
        }
        if (again !== undefined) {
          refuse(duplicate(c, target.keyField(again), importMessages.duplicateInDb(target.label)));
          continue;
        }
        for (const key of keys) seen.add(key);
        const made = await createRow(tx, batch, c.row, actor);
        if ('recordId' in made) {
          outcomes.push({ rowNo: c.rowNo, status: 'committed', recordId: made.recordId, clearCells: true });
          counts.committed += 1;
        } else {
          refuse({
            rowNo: c.rowNo,
            status: made.status,
            errors: [{ field: made.field, message: made.message }],
          });
          if (made.hidden) hidden.push({ rowNo: c.rowNo, held: made.hidden, input: c.row.input });
        }
      }
      await repo.saveOutcomes(tx, batch.id, outcomes);
      const ok = await repo.updateRun(tx, batch.id, token, {
        cursor: rows.at(-1)!.rowNo,
        processedRows: sql`${importBatches.processedRows} + ${rows.length}`,
        committedRows: sql`${importBatches.committedRows} + ${counts.committed}`,
        validRows: sql`${importBatches.validRows} - ${counts.error + counts.duplicate}`,
        errorRows: sql`${importBatches.errorRows} + ${counts.error}`,
        duplicateRows: sql`${importBatches.duplicateRows} + ${counts.duplicate}`,
      });
      if (!ok) throw new LostRun();
    });
    // A record registered out of scope since the dry run: the page is saved (those rows skipped), then spent for.
    await spendOnHidden(batch, '가져오기', hidden);
    return rows.length < COMMIT_PAGE;
  }

  type RowMade =
    | { recordId: number }
    | { status: 'error' | 'duplicate'; field: string; message: string; hidden?: HeldKey };

  /**
   * One row through the record's own create, in a savepoint of the page's transaction
   * (docs/imports.md#commit-and-undo-go-through-the-services): a refusal rolls back that row alone and becomes its
   * outcome, in the service's words; the page's other rows go on. A refusal over an identifier held outside the
   * admin's branches reads as the form's neutral one and is spent for after the page, as the dry run's are.
   */
  async function createRow(
    tx: Tx,
    batch: repo.BatchRecord,
    row: ParsedRow,
    actor: ImportRunActor,
  ): Promise<RowMade> {
    const target = targets[batch.resource];
    const imported = {
      batchId: batch.id,
      rowNo: row.rowNo,
      label: `${target.label} 가져오기 #${batch.id} ${row.rowNo.toLocaleString('ko-KR')}행`,
    };
    try {
      return { recordId: await tx.transaction((sp) => target.create(sp, row.input, actor, imported)) };
    } catch (caught) {
      const held = await target.refusedFor(tx, caught, row.input, actor.scope);
      if (held) {
        return {
          status: 'duplicate',
          field: target.keyField(held.key),
          message: target.heldMessage(held),
          hidden: held.visible ? undefined : held,
        };
      }
      if (!(caught instanceof AppError)) throw caught;
      return { status: caught.code === 'CONFLICT' ? 'duplicate' : 'error', ...refusalOf(caught) };
    }
  }

  /** A service's refusal as a row's error: its first field, as the template's column, and its words. */
  const refusalOf = (error: AppError) => {
    const detail = error.details?.[0];
    return {
      field: importColumnOfField(snakeToCamel(detail?.field ?? 'file')),
      message: detail?.message ?? error.message,
    };
  };

  /**
   * A page of the batch's records, each removed through the record's own remove in a savepoint of the page's
   * transaction (its guards, its access-log entry). What it refuses is kept, with its words; so is what something
   * came to depend on since (dependedOn) and what the run's admin no longer reaches.
   */
  async function undoPage(batch: repo.BatchRecord, token: string): Promise<boolean> {
    const target = targets[batch.resource];
    const rows = await repo.nextRows(db, batch.id, batch.cursor, UNDO_PAGE, ['committed']);
    if (rows.length === 0) return true;
    const actor = batch.runActor!;
    await db.transaction(async (tx) => {
      const ids = rows.map((r) => r.recordId).filter((id) => id !== null);
      const kept = new Map<number, string>();
      for (const id of await target.movedAway(tx, ids, actor.scope)) kept.set(id, importMessages.keptMoved);
      for (const [id, why] of await target.dependedOn(tx, ids)) if (!kept.has(id)) kept.set(id, why);
      const undone = new Set<number>();
      for (const id of ids) {
        if (kept.has(id)) continue;
        try {
          await tx.transaction((sp) => target.remove(sp, id, actor));
          undone.add(id);
        } catch (caught) {
          if (!(caught instanceof AppError)) throw caught;
          // Not found: deleted, or moved away, since the check above.
          kept.set(id, caught.code === 'NOT_FOUND' ? importMessages.keptGone : refusalOf(caught).message);
        }
      }
      const outcomes: repo.RowOutcome[] = rows.map((r) =>
        r.recordId !== null && undone.has(r.recordId)
          ? { rowNo: r.rowNo, status: 'undone' }
          : {
              rowNo: r.rowNo,
              status: 'kept',
              errors: [
                {
                  field: target.resource === 'workers' ? 'alienRegNo' : 'businessRegNo',
                  message: (r.recordId !== null && kept.get(r.recordId)) || importMessages.keptGone,
                },
              ],
            },
      );
      await repo.saveOutcomes(tx, batch.id, outcomes);
      const ok = await repo.updateRun(tx, batch.id, token, {
        cursor: rows.at(-1)!.rowNo,
        processedRows: sql`${importBatches.processedRows} + ${rows.length}`,
        undoneRows: sql`${importBatches.undoneRows} + ${undone.size}`,
        keptRows: sql`${importBatches.keptRows} + ${rows.length - undone.size}`,
      });
      if (!ok) throw new LostRun();
    });
    return rows.length < UNDO_PAGE;
  }

  /* ---------------------------------------------------------------------------------------------------------- */
  /* Files out: the template and the error report                                                                */
  /* ---------------------------------------------------------------------------------------------------------- */

  async function template(resource: ImportResource, actor: Actor) {
    const branches = (await repo.branchesFor(db, actor.scope)).filter((b) => b.status === 'active');
    const body = await buildTemplate(
      resource,
      branches.map((b) => b.name),
    );
    return { fileName: `${IMPORT_RESOURCE_LABELS[resource]}_가져오기_양식.xlsx`, body };
  }

  /** The refused rows as they came, with an 오류 column: personal data leaving the system, so it is logged. */
  async function errorReport(resource: ImportResource, id: number, actor: Actor) {
    const batch = await batchOf(resource, id, actor);
    const refused = batch.errorRows + batch.duplicateRows;
    if (refused === 0) throw new AppError('NOT_FOUND', importMessages.noErrors);
    await appendAudit(db, actor.audit, {
      action: 'EXPORT',
      targetType: 'import_batch',
      targetId: id,
      summary: `${IMPORT_RESOURCE_LABELS[resource]} 가져오기 #${id} 오류 보고서 다운로드 (${refused.toLocaleString('ko-KR')}행)`,
      recordCount: refused,
    });
    const body = new PassThrough();
    const aborted = new AbortController();
    body.on('close', () => aborted.abort());
    const columns = [
      { header: '행 번호', kind: 'integer' as const, width: 8 },
      ...batch.headers.map((header) => ({ header, kind: 'text' as const, width: 16 })),
      { header: '오류', kind: 'text' as const, width: 60 },
    ];
    (async () => {
      const writer = await SheetWriter.open(body, aborted.signal, '오류 행', columns);
      let after = 0;
      while (true) {
        const rows = await repo.refusedRows(db, id, after, 1000);
        if (rows.length === 0) break;
        await writer.addRows(
          rows.map((r) => {
            const cells = r.cellsEnc ? (JSON.parse(pii.decrypt(r.cellsEnc)) as string[]) : [];
            const errors = (r.errors ?? [])
              .map((e) => `${headerOf(resource, e.field)}: ${e.message}`)
              .join('\n');
            return [r.rowNo, ...batch.headers.map((_h, i) => cells[i] ?? ''), errors];
          }),
        );
        after = rows.at(-1)!.rowNo;
      }
      await writer.finish();
    })().catch((error: unknown) => {
      if (!aborted.signal.aborted) log?.error({ err: error, importBatch: id }, 'import error report failed');
      body.destroy(error as Error);
    });
    return { fileName: `${IMPORT_RESOURCE_LABELS[resource]}_가져오기_${id}_오류.xlsx`, body };
  }

  return {
    list: async (resource: ImportResource, page: { page: number; pageSize: number }, actor: Actor) => {
      const { rows, total } = await repo.listBatches(db, resource, actor.scope, page);
      return {
        data: await Promise.all(rows.map((row) => describe(row, false))),
        meta: { page: page.page, pageSize: page.pageSize, total, totalEstimated: false },
      };
    },
    get: async (resource: ImportResource, id: number, actor: Actor) =>
      describe(await batchOf(resource, id, actor)),
    upload,
    validate,
    commit,
    cancel,
    undo,
    template,
    errorReport,
    resumeStale: runner.resumeStale,
    sweepStaleUploads,
    stop: runner.stop,
    idle: runner.idle,
  };
}
export type ImportsService = ReturnType<typeof createImportsService>;
