import { pilotSectorsDefault, settingsMessages } from '@ilson/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  activeJobPost,
  grantPermits,
  insertBranch,
  insertEmployer,
  insertWorker,
  jobPostBody,
  patchSettings,
  setFutureMinimumWages,
  signedIn,
} from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { auditLogs } from '../../../db/schema';
import { runChecks } from '../../../integrity/checks';
import { addDays, seoulToday } from '../../../lib/dates';

/**
 * The pilot sectors as an operator-kept setting (docs/law-as-data.md#operator-kept-rows): a super admin ends or
 * adds one with a reason, the contract step and check:data read it at once.
 */

let ctx: TestContext;
let superAdmin: Api;
let admin: Api;
let branchId: number;
const TODAY = seoulToday();
const START = addDays(TODAY, 30);

/** The seeded pilots in snake_case, as the settings screen sends them back. */
const wire = (pilots: ReturnType<typeof pilotSectorsDefault>) =>
  pilots.map(({ effectiveFrom, effectiveTo, ...rest }) => ({
    ...rest,
    effective_from: effectiveFrom,
    effective_to: effectiveTo,
  }));

beforeAll(async () => {
  ctx = await createTestContext();
  await setFutureMinimumWages(ctx);
  branchId = (await insertBranch(ctx)).id;
  superAdmin = (await signedIn(ctx, 'super_admin')).api;
  admin = (await signedIn(ctx, 'admin')).api;
});
afterAll(async () => {
  if (ctx) await ctx.close();
});

async function step(id: number, version: number, body: Record<string, unknown>) {
  const response = await admin.post(`/matchings/${id}/status`, { ...body, version });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number; version: number };
}

describe('pilot sectors setting', () => {
  it('is seeded from the pilot rows of the law table', async () => {
    const read = await superAdmin.get('/settings');
    expect(read.json().pilot_sectors).toEqual(wire(pilotSectorsDefault()));
    expect(pilotSectorsDefault().map((p) => `${p.visa} ${p.industry} ${p.duties.join(',')}`)).toEqual([
      'E-9 food_service kitchen_assistant',
      'E-9 accommodation room_cleaning',
    ]);
  });

  it('is changed by a super admin only (403), with a reason (422 without), logged with the reason', async () => {
    const ended = wire(pilotSectorsDefault()).map((p) => ({ ...p, effective_to: '2030-01-01' }));
    const forbidden = await patchSettings(admin, { pilot_sectors: ended, law_change_reason: '시범 종료' });
    expect(forbidden.statusCode).toBe(403);
    const noReason = await patchSettings(superAdmin, { pilot_sectors: ended });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().error.details).toEqual([
      { field: 'wage_change_reason', message: settingsMessages.pilotChangeReasonRequired },
    ]);
    const blank = await patchSettings(superAdmin, { pilot_sectors: ended, law_change_reason: '  ' });
    expect(blank.json().error.details).toEqual([
      { field: 'law_change_reason', message: settingsMessages.pilotChangeReasonRequired },
    ]);
    const saved = await patchSettings(superAdmin, {
      pilot_sectors: ended,
      law_change_reason: '2030년 시범 종료 결정 반영',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [log] = await ctx.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'SETTINGS_CHANGE'))
      .orderBy(auditLogs.id);
    expect(log!.reason).toBe('2030년 시범 종료 결정 반영');
    expect(log!.diff).toMatchObject({ pilotSectors: { after: [{ effectiveTo: '2030-01-01' }, {}] } });
    // The old wire name is still heard.
    const back = await patchSettings(superAdmin, {
      pilot_sectors: wire(pilotSectorsDefault()),
      wage_change_reason: '원복',
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('refuses hostile entries field by field, in Korean, saving nothing', async () => {
    const base = wire(pilotSectorsDefault())[0]!;
    const cases: [Record<string, unknown>[], string, string][] = [
      [
        [{ ...base, duties: ['hall_service', 'room_cleaning'] }],
        'pilot_sectors.0.duties.1',
        settingsMessages.pilotDutyOfIndustry,
      ],
      [[{ ...base, duties: [] }], 'pilot_sectors.0.duties', settingsMessages.pilotDutiesRequired],
      [
        [{ ...base, effective_to: base.effective_from }],
        'pilot_sectors.0.effective_to',
        settingsMessages.pilotEndAfterStart,
      ],
      [
        [{ ...base, effective_from: '2024-13-01' }],
        'pilot_sectors.0.effective_from',
        settingsMessages.pilotDate,
      ],
      [
        [base, { ...base, effective_from: '2025-01-01' }],
        'pilot_sectors.1.effective_from',
        settingsMessages.pilotOverlap,
      ],
      [[{ ...base, note: 'x'.repeat(201) }], 'pilot_sectors.0.note', settingsMessages.textTooLong(200)],
    ];
    for (const [pilots, field, message] of cases) {
      const refused = await patchSettings(superAdmin, { pilot_sectors: pilots, law_change_reason: '시험' });
      expect(refused.statusCode, JSON.stringify(pilots)).toBe(400);
      expect(refused.json().error.details).toContainEqual({ field, message });
    }
    const unknownVisa = await patchSettings(superAdmin, {
      pilot_sectors: [{ ...base, visa: "E-9'; DROP TABLE settings;--" }],
      law_change_reason: '시험',
    });
    expect(unknownVisa.statusCode).toBe(400);
    expect((await superAdmin.get('/settings')).json().pilot_sectors).toEqual(wire(pilotSectorsDefault()));
  });

  it('a pilot ended refuses a new contract there and check:data lists the live post; one added allows it', async () => {
    const employer = (await insertEmployer(ctx, branchId)).id;
    await grantPermits(ctx, employer);
    const post = await activeJobPost(admin, employer, {
      industry: 'food_service',
      duty: 'kitchen_assistant',
      allowed_visa_types: ['E-9'],
    });
    const worker = await insertWorker(ctx, branchId, { visaType: 'E-9' });
    const created = await admin.post('/matchings', { job_post_id: post.id, worker_id: worker.id });
    expect(created.statusCode, created.body).toBe(201);
    let m = created.json() as { id: number; version: number };
    m = await step(m.id, m.version, { status: 'interview' });
    m = await step(m.id, m.version, { status: 'accepted' });

    // The 외국인력정책위원회 ends the 음식점업 pilot today: never refused, the law changed.
    const [food, ...rest] = pilotSectorsDefault();
    const ended = [{ ...food!, effectiveTo: TODAY }, ...rest];
    const saved = await patchSettings(superAdmin, {
      pilot_sectors: wire(ended),
      law_change_reason: '음식점업 시범 종료',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = await admin.post(`/matchings/${m.id}/status`, {
      status: 'contracted',
      start_date: START,
      version: m.version,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('음식점업');
    const [check] = await runChecks(ctx.db, { branchIds: [branchId] }, ['post_duty_not_permitted']);
    expect(check!.violations.map((v) => v.targetId)).toContain(post.id);

    // A new pilot from today (the old one's end): allowed again, and the post is lawful again.
    const reopened = await patchSettings(superAdmin, {
      pilot_sectors: wire([...ended, { ...food!, effectiveFrom: TODAY, effectiveTo: null, note: '재개' }]),
      law_change_reason: '음식점업 시범 재개',
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    await step(m.id, m.version, { status: 'contracted', start_date: START });
    const [after] = await runChecks(ctx.db, { branchIds: [branchId] }, ['post_duty_not_permitted']);
    expect(after!.violations.map((v) => v.targetId)).not.toContain(post.id);
  });

  it('a pilot added lets a job post name it at once: the shared schema does not decide the pilots', async () => {
    const employer = (await insertEmployer(ctx, branchId)).id;
    const body = { industry: 'food_service', duty: 'hall_service', allowed_visa_types: ['E-9'] };
    const refused = await admin.post('/job-posts', jobPostBody(employer, body));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.details[0]).toMatchObject({ field: 'allowed_visa_types' });
    // The 음식점업 pilot widened to 홀서빙 (the released rows allow 한식 주방보조 only).
    const [food, ...rest] = pilotSectorsDefault();
    const saved = await patchSettings(superAdmin, {
      pilot_sectors: wire([{ ...food!, duties: [...food!.duties, 'hall_service'] }, ...rest]),
      law_change_reason: '홀서빙 시범 도입',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const created = await admin.post('/job-posts', jobPostBody(employer, body));
    expect(created.statusCode, created.body).toBe(201);
    await patchSettings(superAdmin, {
      pilot_sectors: wire(pilotSectorsDefault()),
      law_change_reason: '원복',
    });
  });

  it('an ended pilot is what guards a held matching: a worker edit to E-9 on the ended duty is refused', async () => {
    const employer = (await insertEmployer(ctx, branchId)).id;
    await grantPermits(ctx, employer);
    const post = await activeJobPost(admin, employer, {
      industry: 'food_service',
      duty: 'kitchen_assistant',
      allowed_visa_types: ['E-9', 'F-5'],
    });
    const worker = await insertWorker(ctx, branchId, { visaType: 'F-5', visaExpiryDate: null });
    const created = await admin.post('/matchings', { job_post_id: post.id, worker_id: worker.id });
    expect(created.statusCode, created.body).toBe(201);
    let m = created.json() as { id: number; version: number };
    m = await step(m.id, m.version, { status: 'interview' });
    m = await step(m.id, m.version, { status: 'accepted' });
    await step(m.id, m.version, { status: 'contracted', start_date: START });

    const [food, ...rest] = pilotSectorsDefault();
    const saved = await patchSettings(superAdmin, {
      pilot_sectors: wire([{ ...food!, effectiveTo: TODAY }, ...rest]),
      law_change_reason: '음식점업 시범 종료',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const current = (await admin.get(`/workers/${worker.id}`)).json();
    const edited = await admin.patch(`/workers/${worker.id}`, {
      visa_type: 'E-9',
      visa_expiry_date: '2030-01-01',
      version: current.version,
    });
    expect(edited.statusCode, edited.body).toBe(409);
    expect(edited.json().error.code).toBe('MATCHINGS_AFFECTED');
    await patchSettings(superAdmin, {
      pilot_sectors: wire(pilotSectorsDefault()),
      law_change_reason: '원복',
    });
  });
});
