import {
  employerCreateSchema,
  type ImportResource,
  importMessages,
  maskAlienRegNo,
  maskPassportNo,
  normalizeAlienRegNo,
  recordMessages,
  workerCreateSchema,
  workerPiiMessages,
  type z,
} from '@ilson/contracts';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { employers, jobPosts, matchings, resumes, workers } from '../../db/schema';
import type { Executor, Tx } from '../../db/types';
import type { Actor } from '../../lib/actor';
import type { ImportedRow } from '../../lib/imported';
import type { PiiCipher } from '../../lib/pii';
import { inScope, type Scope } from '../../lib/scope';
import type { EmployersService } from '../employers/employers.service';
import { heldIdentifier, holderShown, identifierAttempt } from '../workers/workers.identity';
import type { WorkersService } from '../workers/workers.service';

/**
 * What an import does differently per resource (docs/imports.md): the create contract a row must pass, the row's
 * keys (how a duplicate is recognised, in the file and among the records), the service operations a commit and an
 * undo go through, and what keeps an imported record when its batch is undone.
 */
export type ParsedRow = { rowNo: number; input: Record<string, unknown> };
/** A key already held by a live record: whether the importing admin reaches that record, and which one it is. */
export type HeldKey = { key: string; visible: boolean; holderId: number | null };

export type ImportTarget = {
  resource: ImportResource;
  label: string;
  schema: z.ZodType<Record<string, unknown>>;
  /**
   * Every identity key of a row (docs/imports.md#duplicates): a row that shares any of them with a live record or
   * an earlier valid row of the file is a duplicate.
   */
  rowKeys(input: Record<string, unknown>): string[];
  /** The field a duplicate on `key` is reported on. */
  keyField(key: string): string;
  /**
   * Whether a key held outside the admin's branches is kept from them (docs/SECURITY.md): a worker's identity is
   * personal data, so the row reads as the form's neutral refusal, spends the identifier budget and is logged.
   */
  guardsScope: boolean;
  heldKeys(tx: Executor, rows: ParsedRow[], scope: Scope): Promise<Map<string, HeldKey>>;
  /** The duplicate's message for a held key. */
  heldMessage(held: HeldKey): string;
  /** What the access log records of a key held out of scope ("외국인등록번호 중복: 900101-5******"): masked. */
  describeHeld(key: string, input: Record<string, unknown>): string;
  /**
   * The record's own create (the service's, as `POST /workers` runs it) in `tx`: every rule it checks, its access-log
   * entry naming the batch and row. Refuses as the service does; the id made.
   */
  create(tx: Tx, input: Record<string, unknown>, actor: Actor, imported: ImportedRow): Promise<number>;
  /**
   * The key a refusal of `create` was about, when another live record holds one of the row's identifiers (the
   * service's identity rule, or its unique index after a race): read after the row's savepoint is rolled back.
   */
  refusedFor(
    tx: Tx,
    caught: unknown,
    input: Record<string, unknown>,
    scope: Scope,
  ): Promise<HeldKey | undefined>;
  /** The record's own remove (the service's, as `DELETE /workers/:id` runs it) in `tx`. */
  remove(tx: Tx, id: number, actor: Actor): Promise<void>;
  /**
   * The batch's records among `ids` something came to depend on since (a matching, a job post), with why: an undo
   * takes back only what nothing else refers to.
   */
  dependedOn(tx: Executor, ids: number[]): Promise<Map<number, string>>;
  /**
   * The records among `ids` the run's admin no longer reaches (the head office moved them to another branch since):
   * the remove would not find them; the undo keeps them and says why (docs/imports.md#commit-undo-and-the-access-log).
   */
  movedAway(tx: Executor, ids: number[], scope: Scope): Promise<Set<number>>;
};

const live = isNull;
type WorkerInput = z.output<typeof workerCreateSchema>;

const KEY_FIELD = { A: 'alienRegNo', P: 'passportNo', N: 'lastName' } as const;
type KeyKind = keyof typeof KEY_FIELD;
const kindOf = (key: string) => key[0] as KeyKind;

export function workerTarget(pii: PiiCipher, service: WorkersService): ImportTarget {
  /**
   * The 외국인등록번호, the 여권번호 (each when given) and name, birth date and nationality (always, case aside): keyed
   * hashes, never the values themselves. One person is one worker whichever of them the file and the records share.
   */
  const rowKeys = (input: Record<string, unknown>) => {
    const w = input as WorkerInput;
    const keys: string[] = [];
    if (w.alienRegNo) keys.push(`A:${pii.searchHash(normalizeAlienRegNo(w.alienRegNo))}`);
    if (w.passportNo) keys.push(`P:${pii.searchHash(w.passportNo)}`);
    keys.push(`N:${pii.searchHash(nameKey(w).join('|'))}`);
    return keys;
  };
  const nameKey = (w: WorkerInput) => [
    w.lastName.toUpperCase(),
    w.firstName.toUpperCase(),
    w.dateOfBirth,
    w.nationality,
  ];
  const messages = {
    visible: {
      A: recordMessages.duplicateAlienRegNo,
      P: recordMessages.duplicatePassportNo,
      N: importMessages.duplicateIdentity,
    },
    hidden: {
      A: workerPiiMessages.alienRegNoUnavailable,
      P: workerPiiMessages.passportNoUnavailable,
      N: workerPiiMessages.identityUnavailable,
    },
  } satisfies Record<string, Record<KeyKind, string>>;
  return {
    resource: 'workers',
    label: '근로자',
    schema: workerCreateSchema as unknown as z.ZodType<Record<string, unknown>>,
    rowKeys,
    keyField: (key) => KEY_FIELD[kindOf(key)],
    guardsScope: true,
    async heldKeys(tx, rows, scope) {
      const held = new Map<string, HeldKey>();
      const byKind = { A: [] as string[], P: [] as string[], N: [] as Record<string, string>[] };
      for (const row of rows) {
        const w = row.input as WorkerInput;
        for (const key of rowKeys(row.input)) {
          const kind = kindOf(key);
          if (kind === 'N') {
            const [l, f, d, n] = nameKey(w);
            byKind.N.push({ k: key, l: l!, f: f!, d: d!, n: n! });
          } else byKind[kind].push(key.slice(2));
        }
      }
      const mark = (key: string, branchId: number, holderId: number) => {
        const visible = inScope(scope, branchId);
        if (!held.get(key)?.visible) held.set(key, { key, visible, holderId });
      };
      for (const kind of ['A', 'P'] as const) {
        if (byKind[kind].length === 0) continue;
        const column = kind === 'A' ? workers.alienRegNoHash : workers.passportNoHash;
        const found = await tx
          .select({ hash: column, branchId: workers.branchId, id: workers.id })
          .from(workers)
          .where(and(inArray(column, byKind[kind]), live(workers.deletedAt)));
        for (const f of found) mark(`${kind}:${f.hash}`, f.branchId, f.id);
      }
      if (byKind.N.length > 0) {
        // Matched as workers_identity_name_idx is built: upper-cased names, whatever their identifiers.
        const found = await queryRows<{ k: string; branch_id: number; id: number }>(
          tx,
          sql`SELECT v.k, w.branch_id, w.id FROM jsonb_to_recordset(${JSON.stringify(byKind.N)}::jsonb)
                AS v(k text, l text, f text, d date, n text)
              JOIN workers w ON w.date_of_birth = v.d AND w.nationality = v.n
                AND upper(w.last_name) = upper(v.l) AND upper(w.first_name) = upper(v.f)
                AND w.deleted_at IS NULL`,
        );
        for (const f of found) mark(f.k, f.branch_id, f.id);
      }
      return held;
    },
    heldMessage: (held) => messages[held.visible ? 'visible' : 'hidden'][kindOf(held.key)],
    describeHeld(key, input) {
      const w = input as WorkerInput;
      const kind = kindOf(key);
      if (kind === 'A') return `외국인등록번호 중복: ${maskAlienRegNo(normalizeAlienRegNo(w.alienRegNo!))}`;
      if (kind === 'P') return `여권번호 중복: ${maskPassportNo(w.passportNo!)}`;
      return '이름·생년월일·국적 일치';
    },
    create: (tx, input, actor, imported) => service.createIn(tx, input as WorkerInput, actor, { imported }),
    async refusedFor(tx, caught, input, scope) {
      const w = input as WorkerInput;
      const held = await heldIdentifier(tx, caught, identifierAttempt(pii, w));
      if (!held) return undefined;
      const key = rowKeys(input).find((k) => kindOf(k) === (held.field === 'alienRegNo' ? 'A' : 'P'))!;
      return { key, visible: holderShown(scope, held.holder), holderId: held.holder?.id ?? null };
    },
    remove: (tx, id, actor) => service.removeIn(tx, id, actor),
    async dependedOn(tx, ids) {
      const kept = new Map<number, string>();
      const matched = await tx
        .selectDistinct({ id: matchings.workerId })
        .from(matchings)
        .where(inArray(matchings.workerId, ids));
      for (const m of matched) kept.set(m.id, importMessages.keptMatched);
      // A resume written since is work on the record: the worker stays, rather than taking it to the trash too (docs/DOMAIN.md#invariants, I-22).
      const resumed = await tx
        .selectDistinct({ id: resumes.workerId })
        .from(resumes)
        .where(inArray(resumes.workerId, ids));
      for (const r of resumed) if (!kept.has(r.id)) kept.set(r.id, importMessages.keptResume);
      return kept;
    },
    movedAway: (tx, ids, scope) => movedAway(tx, workers, ids, scope),
  };
}

export function employerTarget(service: EmployersService): ImportTarget {
  return {
    resource: 'employers',
    label: '사업주',
    schema: employerCreateSchema as unknown as z.ZodType<Record<string, unknown>>,
    rowKeys: (input) => [`B:${(input as { businessRegNo: string }).businessRegNo}`],
    keyField: () => 'businessRegNo',
    // A 사업자등록번호 is public (the 국세청 answers for any): a duplicate reads the same in every branch.
    guardsScope: false,
    async heldKeys(tx, rows, scope) {
      const numbers = rows.map((row) => (row.input as { businessRegNo: string }).businessRegNo);
      const found = await tx
        .select({ regNo: employers.businessRegNo, branchId: employers.branchId, id: employers.id })
        .from(employers)
        .where(and(inArray(employers.businessRegNo, numbers), live(employers.deletedAt)));
      return new Map(
        found.map((f) => [
          `B:${f.regNo}`,
          { key: `B:${f.regNo}`, visible: inScope(scope, f.branchId), holderId: f.id },
        ]),
      );
    },
    heldMessage: () => importMessages.duplicateInDb('사업주'),
    describeHeld: () => '사업자등록번호 중복',
    create: (tx, input, actor, imported) =>
      service.createIn(tx, input as z.output<typeof employerCreateSchema>, actor, { imported }),
    // The service's own refusal (duplicateRegNo) names the field and says it: nothing is kept from anyone.
    refusedFor: async () => undefined,
    remove: (tx, id, actor) => service.removeIn(tx, id, actor),
    async dependedOn(tx, ids) {
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
      return kept;
    },
    movedAway: (tx, ids, scope) => movedAway(tx, employers, ids, scope),
  };
}

/**
 * Locks the batch's records before anything is read about them (movedAway is read first, then dependedOn): a matching, post or resume written
 * under one shares or locks its row (docs/domain-integrity.md#locks), so it either committed before and is seen by the
 * reads that follow, or waits for the undo and then finds the record deleted.
 */
async function lockRecords(tx: Executor, table: typeof workers | typeof employers, ids: number[]) {
  if (ids.length === 0) return;
  await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids)).orderBy(table.id).for('update');
}

async function movedAway(
  tx: Executor,
  table: typeof workers | typeof employers,
  ids: number[],
  scope: Scope,
): Promise<Set<number>> {
  await lockRecords(tx, table, ids);
  if (scope.all || ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, ids), sql`${table.branchId} IS DISTINCT FROM ${scope.branchId}`));
  return new Set(rows.map((row) => row.id));
}
