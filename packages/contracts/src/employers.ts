import {
  bulkResultSchema,
  dateString,
  historyResponseSchema,
  idParamSchema,
  idQueryField,
  okSchema,
  optionalText,
  patchOf,
  statusChangeSchema,
  type Transition,
  versionField,
} from './common';
import { defineEndpoints } from './endpoint';
import { INDUSTRIES } from './industries';
import { isValidBusinessRegNo, isValidPhone, isValidPostalCode } from './korean-ids';
import { fieldMessages } from './messages';
import { listQuerySchema, listResponseSchema } from './pagination';
import { REGIONS } from './regions';
import type { Permission } from './roles';
import { z } from './zod-setup';

export const EMPLOYER_STATUSES = ['pending', 'approved', 'rejected', 'suspended', 'withdrawn'] as const;
export type EmployerStatus = (typeof EMPLOYER_STATUSES)[number];
export const EMPLOYER_STATUS_LABELS: Record<EmployerStatus, string> = {
  pending: '승인 대기',
  approved: '승인',
  rejected: '반려',
  suspended: '이용 정지',
  withdrawn: '탈퇴',
};

/** docs/DOMAIN.md: pending → approved | rejected, rejected → pending, approved ↔ suspended, any → withdrawn. */
export const EMPLOYER_TRANSITIONS: readonly Transition<EmployerStatus, Permission>[] = [
  {
    from: 'pending',
    to: 'approved',
    action: 'approve',
    label: '승인',
    reasonRequired: false,
    permission: 'employers:approve',
  },
  {
    from: 'pending',
    to: 'rejected',
    action: 'reject',
    label: '반려',
    reasonRequired: true,
    permission: 'employers:approve',
  },
  {
    from: 'rejected',
    to: 'pending',
    action: 'reopen',
    label: '재심사 요청',
    reasonRequired: false,
    permission: 'employers:write',
  },
  {
    from: 'approved',
    to: 'suspended',
    action: 'suspend',
    label: '이용 정지',
    reasonRequired: true,
    permission: 'employers:approve',
  },
  {
    from: 'suspended',
    to: 'approved',
    action: 'reactivate',
    label: '정지 해제',
    reasonRequired: false,
    permission: 'employers:approve',
  },
  {
    from: '*',
    to: 'withdrawn',
    action: 'withdraw',
    label: '탈퇴 처리',
    reasonRequired: true,
    permission: 'employers:write',
  },
];

export const BIZ_ENTITY_TYPES = ['individual', 'corporation'] as const;
export type BizEntityType = (typeof BIZ_ENTITY_TYPES)[number];
export const BIZ_ENTITY_TYPE_LABELS: Record<BizEntityType, string> = {
  individual: '개인',
  corporation: '법인',
};

const digitsOf = (value: string) => value.replace(/\D/g, '');
const phone = (message: string, check: (v: string) => boolean) =>
  z.string().trim().max(20).refine(check, message).transform(digitsOf);

export const employerInputSchema = z.object({
  companyName: z.string().trim().min(1, fieldMessages.required).max(100),
  businessRegNo: z
    .string()
    .trim()
    .refine(isValidBusinessRegNo, fieldMessages.businessRegNo)
    .transform(digitsOf),
  ceoName: z.string().trim().min(1, fieldMessages.required).max(50),
  openingDate: dateString.nullable().default(null),
  bizEntityType: z.enum(BIZ_ENTITY_TYPES, { error: '사업자 유형을 선택해 주세요.' }),
  industry: z.enum(INDUSTRIES, { error: '업종을 선택해 주세요.' }),
  region: z.enum(REGIONS, { error: '시도를 선택해 주세요.' }),
  zipCode: z.string().trim().refine(isValidPostalCode, fieldMessages.postalCode),
  roadAddress: z.string().trim().min(1, fieldMessages.required).max(200),
  addressDetail: optionalText(200),
  phone: phone(fieldMessages.phone, isValidPhone),
  email: z.union([z.literal(''), z.email(fieldMessages.email).max(254)]).default(''),
  managerName: optionalText(50),
  managerPhone: phone(fieldMessages.phone, (v) => v === '' || isValidPhone(v)).default(''),
  employeeCount: z.number().int().min(0).max(1_000_000).default(0),
  foreignWorkerCount: z.number().int().min(0).max(1_000_000).default(0),
  branchId: z.number({ error: '담당 지점을 선택해 주세요.' }).int().positive(),
  adminMemo: optionalText(2000),
});
export type EmployerInput = z.input<typeof employerInputSchema>;

export const employerCreateSchema = employerInputSchema;
export const employerUpdateSchema = patchOf(employerInputSchema).extend({ version: versionField });
export type EmployerUpdate = z.input<typeof employerUpdateSchema>;

export const employerSchema = z.object({
  id: z.number().int(),
  companyName: z.string(),
  businessRegNo: z.string(),
  ceoName: z.string(),
  openingDate: z.string().nullable(),
  bizEntityType: z.enum(BIZ_ENTITY_TYPES),
  industry: z.enum(INDUSTRIES),
  region: z.string(),
  zipCode: z.string(),
  roadAddress: z.string(),
  addressDetail: z.string(),
  phone: z.string(),
  email: z.string(),
  managerName: z.string(),
  managerPhone: z.string(),
  employeeCount: z.number().int(),
  foreignWorkerCount: z.number().int(),
  branchId: z.number().int(),
  branchName: z.string().nullable(),
  adminMemo: z.string(),
  status: z.enum(EMPLOYER_STATUSES),
  statusReason: z.string().nullable(),
  statusChangedAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
  approvedBy: z.number().int().nullable(),
  approvedByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Employer = z.infer<typeof employerSchema>;

export const EMPLOYER_SORTS = ['created_at', 'company_name', 'status', 'approved_at'] as const;
export const employerListQuerySchema = listQuerySchema.extend({
  sort: z.enum(EMPLOYER_SORTS).default('created_at'),
  status: z.enum(EMPLOYER_STATUSES).optional(),
  industry: z.enum(INDUSTRIES).optional(),
  branchId: idQueryField.optional(),
  region: z.enum(REGIONS).optional(),
  registeredFrom: dateString.optional(),
  registeredTo: dateString.optional(),
});
export type EmployerListQuery = z.input<typeof employerListQuerySchema>;

export const employerStatusChangeSchema = statusChangeSchema(EMPLOYER_STATUSES);

export const employerBulkStatusSchema = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(200),
  status: z.enum(EMPLOYER_STATUSES),
  reason: z.string().trim().max(500).optional(),
});

export const employersApi = defineEndpoints('employers', {
  list: {
    method: 'GET',
    path: '/employers',
    access: 'employers:read',
    summary: '사업주 목록 (상태·업종·지점·지역·등록일·검색어)',
    query: employerListQuerySchema,
    response: listResponseSchema(employerSchema),
  },
  get: {
    method: 'GET',
    path: '/employers/:id',
    access: 'employers:read',
    summary: '사업주 상세',
    params: idParamSchema,
    response: employerSchema,
  },
  create: {
    method: 'POST',
    path: '/employers',
    access: 'employers:write',
    summary: '사업주 등록 (사업자등록번호 중복 시 409)',
    body: employerCreateSchema,
    response: employerSchema,
    status: 201,
    idempotent: true,
  },
  update: {
    method: 'PATCH',
    path: '/employers/:id',
    access: 'employers:write',
    summary: '사업주 수정 (version이 다르면 409)',
    params: idParamSchema,
    body: employerUpdateSchema,
    response: employerSchema,
  },
  changeStatus: {
    method: 'POST',
    path: '/employers/:id/status',
    access: 'employers:write',
    summary: '사업주 상태 변경 (승인·반려·정지·해제·탈퇴)',
    params: idParamSchema,
    body: employerStatusChangeSchema,
    response: employerSchema,
  },
  bulkStatus: {
    method: 'POST',
    path: '/employers/bulk-status',
    access: 'employers:write',
    summary: '사업주 일괄 상태 변경 (건별 결과)',
    body: employerBulkStatusSchema,
    response: bulkResultSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/employers/:id',
    access: 'employers:write',
    summary: '사업주 삭제 (승인 대기·반려 상태만)',
    params: idParamSchema,
    response: okSchema,
  },
  history: {
    method: 'GET',
    path: '/employers/:id/history',
    access: 'employers:read',
    summary: '사업주 변경 이력',
    params: idParamSchema,
    response: historyResponseSchema,
  },
});
