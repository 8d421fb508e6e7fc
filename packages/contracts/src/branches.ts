import {
  historyResponseSchema,
  idParamSchema,
  okSchema,
  optionalText,
  patchOf,
  statusChangeSchema,
  type Transition,
  versionField,
} from './common';
import { defineEndpoints } from './endpoint';
import { isValidPhone } from './korean-ids';
import { fieldMessages } from './messages';
import { listQuerySchema, listResponseSchema } from './pagination';
import { REGIONS } from './regions';
import type { Permission } from './roles';
import { z } from './zod-setup';

export const BRANCH_STATUSES = ['active', 'inactive'] as const;
export type BranchStatus = (typeof BRANCH_STATUSES)[number];
export const BRANCH_STATUS_LABELS: Record<BranchStatus, string> = {
  active: '운영 중',
  inactive: '운영 중지',
};

export const BRANCH_TRANSITIONS: readonly Transition<BranchStatus, Permission>[] = [
  {
    from: 'active',
    to: 'inactive',
    action: 'deactivate',
    label: '운영 중지',
    reasonRequired: false,
    permission: 'branches:write',
  },
  {
    from: 'inactive',
    to: 'active',
    action: 'activate',
    label: '운영 재개',
    reasonRequired: false,
    permission: 'branches:write',
  },
];

const phoneField = z
  .string()
  .trim()
  .max(20)
  .refine((value) => value === '' || isValidPhone(value), fieldMessages.phone)
  .transform((value) => value.replace(/\D/g, ''));

export const branchInputSchema = z.object({
  name: z.string().trim().min(1, fieldMessages.required).max(50),
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9-]{2,20}$/, '지점 코드는 영문 대문자·숫자·하이픈 2~20자입니다.'),
  region: z.enum(REGIONS, { error: '시도를 선택해 주세요.' }),
  address: optionalText(200),
  phone: phoneField.default(''),
  managerAdminId: z.number().int().positive().nullable().default(null),
});
export type BranchInput = z.input<typeof branchInputSchema>;

export const branchCreateSchema = branchInputSchema;
export const branchUpdateSchema = patchOf(branchInputSchema).extend({ version: versionField });
export type BranchUpdate = z.input<typeof branchUpdateSchema>;

export const branchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  region: z.string(),
  address: z.string(),
  phone: z.string(),
  managerAdminId: z.number().int().nullable(),
  managerName: z.string().nullable(),
  status: z.enum(BRANCH_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Branch = z.infer<typeof branchSchema>;

export const branchDetailSchema = branchSchema.extend({
  employerCount: z.number().int(),
  workerCount: z.number().int(),
});
export type BranchDetail = z.infer<typeof branchDetailSchema>;

export const BRANCH_SORTS = ['created_at', 'name', 'code', 'region'] as const;
export const branchListQuerySchema = listQuerySchema.extend({
  sort: z.enum(BRANCH_SORTS).default('created_at'),
  status: z.enum(BRANCH_STATUSES).optional(),
  region: z.enum(REGIONS).optional(),
});
export type BranchListQuery = z.input<typeof branchListQuerySchema>;

export const branchStatusChangeSchema = statusChangeSchema(BRANCH_STATUSES);

/** The branch endpoints (docs/ARCHITECTURE.md#endpoints). */
export const branchesApi = defineEndpoints('branches', {
  list: {
    method: 'GET',
    path: '/branches',
    access: 'branches:read',
    summary: '지점 목록 (지점 관리자는 자기 지점만)',
    query: branchListQuerySchema,
    response: listResponseSchema(branchSchema),
  },
  get: {
    method: 'GET',
    path: '/branches/:id',
    access: 'branches:read',
    summary: '지점 상세 (소속 사업주·근로자 수 포함)',
    params: idParamSchema,
    response: branchDetailSchema,
  },
  create: {
    method: 'POST',
    path: '/branches',
    access: 'branches:write',
    summary: '지점 등록 (지점 코드 중복 시 409)',
    body: branchCreateSchema,
    response: branchDetailSchema,
    status: 201,
    idempotent: true,
  },
  update: {
    method: 'PATCH',
    path: '/branches/:id',
    access: 'branches:write',
    summary: '지점 수정 (version이 다르면 409)',
    params: idParamSchema,
    body: branchUpdateSchema,
    response: branchDetailSchema,
  },
  changeStatus: {
    method: 'POST',
    path: '/branches/:id/status',
    access: 'branches:write',
    summary: '지점 운영 상태 변경',
    params: idParamSchema,
    body: branchStatusChangeSchema,
    response: branchDetailSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/branches/:id',
    access: 'branches:write',
    summary: '지점 삭제 (소속 사업주·근로자·관리자가 없을 때만)',
    params: idParamSchema,
    response: okSchema,
  },
  history: {
    method: 'GET',
    path: '/branches/:id/history',
    access: 'branches:read',
    summary: '지점 변경 이력',
    params: idParamSchema,
    response: historyResponseSchema,
  },
});
