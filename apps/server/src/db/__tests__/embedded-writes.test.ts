import type { PGlite } from '@electric-sql/pglite';
import { count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { insertBranch, insertWorker } from '../../../test/fixtures';
import { createAdmin, engine, openTestDatabase } from '../../../test/helpers';
import type { DbHandle } from '../client';
import { embeddedWritesOf, reusedUntilWritten, type Written, writtenBy } from '../embedded-writes';
import { listTotal } from '../list';
import { branches, resumes, workers } from '../schema';

describe('writtenBy (db/embedded-writes.ts)', () => {
  it('reads no write into a read, and errs wide on whatever it cannot name', () => {
    const cases: [statement: string, written: Written][] = [
      ['select count(*) from "workers"', null],
      ['  /* a list */ (select 1 from "workers") union all (select 2)', null],
      ['EXPLAIN (FORMAT JSON) select 1 from "payouts"', null],
      ['SELECT pg_advisory_xact_lock($1)', null],
      ['rollback to savepoint sp1', null],
      ['insert into "workers" ("name_ko") values ($1)', { kind: 'insert', table: 'workers' }],
      ['\n  UPDATE resumes r SET x = 1 FROM workers w', { kind: 'update', table: 'resumes' }],
      ['delete from "public"."admins" where id = $1', { kind: 'delete', table: 'admins' }],
      ['-- note\nINSERT INTO rate_limits (key) VALUES ($1)', { kind: 'insert', table: 'rate_limits' }],
      ['EXPLAIN ANALYZE delete from workers', 'everything'],
      ['explain (analyze) update workers set version = 1', 'everything'],
      ['WITH gone AS (DELETE FROM workers RETURNING 1) SELECT count(*) FROM gone', 'everything'],
      ["COPY workers (name_ko) FROM '/dev/blob' WITH (FORMAT csv)", 'everything'],
      ['TRUNCATE workers, resumes', 'everything'],
      ['ALTER TABLE workers ADD COLUMN x int', 'everything'],
      ['DO $$ BEGIN END $$', 'everything'],
    ];
    for (const [statement, written] of cases) expect(writtenBy(statement), statement).toEqual(written);
    expect(writtenBy('SET enable_memoize = off; SET statement_timeout = 0', true)).toBeNull();
    expect(writtenBy("SET a = 'x;y'; DELETE FROM workers", true)).toBe('everything');
  });
});

/**
 * Model-based: whatever is written — through Drizzle, raw SQL, a trigger on another table, a key's ON DELETE SET NULL,
 * a transaction committed or rolled back — each list total equals a fresh count right after, while a total is
 * reused (no statement run) when nothing was written.
 */
describe.skipIf(engine === 'pg')(
  'list totals on the embedded engine (docs/performance.md#list-totals)',
  () => {
    let handle: DbHandle;
    beforeAll(async () => {
      handle = await openTestDatabase();
    });
    afterAll(async () => handle.close());

    /** Counts the statements run through PGlite's `query` from here on; `stop` puts the watched one back. */
    function countStatements(pglite: PGlite) {
      const query = pglite.query;
      let count = 0;
      pglite.query = ((...args: Parameters<typeof query>) => {
        count++;
        return query(...args);
      }) as typeof query;
      return {
        get count() {
          return count;
        },
        stop() {
          pglite.query = query;
        },
      };
    }

    type Op =
      | { t: 'addWorker'; branch: number }
      | { t: 'moveWorker'; pick: number; branch: number }
      | { t: 'deleteWorker'; pick: number }
      | { t: 'addResume'; pick: number }
      | { t: 'inTransaction'; rollback: boolean }
      | { t: 'deleteByCte' }
      | { t: 'removeManager' };

    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ t: fc.constant('addWorker' as const), branch: fc.nat(1) }),
      fc.record({ t: fc.constant('moveWorker' as const), pick: fc.nat(), branch: fc.nat(1) }),
      fc.record({ t: fc.constant('deleteWorker' as const), pick: fc.nat() }),
      fc.record({ t: fc.constant('addResume' as const), pick: fc.nat() }),
      fc.record({ t: fc.constant('inTransaction' as const), rollback: fc.boolean() }),
      fc.record({ t: fc.constant('deleteByCte' as const) }),
      fc.record({ t: fc.constant('removeManager' as const) }),
    );

    it('keeps the totals of two databases apart, though their statements and writes match', async () => {
      const other = await openTestDatabase();
      try {
        const live = (db: DbHandle['db']) => () =>
          db.select({ one: sql`1` }).from(workers).where(isNull(workers.deletedAt));
        const branchIn = async (db: DbHandle['db']) => (await insertBranch({ db }))!.id;
        const [a, b] = [handle.db, other.db];
        // Both logs know their catalog, so a write is one table's, not everything's, in each.
        await Promise.all([embeddedWritesOf(a)!.ready(), embeddedWritesOf(b)!.ready()]);
        const before = (await listTotal(a, live(a))).total;
        expect((await listTotal(b, live(b))).total).toBe(0);
        const [branchA, branchB] = [await branchIn(a), await branchIn(b)];
        // One insert statement each: the same writes, by table and kind, and different counts after them.
        const row = (branchId: number) => ({
          nameKo: '응우옌',
          firstName: 'An',
          lastName: 'Nguyen',
          gender: 'male' as const,
          dateOfBirth: '1995-05-05',
          nationality: 'VN',
          visaType: 'E-9' as const,
          branchId,
        });
        await a.insert(workers).values([row(branchA)]);
        await b.insert(workers).values([row(branchB), row(branchB)]);
        expect((await listTotal(a, live(a))).total).toBe(before + 1);
        expect((await listTotal(b, live(b))).total).toBe(2);
        expect((await listTotal(a, live(a))).total).toBe(before + 1);
      } finally {
        await other.close();
      }
    });

    it('reads the catalog again after the schema changes: a key added later is followed', async () => {
      const db = handle.db;
      await listTotal(db, () => db.select({ one: sql`1` }).from(workers));
      await db.execute(sql`CREATE TABLE later_parent (id int PRIMARY KEY)`);
      await db.execute(
        sql`CREATE TABLE later_child (id int PRIMARY KEY, parent_id int REFERENCES later_parent ON DELETE CASCADE)`,
      );
      await db.execute(sql`INSERT INTO later_parent VALUES (1)`);
      await db.execute(sql`INSERT INTO later_child VALUES (1, 1), (2, 1)`);
      const children = () => db.select({ one: sql`1` }).from(sql`later_child`);
      expect((await listTotal(db, children)).total).toBe(2);
      // Only the parent is named; its key deletes the children.
      await db.execute(sql`DELETE FROM later_parent WHERE id = 1`);
      expect((await listTotal(db, children)).total).toBe(0);
    });

    it('counts a burst of the same list once, and afresh after a write', async () => {
      const db = handle.db;
      const statements = countStatements(handle.pglite!);
      try {
        const live = () => db.select({ one: sql`1` }).from(workers).where(isNull(workers.deletedAt));
        const fresh = async () =>
          Number((await db.select({ n: count() }).from(workers).where(isNull(workers.deletedAt)))[0]!.n);
        const branchId = (await insertBranch({ db }))!.id;
        for (const added of [1, 2]) {
          for (let i = 0; i < added; i++) await insertWorker({ db }, branchId);
          const before = statements.count;
          const totals = await Promise.all(Array.from({ length: 8 }, () => listTotal(db, live)));
          // Fewer than a thousand workers: one quick count answers all eight.
          expect(statements.count - before).toBe(1);
          expect(new Set(totals.map((t) => t.total))).toEqual(new Set([await fresh()]));
        }
      } finally {
        statements.stop();
      }
    });

    it('every total is the fresh count after any write, and reused while nothing is written', async () => {
      const db = handle.db;
      const pglite = handle.pglite!;
      const statements = countStatements(pglite);
      onTestFinished(() => statements.stop());

      const [first, second] = [await insertBranch({ db }), await insertBranch({ db })];
      const branchIds = [first!.id, second!.id];
      const lists: { table: PgTable; where: () => SQL | undefined }[] = [
        { table: workers, where: () => isNull(workers.deletedAt) },
        { table: workers, where: () => eq(workers.branchId, branchIds[0]!) },
        { table: resumes, where: () => eq(resumes.workerBranchId, branchIds[1]!) },
        { table: branches, where: () => isNull(branches.managerAdminId) },
      ];
      const rowsOf = (list: (typeof lists)[number]) => () =>
        db.select({ one: sql`1` }).from(list.table).where(list.where());
      const counted = (list: (typeof lists)[number]) =>
        db.select({ n: count() }).from(list.table).where(list.where());
      const fresh = async (list: (typeof lists)[number]) => Number((await counted(list))[0]!.n);
      const liveWorker = async (pick: number) => {
        const ids = await db.select({ id: workers.id }).from(workers).where(isNull(workers.deletedAt));
        return ids.length === 0 ? undefined : ids[pick % ids.length]!.id;
      };

      const apply = async (step: Op) => {
        switch (step.t) {
          case 'addWorker':
            await insertWorker({ db }, branchIds[step.branch]!);
            return;
          case 'moveWorker': {
            const id = await liveWorker(step.pick);
            // The trigger copies the new branch onto the worker's résumés (migration 0009).
            if (id)
              await db.update(workers).set({ branchId: branchIds[step.branch]! }).where(eq(workers.id, id));
            return;
          }
          case 'deleteWorker': {
            const id = await liveWorker(step.pick);
            if (id) await db.update(workers).set({ deletedAt: new Date() }).where(eq(workers.id, id));
            return;
          }
          case 'addResume': {
            const id = await liveWorker(step.pick);
            if (id)
              await db
                .insert(resumes)
                .values({ workerId: id, title: '이력서' } as typeof resumes.$inferInsert);
            return;
          }
          case 'inTransaction':
            await db
              .transaction(async (tx) => {
                await insertWorker({ db: tx as unknown as typeof db }, branchIds[0]!);
                if (step.rollback) tx.rollback();
              })
              .catch((error: unknown) => {
                if (!step.rollback) throw error;
              });
            return;
          case 'deleteByCte':
            await db.execute(
              sql`WITH gone AS (UPDATE workers SET deleted_at = now() WHERE id = (SELECT max(id) FROM workers WHERE deleted_at IS NULL) RETURNING 1) SELECT count(*) FROM gone`,
            );
            return;
          case 'removeManager': {
            // A branch's manager whose account is deleted: the key sets the branch's manager to null.
            const manager = await createAdmin({ db });
            await db
              .update(branches)
              .set({ managerAdminId: manager.id })
              .where(eq(branches.id, branchIds[1]!));
            for (const list of lists)
              expect((await listTotal(db, rowsOf(list))).total).toBe(await fresh(list));
            await pglite.query('DELETE FROM admins WHERE id = $1', [manager.id]);
          }
        }
      };

      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
          for (const step of ops) {
            await apply(step);
            for (const list of lists) {
              expect((await listTotal(db, rowsOf(list))).total).toBe(await fresh(list));
              expect(Number((await reusedUntilWritten(db, counted(list)))[0]!.n)).toBe(await fresh(list));
            }
            // Nothing written since: the same totals again without a statement.
            const before = statements.count;
            for (const list of lists) {
              await listTotal(db, rowsOf(list));
              await reusedUntilWritten(db, counted(list));
            }
            expect(statements.count).toBe(before);
          }
        }),
        { numRuns: 25 },
      );
    });
  },
);
