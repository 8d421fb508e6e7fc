import { arcBirthDate, arcDigitRow, type Role, SETTINGS_DEFAULTS } from '@ilson/contracts';
import { eq, sql } from 'drizzle-orm';
import {
  appUsers,
  branches,
  employerPermits,
  employers,
  jobPosts,
  matchings,
  reviews,
  settings,
  workers,
} from '../src/db/schema';
import { bearer, createAdmin, login, type TestContext } from './helpers';

/** Record fixtures and an API caller for the records tests. */

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export type Api = ReturnType<typeof apiAs>;

/** Calls /api/v1 as one admin; bodies go out in snake_case as the web client sends them. */
export function apiAs(ctx: Pick<TestContext, 'app'>, token: string) {
  const call = (method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      payload: payload as Record<string, unknown> | undefined,
      headers: { ...bearer(token), ...headers },
    });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload?: object, headers?: Record<string, string>) =>
      call('POST', url, payload, headers),
    patch: (url: string, payload: object) => call('PATCH', url, payload),
    put: (url: string, payload: object) => call('PUT', url, payload),
    delete: (url: string) => call('DELETE', url),
  };
}

export async function signedIn(ctx: TestContext, role: Role, branchId: number | null = null) {
  const admin = await createAdmin(ctx, { role, branchId });
  const { token } = await login(ctx, admin.loginId);
  return { admin, token, api: apiAs(ctx, token) };
}

let branchCounter = 0;

/**
 * Sets the minimum wage of the years after the defaults' last (at the last's rate, through `until`): tests that
 * contract in a year not yet in the law rows would be refused MINIMUM_WAGE_UNKNOWN (docs/law-as-data.md#wages).
 */
export async function setFutureMinimumWages(
  ctx: Pick<TestContext, 'db'>,
  until = new Date().getFullYear() + 2,
) {
  const byYear = { ...SETTINGS_DEFAULTS.minimumWageByYear };
  const last = Math.max(...Object.keys(byYear).map(Number));
  for (let year = last + 1; year <= until; year++) byYear[String(year)] = byYear[String(last)]!;
  await ctx.db
    .insert(settings)
    .values({ key: 'minimumWageByYear', value: byYear })
    .onConflictDoUpdate({ target: settings.key, set: { value: byYear } });
}

export async function insertBranch(
  ctx: Pick<TestContext, 'db'>,
  values: Partial<typeof branches.$inferInsert> = {},
) {
  branchCounter++;
  const [row] = await ctx.db
    .insert(branches)
    .values({ name: `지점${branchCounter}`, code: `BR-${branchCounter}`, region: '서울특별시', ...values })
    .returning();
  return row!;
}

const BIZ_WEIGHTS = [1, 3, 7, 1, 3, 7, 1, 3, 5];

/** A valid 사업자등록번호 (10 digits) from a 9-digit seed. */
export function businessRegNo(seed: number): string {
  const d = String(seed).padStart(9, '0').slice(-9).split('').map(Number);
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += d[i]! * BIZ_WEIGHTS[i]!;
  const p = d[8]! * 5;
  sum += p + Math.floor(p / 10);
  return `${d.join('')}${(10 - (sum % 10)) % 10}`;
}

/** A valid 외국인등록번호 (13 digits): born 1990-01-01 + n days' worth of variety in the tail. */
export function alienRegNo(seed: number): string {
  return `900101${5 + (seed % 2)}${String(seed).padStart(6, '0').slice(-6)}`;
}

export function employerBody(branchId: number, overrides: Record<string, unknown> = {}) {
  return {
    company_name: '(주)한빛정밀',
    business_reg_no: '124-81-00998',
    ceo_name: '김대표',
    opening_date: '2015-03-02',
    biz_entity_type: 'corporation',
    industry: 'manufacturing',
    region: '경기도',
    zip_code: '15588',
    road_address: '경기도 안산시 단원구 산단로 100',
    address_detail: '2동',
    phone: '031-123-4567',
    email: 'hr@hanbit.test',
    manager_name: '이담당',
    manager_phone: '010-2222-3333',
    employee_count: 40,
    foreign_worker_count: 12,
    branch_id: branchId,
    ...overrides,
  };
}

export function workerBody(branchId: number, overrides: Record<string, unknown> = {}) {
  // A 여권번호 is one live worker's too (docs/DOMAIN.md#one-person-one-worker): a body given its own
  // 외국인등록번호 gets a 여권번호 of its own, from that number's last eight digits.
  const arc = overrides.alien_reg_no ?? overrides.alienRegNo;
  const passportNo = typeof arc === 'string' ? `M${arc.replace(/\D/g, '').slice(-8)}` : 'M12345678';
  // The birth date and gender the number states (docs/DOMAIN.md#identity), unless the test names its own.
  const stated = typeof arc === 'string' ? arcDigitRow(arc) : null;
  return {
    name_ko: '응우옌 반 안',
    first_name: 'Van An',
    last_name: 'Nguyen',
    gender: stated?.gender ?? 'male',
    date_of_birth: (typeof arc === 'string' && arcBirthDate(arc)) || '1990-01-01',
    nationality: 'VN',
    phone_number: '010-1234-5678',
    email_address: 'an@example.test',
    alien_reg_no: '900101-5123456',
    passport_no: passportNo,
    visa_type: 'E-9',
    visa_expiry_date: '2030-01-01',
    branch_id: branchId,
    ...overrides,
  };
}

let employerSeed = 300_000_000;

/** An employer written straight to the database (approved unless told otherwise). */
export async function insertEmployer(
  ctx: Pick<TestContext, 'db'>,
  branchId: number,
  values: Partial<typeof employers.$inferInsert> = {},
) {
  const [row] = await ctx.db
    .insert(employers)
    .values({
      companyName: '(주)대한제조',
      businessRegNo: businessRegNo(employerSeed++),
      ceoName: '박대표',
      bizEntityType: 'corporation',
      industry: 'manufacturing',
      region: '경기도',
      zipCode: '15588',
      roadAddress: '경기도 안산시 단원구 산단로 1',
      phone: '0311234567',
      branchId,
      status: 'approved',
      ...values,
    })
    .returning();
  return row!;
}

let permitCounter = 0;

/**
 * A permit of the employer written straight to the database (docs/law-as-data.md#employer-permits-and-quota): a
 * 고용허가서 for E-9 unless told, 40 places, valid 2020 to 2035. A contract of an E-9 or H-2 worker needs one valid on
 * its start; `grantPermits` gives both kinds.
 */
export async function grantPermit(
  ctx: Pick<TestContext, 'db'>,
  employerId: number,
  values: Partial<typeof employerPermits.$inferInsert> = {},
) {
  const type = values.type ?? 'employment_permit';
  const [row] = await ctx.db
    .insert(employerPermits)
    .values({
      employerId,
      type,
      visa: type === 'employment_permit' ? 'E-9' : 'H-2',
      permitNo: `2026-${String(++permitCounter).padStart(5, '0')}`,
      validFrom: '2020-01-01',
      validTo: '2035-12-31',
      headcount: 40,
      ...values,
    })
    .returning();
  return row!;
}

/**
 * A 고용허가서 (E-9) and a 특례고용가능확인서 (H-2) for the employer, 40 places each, and room in the 고용허용인원
 * for them: an employer with fewer than 301 employees (상시 근로자 수, read as insured employees) is given 301, which
 * the manufacturing table allows 40 foreign workers. 301 is past the wage premium's 5 either way.
 */
export async function grantPermits(ctx: Pick<TestContext, 'db'>, employerId: number) {
  await grantPermit(ctx, employerId);
  await grantPermit(ctx, employerId, { type: 'special_employment_confirmation' });
  await ctx.db
    .update(employers)
    .set({ employeeCount: sql`GREATEST(${employers.employeeCount}, 301)` })
    .where(eq(employers.id, employerId));
}

let workerCounter = 0;

/**
 * A worker written straight to the database: E-9 valid until 2030, seeking work. Each is another person: with
 * no identifiers, the same name, birth date and nationality would make two records one person
 * (docs/domain-integrity.md#one-person-several-records), so the birth date differs by a day from the last one's.
 */
export async function insertWorker(
  ctx: Pick<TestContext, 'db'>,
  branchId: number,
  values: Partial<typeof workers.$inferInsert> = {},
) {
  const born = new Date(Date.UTC(1995, 4, 5 + (workerCounter++ % 3650))).toISOString().slice(0, 10);
  const [row] = await ctx.db
    .insert(workers)
    .values({
      nameKo: '응우옌 반 안',
      firstName: 'Van An',
      lastName: 'Nguyen',
      gender: 'male',
      dateOfBirth: born,
      nationality: 'VN',
      visaType: 'E-9',
      visaExpiryDate: '2030-01-01',
      koreanLevel: 'topik2',
      branchId,
      ...values,
    })
    .returning();
  return row!;
}

/** A job post as the web form sends it: 주 40시간 (월~금 09:00–18:00, 휴게 60분), 월급 250만 원. */
export function jobPostBody(employerId: number, overrides: Record<string, unknown> = {}) {
  return {
    employer_id: employerId,
    title: '생산직 사원 모집',
    industry: 'manufacturing',
    job_description: '자동차 부품 조립 및 검사',
    headcount: 2,
    region: '경기도',
    zip_code: '15588',
    work_address: '경기도 안산시 단원구 산단로 1',
    employment_type: 'full_time',
    contract_months: 12,
    work_days: ['mon', 'tue', 'wed', 'thu', 'fri'],
    work_start_time: '09:00',
    work_end_time: '18:00',
    break_minutes: 60,
    salary_type: 'monthly',
    salary_amount: 2_500_000,
    dormitory_provided: true,
    meal_provided: 'lunch',
    allowed_visa_types: ['E-9', 'H-2', 'F-2', 'F-5', 'F-6'],
    required_korean_level: 'none',
    deadline: null,
    submit: true,
    ...overrides,
  };
}

/** An active post of an approved employer, brought there through the API as an admin. */
export async function activeJobPost(api: Api, employerId: number, overrides: Record<string, unknown> = {}) {
  const created = await api.post('/job-posts', jobPostBody(employerId, overrides));
  if (created.statusCode !== 201) throw new Error(`job post: ${created.statusCode} ${created.body}`);
  const post = created.json() as { id: number; version: number };
  const approved = await api.post(`/job-posts/${post.id}/status`, {
    status: 'active',
    version: post.version,
  });
  if (approved.statusCode !== 200) throw new Error(`approve: ${approved.statusCode} ${approved.body}`);
  return approved.json() as { id: number; version: number; filled_count: number; status: string };
}

export function resumeBody(workerId: number, overrides: Record<string, unknown> = {}) {
  return {
    worker_id: workerId,
    work_experience: [
      {
        company_name: '하노이 전자',
        job_title: '조립원',
        start_date: '2018-03-01',
        end_date: '2021-02-28',
        job_description: '전자 부품 조립',
        achievements: '불량률 30% 감소',
      },
      { company_name: '(주)한빛정밀', job_title: '검사원', start_date: '2022-01-10', end_date: null },
    ],
    education_history: [
      {
        school_name: 'Hanoi Technical College',
        degree: '전문학사',
        field_of_study: '기계공학',
        graduation_date: '2017-06-30',
        gpa: '3.4/4.0',
      },
    ],
    language_skills: [
      {
        language: '한국어',
        proficiency_level: 'intermediate',
        speaking: 'intermediate',
        reading: 'elementary',
        writing: 'elementary',
      },
    ],
    certifications: [{ name: '지게차운전기능사', issuer: '한국산업인력공단', acquired_date: '2023-05-01' }],
    skills: ['지게차', '용접'],
    references: [
      { name: '김반장', relationship: '전 직장 상사', company: '(주)한빛정밀', phone: '01022223333' },
    ],
    visibility: 'employers',
    status: 'draft',
    ...overrides,
  };
}

/** A matching written straight to the database (with its own active post), in the status asked for. */
export async function insertMatching(
  ctx: Pick<TestContext, 'db'>,
  refs: { employerId: number; workerId: number; branchId: number },
  values: Partial<typeof matchings.$inferInsert> = {},
) {
  const [post] = await ctx.db
    .insert(jobPosts)
    .values({
      employerId: refs.employerId,
      branchId: refs.branchId,
      title: '생산직 사원 모집',
      industry: 'manufacturing',
      jobDescription: '조립',
      headcount: 5,
      region: '경기도',
      workAddress: '경기도 안산시 단원구 산단로 1',
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
  const [row] = await ctx.db
    .insert(matchings)
    .values({
      jobPostId: post!.id,
      ...refs,
      workerNationality: 'VN',
      workerVisaType: 'E-9',
      industry: 'manufacturing',
      status: 'working',
      startDate: '2026-01-05',
      // An ended matching has an end date (a check constraint).
      endDate: values.status === 'completed' || values.status === 'terminated' ? '2026-03-05' : null,
      ...values,
    })
    .returning();
  return row!;
}

let appUserCounter = 0;

/** An app account (users sign up in the app: there is no create endpoint), linked to its record. */
export async function insertAppUser(
  ctx: Pick<TestContext, 'db'>,
  link: { employerId: number } | { workerId: number },
  values: Partial<typeof appUsers.$inferInsert> = {},
) {
  appUserCounter++;
  const [row] = await ctx.db
    .insert(appUsers)
    .values({
      userType: 'employerId' in link ? 'employer' : 'worker',
      ...link,
      loginId: `user${appUserCounter}`,
      email: `user${appUserCounter}@app.test`,
      phone: `010${String(55_550_000 + appUserCounter)}`,
      name: `회원${appUserCounter}`,
      lastLoginAt: new Date(),
      ...values,
    })
    .returning();
  return row!;
}

/** PATCH /settings with the version just read, as the settings screen sends it. */
export async function patchSettings(api: Api, body: Record<string, unknown>) {
  const read = await api.get('/settings');
  return api.patch('/settings', { ...body, version: (read.json() as { version: number }).version });
}

/** A pending review of a matching, written by its worker (one review per matching and reviewer side). */
export async function insertReview(
  ctx: Pick<TestContext, 'db'>,
  matching: { id: number; employerId: number; workerId: number; branchId: number },
  values: Partial<typeof reviews.$inferInsert> = {},
) {
  const [row] = await ctx.db
    .insert(reviews)
    .values({
      matchingId: matching.id,
      reviewerType: 'worker',
      employerId: matching.employerId,
      workerId: matching.workerId,
      branchId: matching.branchId,
      rating: 4,
      content: '숙소가 깨끗합니다.',
      ...values,
    })
    .returning();
  return row!;
}
