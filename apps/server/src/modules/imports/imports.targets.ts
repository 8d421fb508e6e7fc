import {
  employerCreateSchema,
  type ImportResource,
  importMessages,
  normalizeAlienRegNo,
  workerCreateSchema,
  workerPiiMessages,
  type z,
} from '@ilson/contracts';
import { and, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { insertRecordset } from '../../db/recordset';
import { employers, jobPosts, matchings, workers } from '../../db/schema';
import type { Executor } from '../../db/types';
import { bumpVersion } from '../../db/versioned';
import type { PiiCipher } from '../../lib/pii';
import { inScope, type Scope } from '../../lib/scope';
import { alienRegNoColumns, passportNoColumns } from '../workers/workers.pii';

/**
 * What an import does differently per resource (docs/imports.md): the create contract a row must pass, the row's
 * key (how a duplicate is recognised, in the file and among the records), the insert of a batch of rows, and what
 * keeps an imported record when its batch is undone.
 */
export type ParsedRow = { rowNo: number; input: Record<string, unknown> };
/** A key already held by a live record, and whether the importing admin reaches that record. */
export type HeldKey = { key: string; visible: boolean };

export type ImportTarget = {
  resource: ImportResource;
  label: string;
  schema: z.ZodType<Record<string, unknown>>;
  /** The field a duplicate is reported on. */
  keyField: string;
  rowKey(input: Record<string, unknown>): string;
  heldKeys(tx: Executor, rows: ParsedRow[], scope: Scope): Promise<Map<string, HeldKey>>;
  /** Inserts the rows (a held key is skipped, never overwritten); the ids made, by file row. */
  insert(tx: Executor, batchId: number, rows: ParsedRow[]): Promise<Map<number, number>>;
  /** Soft-deletes the batch's records among `ids` that nothing depends on; the ids kept, with why. */
  undo(
    tx: Executor,
    batchId: number,
    ids: number[],
  ): Promise<{ deleted: number[]; kept: Map<number, string> }>;
};

const live = isNull;
type Made = { id: number; rowNo: number };

export function workerTarget(pii: PiiCipher): ImportTarget {
  /** 외국인등록번호, else 여권번호, else name, birth date and nationality: keyed hashes, never the number itself. */
  const rowKey = (input: Record<string, unknown>) => {
    const w = input as z.output<typeof workerCreateSchema>;
    if (w.alienRegNo) return `A:${pii.searchHash(normalizeAlienRegNo(w.alienRegNo))}`;
    if (w.passportNo) return `P:${pii.searchHash(w.passportNo)}`;
    return `N:${pii.searchHash([w.lastName, w.firstName, w.dateOfBirth, w.nationality].join('|'))}`;
  };
  return {
    resource: 'workers',
    label: '근로자',
    schema: workerCreateSchema as unknown as z.ZodType<Record<string, unknown>>,
    keyField: 'alienRegNo',
    rowKey,
    async heldKeys(tx, rows, scope) {
      const held = new Map<string, HeldKey>();
      const byKind = { A: [] as string[], P: [] as string[], N: [] as ParsedRow[] };
      for (const row of rows) {
        const key = rowKey(row.input);
        if (key.startsWith('N:')) byKind.N.push(row);
        else byKind[key[0] as 'A' | 'P'].push(key.slice(2));
      }
      const mark = (key: string, branchId: number) => {
        const visible = inScope(scope, branchId);
        if (!held.get(key)?.visible) held.set(key, { key, visible });
      };
      if (byKind.A.length > 0) {
        const found = await tx
          .select({ hash: workers.alienRegNoHash, branchId: workers.branchId })
          .from(workers)
          .where(and(inArray(workers.alienRegNoHash, byKind.A), live(workers.deletedAt)));
        for (const f of found) mark(`A:${f.hash}`, f.branchId);
      }
      if (byKind.P.length > 0) {
        const found = await tx
          .select({ hash: workers.passportNoHash, branchId: workers.branchId })
          .from(workers)
          .where(and(inArray(workers.passportNoHash, byKind.P), live(workers.deletedAt)));
        for (const f of found) mark(`P:${f.hash}`, f.branchId);
      }
      if (byKind.N.length > 0) {
        const wanted = byKind.N.map((row) => {
          const w = row.input as z.output<typeof workerCreateSchema>;
          return { k: rowKey(row.input), l: w.lastName, f: w.firstName, d: w.dateOfBirth, n: w.nationality };
        });
        const found = await queryRows<{ k: string; branch_id: number }>(
          tx,
          sql`SELECT v.k, w.branch_id FROM jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb)
                AS v(k text, l text, f text, d date, n text)
              JOIN workers w ON w.last_name = v.l AND w.first_name = v.f AND w.date_of_birth = v.d
                AND w.nationality = v.n AND w.deleted_at IS NULL
                AND w.alien_reg_no_hash IS NULL AND w.passport_no_hash IS NULL`,
        );
        for (const f of found) mark(f.k, f.branch_id);
      }
      return held;
    },
    async insert(tx, batchId, rows) {
      const values = rows.map(({ rowNo, input }) => {
        const { alienRegNo, passportNo, ...fields } = input as z.output<typeof workerCreateSchema>;
        return {
          ...fields,
          ...alienRegNoColumns(pii, alienRegNo ?? null),
          ...passportNoColumns(pii, passportNo ?? null),
          importBatchId: batchId,
          importRowNo: rowNo,
        };
      });
      const made = await insertRecordset<typeof workers, Made>(tx, workers, values, {
        onConflict: sql`ON CONFLICT (alien_reg_no_hash) WHERE deleted_at IS NULL DO NOTHING`,
        returning: sql`id, import_row_no AS "rowNo"`,
      });
      return new Map(made.map((m) => [m.rowNo, m.id]));
    },
    async undo(tx, batchId, ids) {
      const matched = await tx
        .selectDistinct({ id: matchings.workerId })
        .from(matchings)
        .where(inArray(matchings.workerId, ids));
      const kept = new Map(matched.map((m) => [m.id, importMessages.keptMatched]));
      const deleted = await softDeleteBatchRecords(tx, workers, batchId, ids, kept);
      return { deleted, kept };
    },
  };
}

export function employerTarget(): ImportTarget {
  const rowKey = (input: Record<string, unknown>) =>
    `B:${(input as { businessRegNo: string }).businessRegNo}`;
  return {
    resource: 'employers',
    label: '사업주',
    schema: employerCreateSchema as unknown as z.ZodType<Record<string, unknown>>,
    keyField: 'businessRegNo',
    rowKey,
    async heldKeys(tx, rows, scope) {
      const numbers = rows.map((row) => (row.input as { businessRegNo: string }).businessRegNo);
      const found = await tx
        .select({ regNo: employers.businessRegNo, branchId: employers.branchId })
        .from(employers)
        .where(and(inArray(employers.businessRegNo, numbers), live(employers.deletedAt)));
      return new Map(
        found.map((f) => [`B:${f.regNo}`, { key: `B:${f.regNo}`, visible: inScope(scope, f.branchId) }]),
      );
    },
    async insert(tx, batchId, rows) {
      const values = rows.map(({ rowNo, input }) => ({
        ...(input as z.output<typeof employerCreateSchema>),
        importBatchId: batchId,
        importRowNo: rowNo,
      }));
      const made = await insertRecordset<typeof employers, Made>(tx, employers, values, {
        onConflict: sql`ON CONFLICT (business_reg_no) WHERE deleted_at IS NULL DO NOTHING`,
        returning: sql`id, import_row_no AS "rowNo"`,
      });
      return new Map(made.map((m) => [m.rowNo, m.id]));
    },
    async undo(tx, batchId, ids) {
      const kept = new Map<number, string>();
      const matched = await tx
        .selectDistinct({ id: matchings.employerId })
        .from(matchings)
        .where(inArray(matchings.employerId, ids));
      for (const m of matched) kept.set(m.id, importMessages.keptMatched);
      const posted = await tx
        .selectDistinct({ id: jobPosts.employerId })
        .from(jobPosts)
        .where(inArray(jobPosts.employerId, ids));
      for (const p of posted) if (!kept.has(p.id)) kept.set(p.id, importMessages.keptPosted);
      const deleted = await softDeleteBatchRecords(tx, employers, batchId, ids, kept);
      return { deleted, kept };
    },
  };
}

async function softDeleteBatchRecords(
  tx: Executor,
  table: typeof workers | typeof employers,
  batchId: number,
  ids: number[],
  kept: Map<number, string>,
): Promise<number[]> {
  const targets = ids.filter((id) => !kept.has(id));
  if (targets.length === 0) return [];
  const now = new Date();
  const rows = await tx
    .update(table)
    .set({ deletedAt: now, ...bumpVersion(table, now) })
    .where(
      and(
        inArray(table.id, targets),
        sql`${table.importBatchId} = ${batchId}`,
        isNull(table.deletedAt),
        isNotNull(table.importRowNo),
      ),
    )
    .returning({ id: table.id });
  const deleted = new Set(rows.map((r) => r.id));
  for (const id of targets) if (!deleted.has(id)) kept.set(id, importMessages.keptGone);
  return [...deleted];
}

/** The duplicate's message: a record the admin reaches is named as such; one they cannot reach is not confirmed. */
export const heldMessage = (target: ImportTarget, held: HeldKey) =>
  held.visible || target.resource === 'employers'
    ? importMessages.duplicateInDb(target.label)
    : workerPiiMessages.alienRegNoUnavailable;
