/**
 * A commit creates each row through the record's own create, and an undo removes each record through its own remove
 * (docs/imports.md#commit-and-undo-go-through-the-services): the branch is checked and locked in the page's
 * transaction, each record is logged as the form logs it, and an undo keeps what the remove refuses.
 */
import { type ImportResource, recordMessages, workerPiiMessages } from '@ilson/contracts';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, alienRegNo, insertBranch, signedIn, workerBody } from '../../../../test/fixtures';
import { createTestContext, engine, type TestContext, testConfig } from '../../../../test/helpers';
import {
  commitBatch,
  csvFile,
  dryRun,
  employerCells,
  importHeaders,
  settle,
  workerCells,
} from '../../../../test/import-fixtures';
import { auditLogs, branches, employers, importRows, workers } from '../../../db/schema';
import { createPiiCipher } from '../../../lib/pii';

let ctx: TestContext;
let admin: Api;
let managerA: Api;
let branchA: number;
let branchB: number;
const A = '서비스안산지점';
const B = '서비스김해지점';
let seed = 710_000;
const nextSeed = () => seed++;
const pii = createPiiCipher(testConfig.piiKey);

beforeAll(async () => {
  ctx = await createTestContext();
  branchA = (await insertBranch(ctx, { name: A, code: 'SA' })).id;
  branchB = (await insertBranch(ctx, { name: B, code: 'SB' })).id;
  admin = (await signedIn(ctx, 'admin')).api;
  managerA = (await signedIn(ctx, 'branch_manager', branchA)).api;
});
afterAll(async () => {
  await ctx?.close();
});

const table = { workers, employers } as const;
const cellsOf = (resource: ImportResource, branch: string) =>
  resource === 'workers' ? workerCells(nextSeed(), branch) : employerCells(nextSeed(), branch);

const rowsOf = (batchId: number) =>
  ctx.db
    .select({ rowNo: importRows.rowNo, status: importRows.status, errors: importRows.errors })
    .from(importRows)
    .where(eq(importRows.batchId, batchId))
    .orderBy(importRows.rowNo);

const liveIn = async (resource: ImportResource, batchId: number, branchId: number) => {
  const t = table[resource];
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(t)
    .where(and(eq(t.importBatchId, batchId), eq(t.branchId, branchId), isNull(t.deletedAt)));
  return row!.n;
};

/**
 * Closes a branch at the worst moment for a commit: after its page has read the branches, just before the page's
 * transaction opens — as a head-office admin closing it from the branch screen at that instant would.
 */
function closeBeforeCommitPage(branchId: number) {
  const db = ctx.db;
  const open = db.transaction;
  let armed = true;
  db.transaction = (async (...args: Parameters<typeof open>) => {
    if (armed && new Error().stack?.includes('commitPage')) {
      armed = false;
      await db.update(branches).set({ status: 'inactive' }).where(eq(branches.id, branchId));
    }
    return open(...args);
  }) as typeof open;
  return () => {
    db.transaction = open;
  };
}

describe('a branch closed while a commit runs', () => {
  for (const resource of ['workers', 'employers'] as const) {
    it(`${resource}: its rows are refused with the inactive-branch message; the page's other rows commit`, async () => {
      const closing = await insertBranch(ctx, { name: `닫는지점${resource}`, code: `C-${resource}` });
      const file = csvFile(
        importHeaders(resource),
        [
          cellsOf(resource, closing.name),
          cellsOf(resource, A),
          cellsOf(resource, closing.name),
          cellsOf(resource, A),
        ],
        'utf-8',
      );
      const batch = await dryRun(admin, resource, file, `closing-${resource}.csv`);
      expect(batch.validRows).toBe(4);
      const restore = closeBeforeCommitPage(closing.id);
      let committed: Awaited<ReturnType<typeof commitBatch>>;
      try {
        committed = await commitBatch(admin, resource, batch.id);
      } finally {
        restore();
      }
      expect(committed.status).toBe('committed');
      expect({ committed: committed.committedRows, error: committed.errorRows }).toEqual({
        committed: 2,
        error: 2,
      });
      expect(await liveIn(resource, batch.id, closing.id)).toBe(0);
      expect(await liveIn(resource, batch.id, branchA)).toBe(2);
      const refused = {
        status: 'error',
        errors: [{ field: 'branch', message: recordMessages.branchInactive }],
      };
      expect(await rowsOf(batch.id)).toEqual([
        { rowNo: 2, ...refused },
        { rowNo: 3, status: 'committed', errors: null },
        { rowNo: 4, ...refused },
        { rowNo: 5, status: 'committed', errors: null },
      ]);
    });
  }

  it('a branch closed after the dry run refuses its rows the same way', async () => {
    const closing = await insertBranch(ctx, { name: '검사후닫는지점', code: 'C-after' });
    const file = csvFile(
      importHeaders('workers'),
      [workerCells(nextSeed(), closing.name), workerCells(nextSeed(), A)],
      'utf-8',
    );
    const batch = await dryRun(admin, 'workers', file, 'closed-after.csv');
    await ctx.db.update(branches).set({ status: 'inactive' }).where(eq(branches.id, closing.id));
    const committed = await commitBatch(admin, 'workers', batch.id);
    expect({ committed: committed.committedRows, error: committed.errorRows }).toEqual({
      committed: 1,
      error: 1,
    });
    expect(await liveIn('workers', batch.id, closing.id)).toBe(0);
    expect((await rowsOf(batch.id))[0]!.errors).toEqual([
      { field: 'branch', message: recordMessages.branchInactive },
    ]);
  });
});

describe("the access log: each record's own entry, as the form writes it", () => {
  it('a worker: one CREATE per record naming the batch and row, one DELETE per record on undo', async () => {
    const form = await admin.post(
      '/workers',
      workerBody(branchA, { alien_reg_no: alienRegNo(nextSeed()), passport_no: null }),
    );
    expect(form.statusCode, form.body).toBe(201);
    const [formEntry] = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'CREATE'), eq(auditLogs.targetId, String(form.json().id))));
    expect(formEntry!.summary).toBe(`근로자 등록: ${form.json().name_ko}`);
    expect((formEntry!.diff as { alienRegNo: unknown }).alienRegNo).toEqual({
      before: null,
      after: expect.stringMatching(/^\d{6}-\d\*{6}$/),
    });
    const before = await lastLogId();
    const file = csvFile(
      importHeaders('workers'),
      [workerCells(nextSeed(), A), workerCells(nextSeed(), A)],
      'utf-8',
    );
    const batch = await dryRun(managerA, 'workers', file, 'logged.csv');
    expect((await commitBatch(managerA, 'workers', batch.id)).committedRows).toBe(2);
    const made = await ctx.db
      .select({ id: workers.id, rowNo: workers.importRowNo, nameKo: workers.nameKo })
      .from(workers)
      .where(eq(workers.importBatchId, batch.id))
      .orderBy(workers.importRowNo);
    const created = await entriesAfter(before, 'CREATE', 'worker');
    expect(created.map((e) => e.targetId)).toEqual(made.map((m) => String(m.id)));
    created.forEach((entry, i) => {
      expect(entry.summary).toBe(`근로자 등록: ${made[i]!.nameKo} (근로자 가져오기 #${batch.id} ${i + 2}행)`);
      // What the form's entry records of a new worker: each field given, from nothing, the identifiers masked.
      const diff = entry.diff as Record<string, { before: unknown; after: unknown }>;
      expect(Object.keys(diff)).toEqual(
        expect.arrayContaining(['firstName', 'lastName', 'dateOfBirth', 'branchId', 'alienRegNo']),
      );
      expect(Object.values(diff).every((change) => change.before === null)).toBe(true);
      expect(diff.alienRegNo!.after).toMatch(/^\d{6}-\d\*{6}$/);
    });

    const undoFrom = await lastLogId();
    expect((await managerA.post(`/workers/imports/${batch.id}/undo`)).statusCode).toBe(200);
    expect((await settle(managerA, 'workers', batch.id)).undoneRows).toBe(2);
    const deleted = await entriesAfter(undoFrom, 'DELETE', 'worker');
    expect(deleted.map((e) => [e.targetId, e.summary])).toEqual(
      made.map((m) => [String(m.id), `근로자 삭제: ${m.nameKo}`]),
    );
  });

  it('an employer: the same, CREATE and DELETE per record', async () => {
    const before = await lastLogId();
    const cells = [employerCells(nextSeed(), A), employerCells(nextSeed(), A)];
    const batch = await dryRun(
      admin,
      'employers',
      csvFile(importHeaders('employers'), cells, 'utf-8'),
      'e.csv',
    );
    expect((await commitBatch(admin, 'employers', batch.id)).committedRows).toBe(2);
    const made = await ctx.db
      .select({ id: employers.id, name: employers.companyName })
      .from(employers)
      .where(eq(employers.importBatchId, batch.id))
      .orderBy(employers.importRowNo);
    const created = await entriesAfter(before, 'CREATE', 'employer');
    expect(created.map((e) => [e.targetId, e.summary])).toEqual(
      made.map((m, i) => [String(m.id), `사업주 등록: ${m.name} (사업주 가져오기 #${batch.id} ${i + 2}행)`]),
    );
    const undoFrom = await lastLogId();
    expect((await admin.post(`/employers/imports/${batch.id}/undo`)).statusCode).toBe(200);
    expect((await settle(admin, 'employers', batch.id)).undoneRows).toBe(2);
    const deleted = await entriesAfter(undoFrom, 'DELETE', 'employer');
    expect(deleted.map((e) => [e.targetId, e.summary])).toEqual(
      made.map((m) => [String(m.id), `사업주 삭제: ${m.name}`]),
    );
  });
});

describe('undo keeps what the remove refuses', () => {
  it('an employer approved since the import is kept, with the remove’s own reason', async () => {
    const cells = [employerCells(nextSeed(), A), employerCells(nextSeed(), A)];
    const batch = await dryRun(
      admin,
      'employers',
      csvFile(importHeaders('employers'), cells, 'utf-8'),
      'a.csv',
    );
    expect((await commitBatch(admin, 'employers', batch.id)).committedRows).toBe(2);
    const [approved] = await ctx.db
      .select({ id: employers.id, version: employers.version })
      .from(employers)
      .where(and(eq(employers.importBatchId, batch.id), eq(employers.importRowNo, 2)));
    const change = await admin.post(`/employers/${approved!.id}/status`, {
      status: 'approved',
      version: approved!.version,
    });
    expect(change.statusCode, change.body).toBe(200);

    expect((await admin.post(`/employers/imports/${batch.id}/undo`)).statusCode).toBe(200);
    const undone = await settle(admin, 'employers', batch.id);
    expect({ undone: undone.undoneRows, kept: undone.keptRows }).toEqual({ undone: 1, kept: 1 });
    const [row] = await ctx.db.select().from(employers).where(eq(employers.id, approved!.id));
    expect(row!.deletedAt).toBeNull();
    expect((await rowsOf(batch.id))[0]).toEqual({
      rowNo: 2,
      status: 'kept',
      errors: [{ field: 'businessRegNo', message: recordMessages.employerNotDeletable }],
    });
  });
});

describe.runIf(engine === 'pg')(
  'a key taken by a form while the commit inserts (PostgreSQL: two connections)',
  () => {
    it('held outside the manager’s branch: the neutral words, logged and spent, as the form answers', async () => {
      const number = alienRegNo(nextSeed());
      const file = csvFile(
        importHeaders('workers'),
        [workerCells(nextSeed(), A, { alienRegNo: number })],
        'utf-8',
      );
      const batch = await dryRun(managerA, 'workers', file, 'race.csv');
      expect(batch.validRows).toBe(1);
      const before = await lastLogId();
      // Another admin's create of the same number in branch B, not yet committed when the import's insert meets it.
      await ctx.db.transaction(async (tx) => {
        await tx.insert(workers).values({
          nameKo: '경합',
          firstName: 'RACE',
          lastName: 'HOLDER',
          gender: 'male',
          dateOfBirth: '1980-01-01',
          nationality: 'PH',
          visaType: 'E-9',
          branchId: branchB,
          alienRegNoHash: pii.searchHash(number),
        });
        const started = await managerA.post(`/workers/imports/${batch.id}/commit`);
        expect(started.statusCode, started.body).toBe(200);
        await waitForLockWait();
      });
      const committed = await settle(managerA, 'workers', batch.id);
      expect(committed.committedRows).toBe(0);
      const [row] = await rowsOf(batch.id);
      expect(row!.errors).toEqual([
        { field: 'alienRegNo', message: workerPiiMessages.alienRegNoUnavailable },
      ]);
      const logged = (await entriesAfter(before, 'VIEW_PII', 'worker')).map((e) => e.summary);
      expect(logged).toEqual([
        expect.stringMatching(/^접근 범위 밖 근로자와 외국인등록번호 중복: 900101-\d\*{6}/),
      ]);
      expect(await liveIn('workers', batch.id, branchA)).toBe(0);
    });
  },
);

/** Until another session of the database waits for a lock (the import's insert behind the uncommitted row). */
async function waitForLockWait() {
  for (let i = 0; i < 200; i++) {
    const rows = await ctx.handle.pool!.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (rows.rows[0].n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the import never waited for the row');
}

async function lastLogId() {
  const [row] = await ctx.db.select({ id: sql<number>`coalesce(max(id), 0)::int` }).from(auditLogs);
  return row!.id;
}

async function entriesAfter(id: number, action: 'CREATE' | 'DELETE' | 'VIEW_PII', targetType: string) {
  return ctx.db
    .select()
    .from(auditLogs)
    .where(
      and(gt(auditLogs.id, id), eq(auditLogs.action, action), inArray(auditLogs.targetType, [targetType])),
    )
    .orderBy(auditLogs.id);
}
