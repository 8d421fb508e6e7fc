/**
 * A rule that reads one row to allow a write to another holds when the two writes come at once, from two API
 * instances on one PostgreSQL (docs/domain-integrity.md#locks): each pair below is raced round after round, one
 * side on each instance, and the database is then read for the state the rule forbids. Before the parent rows were
 * locked, an employer suspended while one of its posts was approved left an active post under a suspended employer
 * in nearly every round.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type DbHandle, openPostgres, queryRows } from '../src/db/client';
import { jobPosts } from '../src/db/schema';
import { addDays, seoulToday } from '../src/lib/dates';
import {
  type Api,
  activeJobPost,
  alienRegNo,
  apiAs,
  businessRegNo,
  employerBody,
  grantPermit,
  insertBranch,
  insertEmployer,
  insertMatching,
  insertWorker,
  jobPostBody,
  resumeBody,
  setFutureMinimumWages,
  workerBody,
} from './fixtures';
import { createAdmin, createTestContext, engine, login, type TestContext, testConfig } from './helpers';
import { adminUrl } from './pg-admin';

const ROUNDS = 15;
const START = addDays(seoulToday(), 30);

let ctx: TestContext;
let otherHandle: DbHandle;
let otherApp: Awaited<ReturnType<typeof buildApp>>;
/** The same admin on each instance. */
let a: Api;
let b: Api;

// biome-ignore lint/suspicious/noExplicitAny: rows of the checks below, read by column.
const rows = (query: ReturnType<typeof sql>) => queryRows<any>(ctx.db, query);

describe.runIf(engine === 'pg')('parent rows locked: each pair of writes raced on two instances', () => {
  beforeAll(async () => {
    ctx = await createTestContext();
    // Contracts start 30 days ahead, next year in December: its minimum wage must be set (docs/law-as-data.md#wages).
    await setFutureMinimumWages(ctx);
    const [{ name }] = await rows(sql`SELECT current_database() AS name`);
    otherHandle = openPostgres(adminUrl(process.env.TEST_DATABASE_URL!, name), { max: 5 });
    otherApp = await buildApp({ config: testConfig, db: otherHandle, scheduledJobs: false });
    await otherApp.ready();
    const admin = await createAdmin(ctx, { role: 'super_admin' });
    const { token } = await login(ctx, admin.loginId);
    a = apiAs(ctx, token);
    b = apiAs({ app: otherApp }, token);
  }, 60_000);

  afterAll(async () => {
    await otherApp?.close();
    await otherHandle?.close();
    await ctx?.close();
  });

  async function insertPost(
    employerId: number,
    branchId: number,
    status: 'draft' | 'pending' | 'suspended',
    deletedAt: Date | null = null,
  ) {
    const [post] = await ctx.db
      .insert(jobPosts)
      .values({
        employerId,
        branchId,
        title: '경합 공고',
        industry: 'manufacturing',
        jobDescription: '조립',
        headcount: 5,
        region: '경기도',
        workAddress: '경기도 안산시 단원구 산단로 1',
        employmentType: 'full_time',
        workDays: ['mon', 'tue', 'wed', 'thu', 'fri'],
        workStartTime: '09:00',
        workEndTime: '18:00',
        breakMinutes: 60,
        salaryType: 'monthly',
        salaryAmount: 2_500_000,
        allowedVisaTypes: ['E-9'],
        status,
        deletedAt,
      })
      .returning({ id: jobPosts.id, version: jobPosts.version });
    return post!;
  }

  /** Active posts under an employer that is not approved: what the employer's status change must never leave. */
  const activeUnderUnapproved = () =>
    rows(sql`SELECT p.id, e.status AS employer_status FROM job_posts p JOIN employers e ON e.id = p.employer_id
             WHERE p.status = 'active' AND e.status <> 'approved' AND p.deleted_at IS NULL`);

  /**
   * Whether the record's latest entry in the access log (its create, or the change that moved it) comes after the
   * entry of the branch's deactivation: entries are chained as their change commits, so their order is the order
   * the changes committed in (docs/access-log.md#appends-in-a-change).
   */
  async function loggedAfterClose(targetType: string, id: number, branchId: number) {
    const [row] = await rows(
      sql`SELECT (SELECT max(id) FROM audit_logs WHERE target_type = ${targetType} AND target_id = ${String(id)}
                                                 AND action IN ('CREATE', 'UPDATE'))
               > (SELECT max(id) FROM audit_logs WHERE target_type = 'branch' AND target_id = ${String(branchId)}
                                                 AND diff->'status'->>'after' = 'inactive') AS after`,
    );
    return Boolean(row.after);
  }

  for (const { employerTo, reason, postFrom } of [
    { employerTo: 'suspended', reason: '점검', postFrom: 'pending' },
    { employerTo: 'withdrawn', reason: '폐업', postFrom: 'suspended' },
  ] as const) {
    it(`employer ${employerTo} while its ${postFrom} post is made active, ${ROUNDS} rounds: no active post under it`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const branch = await insertBranch(ctx);
        const employer = await insertEmployer(ctx, branch.id);
        const post = await insertPost(employer.id, branch.id, postFrom);
        const [employerChange, postChange] = await Promise.all([
          a.post(`/employers/${employer.id}/status`, { status: employerTo, reason, version: 1 }),
          b.post(`/job-posts/${post.id}/status`, { status: 'active', version: post.version }),
        ]);
        expect(employerChange.statusCode, employerChange.body).toBe(200);
        expect([200, 409], postChange.body).toContain(postChange.statusCode);
      }
      expect(await activeUnderUnapproved()).toEqual([]);
    });
  }

  it(`employer deleted while a post is created under it or restored from the trash, ${ROUNDS} rounds each: no live post under a deleted employer`, async () => {
    const branch = await insertBranch(ctx);
    const writes: [
      string,
      (employerId: number) => Promise<() => Promise<{ statusCode: number; body: string }>>,
    ][] = [
      ['create', async (employerId) => () => b.post('/job-posts', jobPostBody(employerId))],
      [
        'restore',
        async (employerId) => {
          const post = await insertPost(employerId, branch.id, 'draft', new Date());
          return () => b.post(`/trash/job_post/${post.id}/restore`, {});
        },
      ],
    ];
    const outcomes: string[] = [];
    for (const [name, prepare] of writes) {
      for (let round = 0; round < ROUNDS; round++) {
        const employer = await insertEmployer(ctx, branch.id, { status: 'pending' });
        const write = await prepare(employer.id);
        const [remove, written] = await Promise.all([a.delete(`/employers/${employer.id}`), write()]);
        expect([200, 409], remove.body).toContain(remove.statusCode);
        expect([200, 201, 409, 422], written.body).toContain(written.statusCode);
        outcomes.push(`${name} ${remove.statusCode}/${written.statusCode}`);
      }
    }
    const orphans = await rows(
      sql`SELECT p.id FROM job_posts p JOIN employers e ON e.id = p.employer_id
          WHERE p.deleted_at IS NULL AND e.deleted_at IS NOT NULL`,
    );
    expect(orphans, outcomes.join(', ')).toEqual([]);
  });

  it(`worker deleted while a resume is created for it, ${ROUNDS} rounds: no live resume under a deleted worker`, async () => {
    const branch = await insertBranch(ctx);
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const worker = await insertWorker(ctx, branch.id);
      const [remove, made] = await Promise.all([
        a.delete(`/workers/${worker.id}`),
        b.post('/resumes', resumeBody(worker.id)),
      ]);
      expect(remove.statusCode, remove.body).toBe(200);
      expect([201, 422], made.body).toContain(made.statusCode);
      outcomes.push(`${remove.statusCode}/${made.statusCode}`);
    }
    const orphans = await rows(
      sql`SELECT r.id FROM resumes r JOIN workers w ON w.id = r.worker_id
          WHERE r.deleted_at IS NULL AND w.deleted_at IS NOT NULL`,
    );
    expect(orphans, outcomes.join(', ')).toEqual([]);
  });

  it(`employer moved to another branch while a post is created under it, ${ROUNDS} rounds: every post in its employer's branch`, async () => {
    const from = await insertBranch(ctx);
    const to = await insertBranch(ctx);
    for (let round = 0; round < ROUNDS; round++) {
      const employer = await insertEmployer(ctx, from.id);
      const [move, made] = await Promise.all([
        a.patch(`/employers/${employer.id}`, { branch_id: to.id, version: employer.version }),
        b.post('/job-posts', jobPostBody(employer.id)),
      ]);
      expect(move.statusCode, move.body).toBe(200);
      expect(made.statusCode, made.body).toBe(201);
    }
    const astray = await rows(
      sql`SELECT p.id, p.branch_id, e.branch_id AS employer_branch FROM job_posts p
          JOIN employers e ON e.id = p.employer_id WHERE p.branch_id <> e.branch_id`,
    );
    expect(astray).toEqual([]);
  });

  it(`branch closed while a record is created in it or moved into it, ${ROUNDS} rounds each: none after the close`, async () => {
    const late: string[] = [];
    let seed = 7_100;
    const home = await insertBranch(ctx);
    const writes: [string, (branchId: number) => Promise<{ statusCode: number; json(): { id: number } }>][] =
      [
        [
          'worker',
          (branchId) =>
            b.post(
              '/workers',
              workerBody(branchId, { alien_reg_no: alienRegNo(++seed), passport_no: `R${++seed}X` }),
            ),
        ],
        [
          'employer',
          (branchId) =>
            b.post('/employers', employerBody(branchId, { business_reg_no: businessRegNo(++seed) })),
        ],
        [
          'worker',
          async (branchId) => {
            const worker = await insertWorker(ctx, home.id);
            return b.patch(`/workers/${worker.id}`, { branch_id: branchId, version: worker.version });
          },
        ],
        [
          'job_post',
          async (branchId) => {
            const employer = await insertEmployer(ctx, branchId);
            return b.post('/job-posts', jobPostBody(employer.id));
          },
        ],
      ];
    for (const [type, write] of writes) {
      for (let round = 0; round < ROUNDS; round++) {
        const branch = await insertBranch(ctx);
        const [close, made] = await Promise.all([
          a.post(`/branches/${branch.id}/status`, { status: 'inactive', version: branch.version }),
          write(branch.id),
        ]);
        expect(close.statusCode, close.body).toBe(200);
        if (made.statusCode >= 300) {
          expect(made.statusCode).toBe(422);
          continue;
        }
        if (await loggedAfterClose(type, made.json().id, branch.id)) late.push(`${type} #${made.json().id}`);
      }
    }
    expect(late).toEqual([]);
  });

  /** Terms of a matching ready for its contract. */
  const ACCEPTED = {
    status: 'accepted' as const,
    startDate: START,
    agreedSalaryType: 'monthly' as const,
    agreedSalaryAmount: 2_500_000,
  };

  /** Two matchings taken to 계약 at once, one by each process. */
  const contractAtOnce = (pair: readonly { id: number; version: number }[]) =>
    Promise.all(
      pair.map((m, i) =>
        (i === 0 ? a : b).post(`/matchings/${m.id}/status`, {
          status: 'contracted',
          start_date: START,
          version: m.version,
        }),
      ),
    );

  it(`a worker contracted by two matchings at once, ${ROUNDS} rounds: one contract at most`, async () => {
    const branch = await insertBranch(ctx);
    for (let round = 0; round < ROUNDS; round++) {
      const worker = await insertWorker(ctx, branch.id);
      const pair = [];
      for (let i = 0; i < 2; i++) {
        const employer = await insertEmployer(ctx, branch.id);
        await grantPermit(ctx, employer.id);
        pair.push(
          await insertMatching(
            ctx,
            { employerId: employer.id, workerId: worker.id, branchId: branch.id },
            ACCEPTED,
          ),
        );
      }
      const replies = await contractAtOnce(pair);
      expect(replies.map((r) => r.statusCode).filter((s) => s === 200)).toHaveLength(1);
    }
    const twice = await rows(
      sql`SELECT worker_id FROM matchings WHERE status IN ('contracted', 'working')
          GROUP BY worker_id HAVING count(*) > 1`,
    );
    expect(twice).toEqual([]);
  });

  it(`two workers contracted at once for an employer's last permitted place, ${ROUNDS} rounds: one contract at most`, async () => {
    // The contract step locks the employer FOR UPDATE: the second waits and then counts the first (law/quota.ts).
    const branch = await insertBranch(ctx);
    const employers: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const employer = await insertEmployer(ctx, branch.id, { employeeCount: 100 });
      employers.push(employer.id);
      await grantPermit(ctx, employer.id, { headcount: 1 });
      const pair = [];
      for (let i = 0; i < 2; i++) {
        const worker = await insertWorker(ctx, branch.id);
        pair.push(
          await insertMatching(
            ctx,
            { employerId: employer.id, workerId: worker.id, branchId: branch.id },
            ACCEPTED,
          ),
        );
      }
      const replies = await contractAtOnce(pair);
      expect(replies.map((r) => r.statusCode).sort(), replies.map((r) => r.body).join('\n')).toEqual([
        200, 422,
      ]);
    }
    const over = await rows(
      sql`SELECT employer_id FROM matchings
          WHERE status IN ('contracted', 'working') AND employer_id = ANY(${sql.raw(`ARRAY[${employers.join(',')}]::int[]`)})
          GROUP BY employer_id HAVING count(*) > 1`,
    );
    expect(over).toEqual([]);
  });

  it(`employer suspended while its matching on a closed post is contracted, ${ROUNDS} rounds: no contract after the suspension`, async () => {
    const late: number[] = [];
    const branch = await insertBranch(ctx);
    for (let round = 0; round < ROUNDS; round++) {
      const employer = await insertEmployer(ctx, branch.id);
      await grantPermit(ctx, employer.id);
      const worker = await insertWorker(ctx, branch.id);
      const m = await insertMatching(
        ctx,
        { employerId: employer.id, workerId: worker.id, branchId: branch.id },
        ACCEPTED,
      );
      // A closed post (its deadline passed) does not follow the employer: only the employer's row is shared.
      await ctx.db
        .update(jobPosts)
        .set({ status: 'closed', closedAt: new Date() })
        .where(eq(jobPosts.id, m.jobPostId));
      const [suspend, contract] = await Promise.all([
        a.post(`/employers/${employer.id}/status`, { status: 'suspended', reason: '점검', version: 1 }),
        b.post(`/matchings/${m.id}/status`, { status: 'contracted', start_date: START, version: m.version }),
      ]);
      expect(suspend.statusCode, suspend.body).toBe(200);
      if (contract.statusCode !== 200) {
        expect(contract.statusCode, contract.body).toBe(422);
        continue;
      }
      const [row] = await rows(
        sql`SELECT (SELECT max(id) FROM audit_logs WHERE target_type = 'matching' AND target_id = ${String(m.id)})
                 > (SELECT max(id) FROM audit_logs WHERE target_type = 'employer' AND target_id = ${String(employer.id)})
                 AS after`,
      );
      if (row.after) late.push(m.id);
    }
    expect(late).toEqual([]);
  });
  it(`a worker's erasure carried out while the worker is proposed for a post, ${ROUNDS} rounds: no matching of a destroyed worker, no completed erasure that destroyed nothing`, async () => {
    const unkept: { round: number; erase: number; propose: number; state: unknown }[] = [];
    const branch = await insertBranch(ctx);
    const employer = await insertEmployer(ctx, branch.id);
    const post = await activeJobPost(a, employer.id, { headcount: 50 });
    for (let round = 0; round < ROUNDS; round++) {
      const worker = await insertWorker(ctx, branch.id);
      const request = await a.post('/privacy/requests', {
        kind: 'erasure',
        subject_type: 'worker',
        subject_id: worker.id,
        channel: 'phone',
        received_at: seoulToday(),
      });
      expect(request.statusCode, request.body).toBe(201);
      const { id, version } = request.json() as { id: number; version: number };
      const taken = await a.patch(`/privacy/requests/${id}`, { status: 'in_progress', version });
      expect(taken.statusCode, taken.body).toBe(200);
      const [erase, propose] = await Promise.all([
        a.post(`/privacy/requests/${id}/erase`),
        b.post('/matchings', { job_post_id: post.id, worker_id: worker.id }),
      ]);
      // Either may win; neither answers with a server error.
      expect(erase.statusCode, erase.body).toBeLessThan(500);
      expect(propose.statusCode, propose.body).toBeLessThan(500);
      const [state] = await rows(
        sql`SELECT r.status AS request, w.destroyed_at IS NOT NULL AS destroyed,
                   (SELECT count(*)::int FROM matchings m WHERE m.worker_id = w.id) AS matchings
            FROM privacy_requests r JOIN workers w ON w.id = r.subject_id WHERE r.id = ${id}`,
      );
      // A request recorded as carried out has destroyed the person, and a destroyed person is in no matching.
      if ((state.request === 'completed') !== state.destroyed || (state.destroyed && state.matchings > 0)) {
        unkept.push({ round, erase: erase.statusCode, propose: propose.statusCode, state });
      }
    }
    expect(unkept).toEqual([]);
  });
});
