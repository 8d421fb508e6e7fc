/**
 * docs/performance.md#built-statements: a list's and a detail's statements are built once per key and reused.
 * Reuse must never answer one request with another's statement: random runs of list and detail reads (scopes,
 * filters, sorts, pages, ids) through one executor, whose kept statements pile up, answer exactly what a fresh executor
 * — nothing kept, everything built anew — answers to the same read.
 */

import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtOnce } from '../src/db/list';
import { admins, employers } from '../src/db/schema';
import type { Executor } from '../src/db/types';
import type { Scope } from '../src/lib/scope';
import { listAdmins } from '../src/modules/admins/admins.repository';
import { findEmployer, listEmployers } from '../src/modules/employers/employers.repository';
import { insertBranch, insertEmployer } from './fixtures';
import { createAdmin, createTestContext, engine, type TestContext } from './helpers';

let ctx: TestContext;
const branchIds: number[] = [];
const employerIds: number[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  for (const name of ['가', '나']) branchIds.push((await insertBranch(ctx, { name: `지점${name}` })).id);
  const statuses = ['pending', 'approved', 'rejected', 'suspended'] as const;
  const industries = ['manufacturing', 'construction', 'agriculture'] as const;
  for (let i = 0; i < 14; i++) {
    const row = await insertEmployer(ctx, branchIds[i % 2]!, {
      companyName: `(주)회사${String.fromCharCode(0xac00 + i * 7)}`,
      status: statuses[i % statuses.length],
      industry: industries[i % industries.length],
      region: i % 3 === 0 ? '서울특별시' : '경기도',
    });
    employerIds.push(row.id);
  }
  for (const role of ['super_admin', 'viewer', 'viewer'] as const) await createAdmin(ctx, { role });
});
afterAll(async () => {
  await ctx?.close();
});

/**
 * A database handle with nothing kept: statements are kept per database (by drizzle's dialect, which a database
 * shares with its transactions), and this one has a dialect of its own.
 */
function fresh(): Executor {
  const db = Object.create(ctx.db) as Executor & { dialect: object };
  db.dialect = Object.create((ctx.db as unknown as { dialect: object }).dialect);
  return db;
}

const scope: fc.Arbitrary<Scope> = fc.oneof(
  fc.constant({ all: true } as const),
  fc.constantFrom(0, 1).map((i) => ({ all: false, branchId: branchIds[i]! }) as const),
);

const filters = fc.record(
  {
    status: fc.constantFrom('pending', 'approved', 'rejected', 'suspended', 'withdrawn'),
    industry: fc.constantFrom('manufacturing', 'construction', 'agriculture'),
    branchId: fc.constantFrom(0, 1).map((i) => branchIds[i]!),
    region: fc.constantFrom('서울특별시', '경기도'),
    q: fc.constantFrom({ text: '회사', digits: null }, { text: '없는말', digits: null }),
  },
  { requiredKeys: [] },
);

const listRead = fc.record({
  kind: fc.constant('list' as const),
  scope,
  filters,
  sort: fc.constantFrom('created_at', 'company_name', 'status', 'approved_at'),
  order: fc.constantFrom('asc', 'desc'),
  page: fc.integer({ min: 1, max: 3 }),
  pageSize: fc.constantFrom(3, 5, 20),
});
const detailRead = fc.record({
  kind: fc.constant('detail' as const),
  scope,
  index: fc.nat(13),
});
const adminsRead = fc.record({
  kind: fc.constant('admins' as const),
  role: fc.option(fc.constantFrom('super_admin', 'viewer'), { nil: undefined }),
  page: fc.integer({ min: 1, max: 2 }),
});

describe('statements built once per key', () => {
  it('answer every read as a freshly built statement does', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(listRead, detailRead, adminsRead), { minLength: 1, maxLength: 25 }),
        async (reads) => {
          for (const read of reads) {
            if (read.kind === 'list') {
              const query = {
                ...read.filters,
                sort: read.sort,
                order: read.order,
                page: read.page,
                pageSize: read.pageSize,
              };
              const kept = await listEmployers(ctx.db, read.scope, query);
              const built = await listEmployers(fresh(), read.scope, query);
              expect(kept.rows.map((row) => row.id)).toEqual(built.rows.map((row) => row.id));
              expect(kept.total).toBe(built.total);
            } else if (read.kind === 'detail') {
              const id = employerIds[read.index]!;
              expect((await findEmployer(ctx.db, id, read.scope))?.id).toBe(
                (await findEmployer(fresh(), id, read.scope))?.id,
              );
            } else {
              const query = {
                role: read.role,
                sort: 'created_at',
                order: 'desc',
                page: read.page,
                pageSize: 20,
              } as const;
              const kept = await listAdmins(ctx.db, query);
              const built = await listAdmins(fresh(), query);
              expect(kept.rows.map((row) => row.id)).toEqual(built.rows.map((row) => row.id));
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('builds once per key, and again for another key or another database', () => {
    let builds = 0;
    const build = () => {
      builds++;
      return ctx.db.select({ one: sql`1` }).from(admins);
    };
    const first = builtOnce(ctx.db, 'test site', { a: 1, at: new Date(0) }, build);
    expect(builtOnce(ctx.db, 'test site', { a: 1, at: new Date(0) }, build)).toBe(first);
    expect(builds).toBe(1);
    builtOnce(ctx.db, 'test site', { a: 2, at: new Date(0) }, build);
    builtOnce(fresh(), 'test site', { a: 1, at: new Date(0) }, build);
    expect(builds).toBe(3);
  });

  it('serves a database and its transactions alike, each statement run on its own executor’s connection', async () => {
    let builds = 0;
    const id = employerIds[0]!;
    const nameOf = (executor: Executor) =>
      builtOnce(executor, 'test transactions', 'name', () => {
        builds++;
        return executor
          .select({ name: employers.companyName })
          .from(employers)
          .where(eq(employers.id, sql.placeholder('id')));
      }).execute({ id });
    const [before] = await nameOf(ctx.db);
    const rolledBack = new Error('roll back');
    for (const name of ['거래중상사', '다른거래상사']) {
      await expect(
        ctx.db.transaction(async (tx) => {
          await tx.update(employers).set({ companyName: name }).where(eq(employers.id, id));
          // Its own write, not yet committed: only its connection sees it.
          expect(await nameOf(tx)).toEqual([{ name }]);
          if (engine === 'pg') expect(await nameOf(ctx.db)).toEqual([before]);
          throw rolledBack;
        }),
      ).rejects.toBe(rolledBack);
    }
    expect(await nameOf(ctx.db)).toEqual([before]);
    expect(builds).toBe(1);
  });

  it('refuses a key JSON would flatten (a Set, a Map, a function)', () => {
    const build = () => ctx.db.select({ one: sql`1` }).from(admins);
    expect(() => builtOnce(ctx.db, 'test site', { ids: new Set([1]) }, build)).toThrow(TypeError);
    expect(() => builtOnce(ctx.db, 'test site', [new Map()], build)).toThrow(TypeError);
    expect(() => builtOnce(ctx.db, 'test site', { pick: () => 1 }, build)).toThrow(TypeError);
  });
});
