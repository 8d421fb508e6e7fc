import { readFileSync } from 'node:fs';
import {
  checkMinimumWage,
  minimumWageFor,
  SALARY_TYPES,
  type SalaryType,
  SETTINGS_DEFAULTS,
  WEEKDAYS,
  type WorkSchedule,
  wageFloor,
} from '@ilson/contracts';
import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  grantPermit,
  insertBranch,
  insertEmployer,
  insertMatching,
  insertWorker,
} from '../../../test/fixtures';
import { createTestContext, type TestContext, testConfig } from '../../../test/helpers';
import { queryRows } from '../../db/client';
import { jobPosts, resumes } from '../../db/schema';
import { addDays, seoulToday } from '../../lib/dates';
import { createPiiCipher } from '../../lib/pii';
import { runSeed } from '../../seed/run';
import { CHECKS, type CheckResult, runChecks } from '../checks';

/**
 * Every invariant of docs/DOMAIN.md has its check, and each check sees its rule broken: a consistent database is
 * broken in plain SQL, one rule at a time (in a transaction rolled back after, so each case starts from the same
 * rows), and exactly that rule's check answers. The demo seed keeps every rule.
 */

let ctx: TestContext;
const TODAY = seoulToday();

type Ids = {
  B: number;
  B2: number;
  E: number;
  E2: number;
  W: number;
  W2: number;
  M: number;
  P: number;
  Q: number;
};
let ids: Ids;

const MATCHING_COLUMNS = sql.raw(
  'job_post_id, employer_id, worker_id, branch_id, worker_nationality, worker_visa_type, industry, status, start_date',
);

/** Per check, the plain SQL that breaks its rule and nothing else. */
const BREAKS: Record<string, (i: Ids) => SQL[]> = {
  worker_engaged_twice: (i) => [
    sql`DROP INDEX matchings_worker_engaged_key`,
    sql`INSERT INTO matchings (${MATCHING_COLUMNS})
        VALUES (${i.Q}, ${i.E2}, ${i.W}, ${i.B}, 'VN', 'E-9', 'manufacturing', 'contracted', ${addDays(TODAY, 10)})`,
    sql`UPDATE job_posts SET filled_count = 1 WHERE id = ${i.Q}`,
  ],
  person_engaged_twice: (i) => [
    // The same person again, entered without the numbers: linked by name, birth date and nationality.
    sql`INSERT INTO workers (name_ko, first_name, last_name, gender, date_of_birth, nationality, visa_type,
          visa_expiry_date, branch_id)
        SELECT name_ko, first_name, upper(last_name) || ' ', gender, date_of_birth, nationality, visa_type,
          visa_expiry_date, branch_id
        FROM workers WHERE id = ${i.W}`,
    sql`INSERT INTO matchings (${MATCHING_COLUMNS})
        SELECT ${i.Q}, ${i.E2}, max(id), ${i.B}, 'VN', 'E-9', 'manufacturing', 'working', '2026-01-05' FROM workers`,
    sql`UPDATE job_posts SET filled_count = 1 WHERE id = ${i.Q}`,
  ],
  worker_identifier_taken: (i) => [
    // The partial unique index (migration 0033) refuses it: a check for what a write behind it might leave.
    sql`DROP INDEX workers_passport_no_hash_key`,
    sql`UPDATE workers SET passport_no_hash = 'passport-w' WHERE id = ${i.W2}`,
  ],
  held_visa_invalid: (i) => [sql`UPDATE workers SET visa_status = 'cancelled' WHERE id = ${i.W}`],
  held_worker_departed: (i) => [sql`UPDATE workers SET status = 'departed' WHERE id = ${i.W}`],
  held_visa_not_allowed: (i) => [sql`UPDATE workers SET visa_type = 'F-5' WHERE id = ${i.W}`],
  held_visa_not_permitted: (i) => [
    sql`UPDATE workers SET visa_type = 'F-4' WHERE id = ${i.W}`,
    sql`UPDATE job_posts SET allowed_visa_types = '{E-9,F-4}', is_simple_labour = TRUE WHERE id = ${i.P}`,
  ],
  held_visa_before_start: (i) => [
    // The start may fall in next year: its minimum wage set, so only the visa is wrong (docs/law-as-data.md#wages).
    sql`INSERT INTO settings (key, value) VALUES ('minimumWageByYear', ${JSON.stringify(NEXT_YEAR_WAGES)}::jsonb)
        ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    sql`UPDATE matchings SET status = 'contracted', start_date = ${addDays(TODAY, 60)} WHERE id = ${i.M}`,
    sql`UPDATE workers SET visa_expiry_date = ${addDays(TODAY, 30)} WHERE id = ${i.W}`,
  ],
  held_employment_period: (i) => [
    // Entered 34 months ago: the period ends in about two months, a 12-month contract from next month runs past it.
    sql`UPDATE matchings SET status = 'contracted', start_date = ${addDays(TODAY, 30)} WHERE id = ${i.M}`,
    sql`UPDATE job_posts SET contract_months = 12 WHERE id = ${i.P}`,
    sql`UPDATE workers SET visa_type = 'E-9', entry_date = (${TODAY}::date - interval '34 months')::date,
      employment_period_end_date = NULL WHERE id = ${i.W}`,
  ],
  held_workplace_changes: (i) => [
    // Entered six months before the matching's start, four approved changes the worker asked for: one too many.
    sql`UPDATE workers SET visa_type = 'E-9', employment_period_end_date = NULL,
      entry_date = (SELECT coalesce(start_date, ${TODAY}) FROM matchings WHERE id = ${i.M}) - interval '6 months'
      WHERE id = ${i.W}`,
    sql`INSERT INTO worker_workplace_changes (worker_id, request_date, cause, approved, approval_date)
      SELECT ${i.W}, (w.entry_date + n * interval '1 month')::date, 'worker_request', true,
             (w.entry_date + n * interval '1 month')::date
      FROM workers w, generate_series(1, 4) n WHERE w.id = ${i.W}`,
  ],
  held_over_permit_or_quota: (i) => [sql`DELETE FROM employer_permits WHERE employer_id = ${i.E}`],
  held_below_minimum_wage: (i) => [
    // 1,500,000원 a month over 209 hours is 7,177원 an hour.
    sql`UPDATE matchings SET agreed_salary_type = 'monthly', agreed_salary_amount = 1500000 WHERE id = ${i.M}`,
  ],
  held_post_not_open: (i) => [sql`UPDATE job_posts SET status = 'pending' WHERE id = ${i.P}`],
  matching_dates: (i) => [sql`UPDATE matchings SET start_date = ${addDays(TODAY, 5)} WHERE id = ${i.M}`],
  interview_skipped_silently: (i) => [
    sql`INSERT INTO matching_status_history (matching_id, from_status, to_status) VALUES (${i.M}, 'proposed', 'accepted')`,
  ],
  post_open_employer_not_approved: (i) => [sql`UPDATE employers SET status = 'suspended' WHERE id = ${i.E2}`],
  post_visas_not_permitted: (i) => [
    sql`UPDATE job_posts SET allowed_visa_types = '{E-9,D-10}' WHERE id = ${i.Q}`,
  ],
  post_duty_not_permitted: (i) => [
    sql`UPDATE job_posts SET industry = 'food_service', duty = 'hall_service', allowed_visa_types = '{E-9}' WHERE id = ${i.Q}`,
  ],
  live_matching_on_deleted_record: (i) => [sql`UPDATE job_posts SET deleted_at = now() WHERE id = ${i.P}`],
  post_of_deleted_employer: (i) => [sql`UPDATE employers SET deleted_at = now() WHERE id = ${i.E2}`],
  resume_of_deleted_worker: (i) => [sql`UPDATE workers SET deleted_at = now() WHERE id = ${i.W2}`],
  post_branch_not_employers: (i) => [sql`UPDATE job_posts SET branch_id = ${i.B2} WHERE id = ${i.Q}`],
  duplicate_matching_fee: (i) => [
    sql`DROP INDEX payouts_matching_fee_key`,
    // Both with a recorded legal basis: W holds E-9, whose fee needs one (docs/DOMAIN.md#invariants, I-31, fee_not_lawful).
    sql`INSERT INTO payouts (employer_id, matching_id, type, amount, legal_basis_note, legal_basis_at)
        VALUES (${i.E}, ${i.M}, 'matching_fee', 300000, '근거', now()),
               (${i.E}, ${i.M}, 'matching_fee', 300000, '근거', now())`,
  ],
  fee_not_lawful: (i) => [
    // A fee for W (E-9) kept from before the rule, without a super admin's legal basis.
    sql`INSERT INTO payouts (employer_id, matching_id, type, amount) VALUES (${i.E}, ${i.M}, 'matching_fee', 300000)`,
  ],
  one_employer_visa_engaged_twice: (i) => [
    // A second job taken while W held F-5 (the index covers one-employer visas only); W holds E-9 now.
    sql`INSERT INTO matchings (${MATCHING_COLUMNS})
        VALUES (${i.Q}, ${i.E2}, ${i.W}, ${i.B}, 'VN', 'F-5', 'manufacturing', 'contracted', ${addDays(TODAY, 10)})`,
    sql`UPDATE job_posts SET filled_count = 1 WHERE id = ${i.Q}`,
  ],
  filled_count_drift: (i) => [sql`UPDATE job_posts SET filled_count = 3 WHERE id = ${i.P}`],
  record_in_closed_branch: (i) => [
    sql`UPDATE branches SET status = 'inactive', updated_at = now() WHERE id = ${i.B2}`,
    sql`INSERT INTO workers (first_name, last_name, gender, date_of_birth, nationality, visa_type, visa_expiry_date,
          branch_id, created_at)
        VALUES ('Closed', 'Door', 'male', '1990-01-01', 'VN', 'E-9', '2030-01-01', ${i.B2},
          now() + interval '1 second')`,
  ],
  visa_pending_without_extension: (i) => [sql`UPDATE workers SET visa_status = 'pending' WHERE id = ${i.W2}`],
  destroyed_worker_engaged: (i) => [
    // What destruction leaves of a worker (the check constraint), while their matching goes on; the trigger of
    // migration 0035 refuses it, so the case goes behind it.
    sql`ALTER TABLE workers DISABLE TRIGGER workers_destroy_not_engaged`,
    sql`UPDATE workers SET destroyed_at = now(), name_ko = '파기됨', first_name = '', last_name = '',
          alien_reg_no_hash = NULL, passport_no_hash = NULL, date_of_birth = '1995-01-01'
        WHERE id = ${i.W}`,
  ],
  worker_arc_disagrees: (i) => [
    // A number of another birth date, kept from before the rule (its masked form is what the check reads).
    sql`UPDATE workers SET alien_reg_no_masked = '000101-5******' WHERE id = ${i.W2}`,
  ],
  worker_visa_expiry_missing: (i) => [sql`UPDATE workers SET visa_expiry_date = NULL WHERE id = ${i.W2}`],
  worker_extension_misdated: (i) => [
    sql`UPDATE workers SET extension_status = 'applied', visa_status = 'pending',
          extension_applied_at = visa_expiry_date + 1 WHERE id = ${i.W2}`,
  ],
};

/** The default minimum wages and next year's, so a start 60 days ahead in December is judged by a set rate. */
const NEXT_YEAR_WAGES = {
  ...SETTINGS_DEFAULTS.minimumWageByYear,
  [String(Number(seoulToday().slice(0, 4)) + 1)]: 10_320,
};

beforeAll(async () => {
  ctx = await createTestContext();
  const B = (await insertBranch(ctx)).id;
  const B2 = (await insertBranch(ctx)).id;
  const E = (await insertEmployer(ctx, B)).id;
  const E2 = (await insertEmployer(ctx, B)).id;
  // The 고용허가서 its E-9 matchings need (docs/DOMAIN.md#invariants, I-30); the employers keep their 0 employees (고용허용인원 5).
  await grantPermit(ctx, E);
  await grantPermit(ctx, E2);
  const W = (await insertWorker(ctx, B, { alienRegNoHash: 'arc-w', passportNoHash: 'passport-w' })).id;
  const W2 = (
    await insertWorker(ctx, B, {
      firstName: 'Thi Binh',
      lastName: 'Tran',
      gender: 'female',
      dateOfBirth: '1996-06-06',
      alienRegNoMasked: '960606-6******',
      alienRegNoHash: 'arc-w2',
      passportNoHash: 'passport-w2',
    })
  ).id;
  const working = await insertMatching(ctx, { employerId: E, workerId: W, branchId: B });
  await ctx.db.execute(sql`UPDATE job_posts SET filled_count = 1 WHERE id = ${working.jobPostId}`);
  const [other] = await ctx.db
    .insert(jobPosts)
    .values({
      employerId: E2,
      branchId: B,
      title: '포장 사원 모집',
      industry: 'manufacturing',
      jobDescription: '포장',
      headcount: 3,
      region: '경기도',
      workAddress: '경기도 안산시 단원구 산단로 2',
      employmentType: 'full_time',
      workDays: ['mon', 'tue', 'wed', 'thu', 'fri'],
      workStartTime: '09:00',
      workEndTime: '18:00',
      salaryType: 'monthly',
      salaryAmount: 2_500_000,
      allowedVisaTypes: ['E-9'],
      status: 'active',
    })
    .returning({ id: jobPosts.id });
  await ctx.db.insert(resumes).values({ workerId: W2, status: 'active' });
  ids = { B, B2, E, E2, W, W2, M: working.id, P: working.jobPostId, Q: other!.id };
});
afterAll(async () => {
  await ctx?.close();
});

const broken = (results: CheckResult[]) => results.filter((r) => r.violations.length > 0).map((r) => r.code);

/** Runs the statements and the checks in a transaction that is rolled back: nothing of it stays. */
async function checksAfter(statements: SQL[]): Promise<CheckResult[]> {
  let results: CheckResult[] = [];
  const rolledBack = new Error('rolled back');
  await ctx.db
    .transaction(async (tx) => {
      for (const statement of statements) await tx.execute(statement);
      results = await runChecks(tx as unknown as TestContext['db']);
      throw rolledBack;
    })
    .catch((error: unknown) => {
      if (error !== rolledBack) throw error;
    });
  return results;
}

describe('the minimum wage check, with the 제56조 premium and no earlier year (docs/law-as-data.md#wages)', () => {
  const wage = (results: CheckResult[]) =>
    results.find((r) => r.code === 'held_below_minimum_wage')!.violations;
  const sixDays = (employees: number, industry = 'manufacturing') => [
    sql`UPDATE job_posts SET work_days = ARRAY['mon','tue','wed','thu','fri','sat'], work_start_time = '09:00',
          work_end_time = '18:00', break_minutes = 60, industry = ${industry} WHERE id = ${ids.P}`,
    sql`UPDATE employers SET employee_count = ${employees} WHERE id = (SELECT employer_id FROM matchings WHERE id = ${ids.M})`,
    // Below the 48-hour floor with the premium (261 hours), above it without (243 hours), in 2025 and 2026.
    sql`UPDATE matchings SET agreed_salary_type = 'monthly', agreed_salary_amount = 2510000 WHERE id = ${ids.M}`,
  ];

  it('reports a 48-hour week below the premium floor at 5+ employees, not under 5 nor in agriculture', async () => {
    expect(wage(await checksAfter(sixDays(10))).map((v) => v.targetId)).toEqual([ids.M]);
    expect(wage(await checksAfter(sixDays(4)))).toEqual([]);
    expect(wage(await checksAfter(sixDays(10, 'agriculture')))).toEqual([]);
  });

  it('reports a contracted matching starting in a year whose minimum wage is not set', async () => {
    const results = await checksAfter([
      sql`UPDATE matchings SET status = 'contracted', start_date = '2099-03-02', agreed_salary_type = 'monthly',
            agreed_salary_amount = 3000000 WHERE id = ${ids.M}`,
    ]);
    expect(wage(results)).toEqual([
      { targetType: 'matching', targetId: ids.M, detail: '2099년 최저임금 미설정' },
    ]);
  });
});

describe('the permit and quota check (I-30, docs/law-as-data.md#employer-permits-and-quota)', () => {
  const over = (results: CheckResult[]) =>
    results.find((r) => r.code === 'held_over_permit_or_quota')!.violations;
  /** `n` more E-9 workers working at E from the start date, each on its own post. */
  const more = (n: number, start = '2026-02-02', visa = 'E-9') =>
    Array.from({ length: n }, (_, k) => [
      sql`INSERT INTO workers (first_name, last_name, gender, date_of_birth, nationality, visa_type, visa_expiry_date,
            branch_id) VALUES ('Quota', ${`Worker${k}`}, 'male', ${`1990-01-${String(k + 1).padStart(2, '0')}`}, 'VN',
            ${visa}, '2030-01-01', ${ids.B})`,
      sql`INSERT INTO matchings (${MATCHING_COLUMNS})
          SELECT ${ids.P}, ${ids.E}, max(id), ${ids.B}, 'VN', ${visa}, 'manufacturing', 'working', ${start}::date
          FROM workers`,
    ]).flat();

  it('reports the sixth E-9 worker at an employer of 0 insured employees (고용허용인원 5), not the fifth', async () => {
    // M works from 2026-01-05; four more make five, a fifth more six.
    expect(over(await checksAfter(more(4)))).toEqual([]);
    const six = over(await checksAfter(more(5)));
    expect(six).toHaveLength(5);
    expect(six[0]!.detail).toBe('E-9/H-2 6 > quota 5 on 2026-02-02');
  });

  it('reports contracts past the permits’ headcount, and an H-2 worker without a 특례고용가능확인서', async () => {
    const results = await checksAfter([
      sql`UPDATE employer_permits SET headcount = 1 WHERE employer_id = ${ids.E}`,
      ...more(1),
    ]);
    expect(over(results).map((v) => v.detail)).toEqual(['E-9 2 > permitted 1 on 2026-02-02']);
    const h2 = over(await checksAfter(more(1, '2026-02-02', 'H-2')));
    expect(h2.map((v) => v.detail)).toEqual(['no H-2 permit on 2026-02-02']);
  });

  it('counts an ended contract no more, and a permit only inside its dates', async () => {
    expect(
      over(
        await checksAfter([
          ...more(5),
          sql`UPDATE matchings SET status = 'completed', end_date = '2026-01-31' WHERE id = ${ids.M}`,
        ]),
      ),
    ).toEqual([]);
    const lapsed = over(
      await checksAfter([
        sql`UPDATE employer_permits SET valid_from = '2026-01-06' WHERE employer_id = ${ids.E}`,
      ]),
    );
    expect(lapsed.map((v) => v.detail)).toEqual(['no E-9 permit on 2026-01-05']);
  });
});

describe('one person on two records (I-2, docs/domain-integrity.md#one-person-several-records)', () => {
  const twice = (results: CheckResult[]) =>
    results.find((r) => r.code === 'person_engaged_twice')!.violations;
  /** The worker again without numbers (linked by name, birth date and nationality), engaged on a second post. */
  const again = (visa: string, first = visa) => [
    sql`UPDATE matchings SET worker_visa_type = ${first} WHERE id = ${ids.M}`,
    ...BREAKS.person_engaged_twice!(ids).map((statement, k) =>
      k === 1
        ? sql`INSERT INTO matchings (${MATCHING_COLUMNS})
              SELECT ${ids.Q}, ${ids.E2}, max(id), ${ids.B}, 'VN', ${visa}, 'manufacturing', 'working', '2026-01-05'
              FROM workers`
        : statement,
    ),
  ];

  it('binds only under a one-employer visa: two F-5 jobs on two records are not reported, an E-9 one is', async () => {
    expect(twice(await checksAfter(again('F-5')))).toEqual([]);
    expect(twice(await checksAfter(again('F-5', 'E-9')))).toHaveLength(1);
    expect(twice(await checksAfter(again('E-9', 'F-5')))).toHaveLength(1);
  });
});

describe('each invariant check, its rule broken in plain SQL', () => {
  it('starts from rows that keep every rule', async () => {
    expect(broken(await runChecks(ctx.db))).toEqual([]);
  });

  it('has a case for every check', () => {
    expect(Object.keys(BREAKS).sort()).toEqual(CHECKS.map((c) => c.code).sort());
  });

  it.each(CHECKS.map((c) => [c.code]))('%s answers, and no other check', async (code) => {
    const results = await checksAfter(BREAKS[code]!(ids));
    expect(broken(results)).toEqual([code]);
    expect(broken(await runChecks(ctx.db))).toEqual([]);
  });
});

const time = fc
  .integer({ min: 0, max: 47 })
  .map((half) => `${String(Math.floor(half / 2)).padStart(2, '0')}:${half % 2 ? '30' : '00'}`);
const offer = fc.record({
  schedule: fc.record({
    workDays: fc.subarray([...WEEKDAYS], { minLength: 1 }),
    workStartTime: time,
    workEndTime: time,
    breakMinutes: fc.constantFrom(0, 30, 45, 60, 90, 120),
  }),
  salaryType: fc.constantFrom(...SALARY_TYPES),
  /** How far from the minimum wage the offer is meant to be (about ±2%, so both sides are drawn). */
  ratio: fc.integer({ min: 980, max: 1020 }).map((n) => n / 1000),
  startYear: fc.constantFrom(null, 2025, 2026, 2099),
  industry: fc.constantFrom('manufacturing' as const, 'agriculture' as const),
});

/** An amount that comes to about `ratio` times the year's minimum wage an hour, rounded to the won as people write pay. */
function amountFor(type: SalaryType, schedule: WorkSchedule, perHour: number, premium: boolean): number {
  const floor = wageFloor(schedule, 1, premium ? { standardHours: 40, rate: 1.5 } : null);
  const perPeriod = { hourly: 1, daily: floor.dailyPaidHours, monthly: floor.monthlyPaidHours };
  const hours = type === 'annual' ? 12 * perPeriod.monthly : perPeriod[type];
  return Math.max(1, Math.round(perHour * hours));
}

describe('the minimum wage check and the rule engine', () => {
  it('report the same offers below the minimum wage, whatever the schedule and pay type', async () => {
    const byYear = SETTINGS_DEFAULTS.minimumWageByYear;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(3, 5, 40),
        fc.array(offer, { minLength: 10, maxLength: 30 }),
        async (employees, offers) => {
          const expected: number[] = [];
          let found: number[] = [];
          const rolledBack = new Error('rolled back');
          await ctx.db
            .transaction(async (tx) => {
              await tx.execute(sql`UPDATE employers SET employee_count = ${employees} WHERE id = ${ids.E}`);
              for (const o of offers) {
                const year = o.startYear ?? Number(TODAY.slice(0, 4));
                // A year not set (2099): drawn around 2026's rate; an accepted matching may wait for it, not reported.
                const minimum = minimumWageFor(year, byYear) ?? 10_320;
                const premium = employees >= 5 && o.industry === 'manufacturing';
                const amount = amountFor(o.salaryType, o.schedule, minimum * o.ratio, premium);
                const [post] = await tx
                  .insert(jobPosts)
                  .values({
                    employerId: ids.E,
                    branchId: ids.B,
                    title: '생산직',
                    industry: o.industry,
                    jobDescription: '조립',
                    headcount: 1,
                    region: '경기도',
                    workAddress: '경기도 안산시',
                    employmentType: 'full_time',
                    ...o.schedule,
                    salaryType: 'monthly',
                    salaryAmount: 3_000_000,
                    allowedVisaTypes: ['E-9'],
                    status: 'active',
                  })
                  .returning({ id: jobPosts.id });
                const start = o.startYear === null ? null : `${o.startYear}-06-01`;
                const [row] = await queryRows<{ id: number }>(
                  tx,
                  sql`INSERT INTO matchings (${MATCHING_COLUMNS}, agreed_salary_type, agreed_salary_amount)
                    VALUES (${post!.id}, ${ids.E}, ${ids.W2}, ${ids.B}, 'VN', 'E-9', 'manufacturing', 'accepted',
                            ${start}, ${o.salaryType}, ${amount})
                    RETURNING id`,
                );
                const check = checkMinimumWage({
                  salaryType: o.salaryType,
                  salaryAmount: amount,
                  schedule: o.schedule,
                  industry: o.industry,
                  employeeCount: employees,
                  date: start ?? TODAY,
                  byYear,
                });
                if (check.kind === 'below') expected.push(row!.id);
              }
              const [result] = await runChecks(tx as unknown as TestContext['db'], {}, [
                'held_below_minimum_wage',
              ]);
              found = result!.violations.map((v) => v.targetId);
              throw rolledBack;
            })
            .catch((error: unknown) => {
              if (error !== rolledBack) throw error;
            });
          expect(found.sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
        },
      ),
      { numRuns: 8, seed: 20261201 },
    );
  });
});

describe('docs/DOMAIN.md and the checks', () => {
  it('every invariant listed has exactly one check, and every check one invariant', () => {
    const domain = readFileSync(new URL('../../../../../docs/DOMAIN.md', import.meta.url), 'utf8');
    const section = domain.split('\n## Invariants\n')[1]!.split('\n## ')[0]!;
    const items = section.split(/\n(?=- )/).filter((item) => item.startsWith('- '));
    const listed = items.map((item) => {
      const id = /^- \*\*(I-\d+)\*\*/.exec(item)?.[1];
      const checks = [...item.matchAll(/Check\s+`([a-z_]+)`/g)].map((m) => m[1]);
      return { id, checks };
    });
    expect(listed.length).toBeGreaterThan(0);
    for (const item of listed) {
      expect(item.id, JSON.stringify(item)).toBeDefined();
      expect(item.checks, item.id).toHaveLength(1);
    }
    expect(new Set(listed.map((item) => item.id)).size).toBe(listed.length);
    expect(Object.fromEntries(listed.map((item) => [item.id, item.checks[0]]))).toEqual(
      Object.fromEntries(CHECKS.map((c) => [c.invariant, c.code])),
    );
  });
});

describe('the demo seed', () => {
  // Seed 2 at this scale is one that once left a working matching on a suspended post (docs/DOMAIN.md#invariants, I-10).
  it('keeps every rule', { timeout: 120_000 }, async () => {
    await runSeed(ctx.handle, { scale: 0.1, seed: 2, reset: true, pii: createPiiCipher(testConfig.piiKey) });
    const results = await runChecks(ctx.db);
    expect(results.filter((r) => r.violations.length > 0)).toEqual([]);
  });
});
