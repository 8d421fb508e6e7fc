/**
 * docs/domain-integrity.md#copies-kept-by-the-database: a payout's `employer_branch_id` is its employer's branch, and
 * a job post's `employer_company_name` its employer's name, whatever writes. Random runs of every way a record or its
 * employer can change — through the API (a record created or moved to another employer, an employer moved to another
 * branch or renamed) and in plain SQL (a record inserted without the copy or with a forged one, moved to another
 * employer or to none, its copy overwritten; an employer changed) — against a model of who belongs where. After every
 * step no copy differs from its employer's value, over the whole database; after every run the list that reads the
 * copy (payouts by branch, job posts by the search box) answers exactly the model's records.
 */

import { eq, type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { employers, payouts } from '../src/db/schema';
import { type Api, insertBranch, insertEmployer, jobPostBody, signedIn } from './fixtures';
import { createTestContext, databaseBefore, type TestContext } from './helpers';

let ctx: TestContext;
let admin: Api;
const branches: number[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedIn(ctx, 'super_admin')).api;
  for (const name of ['수원지점', '평택지점', '천안지점'])
    branches.push((await insertBranch(ctx, { name })).id);
});

afterAll(async () => {
  await ctx?.close();
});

type Step =
  | { kind: 'create'; via: 'api' | 'sql'; employer: number }
  | { kind: 'createForged'; employer: number; branch: number }
  | { kind: 'movePayout'; via: 'api' | 'sql'; payout: number; employer: number }
  | { kind: 'moveEmployer'; via: 'api' | 'sql'; employer: number; branch: number }
  | { kind: 'forge'; payout: number; branch: number }
  | { kind: 'moveToNowhere'; payout: number };

const EMPLOYERS = 3;
const index = (n: number) => fc.nat({ max: n - 1 });
const via = fc.constantFrom('api' as const, 'sql' as const);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), via, employer: index(EMPLOYERS) }),
  fc.record({ kind: fc.constant('createForged' as const), employer: index(EMPLOYERS), branch: index(3) }),
  fc.record({ kind: fc.constant('movePayout' as const), via, payout: fc.nat(), employer: index(EMPLOYERS) }),
  fc.record({
    kind: fc.constant('moveEmployer' as const),
    via,
    employer: index(EMPLOYERS),
    branch: index(3),
  }),
  fc.record({ kind: fc.constant('forge' as const), payout: fc.nat(), branch: index(3) }),
  fc.record({ kind: fc.constant('moveToNowhere' as const), payout: fc.nat() }),
);

/** Records whose copy differs from their employer's value, over the whole table. */
async function strayCopies(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ctx.db,
    sql`SELECT (SELECT count(*) FROM payouts p JOIN employers e ON e.id = p.employer_id
                 WHERE p.employer_branch_id IS DISTINCT FROM e.branch_id)
             + (SELECT count(*) FROM job_posts j JOIN employers e ON e.id = j.employer_id
                 WHERE j.employer_company_name IS DISTINCT FROM e.company_name) AS n`,
  );
  return Number(row!.n);
}

async function versionOf(table: typeof payouts | typeof employers, id: number): Promise<number> {
  const [row] = await ctx.db.select({ version: table.version }).from(table).where(eq(table.id, id));
  return row!.version;
}

/** A statement the database must refuse; nothing it would have written stays. */
async function refused(statement: ReturnType<typeof sql>) {
  await expect(ctx.db.transaction(async (tx) => tx.execute(statement))).rejects.toThrow();
}

/** One edit through the record's PATCH route, with its current version, or the same edit in plain SQL. */
async function edit(
  via: 'api' | 'sql',
  record: { table: typeof payouts | typeof employers; path: string; id: number; body: object },
  statement: SQL,
) {
  if (via === 'sql') {
    await ctx.db.execute(statement);
    return;
  }
  const reply = await admin.patch(`${record.path}/${record.id}`, {
    ...record.body,
    version: await versionOf(record.table, record.id),
  });
  expect(reply.statusCode, reply.body).toBe(200);
}

/** A record moved to an employer that does not exist is refused as the employer's own key refuses it (23503). */
async function refusedForNoEmployer(table: 'payouts' | 'job_posts', id: number) {
  await expect(
    ctx.db.transaction((tx) =>
      tx.execute(sql`UPDATE ${sql.identifier(table)} SET employer_id = 2147483647 WHERE id = ${id}`),
    ),
  ).rejects.toMatchObject({ cause: { code: '23503' } });
}

describe('a payout’s copy of its employer’s branch', () => {
  it('follows every write to a payout or its employer, and the branch filter answers from it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        // The model: each employer's branch and each payout's employer.
        const employerIds: number[] = [];
        const branchOf = new Map<number, number>();
        for (let i = 0; i < EMPLOYERS; i++) {
          const id = (await insertEmployer(ctx, branches[i]!)).id;
          employerIds.push(id);
          branchOf.set(id, branches[i]!);
        }
        const employerOf = new Map<number, number>();
        const payoutIds: number[] = [];
        const pick = (n: number) => payoutIds[n % payoutIds.length]!;

        for (const s of steps) {
          switch (s.kind) {
            case 'create': {
              const employer = employerIds[s.employer]!;
              let id: number;
              if (s.via === 'api') {
                const reply = await admin.post('/payouts', {
                  employer_id: employer,
                  type: 'refund',
                  amount: 10_000,
                });
                expect(reply.statusCode, reply.body).toBe(201);
                id = reply.json().id;
              } else {
                const [row] = await queryRows<{ id: number }>(
                  ctx.db,
                  sql`INSERT INTO payouts (employer_id, type, amount) VALUES (${employer}, 'refund', 10000) RETURNING id`,
                );
                id = row!.id;
              }
              payoutIds.push(id);
              employerOf.set(id, employer);
              break;
            }
            case 'createForged': {
              const employer = employerIds[s.employer]!;
              const branch = branches[s.branch]!;
              const insert = sql`INSERT INTO payouts (employer_id, employer_branch_id, type, amount)
                VALUES (${employer}, ${branch}, 'refund', 10000) RETURNING id`;
              if (branch !== branchOf.get(employer)) {
                await refused(insert);
              } else {
                const [row] = await queryRows<{ id: number }>(ctx.db, insert);
                payoutIds.push(row!.id);
                employerOf.set(row!.id, employer);
              }
              break;
            }
            case 'movePayout': {
              if (payoutIds.length === 0) break;
              const payout = pick(s.payout);
              const employer = employerIds[s.employer]!;
              await edit(
                s.via,
                { table: payouts, path: '/payouts', id: payout, body: { employer_id: employer } },
                sql`UPDATE payouts SET employer_id = ${employer} WHERE id = ${payout}`,
              );
              employerOf.set(payout, employer);
              break;
            }
            case 'moveEmployer': {
              const employer = employerIds[s.employer]!;
              const branch = branches[s.branch]!;
              await edit(
                s.via,
                { table: employers, path: '/employers', id: employer, body: { branch_id: branch } },
                sql`UPDATE employers SET branch_id = ${branch} WHERE id = ${employer}`,
              );
              branchOf.set(employer, branch);
              break;
            }
            case 'forge': {
              if (payoutIds.length === 0) break;
              const payout = pick(s.payout);
              const branch = branches[s.branch]!;
              const update = sql`UPDATE payouts SET employer_branch_id = ${branch} WHERE id = ${payout}`;
              if (branch !== branchOf.get(employerOf.get(payout)!)) await refused(update);
              else await ctx.db.execute(update);
              break;
            }
            case 'moveToNowhere':
              if (payoutIds.length > 0) await refusedForNoEmployer('payouts', pick(s.payout));
              break;
          }
          expect(await strayCopies()).toBe(0);
        }

        // The list's branch filter reads the copy: it finds exactly the model's payouts of each branch.
        const mine = new Set(payoutIds);
        for (const branch of branches) {
          const reply = await admin.get(`/payouts?branch_id=${branch}&page_size=100`);
          expect(reply.statusCode, reply.body).toBe(200);
          const listed = (reply.json().data as { id: number }[])
            .map((row) => row.id)
            .filter((id) => mine.has(id));
          const expected = payoutIds.filter((id) => branchOf.get(employerOf.get(id)!) === branch);
          expect(listed.sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
        }
      }),
      { numRuns: 25 },
    );
  });
});

/** A post written in plain SQL with the columns a post needs, the copy given only when `name` is. */
const postInsert = (employer: number, branch: number, name?: string) =>
  sql`INSERT INTO job_posts (employer_id, branch_id, title, industry, job_description, headcount, region, work_address,
        employment_type, work_days, work_start_time, work_end_time, salary_type, salary_amount, allowed_visa_types,
        status${name === undefined ? sql`` : sql`, employer_company_name`})
      VALUES (${employer}, ${branch}, '포장 보조 모집', 'manufacturing', '포장', 1, '경기도', '경기도 안산시 단원구 산단로 1',
        'full_time', '{mon,tue}', '09:00', '18:00', 'monthly', 2500000, '{E-9}', 'draft'
        ${name === undefined ? sql`` : sql`, ${name}`})
      RETURNING id`;

type PostStep =
  | { kind: 'create'; via: 'api' | 'sql'; employer: number }
  | { kind: 'createForged'; employer: number }
  | { kind: 'movePost'; post: number; employer: number }
  | { kind: 'rename'; via: 'api' | 'sql'; employer: number }
  | { kind: 'forge'; post: number }
  | { kind: 'moveToNowhere'; post: number };

const postStep: fc.Arbitrary<PostStep> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), via, employer: index(EMPLOYERS) }),
  fc.record({ kind: fc.constant('createForged' as const), employer: index(EMPLOYERS) }),
  fc.record({ kind: fc.constant('movePost' as const), post: fc.nat(), employer: index(EMPLOYERS) }),
  fc.record({ kind: fc.constant('rename' as const), via, employer: index(EMPLOYERS) }),
  fc.record({ kind: fc.constant('forge' as const), post: fc.nat() }),
  fc.record({ kind: fc.constant('moveToNowhere' as const), post: fc.nat() }),
);

let names = 0;
/** A name no other employer of the test has, found by the search box only where it is. */
const freshName = () => `(주)가람${++names}호상사`;

describe('a job post’s copy of its employer’s name', () => {
  it('follows every write to a post or its employer, and the search box finds posts by it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(postStep, { minLength: 1, maxLength: 10 }), async (steps) => {
        const employerIds: number[] = [];
        const nameOf = new Map<number, string>();
        for (let i = 0; i < EMPLOYERS; i++) {
          const name = freshName();
          const id = (await insertEmployer(ctx, branches[0]!, { companyName: name })).id;
          employerIds.push(id);
          nameOf.set(id, name);
        }
        const employerOf = new Map<number, number>();
        const postIds: number[] = [];
        const pick = (n: number) => postIds[n % postIds.length]!;

        for (const s of steps) {
          switch (s.kind) {
            case 'create': {
              const employer = employerIds[s.employer]!;
              let id: number;
              if (s.via === 'api') {
                const reply = await admin.post('/job-posts', jobPostBody(employer, { submit: false }));
                expect(reply.statusCode, reply.body).toBe(201);
                id = reply.json().id;
              } else {
                const [row] = await queryRows<{ id: number }>(ctx.db, postInsert(employer, branches[0]!));
                id = row!.id;
              }
              postIds.push(id);
              employerOf.set(id, employer);
              break;
            }
            case 'createForged':
              await refused(postInsert(employerIds[s.employer]!, branches[0]!, '(주)남의이름'));
              break;
            case 'movePost': {
              if (postIds.length === 0) break;
              const post = pick(s.post);
              const employer = employerIds[s.employer]!;
              await ctx.db.execute(sql`UPDATE job_posts SET employer_id = ${employer} WHERE id = ${post}`);
              employerOf.set(post, employer);
              break;
            }
            case 'rename': {
              const employer = employerIds[s.employer]!;
              const name = freshName();
              await edit(
                s.via,
                { table: employers, path: '/employers', id: employer, body: { company_name: name } },
                sql`UPDATE employers SET company_name = ${name} WHERE id = ${employer}`,
              );
              nameOf.set(employer, name);
              break;
            }
            case 'forge':
              if (postIds.length > 0) {
                await refused(
                  sql`UPDATE job_posts SET employer_company_name = '(주)남의이름' WHERE id = ${pick(s.post)}`,
                );
              }
              break;
            case 'moveToNowhere':
              if (postIds.length > 0) await refusedForNoEmployer('job_posts', pick(s.post));
              break;
          }
          expect(await strayCopies()).toBe(0);
        }

        // The search box reads the copy: each employer's current name finds exactly the model's posts of it.
        for (const employer of employerIds) {
          const reply = await admin.get(
            `/job-posts?q=${encodeURIComponent(nameOf.get(employer)!)}&page_size=100`,
          );
          expect(reply.statusCode, reply.body).toBe(200);
          const found = (reply.json().data as { id: number }[]).map((row) => row.id).sort((a, b) => a - b);
          const expected = postIds.filter((id) => employerOf.get(id) === employer).sort((a, b) => a - b);
          expect(found).toEqual(expected);
        }
      }),
      { numRuns: 25 },
    );
  });
});

describe('migration 0026 on payouts written before it', () => {
  it('copies every payout’s employer branch, then keeps the copy', { timeout: 120_000 }, async () => {
    const { handle, drop } = await databaseBefore('0026_payouts_employer_branch');
    try {
      const old = { db: handle.db };
      const [north, south] = [
        (await insertBranch(old, { name: '북부지점' })).id,
        (await insertBranch(old, { name: '남부지점' })).id,
      ];
      const [first, second] = [await insertEmployer(old, north), await insertEmployer(old, south)];
      for (const employer of [first.id, first.id, second.id]) {
        // Plain SQL: the schema of today names the column the migration adds.
        await handle.db.execute(
          sql`INSERT INTO payouts (employer_id, type, amount) VALUES (${employer}, 'refund', 5000)`,
        );
      }
      await runMigrations(handle);
      const copies = await queryRows<{ employer_id: number; employer_branch_id: number }>(
        handle.db,
        sql`SELECT employer_id, employer_branch_id FROM payouts ORDER BY id`,
      );
      expect(copies).toEqual([
        { employer_id: first.id, employer_branch_id: north },
        { employer_id: first.id, employer_branch_id: north },
        { employer_id: second.id, employer_branch_id: south },
      ]);
      await handle.db.execute(sql`UPDATE employers SET branch_id = ${south} WHERE id = ${first.id}`);
      const [moved] = await queryRows<{ n: number }>(
        handle.db,
        sql`SELECT count(*)::int AS n FROM payouts WHERE employer_branch_id = ${south}`,
      );
      expect(moved!.n).toBe(3);
    } finally {
      await handle.close();
      await drop();
    }
  });
});

describe('migration 0027 on job posts written before it', () => {
  it('copies every post’s employer name, then keeps the copy', { timeout: 120_000 }, async () => {
    const { handle, drop } = await databaseBefore('0027_job_posts_employer_name');
    try {
      const old = { db: handle.db };
      const branch = (await insertBranch(old, { name: '서부지점' })).id;
      const employer = await insertEmployer(old, branch, { companyName: '(주)옛이름' });
      // Plain SQL: the schema of today names the column the migration adds.
      await queryRows(handle.db, postInsert(employer.id, branch));
      await runMigrations(handle);
      const read = () =>
        queryRows<{ name: string }>(handle.db, sql`SELECT employer_company_name AS name FROM job_posts`);
      expect(await read()).toEqual([{ name: '(주)옛이름' }]);
      await handle.db.execute(
        sql`UPDATE employers SET company_name = '(주)새이름' WHERE id = ${employer.id}`,
      );
      expect(await read()).toEqual([{ name: '(주)새이름' }]);
    } finally {
      await handle.close();
      await drop();
    }
  });
});
