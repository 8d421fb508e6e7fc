import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  activeJobPost,
  grantPermits,
  insertBranch,
  insertEmployer,
  insertWorker,
  jobPostBody,
  setFutureMinimumWages,
  signedIn,
} from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { addDays, seoulToday } from '../../../lib/dates';

/** The visa law tables (docs/law-as-data.md#visas) through the API: duties, students' hours and permits. */

let ctx: TestContext;
let admin: Api;
let branchId: number;
const START = addDays(seoulToday(), 30);

beforeAll(async () => {
  ctx = await createTestContext();
  // Contracts here start next year: its minimum wage must be set (docs/law-as-data.md#wages).
  await setFutureMinimumWages(ctx);
  branchId = (await insertBranch(ctx)).id;
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

describe('a post names its duty', () => {
  it('refuses E-9 on a 홀서빙 post and allows it as 한식 주방보조', async () => {
    const employer = (await insertEmployer(ctx, branchId)).id;
    await grantPermits(ctx, employer);
    const food = { industry: 'food_service', allowed_visa_types: ['E-9', 'F-2'] };
    const refused = await admin.post('/job-posts', {
      ...(await body(employer)),
      ...food,
      duty: 'hall_service',
    });
    // The service decides with the pilot sectors in force (docs/law-as-data.md#operator-kept-rows).
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.json().error.details)).toContain('E-9');
    const wrongIndustry = await admin.post('/job-posts', {
      ...(await body(employer)),
      duty: 'room_cleaning',
    });
    expect(wrongIndustry.statusCode).toBe(400);
    const ok = await admin.post('/job-posts', {
      ...(await body(employer)),
      ...food,
      duty: 'kitchen_assistant',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().duty).toBe('kitchen_assistant');
  });

  it('refuses an edit to a duty E-9 is not permitted in while an E-9 matching is held', async () => {
    const employer = (await insertEmployer(ctx, branchId)).id;
    await grantPermits(ctx, employer);
    const jobPost = await activeJobPost(admin, employer, {
      industry: 'food_service',
      duty: 'kitchen_assistant',
      allowed_visa_types: ['E-9'],
    });
    const worker = await insertWorker(ctx, branchId, { visaType: 'E-9' });
    const created = await admin.post('/matchings', { job_post_id: jobPost.id, worker_id: worker.id });
    expect(created.statusCode, created.body).toBe(201);
    let m = created.json() as { id: number; version: number };
    m = await step(m.id, m.version, { status: 'interview' });
    m = await step(m.id, m.version, { status: 'accepted' });
    m = await step(m.id, m.version, { status: 'contracted', start_date: START });
    const current = (await admin.get(`/job-posts/${jobPost.id}`)).json();
    const edit = await admin.patch(`/job-posts/${jobPost.id}`, {
      duty: 'hall_service',
      version: current.version,
    });
    expect(edit.statusCode).toBe(422);
    expect((await admin.get(`/job-posts/${jobPost.id}`)).json().duty).toBe('kitchen_assistant');
  });
});

describe('students work within their hours and permit', () => {
  it('warns of a D-2 worker without a recorded permit, and refuses the contract', async () => {
    const employer = (await insertEmployer(ctx, branchId)).id;
    await grantPermits(ctx, employer);
    const partTime = {
      industry: 'service',
      employment_type: 'part_time',
      allowed_visa_types: ['D-2'],
      is_simple_labour: true,
      work_days: ['sat', 'sun'],
      work_start_time: '09:00',
      work_end_time: '15:00',
      break_minutes: 60,
      salary_type: 'hourly',
      salary_amount: 12_000,
    };
    const jobPost = await activeJobPost(admin, employer, partTime);
    const worker = await insertWorker(ctx, branchId, { visaType: 'D-2', koreanLevel: 'topik1' });
    const preview = await admin.get(
      `/matchings/eligibility?job_post_id=${jobPost.id}&worker_id=${worker.id}`,
    );
    expect(preview.json().issues).toContainEqual(
      expect.objectContaining({ code: 'VISA_PART_TIME_PERMIT_MISSING', severity: 'warning' }),
    );
    const created = await admin.post('/matchings', {
      job_post_id: jobPost.id,
      worker_id: worker.id,
      override_reason: '허가 신청 중',
    });
    expect(created.statusCode, created.body).toBe(201);
    let m = created.json() as { id: number; version: number };
    m = await step(m.id, m.version, { status: 'interview' });
    m = await step(m.id, m.version, { status: 'accepted', override_reason: '허가 신청 중' });
    const refused = await admin.post(`/matchings/${m.id}/status`, {
      status: 'contracted',
      start_date: START,
      override_reason: '허가 신청 중',
      version: m.version,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('시간제취업허가');
  });
});

const body = async (employerId: number) => jobPostBody(employerId);
