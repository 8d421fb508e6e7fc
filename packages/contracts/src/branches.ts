import { optionalText, patchOf, statusChangeSchema, type Transition, versionField } from './common';
import { isValidPhone } from './korean-ids';
import { fieldMessages } from './messages';
import { listQuerySchema } from './pagination';
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
