import type { Role } from '@ilson/contracts';
import { branches } from '../src/db/schema';
import { bearer, createAdmin, login, type TestContext } from './helpers';

/** Record fixtures and an API caller for the records tests (branches, employers, workers). */

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

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
    delete: (url: string) => call('DELETE', url),
  };
}

export async function signedIn(ctx: TestContext, role: Role, branchId: number | null = null) {
  const admin = await createAdmin(ctx, { role, branchId });
  const { token } = await login(ctx, admin.loginId);
  return { admin, api: apiAs(ctx, token) };
}

let branchCounter = 0;

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
  return {
    name_ko: '응우옌 반 안',
    first_name: 'Van An',
    last_name: 'Nguyen',
    gender: 'male',
    date_of_birth: '1990-01-01',
    nationality: 'VN',
    phone_number: '010-1234-5678',
    email_address: 'an@example.test',
    alien_reg_no: '900101-5123456',
    passport_no: 'M12345678',
    visa_type: 'E-9',
    visa_expiry_date: '2030-01-01',
    branch_id: branchId,
    ...overrides,
  };
}
