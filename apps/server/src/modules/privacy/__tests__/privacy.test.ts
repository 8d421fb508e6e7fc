import { DESTROYED_LABEL, privacyMessages } from '@ilson/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  alienRegNo,
  insertAppUser,
  insertBranch,
  insertEmployer,
  insertMatching,
  resumeBody,
  signedIn,
  workerBody,
} from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { queryRows } from '../../../db/client';
import {
  appUsers,
  employers,
  matchingStatusHistory,
  matchings,
  payouts,
  resumes,
  workers,
} from '../../../db/schema';

/**
 * The destruction of personal data past its retention (docs/privacy-lifecycle.md), on the engine under test: what
 * is due and what is held, the dry run against the real run, what a destroyed record still answers, and that
 * counts, statistics and the access log's chain are as they were.
 */

let ctx: TestContext;
let top: Api;
let admin: Api;
let manager: Api;
let branchId: number;
let employerId: number;
let seed = 7_100;

const yearsAgo = (years: number, days = 0) => new Date(Date.now() - (years * 365.25 + days) * 86_400_000);

/** A worker registered through the API (so its identifiers are encrypted and hashed), then moved in time. */
async function worker(values: Partial<typeof workers.$inferInsert> = {}) {
  const created = await top.post(
    '/workers',
    workerBody(branchId, { alien_reg_no: alienRegNo(seed++), passport_no: `M${seed++}` }),
  );
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  if (Object.keys(values).length > 0) await ctx.db.update(workers).set(values).where(eq(workers.id, id));
  return id;
}

const departed = (at: Date) => ({ status: 'departed' as const, statusChangedAt: at });

async function run(body: Record<string, unknown>, as: Api = top) {
  const reply = await as.post('/privacy/destructions/run', body);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as {
    dry_run: boolean;
    total: number;
    kinds: { kind: string; count: number; ids: number[] }[];
  };
}

const idsOf = (result: Awaited<ReturnType<typeof run>>, kind: string) =>
  [...(result.kinds.find((k) => k.kind === kind)?.ids ?? [])].sort((a, b) => a - b);

let due: number;
let heldByPayout: number;
let heldByOwnPeriod: number;
let heldByMatching: number;
let heldByAccount: number;
let working: number;
let deletedLongAgo: number;
let departedThenDeleted: number;
let dueAccount: number;
let recentAccount: number;
let dueWorkerAccount: number;
let dueResume: number;
let heldResume: number;
let recentResume: number;
let dueEmployer: number;
let dueEmployerAccount: number;
let heldEmployer: number;
let heldEmployerByPost: number;
const dueMatchingIds: number[] = [];
const duePayoutIds: number[] = [];

/** A resume of a worker still with us, put in the 휴지통 at `deletedAt`. */
async function deletedResume(deletedAt: Date) {
  const owner = await worker();
  const created = await top.post('/resumes', resumeBody(owner));
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  await ctx.db.update(resumes).set({ deletedAt }).where(eq(resumes.id, id));
  return { id, owner };
}

beforeAll(async () => {
  ctx = await createTestContext();
  top = (await signedIn(ctx, 'super_admin')).api;
  admin = (await signedIn(ctx, 'admin')).api;
  branchId = (await insertBranch(ctx)).id;
  manager = (await signedIn(ctx, 'branch_manager', branchId)).api;
  employerId = (await insertEmployer(ctx, branchId)).id;

  due = await worker(departed(yearsAgo(4)));
  const resume = await top.post('/resumes', resumeBody(due));
  expect(resume.statusCode, resume.body).toBe(201);
  dueWorkerAccount = (
    await insertAppUser(ctx, { workerId: due }, { status: 'withdrawn', statusChangedAt: yearsAgo(4) })
  ).id;
  const dueWorkersMatching = await insertMatching(
    ctx,
    { employerId, workerId: due, branchId },
    {
      status: 'completed',
      statusChangedAt: yearsAgo(4, 30),
      startDate: '2021-06-01',
      endDate: '2022-06-01',
      memo: '근로자 본인 휴대폰 010-7777-8888로 연락',
    },
  );
  await ctx.db.insert(matchingStatusHistory).values({
    matchingId: dueWorkersMatching.id,
    fromStatus: 'working',
    toStatus: 'completed',
    reason: '계약 만료, 본인 귀국 희망',
    changedAt: yearsAgo(4, 30),
  });
  dueMatchingIds.push(dueWorkersMatching.id);

  heldByPayout = await worker(departed(yearsAgo(4)));
  await ctx.db.insert(payouts).values({
    employerId,
    workerId: heldByPayout,
    type: 'wage',
    amount: 2_000_000,
    vat: 0,
    status: 'paid',
    paidAt: yearsAgo(2),
    statusChangedAt: yearsAgo(2),
  });
  heldByOwnPeriod = await worker(departed(yearsAgo(1)));
  heldByMatching = await worker(departed(yearsAgo(4)));
  await insertMatching(
    ctx,
    { employerId, workerId: heldByMatching, branchId },
    { status: 'terminated', statusChangedAt: yearsAgo(1), startDate: '2025-01-01', endDate: '2025-10-01' },
  );
  heldByAccount = await worker(departed(yearsAgo(4)));
  await insertAppUser(ctx, { workerId: heldByAccount }, { status: 'active' });
  working = await worker();
  deletedLongAgo = await worker({ deletedAt: yearsAgo(5) });
  // Departed long ago, put in the 휴지통 yesterday: due by its departure, and still within the trash's window.
  departedThenDeleted = await worker({ ...departed(yearsAgo(4)), deletedAt: yearsAgo(0, 1) });

  dueAccount = (
    await insertAppUser(ctx, { employerId }, { status: 'withdrawn', statusChangedAt: yearsAgo(0, 45) })
  ).id;
  recentAccount = (
    await insertAppUser(ctx, { employerId }, { status: 'withdrawn', statusChangedAt: yearsAgo(0, 10) })
  ).id;

  // Resumes deleted past the resumes' 12 months are destroyed on their own, unless a matching made with one
  // ended within the matchings' period.
  dueResume = (await deletedResume(yearsAgo(1, 40))).id;
  const held = await deletedResume(yearsAgo(2));
  heldResume = held.id;
  await insertMatching(
    ctx,
    { employerId, workerId: held.owner, branchId },
    {
      resumeId: held.id,
      status: 'completed',
      statusChangedAt: yearsAgo(1),
      startDate: '2024-06-01',
      endDate: '2025-06-01',
    },
  );
  recentResume = (await deletedResume(yearsAgo(0, 30))).id;

  // Employers: rejected four years ago with nothing left open is due (its withdrawn account with it); one that
  // withdrew as long ago but was paid two years ago, and one with a post still open, are held.
  const ended = {
    statusChangedAt: yearsAgo(4),
    managerName: '김담당',
    managerPhone: '01055556666',
    email: 'ceo@biz.test',
  };
  dueEmployer = (
    await insertEmployer(ctx, branchId, {
      status: 'rejected',
      statusReason: '서류 미비',
      adminMemo: '대표 휴대폰 010-1111-2222',
      ...ended,
    })
  ).id;
  dueEmployerAccount = (
    await insertAppUser(
      ctx,
      { employerId: dueEmployer },
      { status: 'withdrawn', statusChangedAt: yearsAgo(4) },
    )
  ).id;
  heldEmployer = (await insertEmployer(ctx, branchId, { status: 'withdrawn', ...ended })).id;
  await ctx.db.insert(payouts).values({
    employerId: heldEmployer,
    type: 'matching_fee',
    amount: 300_000,
    vat: 30_000,
    status: 'paid',
    paidAt: yearsAgo(2),
    statusChangedAt: yearsAgo(2),
  });
  heldEmployerByPost = (await insertEmployer(ctx, branchId, { status: 'withdrawn', ...ended })).id;
  const cancelled = await insertMatching(
    ctx,
    { employerId: heldEmployerByPost, workerId: await worker(), branchId },
    { status: 'cancelled', statusChangedAt: yearsAgo(4), cancelReason: '근로자 건강 문제로 취소' },
  );
  dueMatchingIds.push(cancelled.id);

  // Payouts settled more than five years ago lose the payee's account and the free text; the money stays.
  for (const status of ['paid', 'cancelled'] as const) {
    const [row] = await ctx.db
      .insert(payouts)
      .values({
        employerId,
        type: 'wage',
        amount: 1_800_000,
        vat: 0,
        bankName: '국민은행',
        accountNoEnc: 'ciphertext',
        accountNoHash: `hash-${status}`,
        accountNoMasked: '******1234',
        accountHolder: '홍길동',
        memo: '본인 요청으로 계좌 변경',
        status,
        statusReason: status === 'cancelled' ? '중복 등록' : null,
        paidAt: status === 'paid' ? yearsAgo(5, 40) : null,
        statusChangedAt: yearsAgo(5, 40),
      })
      .returning({ id: payouts.id });
    duePayoutIds.push(row!.id);
  }
});
afterAll(async () => {
  await ctx?.close();
});

describe('the destruction of personal data past its retention', () => {
  let dry: Awaited<ReturnType<typeof run>>;
  let before: { workers: unknown; dashboard: unknown };

  it('a dry run lists exactly the records past every retention that holds them, and changes nothing', async () => {
    dry = await run({ dry_run: true });
    expect(dry.dry_run).toBe(true);
    expect(idsOf(dry, 'workers')).toEqual([due, deletedLongAgo, departedThenDeleted].sort((a, b) => a - b));
    expect(idsOf(dry, 'appUsers')).toEqual(
      [dueWorkerAccount, dueAccount, dueEmployerAccount].sort((a, b) => a - b),
    );
    expect(idsOf(dry, 'resumes')).toEqual([dueResume]);
    expect(idsOf(dry, 'employers')).toEqual([dueEmployer]);
    expect(idsOf(dry, 'matchings')).toEqual([...dueMatchingIds].sort((a, b) => a - b));
    expect(idsOf(dry, 'payouts')).toEqual([...duePayoutIds].sort((a, b) => a - b));
    const [row] = await ctx.db.select().from(workers).where(eq(workers.id, due));
    expect(row!.destroyedAt).toBeNull();
    expect(row!.alienRegNoHash).not.toBeNull();
    const register = await top.get('/privacy/destructions');
    expect(register.json().meta.total).toBe(0);
  });

  it('says why a held worker is kept: a payout within 5 years, a matching within 3, an account in use', async () => {
    const { workerRetentionHolds, dueDays } = await import('../privacy.repository');
    const { RETENTION_DEFAULTS } = await import('@ilson/contracts');
    const days = await dueDays(ctx.db, new Date().toISOString().slice(0, 10), RETENTION_DEFAULTS);
    const holds = async (id: number) => (await workerRetentionHolds(ctx.db, id, days))!.holds.join(' ');
    expect(await holds(heldByPayout)).toContain('전자상거래법');
    expect(await holds(heldByMatching)).toContain('근로기준법 제42조');
    expect(await holds(heldByAccount)).toContain('앱 회원 계정');
    expect(await holds(heldByOwnPeriod)).toContain('보존 기간이 끝나지 않았습니다');
    expect(await holds(working)).toContain('재직 또는 구직 중');
    expect(await holds(due)).toBe('');
  });

  it('an admin reads the register but may not destroy; a branch manager reads neither', async () => {
    expect((await admin.post('/privacy/destructions/run', { dry_run: true })).statusCode).toBe(403);
    expect((await admin.get('/privacy/destructions')).statusCode).toBe(200);
    expect((await manager.get('/privacy/destructions')).statusCode).toBe(403);
  });

  it('the real run destroys what the dry run listed, and totals and statistics stay as they were', async () => {
    before = {
      workers: (await top.get('/workers?page_size=1')).json().meta,
      dashboard: stripTimes((await top.get('/dashboard')).json()),
    };
    const real = await run({ dry_run: false, reason: '정기 점검' });
    expect(real.total).toBe(dry.total);
    for (const kind of ['workers', 'appUsers', 'resumes'])
      expect(idsOf(real, kind)).toEqual(idsOf(dry, kind));
    expect((await top.get('/workers?page_size=1')).json().meta).toEqual(before.workers);
    expect(stripTimes((await top.get('/dashboard')).json())).toEqual(before.dashboard);
  });

  it('leaves no personal data in the worker, their resume, their account or the search', async () => {
    const [row] = await ctx.db.select().from(workers).where(eq(workers.id, due));
    expect(row).toMatchObject({
      nameKo: DESTROYED_LABEL,
      firstName: '',
      lastName: '',
      phoneNumber: '',
      emailAddress: '',
      alienRegNoEnc: null,
      alienRegNoHash: null,
      alienRegNoMasked: null,
      passportNoEnc: null,
      passportNoHash: null,
      dateOfBirth: '1990-01-01',
      nationality: 'VN',
      status: 'departed',
    });
    expect(row!.destroyedAt).not.toBeNull();
    const [resume] = await ctx.db.select().from(resumes).where(eq(resumes.workerId, due));
    expect(resume).toMatchObject({ workExperience: [], skills: [], references: [], certifications: [] });
    const [account] = await ctx.db.select().from(appUsers).where(eq(appUsers.id, dueWorkerAccount));
    expect(account).toMatchObject({
      name: DESTROYED_LABEL,
      email: '',
      phone: '',
      loginId: `destroyed-${account!.id}`,
    });
    const [kept] = await ctx.db.select().from(appUsers).where(eq(appUsers.id, recentAccount));
    expect(kept!.destroyedAt).toBeNull();
    const [employer] = await ctx.db.select().from(employers).where(eq(employers.id, dueEmployer));
    expect(employer).toMatchObject({
      ceoName: DESTROYED_LABEL,
      phone: '',
      email: '',
      managerName: '',
      managerPhone: '',
      adminMemo: '',
      statusReason: null,
      companyName: '(주)대한제조',
      status: 'rejected',
    });
    for (const id of [heldEmployer, heldEmployerByPost]) {
      const [left] = await ctx.db.select().from(employers).where(eq(employers.id, id));
      expect(left!.destroyedAt, `employer ${id}`).toBeNull();
      expect(left!.managerName).toBe('김담당');
    }
    for (const id of dueMatchingIds) {
      const [matching] = await ctx.db.select().from(matchings).where(eq(matchings.id, id));
      expect(matching).toMatchObject({ memo: '', cancelReason: null, overrideReason: null });
      expect(matching!.destroyedAt).not.toBeNull();
      expect(matching!.status).toMatch(/completed|cancelled/);
    }
    const reasons = await queryRows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM matching_status_history
          WHERE matching_id = ANY(${`{${dueMatchingIds.join(',')}}`}::int[]) AND reason IS NOT NULL`,
    );
    expect(reasons[0]!.n).toBe(0);
    for (const id of duePayoutIds) {
      const [payout] = await ctx.db.select().from(payouts).where(eq(payouts.id, id));
      expect(payout).toMatchObject({
        accountNoEnc: null,
        accountNoHash: null,
        accountNoMasked: null,
        accountHolder: '',
        memo: '',
        statusReason: null,
        amount: 1_800_000,
        bankName: '국민은행',
      });
    }
    const [recentPayout] = await ctx.db.select().from(payouts).where(eq(payouts.workerId, heldByPayout));
    expect(recentPayout!.destroyedAt).toBeNull();
    const [alone] = await ctx.db.select().from(resumes).where(eq(resumes.id, dueResume));
    expect(alone).toMatchObject({ workExperience: [], educationHistory: [], languageSkills: [], skills: [] });
    expect(alone!.destroyedAt).not.toBeNull();
    for (const id of [heldResume, recentResume]) {
      const [left] = await ctx.db.select().from(resumes).where(eq(resumes.id, id));
      expect(left!.destroyedAt, `resume ${id}`).toBeNull();
      expect(left!.workExperience).not.toEqual([]);
    }
    const found = await top.get(`/workers?q=${encodeURIComponent(DESTROYED_LABEL)}`);
    expect(found.json().data).toEqual([]);
    const search = await top.get(`/search?q=${encodeURIComponent(DESTROYED_LABEL)}`);
    expect(JSON.stringify(search.json())).not.toContain(`"id":${due}`);
  });

  it('refuses a reveal with a Korean reason, and an edit or a restore with RECORD_DESTROYED', async () => {
    const reveal = await top.post(`/workers/${due}/reveal`, {
      field: 'alien_reg_no',
      reason: '본인 확인 요청',
    });
    expect(reveal.statusCode).toBe(404);
    expect(reveal.json().error.message).toBe(privacyMessages.destroyed);
    const current = (await top.get(`/workers/${due}`)).json();
    const edit = await top.patch(`/workers/${due}`, { name_ko: '되살림', version: current.version });
    expect(edit.statusCode, edit.body).toBe(409);
    expect(edit.json().error).toMatchObject({
      code: 'RECORD_DESTROYED',
      message: privacyMessages.destroyedUnchangeable,
    });
    const trash = (await top.get('/trash?type=worker')).json().data as {
      id: number;
      label: string;
      restorable: boolean;
    }[];
    expect(trash.find((item) => item.id === departedThenDeleted)).toMatchObject({
      label: DESTROYED_LABEL,
      restorable: false,
    });
    const restore = await top.post(`/trash/worker/${departedThenDeleted}/restore`, {});
    expect(restore.statusCode, restore.body).toBe(409);
    expect(restore.json().error.code).toBe('RECORD_DESTROYED');
    const resume = await top.post(`/trash/resume/${dueResume}/restore`, {});
    expect(resume.statusCode, resume.body).toBe(409);
    expect(resume.json().error.code).toBe('RECORD_DESTROYED');
    const account = await top.post(`/payouts/${duePayoutIds[0]}/reveal`, { reason: '지급 내역 확인' });
    expect(account.statusCode).toBe(404);
    expect(account.json().error.message).toBe(privacyMessages.destroyed);
    const company = (await top.get(`/employers/${dueEmployer}`)).json();
    expect(company.ceo_name).toBe(DESTROYED_LABEL);
    const editCompany = await top.patch(`/employers/${dueEmployer}`, {
      manager_name: '되살림',
      version: company.version,
    });
    expect(editCompany.statusCode, editCompany.body).toBe(409);
    expect(editCompany.json().error.code).toBe('RECORD_DESTROYED');
    const [still] = await ctx.db.select().from(resumes).where(eq(resumes.id, dueResume));
    expect(still!.deletedAt).not.toBeNull();
  });

  it('the database itself refuses to put personal data back or to un-destroy a record', async () => {
    for (const change of [
      sql`UPDATE workers SET phone_number = '01012345678' WHERE id = ${due}`,
      sql`UPDATE workers SET alien_reg_no_hash = 'x' WHERE id = ${due}`,
      sql`UPDATE workers SET destroyed_at = NULL WHERE id = ${due}`,
      sql`UPDATE workers SET deleted_at = NULL WHERE id = ${deletedLongAgo}`,
      sql`UPDATE app_users SET email = 'a@b.test' WHERE id = ${dueAccount}`,
      sql`UPDATE resumes SET skills = '{지게차}' WHERE worker_id = ${due}`,
      sql`UPDATE employers SET manager_phone = '01099998888' WHERE id = ${dueEmployer}`,
      sql`UPDATE employers SET destroyed_at = NULL WHERE id = ${dueEmployer}`,
      sql`UPDATE matchings SET memo = '다시 적음' WHERE id = ${dueMatchingIds[0]}`,
      sql`UPDATE payouts SET account_holder = '홍길동' WHERE id = ${duePayoutIds[0]}`,
      sql`UPDATE payouts SET destroyed_at = NULL WHERE id = ${duePayoutIds[0]}`,
      sql`DELETE FROM destructions`,
    ]) {
      await expect(ctx.db.execute(change)).rejects.toThrow();
    }
  });

  it('registers each kind with its count, basis and approver, logs DESTROY, and the chain verifies', async () => {
    const register = (await top.get('/privacy/destructions')).json();
    expect(register.data.map((r: { kind: string; count: number }) => [r.kind, r.count]).sort()).toEqual([
      ['appUsers', 3],
      ['employers', 1],
      ['matchings', 2],
      ['payouts', 2],
      ['resumes', 1],
      ['workers', 3],
    ]);
    expect(register.data[0]).toMatchObject({
      trigger: 'manual',
      reason: '정기 점검',
      months: expect.any(Number),
    });
    expect(register.data[0].approved_by_name).toBeTruthy();
    const logged = await queryRows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM audit_logs WHERE action = 'DESTROY'`,
    );
    expect(logged[0]!.n).toBe(6);
    const verify = await top.post('/audit-logs/verify');
    expect(verify.json().ok).toBe(true);
    const file = await top.get('/privacy/destructions/export?kind=workers');
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body).toContain('근로기준법 제42조');
    expect(file.body.trim().split('\n')).toHaveLength(2);
  });

  it('a second run finds nothing more to destroy', async () => {
    expect((await run({ dry_run: false })).total).toBe(0);
  });
});

/** The dashboard without the instants it was computed at. */
function stripTimes(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (key, v) => (/(_at|At|as_of)$/.test(key) ? undefined : v));
}
