import {
  dateString,
  historyResponseSchema,
  idParamSchema,
  idQueryField,
  statusChangeSchema,
  type Transition,
} from './common';
import {
  consentListResponseSchema,
  consentParamsSchema,
  consentSchema,
  consentWithdrawalSchema,
} from './consents';
import { defineEndpoints } from './endpoint';
import { listQuerySchema, listResponseSchema } from './pagination';
import type { Permission } from './roles';
import { z } from './zod-setup';

/** Stored statuses; `dormant` is not stored but computed from the last login (the `dormantAfterDays` setting). */
export const APP_USER_STATUSES = ['active', 'dormant', 'suspended', 'withdrawn'] as const;
export type AppUserStatus = (typeof APP_USER_STATUSES)[number];
export const APP_USER_STATUS_LABELS: Record<AppUserStatus, string> = {
  active: '정상',
  dormant: '휴면',
  suspended: '이용 정지',
  withdrawn: '탈퇴',
};

/** What is stored; `dormant` is only ever computed. */
export const APP_USER_STORED_STATUSES = [
  'active',
  'suspended',
  'withdrawn',
] as const satisfies readonly AppUserStatus[];
export type AppUserStoredStatus = (typeof APP_USER_STORED_STATUSES)[number];

export const APP_USER_TYPES = ['employer', 'worker'] as const;
export type AppUserType = (typeof APP_USER_TYPES)[number];
export const APP_USER_TYPE_LABELS: Record<AppUserType, string> = {
  employer: '사업주 회원',
  worker: '근로자 회원',
};

export const APP_USER_TRANSITIONS: readonly Transition<AppUserStatus, Permission>[] = [
  {
    from: 'active',
    to: 'suspended',
    action: 'suspend',
    label: '이용 정지',
    reasonRequired: true,
    permission: 'users:write',
  },
  {
    from: 'dormant',
    to: 'suspended',
    action: 'suspend',
    label: '이용 정지',
    reasonRequired: true,
    permission: 'users:write',
  },
  {
    from: 'suspended',
    to: 'active',
    action: 'reactivate',
    label: '정지 해제',
    reasonRequired: true,
    permission: 'users:write',
  },
  {
    from: 'active',
    to: 'withdrawn',
    action: 'withdraw',
    label: '탈퇴 처리',
    reasonRequired: true,
    permission: 'users:write',
  },
  {
    from: 'dormant',
    to: 'withdrawn',
    action: 'withdraw',
    label: '탈퇴 처리',
    reasonRequired: true,
    permission: 'users:write',
  },
  {
    from: 'suspended',
    to: 'withdrawn',
    action: 'withdraw',
    label: '탈퇴 처리',
    reasonRequired: true,
    permission: 'users:write',
  },
];

export const appUserSchema = z.object({
  id: z.number().int(),
  userType: z.enum(APP_USER_TYPES),
  loginId: z.string(),
  email: z.string(),
  phone: z.string(),
  name: z.string(),
  employerId: z.number().int().nullable(),
  workerId: z.number().int().nullable(),
  /** The linked record's name: company or worker. */
  linkedName: z.string().nullable(),
  branchId: z.number().int().nullable(),
  preferredLanguage: z.string(),
  lastLoginAt: z.string().nullable(),
  status: z.enum(APP_USER_STATUSES),
  statusReason: z.string().nullable(),
  joinedAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type AppUser = z.infer<typeof appUserSchema>;

export const APP_USER_SORTS = ['joined_at', 'last_login_at', 'name'] as const;
export const appUserListQuerySchema = listQuerySchema.extend({
  sort: z.enum(APP_USER_SORTS).default('joined_at'),
  userType: z.enum(APP_USER_TYPES).optional(),
  status: z.enum(APP_USER_STATUSES).optional(),
  /** The linked employer's or worker's branch. */
  branchId: idQueryField.optional(),
  joinedFrom: dateString.optional(),
  joinedTo: dateString.optional(),
  lastLoginFrom: dateString.optional(),
  lastLoginTo: dateString.optional(),
});
export const appUserStatusChangeSchema = statusChangeSchema(APP_USER_STATUSES);

export const usersApi = defineEndpoints('users', {
  list: {
    method: 'GET',
    path: '/users',
    access: 'users:read',
    summary: '앱 회원 목록 (유형·상태(휴면 포함)·가입일·최근 로그인·이름/아이디/이메일/전화 검색)',
    query: appUserListQuerySchema,
    response: listResponseSchema(appUserSchema),
  },
  get: {
    method: 'GET',
    path: '/users/:id',
    access: 'users:read',
    summary: '앱 회원 상세 (조회가 접속기록에 남음)',
    params: idParamSchema,
    response: appUserSchema,
  },
  changeStatus: {
    method: 'POST',
    path: '/users/:id/status',
    access: 'users:write',
    summary: '앱 회원 상태 변경 (이용 정지·정지 해제·탈퇴 처리, 사유 필수)',
    params: idParamSchema,
    body: appUserStatusChangeSchema,
    response: appUserSchema,
  },
  history: {
    method: 'GET',
    path: '/users/:id/history',
    access: 'users:read',
    summary: '앱 회원 상태 변경 이력',
    params: idParamSchema,
    response: historyResponseSchema,
  },
  consents: {
    method: 'GET',
    path: '/users/:id/consents',
    access: 'users:read',
    summary: '앱 회원의 동의 기록 (항목, 약관 버전, 동의 일시·경로, 철회)',
    params: idParamSchema,
    response: consentListResponseSchema,
  },
  withdrawConsent: {
    method: 'POST',
    path: '/users/:id/consents/:consentId/withdraw',
    access: 'users:write',
    summary: '전화로 받은 동의 철회 기록 (선택 항목만; 필수 항목은 회원 탈퇴로 처리)',
    params: consentParamsSchema,
    body: consentWithdrawalSchema,
    response: consentSchema,
  },
});
