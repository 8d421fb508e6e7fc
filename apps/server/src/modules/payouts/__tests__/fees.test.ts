import { PLACEMENT_FEE_CAP_ROWS, PUBLIC_PLACEMENT_ROWS } from '@ilson/contracts';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  insertBranch,
  insertEmployer,
  insertMatching,
  insertWorker,
  signedIn,
} from '../../../../test/fixtures';
import { createTestContext, engine, type TestContext } from '../../../../test/helpers';
import { auditLogs, jobPosts, matchings, payouts } from '../../../db/schema';
import { runChecks } from '../../../integrity/checks';

/** docs/law-as-data.md#fees: who may charge a placement fee and how much, on every door of a payout. */

let ctx: TestContext;
let admin: Api;
let checker: Api;
let superAdmin: Api;
let branch: number;
let employer: number;

beforeAll(async () => {
  ctx = await createTestContext();
  branch = (await insertBranch(ctx, { name: '수수료지점' })).id;
  admin = (await signedIn(ctx, 'admin')).api;
  checker = (await signedIn(ctx, 'admin')).api;
  superAdmin = (await signedIn(ctx, 'super_admin')).api;
  employer = (await insertEmployer(ctx, branch, { companyName: '(주)수수료정밀' })).id;
});
afterAll(async () => {
  await ctx?.close();
});

/** A working matching of a worker of the visa; its post pays 2,500,000원 a month, 40 hours a week. */
async function matchingOf(visa: string, values: Partial<typeof matchings.$inferInsert> = {}) {
  const worker = await insertWorker(ctx, branch, { visaType: visa as 'E-9' });
  return insertMatching(
    ctx,
    { employerId: employer, workerId: worker.id, branchId: branch },
    { workerVisaType: visa as 'E-9', ...values },
  );
}

const fee = (matchingId: number | null, amount: number, extra: Record<string, unknown> = {}) => ({
  employer_id: employer,
  matching_id: matchingId,
  type: 'matching_fee',
  amount,
  ...extra,
});

describe('fees of E-9 and E-8 workers (PUBLIC_PLACEMENT_ROWS)', () => {
  it.each(PUBLIC_PLACEMENT_ROWS.map((row) => [row.visa, row]))(
    '%s: refused naming the law and article, allowed once a super admin records a basis',
    async (visa, row) => {
      const matching = await matchingOf(visa);
      const refused = await admin.post('/payouts', fee(matching.id, 300_000));
      expect(refused.statusCode, refused.body).toBe(422);
      const error = refused.json().error;
      expect(error.code).toBe('FEE_PUBLIC_PLACEMENT');
      expect(error.message).toContain(`${row.basis.law} ${row.basis.article}`);
      expect(error.details).toEqual([{ field: 'legal_basis_note', message: error.message }]);

      // A lower role may not record the basis (403), whatever the route's permission.
      const lower = await admin.post('/payouts', fee(matching.id, 300_000, { legal_basis_note: '근거' }));
      expect(lower.statusCode, lower.body).toBe(403);

      const allowed = await superAdmin.post(
        '/payouts',
        fee(matching.id, 300_000, { legal_basis_note: '지자체 위탁 계약서 제3조(2026-01-02)' }),
      );
      expect(allowed.statusCode, allowed.body).toBe(201);
      expect(allowed.json()).toMatchObject({
        legal_basis_note: '지자체 위탁 계약서 제3조(2026-01-02)',
        legal_basis_by_name: expect.any(String),
      });
      expect(allowed.json().legal_basis_at).not.toBeNull();
      const [log] = await ctx.db
        .select({ diff: auditLogs.diff })
        .from(auditLogs)
        .where(and(eq(auditLogs.targetType, 'payout'), eq(auditLogs.targetId, String(allowed.json().id))));
      expect(JSON.stringify(log?.diff)).toContain('지자체 위탁 계약서');
    },
  );

  it('a fee naming only an E-9 worker is refused too; an F-5 worker’s is not', async () => {
    const e9 = await insertWorker(ctx, branch, { visaType: 'E-9' });
    const f5 = await insertWorker(ctx, branch, { visaType: 'F-5', visaExpiryDate: null });
    const refused = await admin.post('/payouts', fee(null, 100_000, { worker_id: e9.id }));
    expect(refused.json().error?.code).toBe('FEE_PUBLIC_PLACEMENT');
    const allowed = await admin.post('/payouts', fee(null, 100_000, { worker_id: f5.id }));
    expect(allowed.statusCode, allowed.body).toBe(201);
    // Wages and refunds are not placement fees.
    const wage = await admin.post('/payouts', { ...fee(null, 100_000, { worker_id: e9.id }), type: 'wage' });
    expect(wage.statusCode, wage.body).toBe(201);
  });

  it('only a super admin edits or clears the basis; without it the fee is not approved, but it may be cancelled', async () => {
    const matching = await matchingOf('E-9');
    const created = await superAdmin.post(
      '/payouts',
      fee(matching.id, 300_000, { legal_basis_note: '근거 A' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const lower = await admin.patch(`/payouts/${id}`, { legal_basis_note: '근거 B', version: 1 });
    expect(lower.statusCode).toBe(403);
    const cleared = await superAdmin.patch(`/payouts/${id}`, { legal_basis_note: null, version: 1 });
    expect(cleared.statusCode).toBe(422);
    expect(cleared.json().error.code).toBe('FEE_PUBLIC_PLACEMENT');
    // An unrelated edit keeps the basis.
    const memo = await admin.patch(`/payouts/${id}`, { memo: '메모', version: 1 });
    expect(memo.statusCode, memo.body).toBe(200);
    expect(memo.json().legal_basis_note).toBe('근거 A');
    const approved = await checker.post(`/payouts/${id}/status`, { status: 'approved', version: 2 });
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it('a fee kept from before the rule: approval (one or in bulk) is refused, a cancel is not', async () => {
    const matching = await matchingOf('E-9');
    const [old] = await ctx.db
      .insert(payouts)
      .values({ employerId: employer, matchingId: matching.id, type: 'matching_fee', amount: 300_000 })
      .returning();
    const one = await checker.post(`/payouts/${old!.id}/status`, { status: 'approved', version: 1 });
    expect(one.statusCode).toBe(422);
    expect(one.json().error.code).toBe('FEE_PUBLIC_PLACEMENT');
    const bulk = await checker.post('/payouts/bulk-jobs', { action: 'approve', ids: [old!.id] });
    expect(bulk.statusCode, bulk.body).toBe(201);
    await ctx.app.bulk.idle();
    const failures = (await checker.get(`/payouts/bulk-jobs/${bulk.json().id}/failures`)).json();
    expect(failures.data).toHaveLength(1);
    expect(failures.data[0].message).toContain('제8조제6항');
    const cancelled = await admin.post(`/payouts/${old!.id}/status`, {
      status: 'cancelled',
      reason: '법적 근거 없음',
      version: 1,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
  });
});

describe('the fee cap (PLACEMENT_FEE_CAP_ROWS)', () => {
  const row = PLACEMENT_FEE_CAP_ROWS[0]!;

  it('3 months or more: 30% of 3 months of the agreed pay; one won over is refused with the numbers', async () => {
    const matching = await matchingOf('F-5', { agreedSalaryType: 'monthly', agreedSalaryAmount: 2_600_000 });
    const cap = Math.floor((2_600_000 * row.longShare * 100 * row.shortMonths) / 100);
    expect(cap).toBe(2_340_000);
    const over = await admin.post('/payouts', fee(matching.id, cap + 1));
    expect(over.statusCode).toBe(422);
    expect(over.json().error).toMatchObject({ code: 'FEE_ABOVE_CAP' });
    expect(over.json().error.message).toContain('2,340,000원');
    expect(over.json().error.message).toContain('2,600,000원 × 3개월 × 30%');
    expect(over.json().error.message).toContain('직업안정법 제19조제3항');
    const at = await admin.post('/payouts', fee(matching.id, cap));
    expect(at.statusCode, at.body).toBe(201);
    // Edited above the cap: refused; the preview says the same.
    const raised = await admin.patch(`/payouts/${at.json().id}`, { amount: cap + 1, version: 1 });
    expect(raised.statusCode).toBe(422);
    const preview = await admin.get(`/payouts/fee-rule?matching_id=${matching.id}&amount=${cap + 1}`);
    expect(preview.json()).toMatchObject({
      issues: [{ code: 'FEE_ABOVE_CAP', cap }],
      cap: { cap, monthly: 2_600_000, months: 3 },
    });
  });

  it('under 3 months: 20% of the whole employment’s wages; an hourly pay counts its 209 hours', async () => {
    const matching = await matchingOf('F-5', { agreedSalaryType: 'hourly', agreedSalaryAmount: 10_320 });
    await ctx.db.update(jobPosts).set({ contractMonths: 2 }).where(eq(jobPosts.id, matching.jobPostId));
    // 10,320원 × 209 hours = 2,156,880원 a month; 20% of 2 months = 862,752원.
    const over = await admin.post('/payouts', fee(matching.id, 862_753));
    expect(over.json().error?.code).toBe('FEE_ABOVE_CAP');
    expect(over.json().error.message).toContain('862,752원');
    const at = await admin.post('/payouts', fee(matching.id, 862_752));
    expect(at.statusCode, at.body).toBe(201);
  });

  it('a recorded basis does not lift the cap', async () => {
    const matching = await matchingOf('E-8');
    const over = await superAdmin.post(
      '/payouts',
      fee(matching.id, 2_250_001, { legal_basis_note: '지자체 위탁 계약' }),
    );
    expect(over.json().error?.code).toBe('FEE_ABOVE_CAP');
  });

  it('an undo that brings a cancelled fee back meets the cap of the pay as it now is', async () => {
    const matching = await matchingOf('F-5');
    const created = await admin.post('/payouts', fee(matching.id, 1_000_000));
    expect(created.statusCode, created.body).toBe(201);
    const cancelled = await admin.post(`/payouts/${created.json().id}/status`, {
      status: 'cancelled',
      reason: '금액 확인',
      version: 1,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The pay agreed later is lower: 1,000,000원 is over 30% of 3 months of 1,000,000원 (900,000원).
    await ctx.db
      .update(matchings)
      .set({ agreedSalaryType: 'monthly', agreedSalaryAmount: 1_000_000 })
      .where(eq(matchings.id, matching.id));
    const undone = await admin.post('/undo', {
      target_type: 'payout',
      target_id: created.json().id,
      version: cancelled.json().version,
    });
    expect(undone.statusCode, undone.body).toBe(422);
    expect(undone.json().error.code).toBe('FEE_ABOVE_CAP');
    const [row] = await ctx.db
      .select({ status: payouts.status })
      .from(payouts)
      .where(eq(payouts.id, created.json().id));
    expect(row?.status).toBe('cancelled');
  });
});

describe('check:data I-31 (fee_not_lawful) reads the same rules in SQL', () => {
  it('reports a fee without a basis and one a won over the cap, not the fee at the cap or with a basis', async () => {
    const insert = async (matchingId: number, amount: number, basis = false) => {
      const [row] = await ctx.db
        .insert(payouts)
        .values({
          employerId: employer,
          matchingId,
          type: 'matching_fee',
          amount,
          ...(basis ? { legalBasisNote: '근거', legalBasisAt: new Date() } : {}),
        })
        .returning({ id: payouts.id });
      return row!.id;
    };
    const hourly = { agreedSalaryType: 'hourly', agreedSalaryAmount: 10_320 } as const;
    const daily = { agreedSalaryType: 'daily', agreedSalaryAmount: 82_560 } as const;
    const over = await insert((await matchingOf('F-5', hourly)).id, 1_941_193);
    const at = await insert((await matchingOf('F-5', hourly)).id, 1_941_192);
    const dailyAt = await insert((await matchingOf('F-5', daily)).id, 1_941_192);
    const noBasis = await insert((await matchingOf('E-8')).id, 100_000);
    const withBasis = await insert((await matchingOf('E-9')).id, 100_000, true);
    const [result] = await runChecks(ctx.db, { branchIds: [branch] }, ['fee_not_lawful']);
    const found = new Map(result!.violations.map((v) => [v.targetId, v.detail]));
    expect(found.get(over)).toBe('1941193 > 상한 1941192');
    expect(found.get(noBasis)).toBe('E-8 법적 근거 없음');
    for (const id of [at, dailyAt, withBasis]) expect(found.has(id), String(id)).toBe(false);
  });
});

describe('the legal basis columns (migration 0041)', () => {
  it('refuses a recorder without a note, and a blank note', async () => {
    for (const values of [
      sql`legal_basis_by = (SELECT min(id) FROM admins), legal_basis_at = now()`,
      sql`legal_basis_note = '  ', legal_basis_at = now()`,
      sql`legal_basis_note = '근거'`,
    ]) {
      await expect(
        ctx.db.execute(
          sql`UPDATE payouts SET ${values} WHERE id = (SELECT min(id) FROM payouts WHERE legal_basis_note IS NULL)`,
        ),
      ).rejects.toThrow();
    }
  });
});

const matchingVersion = async (id: number) => (await admin.get(`/matchings/${id}`)).json().version as number;

describe('the fee rules as an invariant: the writes that do not touch a payout (I-31)', () => {
  /** A working F-5 matching (post: 2,500,000원 a month, cap 2,250,000원) with a fee of `amount`. */
  async function feeOn(amount: number) {
    const matching = await matchingOf('F-5');
    const created = await admin.post('/payouts', fee(matching.id, amount));
    expect(created.statusCode, created.body).toBe(201);
    return { matching, payout: created.json() as { id: number; version: number } };
  }
  const matchingVersion = async (id: number) =>
    (await admin.get(`/matchings/${id}`)).json().version as number;

  it('refuses lowering the agreed pay under the fee, naming the payout; a cancelled fee does not hold it back', async () => {
    const { matching, payout } = await feeOn(2_100_000);
    const body = { agreed_salary_type: 'monthly', agreed_salary_amount: 2_200_000 };
    const refused = await admin.patch(`/matchings/${matching.id}`, {
      ...body,
      version: await matchingVersion(matching.id),
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('FEES_AFFECTED');
    expect(refused.json().error.details[0]).toMatchObject({
      field: 'agreed_salary_amount',
      resource: 'payouts',
      id: payout.id,
    });
    expect(refused.json().error.message).toContain('상한 1,980,000원');
    // Within the cap it goes through.
    const higher = await admin.patch(`/matchings/${matching.id}`, {
      agreed_salary_type: 'monthly',
      agreed_salary_amount: 2_400_000,
      version: await matchingVersion(matching.id),
    });
    expect(higher.statusCode, higher.body).toBe(200);
    const cancelled = await admin.post(`/payouts/${payout.id}/status`, {
      status: 'cancelled',
      reason: '수수료 재협의',
      version: payout.version,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const lowered = await admin.patch(`/matchings/${matching.id}`, {
      ...body,
      version: await matchingVersion(matching.id),
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
  });

  it('refuses a post edit of the pay or the contract months its matchings’ fees read', async () => {
    const { matching } = await feeOn(2_100_000);
    const post = (await admin.get(`/job-posts/${matching.jobPostId}`)).json();
    const pay = await admin.patch(`/job-posts/${post.id}`, {
      salary_amount: 2_200_000,
      version: post.version,
    });
    expect(pay.statusCode, pay.body).toBe(409);
    expect(pay.json().error.details[0]).toMatchObject({ field: 'salary_amount', resource: 'payouts' });
    // Two months of work: 20% of the whole employment's wages, 1,000,000원.
    const months = await admin.patch(`/job-posts/${post.id}`, { contract_months: 2, version: post.version });
    expect(months.statusCode, months.body).toBe(409);
    expect(months.json().error.details[0]).toMatchObject({ field: 'contract_months' });
    const [row] = await ctx.db
      .select({ amount: jobPosts.salaryAmount, months: jobPosts.contractMonths })
      .from(jobPosts)
      .where(eq(jobPosts.id, post.id));
    expect(row).toEqual({ amount: 2_500_000, months: null });
  });

  it('refuses a worker’s visa edit to E-9 under a fee that names the worker, unless a basis is recorded', async () => {
    const worker = await insertWorker(ctx, branch, { visaType: 'F-5', visaExpiryDate: null });
    const created = await admin.post('/payouts', fee(null, 100_000, { worker_id: worker.id }));
    expect(created.statusCode, created.body).toBe(201);
    const edit = async () => {
      const current = (await admin.get(`/workers/${worker.id}`)).json();
      return admin.patch(`/workers/${worker.id}`, {
        visa_type: 'E-9',
        visa_expiry_date: '2030-01-01',
        version: current.version,
      });
    };
    const refused = await edit();
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'FEES_AFFECTED' });
    expect(refused.json().error.details[0]).toMatchObject({ field: 'visa_type', id: created.json().id });
    const basis = await superAdmin.patch(`/payouts/${created.json().id}`, {
      legal_basis_note: '고용센터 위탁 알선 계약',
      version: created.json().version,
    });
    expect(basis.statusCode, basis.body).toBe(200);
    expect((await edit()).statusCode).toBe(200);
  });

  it.runIf(engine === 'pg')(
    'a fee raised and the pay lowered at once: exactly one of the two goes through',
    async () => {
      for (let round = 0; round < 12; round++) {
        const { matching, payout } = await feeOn(1_500_000);
        const version = await matchingVersion(matching.id);
        // Each alone keeps the cap (2,340,000원 and 1,980,000원); both together would not.
        const [raised, lowered] = await Promise.all([
          admin.patch(`/payouts/${payout.id}`, { amount: 2_100_000, version: payout.version }),
          admin.patch(`/matchings/${matching.id}`, {
            agreed_salary_type: 'monthly',
            agreed_salary_amount: 2_200_000,
            version,
          }),
        ]);
        expect(
          [raised.statusCode, lowered.statusCode].filter((s) => s === 200),
          `${raised.body} ${lowered.body}`,
        ).toHaveLength(1);
        const [check] = await runChecks(ctx.db, { branchIds: [branch] }, ['fee_not_lawful']);
        expect(check!.violations.map((v) => v.targetId)).not.toContain(payout.id);
      }
    },
  );
});

describe('the fee rules as an invariant, any pay and fee (property)', () => {
  it('no order of fee and pay writes leaves a fee above the cap', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2_200_000, max: 3_200_000 }),
        fc.integer({ min: 100_000, max: 2_900_000 }),
        fc.integer({ min: 2_200_000, max: 3_200_000 }),
        fc.boolean(),
        async (pay, amount, newPay, payFirst) => {
          const matching = await matchingOf('F-5', { agreedSalaryType: 'monthly', agreedSalaryAmount: pay });
          const setPay = async () =>
            admin.patch(`/matchings/${matching.id}`, {
              agreed_salary_amount: newPay,
              version: await matchingVersion(matching.id),
            });
          if (payFirst) await setPay();
          await admin.post('/payouts', fee(matching.id, amount));
          if (!payFirst) await setPay();
          const [check] = await runChecks(ctx.db, { branchIds: [branch] }, ['fee_not_lawful']);
          const [row] = await ctx.db
            .select({ id: payouts.id })
            .from(payouts)
            .where(eq(payouts.matchingId, matching.id));
          if (row) expect(check!.violations.map((v) => v.targetId)).not.toContain(row.id);
        },
      ),
      { numRuns: 25 },
    );
  });
});
