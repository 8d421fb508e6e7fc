import { ONE_EMPLOYER_ROWS } from '@ilson/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBranch, insertEmployer, insertMatching, insertWorker } from '../../../test/fixtures';
import { createTestContext, databaseBefore, type TestContext } from '../../../test/helpers';
import { type DbHandle, queryRows } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import {
  dataRepairs,
  jobPosts,
  matchingStatusHistory,
  matchings,
  payouts,
  type workers,
} from '../../db/schema';
import { addDays, seoulToday } from '../../lib/dates';
import { CHECKS, runChecks } from '../checks';
import { listRepairs } from '../repairs';

/**
 * The invariant checks of `npm run check:data` and the model-based test must see a broken rule, or their silence
 * proves nothing: each is shown a record written straight to the database (behind the API) that breaks it.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const TODAY = seoulToday();

async function brokenRecords() {
  const branch = (await insertBranch(ctx)).id;
  const employer = (await insertEmployer(ctx, branch)).id;
  const refs = (workerId: number) => ({ employerId: employer, workerId, branchId: branch });
  const w = async (values: Partial<typeof workers.$inferInsert> = {}) =>
    (await insertWorker(ctx, branch, values)).id;

  const cancelled = await insertMatching(ctx, refs(await w({ visaStatus: 'cancelled' })), {
    status: 'accepted',
  });
  const expired = await insertMatching(ctx, refs(await w({ visaExpiryDate: addDays(TODAY, -1) })), {
    status: 'working',
  });
  const departed = await insertMatching(ctx, refs(await w({ status: 'departed' })), { status: 'contracted' });
  const notAllowed = await insertMatching(ctx, refs(await w({ visaType: 'H-2' })), { status: 'working' });
  const notPermitted = await insertMatching(ctx, refs(await w({ visaType: 'F-4' })), { status: 'working' });
  await ctx.db.execute(
    sql`UPDATE job_posts SET allowed_visa_types = '{F-4}' WHERE id = ${notPermitted.jobPostId}`,
  );
  const beforeStart = await insertMatching(ctx, refs(await w({ visaExpiryDate: '2026-01-01' })), {
    status: 'contracted',
    startDate: '2026-02-01',
  });
  const futureWork = await insertMatching(ctx, refs(await w()), {
    status: 'working',
    startDate: addDays(TODAY, 5),
  });
  const skipped = await insertMatching(ctx, refs(await w()), { status: 'accepted' });
  await ctx.db
    .insert(matchingStatusHistory)
    .values({ matchingId: skipped.id, fromStatus: 'proposed', toStatus: 'accepted' });
  const unapproved = (await insertEmployer(ctx, branch, { status: 'suspended' })).id;
  const openPost = await insertMatching(
    ctx,
    { employerId: unapproved, workerId: await w(), branchId: branch },
    { status: 'cancelled' },
  );
  await ctx.db.execute(
    sql`UPDATE job_posts SET allowed_visa_types = '{E-9,D-10}' WHERE id = ${openPost.jobPostId}`,
  );
  const deletedWorker = await w();
  const onDeleted = await insertMatching(ctx, refs(deletedWorker), { status: 'proposed' });
  await ctx.db.execute(sql`UPDATE workers SET deleted_at = now() WHERE id = ${deletedWorker}`);
  const drift = await insertMatching(ctx, refs(await w()), { status: 'completed' });
  await ctx.db.execute(sql`UPDATE job_posts SET filled_count = 7 WHERE id = ${drift.jobPostId}`);
  return {
    branch,
    expected: {
      held_visa_invalid: [cancelled.id, expired.id],
      held_worker_departed: [departed.id],
      held_visa_not_allowed: [notAllowed.id],
      held_visa_not_permitted: [notPermitted.id],
      held_visa_before_start: [beforeStart.id],
      matching_dates: [futureWork.id],
      interview_skipped_silently: [skipped.id],
      post_open_employer_not_approved: [openPost.jobPostId],
      post_visas_not_permitted: [openPost.jobPostId],
      live_matching_on_deleted_record: [onDeleted.id],
      filled_count_drift: [drift.jobPostId],
    } as Record<string, number[]>,
  };
}

describe('the invariant checks', () => {
  it('each finds the record written behind the API that breaks its rule, in its branch only', async () => {
    const { branch, expected } = await brokenRecords();
    const results = await runChecks(ctx.db, { branchIds: [branch] });
    for (const [code, ids] of Object.entries(expected)) {
      const found = results.find((r) => r.code === code)!.violations.map((v) => v.targetId);
      for (const id of ids) expect(found, code).toContain(id);
    }
    const elsewhere = await runChecks(ctx.db, { branchIds: [branch + 1000] });
    expect(elsewhere.every((r) => r.violations.length === 0)).toBe(true);
  });

  it('also sees what the database refuses: two contracts of one worker, two fees of one matching', async () => {
    const branch = (await insertBranch(ctx)).id;
    const employer = (await insertEmployer(ctx, branch)).id;
    const worker = (await insertWorker(ctx, branch)).id;
    const refs = { employerId: employer, workerId: worker, branchId: branch };
    const first = await insertMatching(ctx, refs);
    let results: Awaited<ReturnType<typeof runChecks>> = [];
    const rolledBack = new Error('rolled back');
    // The indexes are dropped inside a transaction that is rolled back: nothing of it stays.
    await ctx.db
      .transaction(async (tx) => {
        await tx.execute(sql`DROP INDEX matchings_worker_engaged_key`);
        await tx.execute(sql`DROP INDEX payouts_matching_fee_key`);
        const second = await insertMatching({ db: tx as unknown as TestContext['db'] }, refs);
        for (let i = 0; i < 2; i++) {
          await tx
            .insert(payouts)
            .values({ employerId: employer, matchingId: first.id, type: 'matching_fee', amount: 1 });
        }
        results = await runChecks(tx as unknown as TestContext['db'], { branchIds: [branch] }, [
          'worker_engaged_twice',
          'duplicate_matching_fee',
        ]);
        expect(second.id).toBeGreaterThan(first.id);
        throw rolledBack;
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) throw error;
      });
    expect(results.map((r) => [r.code, r.violations.map((v) => v.targetId)])).toEqual([
      ['worker_engaged_twice', [worker]],
      ['duplicate_matching_fee', [first.id]],
    ]);
    const [index] = await queryRows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM pg_indexes WHERE indexname = 'matchings_worker_engaged_key'`,
    );
    expect(index?.n).toBe(1);
  });

  it('the one-job index covers exactly the one-employer visas of the contracts table (migration 0042)', async () => {
    const [row] = await queryRows<{ def: string }>(
      ctx.db,
      sql`SELECT indexdef AS def FROM pg_indexes WHERE indexname = 'matchings_worker_engaged_key'`,
    );
    const visas = [
      ...(row?.def.match(/worker_visa_type\b[^)]*\)/)?.[0].matchAll(/'([A-Z]-\d+)'/g) ?? []),
    ].map((m) => m[1]);
    expect(visas.sort()).toEqual([...new Set(ONE_EMPLOYER_ROWS.map((r) => r.visa))].sort());
    expect(row?.def).toMatch(/status.*contracted.*working/);
  });

  it('covers every check it declares', () => {
    expect(CHECKS.map((c) => c.code)).toEqual(
      expect.arrayContaining(['worker_engaged_twice', 'duplicate_matching_fee']),
    );
  });
});

/**
 * An employer and a worker inserted by the columns the database before 0010 has: the schema's own inserts name every
 * column of today's tables, including those later migrations added (an import's provenance, 0013).
 */
async function oldEmployer(old: { db: DbHandle['db'] }, branchId: number): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    old.db,
    sql`INSERT INTO employers (company_name, business_reg_no, ceo_name, biz_entity_type, industry, region, zip_code,
          road_address, phone, branch_id, status)
        VALUES ('(주)수리전제조', '1248100998', '박대표', 'corporation', 'manufacturing', '경기도', '15588',
          '경기도 안산시 단원구 산단로 1', '0311234567', ${branchId}, 'approved') RETURNING id`,
  );
  return row!.id;
}

let oldWorkers = 0;
async function oldWorker(old: { db: DbHandle['db'] }, branchId: number): Promise<number> {
  oldWorkers += 1;
  const [row] = await queryRows<{ id: number }>(
    old.db,
    sql`INSERT INTO workers (name_ko, first_name, last_name, gender, date_of_birth, nationality, visa_type,
          visa_expiry_date, branch_id)
        VALUES ('수리 전 근로자', ${`Worker${oldWorkers}`}, 'Nguyen', 'male', '1990-01-01', 'VN', 'E-9', '2030-12-31',
          ${branchId}) RETURNING id`,
  );
  return row!.id;
}

/**
 * A matching as a database before migration 0010 held it, with its job post: plain SQL, since the schema of today
 * has columns that later migrations add (0021's destroyed_at on matchings).
 */
async function oldMatching(
  old: { db: DbHandle['db'] },
  refs: { employerId: number; workerId: number; branchId: number },
  values: { status: string; startDate: string | null; endDate?: string | null },
): Promise<{ id: number; jobPostId: number }> {
  const [post] = await queryRows<{ id: number }>(
    old.db,
    sql`INSERT INTO job_posts (employer_id, branch_id, title, industry, job_description, headcount, region,
          work_address, employment_type, work_days, work_start_time, work_end_time, salary_type, salary_amount,
          allowed_visa_types, status)
        VALUES (${refs.employerId}, ${refs.branchId}, '생산직 사원 모집', 'manufacturing', '조립', 5, '경기도',
          '경기도 안산시 단원구 산단로 1', 'full_time', '{mon,tue,wed,thu,fri}', '09:00', '18:00', 'monthly', 2500000,
          '{E-9}', 'active') RETURNING id`,
  );
  const [row] = await queryRows<{ id: number }>(
    old.db,
    sql`INSERT INTO matchings (job_post_id, employer_id, worker_id, branch_id, worker_nationality, worker_visa_type,
          industry, status, start_date, end_date)
        VALUES (${post!.id}, ${refs.employerId}, ${refs.workerId}, ${refs.branchId}, 'VN', 'E-9', 'manufacturing',
          ${values.status}, ${values.startDate}, ${values.endDate ?? null}) RETURNING id`,
  );
  return { id: row!.id, jobPostId: post!.id };
}

describe('migration 0010 on data that breaks its constraints', () => {
  it('repairs what the new constraints need, records every repair, and leaves those checks clean', {
    timeout: 120_000,
  }, async () => {
    const { handle, drop } = await databaseBefore('0010_integrity');
    const old = { db: handle.db };
    try {
      const branch = (await insertBranch(old)).id;
      const employer = await oldEmployer(old, branch);
      const worker = await oldWorker(old, branch);
      const refs = { employerId: employer, workerId: worker, branchId: branch };
      const working = await oldMatching(old, refs, { status: 'working', startDate: '2026-01-05' });
      const contracted = await oldMatching(old, refs, { status: 'contracted', startDate: '2026-03-01' });
      const noEnd = await oldMatching(
        old,
        { ...refs, workerId: await oldWorker(old, branch) },
        {
          status: 'completed',
          startDate: '2026-01-05',
          endDate: null,
        },
      );
      const skipped = await oldMatching(
        old,
        { ...refs, workerId: await oldWorker(old, branch) },
        {
          status: 'accepted',
          startDate: null,
        },
      );
      await handle.db
        .insert(matchingStatusHistory)
        .values({ matchingId: skipped.id, fromStatus: 'proposed', toStatus: 'accepted' });
      const fees: number[] = [];
      for (const status of ['pending', 'paid'] as const) {
        // Plain SQL: the schema of today has columns that later migrations add.
        const [row] = await queryRows<{ id: number }>(
          handle.db,
          sql`INSERT INTO payouts (employer_id, matching_id, type, amount, status)
              VALUES (${employer}, ${working.id}, 'matching_fee', 300000, ${status}) RETURNING id`,
        );
        fees.push(row!.id);
      }
      await handle.db.execute(
        sql`UPDATE job_posts SET filled_count = 1 WHERE id IN (${contracted.jobPostId}, ${working.jobPostId})`,
      );

      await runMigrations(handle);

      const rows = await handle.db.select().from(matchings);
      const byId = new Map(rows.map((r) => [r.id, r]));
      expect(byId.get(working.id)!.status).toBe('working');
      expect(byId.get(contracted.id)).toMatchObject({
        status: 'cancelled',
        cancelReason: '데이터 점검: 같은 근로자의 다른 계약과 겹침',
      });
      expect(byId.get(noEnd.id)!.endDate).not.toBeNull();
      const feeRows = await handle.db.select().from(payouts);
      expect(feeRows.find((p) => p.id === fees[0])!.status).toBe('cancelled');
      expect(feeRows.find((p) => p.id === fees[1])!.status).toBe('paid');
      const [post] = await handle.db.select().from(jobPosts).where(sql`id = ${contracted.jobPostId}`);
      expect(post!.filledCount).toBe(0);
      const repairs = await listRepairs(handle.db);
      expect(repairs.map((r) => [r.check, r.targetType, r.targetId])).toEqual(
        expect.arrayContaining([
          ['worker_engaged_twice', 'matching', contracted.id],
          ['duplicate_matching_fee', 'payout', fees[0]],
          ['matching_dates', 'matching', noEnd.id],
          ['interview_skipped_silently', 'matching', skipped.id],
          ['filled_count_drift', 'job_post', contracted.jobPostId],
        ]),
      );
      expect(await handle.db.select().from(dataRepairs)).toHaveLength(repairs.length);
      const results = await runChecks(handle.db, {}, [
        'worker_engaged_twice',
        'duplicate_matching_fee',
        'matching_dates',
        'interview_skipped_silently',
        'filled_count_drift',
      ]);
      expect(results.filter((r) => r.violations.length > 0)).toEqual([]);
    } finally {
      await handle.close();
      await drop();
    }
  });
});

describe('migration 0037 on resumes and posts left behind by their parents', () => {
  it('sends a deleted worker’s live resumes after it and a post to its employer’s branch, recording each', {
    timeout: 120_000,
  }, async () => {
    const { handle, drop } = await databaseBefore('0037_records_follow_parents');
    const old = { db: handle.db };
    try {
      const from = (await insertBranch(old)).id;
      const to = (await insertBranch(old)).id;
      const employer = (await insertEmployer(old, to)).id;
      const deletedAt = new Date(Date.now() - 3 * 86_400_000);
      // Raw SQL: the schema of today has columns (0038) this older database does not.
      const [inserted] = await queryRows<{ id: number }>(
        handle.db,
        sql`INSERT INTO workers (name_ko, first_name, last_name, gender, date_of_birth, nationality, visa_type,
                                 branch_id, deleted_at)
            VALUES ('응우옌 반 안', 'Van An', 'Nguyen', 'male', '1995-05-05', 'VN', 'E-9', ${from}, ${deletedAt})
            RETURNING id`,
      );
      const worker = inserted!.id;
      const resume = async (deleted: Date | null) => {
        const [row] = await queryRows<{ id: number }>(
          handle.db,
          sql`INSERT INTO resumes (worker_id, status, deleted_at) VALUES (${worker}, 'active', ${deleted})
              RETURNING id`,
        );
        return row!.id;
      };
      const left = await resume(null);
      const before = await resume(new Date(Date.now() - 9 * 86_400_000));
      const post = async (deleted: Date | null) => {
        const [row] = await queryRows<{ id: number }>(
          handle.db,
          sql`INSERT INTO job_posts (employer_id, branch_id, title, industry, job_description, headcount, region,
                work_address, employment_type, work_days, work_start_time, work_end_time, salary_type,
                salary_amount, allowed_visa_types, status, deleted_at)
              VALUES (${employer}, ${from}, '남은 공고', 'manufacturing', '조립', 1, '경기도', '경기도 안산시',
                'full_time', '{mon}', '09:00', '18:00', 'monthly', 2500000, '{E-9}', 'closed', ${deleted})
              RETURNING id`,
        );
        return row!.id;
      };
      const astray = await post(null);
      const trashed = await post(deletedAt);
      const [matching] = await queryRows<{ id: number }>(
        handle.db,
        sql`INSERT INTO matchings (job_post_id, employer_id, worker_id, branch_id, worker_nationality,
              worker_visa_type, industry, status, start_date, end_date)
            VALUES (${astray}, ${employer}, ${worker}, ${from}, 'VN', 'E-9', 'manufacturing', 'completed',
              '2026-01-05', '2026-03-05') RETURNING id`,
      );

      await runMigrations(handle);

      const resumes = await queryRows<{ id: number; deleted_at: Date; deleted_with_worker: boolean }>(
        handle.db,
        sql`SELECT id, deleted_at, deleted_with_worker FROM resumes ORDER BY id`,
      );
      expect(resumes.map((r) => [r.id, new Date(r.deleted_at).getTime(), r.deleted_with_worker])).toEqual([
        [left, deletedAt.getTime(), true],
        [before, expect.any(Number), false],
      ]);
      const posts = await handle.db.select().from(jobPosts).orderBy(jobPosts.id);
      expect(posts.map((p) => [p.id, p.branchId])).toEqual([
        [astray, to],
        [trashed, to],
      ]);
      const [kept] = await handle.db.select().from(matchings).where(sql`id = ${matching!.id}`);
      expect(kept!.branchId).toBe(from);
      const repairs = await listRepairs(handle.db);
      expect(repairs.map((r) => [r.check, r.targetType, r.targetId])).toEqual([
        ['resume_of_deleted_worker', 'resume', left],
        ['post_branch_not_employers', 'job_post', astray],
        ['post_branch_not_employers', 'job_post', trashed],
      ]);
      const results = await runChecks(handle.db, {}, [
        'resume_of_deleted_worker',
        'post_branch_not_employers',
      ]);
      expect(results.filter((r) => r.violations.length > 0)).toEqual([]);
    } finally {
      await handle.close();
      await drop();
    }
  });
});

describe('I-20: a destroyed worker in a matching under way', () => {
  it('is reported for a proposed matching too, not only a contract (a destruction racing a proposal left one)', async () => {
    const branch = (await insertBranch(ctx)).id;
    const employer = (await insertEmployer(ctx, branch)).id;
    const worker = (await insertWorker(ctx, branch)).id;
    const proposed = await insertMatching(
      ctx,
      { employerId: employer, workerId: worker, branchId: branch },
      { status: 'proposed' },
    );
    // What destruction leaves of a worker; the trigger of migration 0035 refuses it only under a contract.
    await ctx.db.execute(
      sql`UPDATE workers SET destroyed_at = now(), name_ko = '파기됨', first_name = '', last_name = '',
            alien_reg_no_hash = NULL, passport_no_hash = NULL, date_of_birth = '1995-01-01'
          WHERE id = ${worker}`,
    );
    const [result] = await runChecks(ctx.db, {}, ['destroyed_worker_engaged']);
    expect(result!.violations.map((v) => v.targetId)).toContain(proposed.id);
  });
});
