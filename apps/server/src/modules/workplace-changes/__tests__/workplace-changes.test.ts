import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  activeJobPost,
  grantPermits,
  insertBranch,
  insertEmployer,
  insertMatching,
  insertWorker,
  setFutureMinimumWages,
  signedIn,
} from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { auditLogs, employers, matchings, workerWorkplaceChanges } from '../../../db/schema';
import { runChecks } from '../../../integrity/checks';
import { addDays, seoulToday } from '../../../lib/dates';

/**
 * 사업장 변경 (docs/law-as-data.md#workplace-changes, docs/DOMAIN.md I-29) through the API: the records' own
 * writes and who may make them, and the rule engine refusing a contract at a new employer once no change is left.
 */

let ctx: TestContext;
let admin: Api;
let branchId: number;
let otherBranch: number;

const TODAY = seoulToday();
const START = addDays(TODAY, 30);
const ENTRY = addDays(TODAY, -400);
/** The worker's last employment began here: changes recorded before it were used on earlier moves. */
const PREVIOUS_START = addDays(TODAY, -200);

beforeAll(async () => {
  ctx = await createTestContext();
  await setFutureMinimumWages(ctx);
  branchId = (await insertBranch(ctx)).id;
  otherBranch = (await insertBranch(ctx)).id;
  admin = (await signedIn(ctx, 'admin')).api;
});
afterAll(async () => {
  await ctx?.close();
});

const base = (workerId: number) => `/workers/${workerId}/workplace-changes`;

type Change = { request_date: string; cause: string; approved?: boolean; approval_date?: string | null };
const approved = (date: string, cause = 'worker_request'): Change => ({
  request_date: date,
  cause,
  approved: true,
  approval_date: date,
});

/** An E-9 worker who entered 400 days ago and worked for `previous` (completed), with these changes recorded. */
async function workerWith(changes: Change[], previous?: number) {
  const worker = await insertWorker(ctx, branchId, { entryDate: ENTRY });
  const employer = previous ?? (await insertEmployer(ctx, branchId)).id;
  await insertMatching(
    ctx,
    { employerId: employer, workerId: worker.id, branchId },
    {
      status: 'completed',
      startDate: PREVIOUS_START,
      endDate: addDays(TODAY, -10),
      contractDate: PREVIOUS_START,
    },
  );
  for (const change of changes) {
    const created = await admin.post(base(worker.id), change);
    expect(created.statusCode, created.body).toBe(201);
  }
  return { worker, previousEmployer: employer };
}

/** Proposes (overriding a warning when asked), then interview and acceptance: the matching ready for its contract. */
async function acceptedAt(workerId: number, employerId?: number) {
  const employer = employerId ?? (await insertEmployer(ctx, branchId)).id;
  // With its 고용허가서 and room in its quota, so only the 사업장 변경 rule decides the contract.
  await grantPermits(ctx, employer);
  const post = await activeJobPost(admin, employer);
  const created = await admin.post('/matchings', {
    job_post_id: post.id,
    worker_id: workerId,
    override_reason: '고용센터 확인 중',
  });
  expect(created.statusCode, created.body).toBe(201);
  let m = created.json() as { id: number; version: number };
  for (const status of ['interview', 'accepted']) {
    const moved = await admin.post(`/matchings/${m.id}/status`, { status, version: m.version });
    expect(moved.statusCode, moved.body).toBe(200);
    m = moved.json();
  }
  return { matching: m, proposal: created.json() };
}

const contract = (m: { id: number; version: number }) =>
  admin.post(`/matchings/${m.id}/status`, { status: 'contracted', start_date: START, version: m.version });

describe('the records', () => {
  it('creates, lists with the count and the job-search deadline, edits and deletes, each in the access log', async () => {
    const { worker } = await workerWith([]);
    const request = addDays(TODAY, -20);
    const created = await admin.post(base(worker.id), {
      request_date: request,
      cause: 'worker_request',
      note: '임금 체불 상담 후 신청',
    });
    expect(created.statusCode, created.body).toBe(201);
    const change = created.json();
    expect(change).toMatchObject({ request_date: request, approved: false, version: 1 });

    let list = (await admin.get(base(worker.id))).json();
    // Not approved yet: not counted; the three months to find work run from the request.
    expect(list.count).toMatchObject({ used: 0, limit: 3, left: 3, basis: { article: '제25조 제4항' } });
    expect(list.job_search).toMatchObject({ change_id: change.id, request_date: request });
    expect(list.job_search.deadline > addDays(request, 88)).toBe(true);
    expect(list.job_search.basis.article).toBe('제25조 제3항');

    const edited = await admin.patch(`${base(worker.id)}/${change.id}`, {
      approved: true,
      approval_date: addDays(TODAY, -5),
      approval_no: 'AB-2026-0001',
      version: change.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ approved: true, approval_no: 'AB-2026-0001', version: 2 });
    list = (await admin.get(base(worker.id))).json();
    expect(list.count).toMatchObject({ used: 1, left: 2 });

    const stale = await admin.patch(`${base(worker.id)}/${change.id}`, { note: '늦은 수정', version: 1 });
    expect(stale.statusCode).toBe(409);

    const removed = await admin.delete(`${base(worker.id)}/${change.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    list = (await admin.get(base(worker.id))).json();
    expect(list).toMatchObject({ data: [], count: { used: 0 }, job_search: null });
    expect((await admin.delete(`${base(worker.id)}/${change.id}`)).statusCode).toBe(404);

    const logged = await ctx.db
      .select({ action: auditLogs.action, summary: auditLogs.summary })
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'worker'), eq(auditLogs.targetId, String(worker.id))));
    expect(logged.map((l) => l.action)).toEqual(expect.arrayContaining(['CREATE', 'UPDATE', 'DELETE']));
    expect(logged.every((l) => l.summary.includes('사업장 변경'))).toBe(true);
  });

  it('refuses an approval without its date or before the request, a future request, an unknown employer', async () => {
    const { worker } = await workerWith([]);
    const cases: [Record<string, unknown>, string][] = [
      [{ request_date: TODAY, cause: 'worker_request', approved: true }, 'approval_date'],
      [
        { request_date: TODAY, cause: 'worker_request', approved: true, approval_date: addDays(TODAY, -1) },
        'approval_date',
      ],
      [{ request_date: addDays(TODAY, 1), cause: 'worker_request' }, 'request_date'],
      [{ request_date: TODAY, cause: 'worker_request', approval_no: 'X-1' }, 'approval_no'],
      [{ request_date: TODAY, cause: 'worker_request', from_employer_id: 2_000_000 }, 'from_employer_id'],
    ];
    for (const [body, field] of cases) {
      const refused = await admin.post(base(worker.id), body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(422);
      expect(refused.json().error.details[0].field).toBe(field);
    }
    // An unknown cause is the schema's refusal.
    expect((await admin.post(base(worker.id), { request_date: TODAY, cause: 'quit' })).statusCode).toBe(400);
    // The table keeps the same rule for a write that skips the service.
    await expect(
      ctx.db.insert(workerWorkplaceChanges).values({
        workerId: worker.id,
        requestDate: TODAY,
        cause: 'worker_request',
        approved: true,
        approvalDate: addDays(TODAY, -3),
      }),
    ).rejects.toThrow();
  });

  it('is the worker permissions and branch: a viewer reads (masked) but cannot write, another branch is 404', async () => {
    const { worker } = await workerWith([]);
    const created = await admin.post(base(worker.id), {
      ...approved(addDays(TODAY, -30)),
      approval_no: 'AB-12345',
      note: '본인 요청',
    });
    const change = created.json();
    const viewer = (await signedIn(ctx, 'viewer')).api;
    const seen = await viewer.get(base(worker.id));
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data[0]).toMatchObject({ note: '', approval_no: 'AB******' });
    expect((await viewer.post(base(worker.id), approved(TODAY))).statusCode).toBe(403);
    expect(
      (await viewer.patch(`${base(worker.id)}/${change.id}`, { note: 'x', version: change.version }))
        .statusCode,
    ).toBe(403);
    expect((await viewer.delete(`${base(worker.id)}/${change.id}`)).statusCode).toBe(403);

    const own = (await signedIn(ctx, 'branch_manager', branchId)).api;
    expect((await own.get(base(worker.id))).statusCode).toBe(200);
    const elsewhere = (await signedIn(ctx, 'branch_manager', otherBranch)).api;
    expect((await elsewhere.get(base(worker.id))).statusCode).toBe(404);
    expect((await elsewhere.post(base(worker.id), approved(TODAY))).statusCode).toBe(404);
    expect(
      (await elsewhere.patch(`${base(worker.id)}/${change.id}`, { note: 'x', version: change.version }))
        .statusCode,
    ).toBe(404);
    expect((await elsewhere.delete(`${base(worker.id)}/${change.id}`)).statusCode).toBe(404);
    // A change id of another worker is not found under this one.
    const { worker: other } = await workerWith([]);
    expect((await admin.delete(`${base(other.id)}/${change.id}`)).statusCode).toBe(404);
  });
});

describe('the limit in the rule engine', () => {
  const used = [
    approved(addDays(TODAY, -390)),
    approved(addDays(TODAY, -350)),
    approved(addDays(TODAY, -300)),
  ];

  it('warns at the proposal and refuses the contract at a new employer once three changes are used', async () => {
    const { worker } = await workerWith(used);
    const preview = await admin.get(
      `/matchings/eligibility?job_post_id=${(await activeJobPost(admin, (await insertEmployer(ctx, branchId)).id)).id}&worker_id=${worker.id}`,
    );
    expect(preview.json().issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          code: 'WORKPLACE_CHANGES_EXHAUSTED',
          severity: 'warning',
          basis: expect.objectContaining({ article: '제25조 제4항' }),
        }),
      ]),
    );
    const { matching, proposal } = await acceptedAt(worker.id);
    expect(proposal.override_reason).toBe('고용센터 확인 중');
    const refused = await contract(matching);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'VISA_NOT_ELIGIBLE' });
    expect(refused.json().error.message).toContain('사업장 변경 가능 횟수(3회)');
  });

  it('allows the contract while a change is left, and at the same employer', async () => {
    const { worker } = await workerWith(used.slice(0, 2));
    const { matching } = await acceptedAt(worker.id);
    expect((await contract(matching)).statusCode).toBe(200);

    const { worker: stays, previousEmployer } = await workerWith(used);
    const { matching: again } = await acceptedAt(stays.id, previousEmployer);
    expect((await contract(again)).statusCode).toBe(200);
  });

  it('does not count changes the employer caused, nor ones not approved', async () => {
    const { worker } = await workerWith([
      ...used.slice(0, 2),
      approved(addDays(TODAY, -300), 'employer_caused'),
      { request_date: addDays(TODAY, -250), cause: 'worker_request' },
    ]);
    const { matching } = await acceptedAt(worker.id);
    expect((await contract(matching)).statusCode).toBe(200);
  });

  it('takes the change recorded since the last employment as this move: the third is allowed, a fourth is not', async () => {
    const third = approved(addDays(TODAY, -5));
    const { worker } = await workerWith([...used.slice(0, 2), third]);
    const { matching } = await acceptedAt(worker.id);
    const contracted = await contract(matching);
    expect(contracted.statusCode, contracted.body).toBe(200);

    // A fourth approved change would put the held contract over the limit (docs/DOMAIN.md#invariants, I-29): refused, naming it.
    const fourth = await admin.post(base(worker.id), approved(addDays(TODAY, -2)));
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error).toMatchObject({
      code: 'MATCHINGS_AFFECTED',
      details: [{ resource: 'matchings', id: matching.id }],
    });
    // Not approved, it does not count; approving it later is refused the same way.
    const pending = await admin.post(base(worker.id), {
      request_date: addDays(TODAY, -2),
      cause: 'worker_request',
    });
    expect(pending.statusCode, pending.body).toBe(201);
    const approving = await admin.patch(`${base(worker.id)}/${pending.json().id}`, {
      approved: true,
      approval_date: TODAY,
      version: 1,
    });
    expect(approving.statusCode).toBe(409);
    // The employer caused it: not counted, allowed.
    const caused = await admin.patch(`${base(worker.id)}/${pending.json().id}`, {
      cause: 'employer_caused',
      approved: true,
      approval_date: TODAY,
      version: 1,
    });
    expect(caused.statusCode, caused.body).toBe(200);
    // ... and back to the worker's request: over the limit again.
    const back = await admin.patch(`${base(worker.id)}/${pending.json().id}`, {
      cause: 'worker_request',
      version: caused.json().version,
    });
    expect(back.statusCode).toBe(409);

    // Deleting a change only lowers the count: harmless to the held contract.
    const list = (await admin.get(base(worker.id))).json();
    const oldest = list.data.at(-1);
    expect((await admin.delete(`${base(worker.id)}/${oldest.id}`)).statusCode).toBe(200);
    const [check] = await runChecks(ctx.db, { branchIds: [branchId] }, ['held_workplace_changes']);
    expect(check!.violations).toEqual([]);
  });

  it('refuses a worker edit of the entry date that would count one more change under a held contract', async () => {
    // A change dated before entry does not count: three counted, the third being this move.
    const { worker } = await workerWith([
      approved(addDays(ENTRY, -10)),
      ...used.slice(0, 2),
      approved(addDays(TODAY, -5)),
    ]);
    const { matching } = await acceptedAt(worker.id);
    expect((await contract(matching)).statusCode).toBe(200);
    const current = (await admin.get(`/workers/${worker.id}`)).json();
    const earlier = await admin.patch(`/workers/${worker.id}`, {
      entry_date: addDays(ENTRY, -20),
      version: current.version,
    });
    expect(earlier.statusCode).toBe(409);
    expect(earlier.json().error).toMatchObject({
      code: 'MATCHINGS_AFFECTED',
      details: [{ field: 'entry_date', resource: 'matchings', id: matching.id }],
    });
  });

  it('check:data lists a held contract whose counted changes exceed the limit (I-29)', async () => {
    const { worker } = await workerWith([...used.slice(0, 2), approved(addDays(TODAY, -5))]);
    const { matching } = await acceptedAt(worker.id);
    expect((await contract(matching)).statusCode).toBe(200);
    // Written around the service, as an old import might have.
    await ctx.db.execute(
      sql`INSERT INTO worker_workplace_changes (worker_id, request_date, cause, approved, approval_date)
          VALUES (${worker.id}, ${addDays(TODAY, -3)}, 'worker_request', true, ${addDays(TODAY, -3)})`,
    );
    const [check] = await runChecks(ctx.db, { branchIds: [branchId] }, ['held_workplace_changes']);
    expect(check).toMatchObject({ invariant: 'I-29' });
    expect(check!.violations).toEqual([
      { targetType: 'matching', targetId: matching.id, detail: 'changes 4 > 3' },
    ]);
    // A worker edit under it that leaves it as it is over is not refused for it (only new breaks are).
    const current = (await admin.get(`/workers/${worker.id}`)).json();
    const edit = await admin.patch(`/workers/${worker.id}`, {
      phone_number: '010-1111-2222',
      version: current.version,
    });
    expect(edit.statusCode, edit.body).toBe(200);
  });
});

describe('the 권역 in the rule engine (docs/law-as-data.md#workplace-change-regions)', () => {
  /** An E-9 worker whose first workplace since entry (the one just left) is in 충청북도 (충청권). */
  async function fromChungbuk(changes: Change[] = []) {
    const previous = (await insertEmployer(ctx, branchId, { region: '충청북도' })).id;
    return workerWith(changes, previous);
  }
  const preview = async (workerId: number, region: string) => {
    const employer = (await insertEmployer(ctx, branchId, { region })).id;
    const post = await activeJobPost(admin, employer);
    const answer = await admin.get(`/matchings/eligibility?job_post_id=${post.id}&worker_id=${workerId}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json().issues as { code: string }[]).filter((i) => i.code === 'WORKPLACE_CHANGE_REGION');
  };

  it('the eligibility preview warns of a move into 수도권 from outside it, with both 권역 and the basis', async () => {
    const { worker } = await fromChungbuk();
    expect(await preview(worker.id, '경기도')).toEqual([
      expect.objectContaining({
        severity: 'warning',
        message: expect.stringMatching(/충청권\(충청북도\).*수도권\(경기도\)/),
        basis: expect.objectContaining({ effective_from: '2025-07-01', verify: expect.any(String) }),
      }),
    ]);
    // Since the 2025 easing a move between other 권역 is not held back; neither is one within the 권역.
    expect(await preview(worker.id, '전라남도')).toEqual([]);
    expect(await preview(worker.id, '대전광역시')).toEqual([]);
  });

  it('is left out when the change recorded for this move was caused by the employer', async () => {
    const { worker } = await fromChungbuk([approved(addDays(TODAY, -5), 'employer_caused')]);
    expect(await preview(worker.id, '서울특별시')).toEqual([]);
    const { worker: asked } = await fromChungbuk([approved(addDays(TODAY, -5))]);
    expect(await preview(asked.id, '서울특별시')).toHaveLength(1);
  });

  it('the contract step asks for an override reason, then records the warning as overridden', async () => {
    const { worker } = await fromChungbuk();
    const employer = (await insertEmployer(ctx, branchId, { region: '충청남도' })).id;
    const { matching } = await acceptedAt(worker.id, employer);
    // The employer turns out to be in 수도권 (its address corrected) before the contract.
    await ctx.db.update(employers).set({ region: '인천광역시' }).where(eq(employers.id, employer));
    const asked = await contract(matching);
    expect(asked.statusCode).toBe(422);
    expect(asked.json().error).toMatchObject({
      code: 'ELIGIBILITY_WARNING',
      details: [
        expect.objectContaining({ field: 'override_reason', message: expect.stringContaining('수도권') }),
      ],
    });
    const done = await admin.post(`/matchings/${matching.id}/status`, {
      status: 'contracted',
      start_date: START,
      version: matching.version,
      override_reason: '고용센터 권역 외 변경 승인',
    });
    expect(done.statusCode, done.body).toBe(200);
    const [row] = await ctx.db
      .select({ overridden: matchings.overriddenWarnings })
      .from(matchings)
      .where(eq(matchings.id, matching.id));
    expect(row!.overridden).toContain('WORKPLACE_CHANGE_REGION');
  });
});

describe('another branch’s employer and the access log (docs/law-as-data.md#workplace-changes)', () => {
  it('names the previous employer only to admins whose scope reaches it, and logs every read', async () => {
    const worker = await insertWorker(ctx, branchId, { entryDate: ENTRY });
    const elsewhere = await insertEmployer(ctx, otherBranch);
    const ours = await insertEmployer(ctx, branchId);
    const recorded = await admin.post(base(worker.id), {
      request_date: addDays(TODAY, -30),
      cause: 'worker_request',
      from_employer_id: elsewhere.id,
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json()).toMatchObject({
      from_employer_id: elsewhere.id,
      from_employer_other_branch: false,
    });

    const manager = (await signedIn(ctx, 'branch_manager', branchId)).api;
    const seen = await manager.get(base(worker.id));
    expect(seen.statusCode, seen.body).toBe(200);
    const [change] = seen.json().data;
    expect(change).toMatchObject({
      from_employer_id: null,
      from_employer_name: null,
      from_employer_other_branch: true,
    });
    expect(seen.body).not.toContain(elsewhere.companyName);

    // Nor may the manager name it: it is not there for them (the same answer as an employer that does not exist).
    const named = await manager.post(base(worker.id), {
      request_date: addDays(TODAY, -20),
      cause: 'worker_request',
      from_employer_id: elsewhere.id,
    });
    expect(named.statusCode).toBe(422);
    expect(named.json().error.details[0]).toMatchObject({ field: 'from_employer_id' });
    // An edit that leaves it alone keeps it; the manager's own branch's employer may be named.
    const kept = await manager.patch(`${base(worker.id)}/${change.id}`, {
      note: '메모',
      version: change.version,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const [row] = await ctx.db
      .select({ from: workerWorkplaceChanges.fromEmployerId })
      .from(workerWorkplaceChanges)
      .where(eq(workerWorkplaceChanges.id, change.id));
    expect(row!.from).toBe(elsewhere.id);
    const own = await manager.post(base(worker.id), {
      request_date: addDays(TODAY, -10),
      cause: 'employer_caused',
      from_employer_id: ours.id,
    });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json()).toMatchObject({
      from_employer_name: ours.companyName,
      from_employer_other_branch: false,
    });

    const views = await ctx.db
      .select({ summary: auditLogs.summary })
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.action, 'VIEW_PII'),
          eq(auditLogs.targetType, 'worker'),
          eq(auditLogs.targetId, String(worker.id)),
        ),
      );
    expect(views.map((v) => v.summary)).toContain('사업장 변경 조회: 1건');
  });
});
