import { dateString, idParamSchema, idQueryField, okSchema, optionalText, versionField } from './common';
import { defineEndpoints } from './endpoint';
import { legalBasisSchema } from './law/basis';
import { EMPLOYER_PERMIT_TYPES, PERMIT_VISAS } from './law/quota';
import { fieldMessages } from './messages';
import { z } from './zod-setup';

/**
 * An employer's 고용허가서 (E-9) and 특례고용가능확인서 (H-2), as the 고용센터 issued them
 * (docs/law-as-data.md#employer-permits-and-quota): a child record of the employer, edited as the employer is.
 */
const permitFields = {
  type: z.enum(EMPLOYER_PERMIT_TYPES, { error: '허가 종류를 선택해 주세요.' }),
  permitNo: z.string().trim().min(1, fieldMessages.required).max(50),
  validFrom: dateString,
  validTo: dateString,
  headcount: z.number().int().min(1, '허가 인원은 1명 이상이어야 합니다.').max(10_000),
  note: optionalText(500),
};

const validToAfterFrom = (value: { validFrom?: string; validTo?: string }, ctx: z.RefinementCtx) => {
  if (value.validFrom && value.validTo && value.validTo < value.validFrom) {
    ctx.addIssue({ code: 'custom', path: ['validTo'], message: '유효기간 종료일이 시작일보다 앞섭니다.' });
  }
};

export const employerPermitCreateSchema = z.object(permitFields).superRefine(validToAfterFrom);
export type EmployerPermitCreate = z.input<typeof employerPermitCreateSchema>;

export const employerPermitUpdateSchema = z
  .object({
    type: permitFields.type.optional(),
    permitNo: permitFields.permitNo.optional(),
    validFrom: dateString.optional(),
    validTo: dateString.optional(),
    headcount: permitFields.headcount.optional(),
    note: z.string().trim().max(500).optional(),
    version: versionField,
  })
  .superRefine(validToAfterFrom);
export type EmployerPermitUpdate = z.input<typeof employerPermitUpdateSchema>;

export const employerPermitSchema = z.object({
  id: z.number().int(),
  employerId: z.number().int(),
  type: z.enum(EMPLOYER_PERMIT_TYPES),
  permitNo: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  headcount: z.number().int(),
  visa: z.enum(PERMIT_VISAS),
  note: z.string(),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type EmployerPermit = z.infer<typeof employerPermitSchema>;

/** The employer's use of its permits and 고용허용인원 today, per visa, computed on the server. */
export const employerQuotaUsageSchema = z.object({
  visa: z.enum(PERMIT_VISAS),
  permit: z.enum(EMPLOYER_PERMIT_TYPES),
  used: z.number().int(),
  usedAllEps: z.number().int(),
  permitHeadcount: z.number().int(),
  quota: z.number().int().nullable(),
  limit: z.number().int(),
  basis: legalBasisSchema.nullable(),
  quotaBasis: legalBasisSchema.nullable(),
});
export type EmployerQuotaUsage = z.infer<typeof employerQuotaUsageSchema>;

export const employerPermitsResponseSchema = z.object({
  data: z.array(employerPermitSchema),
  /** 상시 근로자 수 (employeeCount), read as 내국인 피보험자 수. */
  insuredEmployees: z.number().int(),
  date: z.string(),
  usage: z.array(employerQuotaUsageSchema),
});
export type EmployerPermitsResponse = z.infer<typeof employerPermitsResponseSchema>;

export const employerPermitParamsSchema = z.object({ id: idQueryField, permitId: idQueryField });

export const employerPermitsApi = defineEndpoints('employers', {
  listPermits: {
    method: 'GET',
    path: '/employers/:id/permits',
    access: 'employers:read',
    summary: '사업주 고용허가(고용허가서·특례고용가능확인서) 목록과 고용허용인원 사용 현황',
    params: idParamSchema,
    response: employerPermitsResponseSchema,
  },
  createPermit: {
    method: 'POST',
    path: '/employers/:id/permits',
    access: 'employers:write',
    summary: '사업주 고용허가 등록',
    params: idParamSchema,
    body: employerPermitCreateSchema,
    response: employerPermitSchema,
    status: 201,
  },
  updatePermit: {
    method: 'PATCH',
    path: '/employers/:id/permits/:permitId',
    access: 'employers:write',
    summary: '사업주 고용허가 수정 (version이 다르면 409, 계약 중인 인원보다 줄이면 409)',
    params: employerPermitParamsSchema,
    body: employerPermitUpdateSchema,
    response: employerPermitSchema,
  },
  removePermit: {
    method: 'DELETE',
    path: '/employers/:id/permits/:permitId',
    access: 'employers:write',
    summary: '사업주 고용허가 삭제 (계약 중인 근로자가 기대고 있으면 409)',
    params: employerPermitParamsSchema,
    response: okSchema,
  },
});
