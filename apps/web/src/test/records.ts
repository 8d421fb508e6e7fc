import { ROLE_PERMISSIONS, type Role } from '@ilson/contracts';
import { type MockServer, wireUser } from './mock-server';

/** A signed-in user of a role, with that role's permissions from the contracts' table. */
export function wireUserWithRole(role: Role) {
  return {
    ...wireUser,
    role,
    branch_id: role === 'branch_manager' ? 1 : null,
    permissions: [...ROLE_PERMISSIONS[role]],
  };
}

export function signedInAs(server: MockServer, role: Role = 'admin') {
  server.on('GET', 'auth/me', { status: 200, body: { user: wireUserWithRole(role) } });
}

export const listReply = <T>(data: T[], total = data.length, page = 1, pageSize = 20) => ({
  status: 200,
  body: { data, meta: { page, page_size: pageSize, total } },
});

export const errorReply = (
  status: number,
  code: string,
  message: string,
  details?: { field?: string; message: string; resource?: string; id?: number; label?: string }[],
) => ({ status, body: { error: { code, message, ...(details ? { details } : {}) } } });

const stamp = { created_at: '2024-05-01T01:00:00.000Z', updated_at: '2024-05-02T02:00:00.000Z' };

export function wireBranch(overrides: Record<string, unknown> = {}) {
  return {
    id: 1,
    name: '서울 본점',
    code: 'SEOUL-01',
    region: '서울특별시',
    address: '서울특별시 중구 세종대로 110',
    phone: '0212345678',
    manager_admin_id: 1,
    manager_name: '김관리',
    status: 'active',
    ...stamp,
    version: 1,
    ...overrides,
  };
}

export function wireEmployer(overrides: Record<string, unknown> = {}) {
  return {
    id: 10,
    company_name: '가나다제조 주식회사',
    business_reg_no: '1248100998',
    ceo_name: '홍길동',
    opening_date: '2015-03-02',
    biz_entity_type: 'corporation',
    industry: 'manufacturing',
    region: '경기도',
    zip_code: '15588',
    road_address: '경기도 안산시 단원구 산단로 100',
    address_detail: '2동 101호',
    phone: '0314001234',
    email: 'hr@ganada.co.kr',
    manager_name: '이담당',
    manager_phone: '01012345678',
    employee_count: 35,
    foreign_worker_count: 8,
    branch_id: 1,
    branch_name: '서울 본점',
    admin_memo: '',
    status: 'pending',
    status_reason: null,
    status_changed_at: null,
    approved_at: null,
    approved_by: null,
    approved_by_name: null,
    ...stamp,
    version: 3,
    ...overrides,
  };
}

export function wireWorker(overrides: Record<string, unknown> = {}) {
  return {
    id: 20,
    name_ko: '응우옌 반 안',
    first_name: 'VAN AN',
    last_name: 'NGUYEN',
    gender: 'male',
    date_of_birth: '1995-04-12',
    nationality: 'VN',
    phone_number: '01098765432',
    email_address: '',
    alien_reg_no: '950412-5******',
    passport_no: 'C12****78',
    passport_expiry_date: '2030-01-31',
    visa_type: 'E-9',
    visa_status: 'valid',
    visa_validity: 'valid',
    visa_expiry_date: '2026-12-31',
    entry_date: '2023-02-01',
    study_course: null,
    part_time_permit_no: null,
    part_time_permit_weekly_hours: null,
    part_time_permit_valid_from: null,
    part_time_permit_valid_to: null,
    employment_period_end_date: null,
    korean_level: 'topik2',
    desired_industries: ['manufacturing'],
    street_address: '',
    city: '',
    state_province: '',
    postal_code: '',
    country: 'KR',
    branch_id: 1,
    branch_name: '서울 본점',
    admin_memo: '',
    status: 'seeking',
    status_reason: null,
    extension_status: 'none',
    extension_applied_at: null,
    extension_approved_at: null,
    ...stamp,
    version: 2,
    ...overrides,
  };
}

/** The lookups every employer and worker screen makes. */
export function withLookups(server: MockServer) {
  server.on('GET', 'branches', (request) =>
    (request.params as { page_size?: number })?.page_size === 100
      ? listReply([
          wireBranch(),
          wireBranch({ id: 2, name: '부산 지점', code: 'BUSAN-01', region: '부산광역시' }),
        ])
      : listReply([wireBranch()]),
  );
  server.on('GET', 'admins/options', {
    status: 200,
    body: { data: [{ id: 1, name: '김관리', login_id: 'admin', role: 'admin' }] },
  });
  return server;
}

export function wireJobPost(overrides: Record<string, unknown> = {}) {
  return {
    id: 50,
    employer_id: 10,
    employer_name: '가나다제조 주식회사',
    employer_status: 'approved',
    branch_id: 1,
    branch_name: '서울 본점',
    title: '자동차 부품 생산직',
    industry: 'manufacturing',
    duty: 'general',
    job_description: '프레스 및 조립 라인 작업',
    is_simple_labour: true,
    headcount: 5,
    filled_count: 2,
    region: '경기도',
    zip_code: '15588',
    work_address: '안산시 단원구 산단로 100',
    employment_type: 'full_time',
    contract_months: 12,
    work_days: ['mon', 'tue', 'wed', 'thu', 'fri'],
    work_start_time: '09:00',
    work_end_time: '18:00',
    break_minutes: 60,
    salary_type: 'monthly',
    salary_amount: 2_300_000,
    hourly_equivalent: 11_005,
    dormitory_provided: true,
    meal_provided: 'three_meals',
    allowed_visa_types: ['E-9', 'H-2'],
    required_korean_level: 'none',
    deadline: '2099-03-31',
    view_count: 12,
    status: 'active',
    reject_reason: null,
    status_reason: null,
    published_at: '2024-05-03T01:00:00.000Z',
    closed_at: null,
    ...stamp,
    version: 4,
    ...overrides,
  };
}

export function wireResume(overrides: Record<string, unknown> = {}) {
  return {
    id: 70,
    resume_id: 'RS-000070',
    worker_id: 20,
    worker_name: '응우옌 반 안',
    worker_nationality: 'VN',
    branch_id: 1,
    work_experience: [
      {
        company_name: '하노이 전자',
        job_title: '조립 생산직',
        start_date: '2018-03-01',
        end_date: '2021-08-31',
        job_description: '스마트폰 부품 조립',
        achievements: '',
      },
      {
        company_name: '안산 금속',
        job_title: '프레스 작업',
        start_date: '2022-01-10',
        end_date: null,
        job_description: '',
        achievements: '',
      },
    ],
    education_history: [],
    language_skills: [
      {
        language: '한국어',
        proficiency_level: 'intermediate',
        speaking: 'intermediate',
        reading: 'elementary',
        writing: 'elementary',
      },
    ],
    certifications: [],
    skills: ['지게차'],
    references: [],
    views_count: 3,
    last_viewed_at: '2024-05-02T03:00:00.000Z',
    ...stamp,
    is_public: false,
    is_active: true,
    is_deleted: false,
    status: 'active',
    visibility: 'employers',
    version: 5,
    ...overrides,
  };
}

export function wireMatching(overrides: Record<string, unknown> = {}) {
  return {
    id: 90,
    job_post_id: 50,
    job_post_title: '자동차 부품 생산직',
    employer_id: 10,
    employer_name: '가나다제조 주식회사',
    worker_id: 20,
    worker_name: '응우옌 반 안',
    worker_nationality: 'VN',
    worker_visa_type: 'E-9',
    industry: 'manufacturing',
    resume_id: null,
    source: 'admin',
    manager_admin_id: 1,
    manager_name: '김관리',
    branch_id: 1,
    branch_name: '서울 본점',
    interview_at: null,
    contract_date: null,
    start_date: '2099-01-05',
    end_date: null,
    agreed_salary_type: 'monthly',
    agreed_salary_amount: 2_300_000,
    fee_amount: 300_000,
    memo: '',
    cancel_reason: null,
    override_reason: null,
    status: 'proposed',
    ...stamp,
    version: 2,
    status_history: [
      {
        from_status: null,
        to_status: 'proposed',
        reason: null,
        changed_at: '2024-05-01T01:00:00.000Z',
        changed_by_name: '김관리',
      },
    ],
    ...overrides,
  };
}
