import { okResponseSchema } from './auth';
import { versionField } from './common';
import { defineEndpoints } from './endpoint';
import { cidrSchema, networkRuleMessages } from './networks';
import { ROLES } from './roles';
import { z } from './zod-setup';

/**
 * 허용 네트워크 (docs/SECURITY.md#network-rules; 개인정보의 안전성 확보조치 기준 제6조①): an admin to whom a rule applies
 * — one of their own, or one of their role — is served only from an address inside one of those rules.
 */
export const networkRuleSchema = z.object({
  id: z.number().int(),
  cidr: z.string(),
  role: z.enum(ROLES).nullable(),
  adminId: z.number().int().nullable(),
  adminName: z.string().nullable(),
  memo: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type NetworkRule = z.infer<typeof networkRuleSchema>;

const target = {
  cidr: cidrSchema,
  role: z.enum(ROLES).nullable().default(null),
  adminId: z.number().int().positive().nullable().default(null),
  memo: z.string().trim().max(200).default(''),
};
const oneTarget = (value: { role: unknown; adminId: unknown }) =>
  (value.role === null) !== (value.adminId === null);

export const networkRuleInputSchema = z
  .object(target)
  .refine(oneTarget, { path: ['role'], message: networkRuleMessages.targetRequired });
export const networkRuleUpdateSchema = z
  .object({ ...target, version: versionField })
  .refine(oneTarget, { path: ['role'], message: networkRuleMessages.targetRequired });

const idParams = z.object({ id: z.coerce.number().int().positive() });

export const networkRulesApi = defineEndpoints('network-rules', {
  list: {
    method: 'GET',
    path: '/network-rules',
    access: 'admins:manage',
    summary: '허용 네트워크 규칙 (역할별·관리자별 IP 대역)',
    response: z.object({ data: z.array(networkRuleSchema) }),
  },
  myAddress: {
    method: 'GET',
    path: '/network-rules/my-address',
    access: 'admins:manage',
    summary: '지금 접속한 주소 (서버가 보는 클라이언트 IP)',
    response: z.object({ ip: z.string() }),
  },
  create: {
    method: 'POST',
    path: '/network-rules',
    access: 'admins:manage',
    summary: '허용 네트워크 규칙 추가 (접속기록에 남음)',
    body: networkRuleInputSchema,
    response: networkRuleSchema,
    status: 201,
  },
  update: {
    method: 'PATCH',
    path: '/network-rules/:id',
    access: 'admins:manage',
    summary: '허용 네트워크 규칙 수정',
    params: idParams,
    body: networkRuleUpdateSchema,
    response: networkRuleSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/network-rules/:id',
    access: 'admins:manage',
    summary: '허용 네트워크 규칙 삭제',
    params: idParams,
    response: okResponseSchema,
  },
});
