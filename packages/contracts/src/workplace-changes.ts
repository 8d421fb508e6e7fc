import {
  dateString,
  idParamSchema,
  idQueryField,
  okSchema,
  optionalText,
  patchOf,
  versionField,
} from './common';
import { defineEndpoints } from './endpoint';
import { legalBasisSchema } from './law/basis';
import { z } from './zod-setup';

/**
 * 사업장 변경 (외국인고용법 제25조; docs/law-as-data.md#workplace-changes): the changes of workplace an E-9 or H-2
 * worker asked for or was given, recorded on the worker. The approved ones the employer did not cause count against
 * the limit the rule engine applies to a matching at a new employer (docs/DOMAIN.md#invariants, I-29).
 */
export const WORKPLACE_CHANGE_CAUSES = ['worker_request', 'employer_caused'] as const;
export type WorkplaceChangeCause = (typeof WORKPLACE_CHANGE_CAUSES)[number];

export const WORKPLACE_CHANGE_CAUSE_LABELS: Record<WorkplaceChangeCause, string> = {
  worker_request: '근로자 신청',
  employer_caused: '사용자 귀책 (휴업·폐업, 근로조건 위반 등)',
};

export const workplaceChangeMessages = {
  approvalDateRequired: '승인된 사업장 변경은 승인일을 입력해 주세요.',
  approvalWithoutApproved: '승인되지 않은 사업장 변경에는 승인일과 승인번호를 입력할 수 없습니다.',
  approvalBeforeRequest: '승인일은 신청일보다 앞설 수 없습니다.',
  requestInFuture: '신청일은 오늘 이후일 수 없습니다.',
  approvalInFuture: '승인일은 오늘 이후일 수 없습니다.',
  fromEmployerNotFound: '이전 사업장(사업주)을 찾을 수 없습니다.',
} as const;

const workplaceChangeFields = z.object({
  /** The day the change was asked for (or, for one the employer caused, reported). */
  requestDate: dateString,
  cause: z.enum(WORKPLACE_CHANGE_CAUSES),
  /** Approved by the 고용센터: only approved changes count. */
  approved: z.boolean().default(false),
  approvalDate: dateString.nullable().optional(),
  /** 고용센터 승인번호, where one was given. */
  approvalNo: z.string().trim().max(50).nullable().optional(),
  /** The employer the worker left, when it is one of ours. */
  fromEmployerId: z.number().int().min(1).nullable().optional(),
  note: optionalText(500),
});

export const workplaceChangeCreateSchema = workplaceChangeFields;
export type WorkplaceChangeCreate = z.input<typeof workplaceChangeCreateSchema>;

export const workplaceChangeUpdateSchema = patchOf(workplaceChangeFields).extend({ version: versionField });
export type WorkplaceChangeUpdate = z.input<typeof workplaceChangeUpdateSchema>;

export const workplaceChangeParamsSchema = z.object({ id: idQueryField, changeId: idQueryField });

export const workplaceChangeSchema = z.object({
  id: z.number().int(),
  workerId: z.number().int(),
  requestDate: z.string(),
  cause: z.enum(WORKPLACE_CHANGE_CAUSES),
  approved: z.boolean(),
  approvalDate: z.string().nullable(),
  approvalNo: z.string().nullable(),
  /** Null, with the name, when the employer belongs to a branch the viewer does not reach (`fromEmployerOtherBranch`). */
  fromEmployerId: z.number().int().nullable(),
  fromEmployerName: z.string().nullable(),
  fromEmployerOtherBranch: z.boolean().default(false),
  note: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type WorkplaceChange = z.infer<typeof workplaceChangeSchema>;

export const workplaceChangeListSchema = z.object({
  data: z.array(workplaceChangeSchema),
  /** Changes used and left today, in the part of the period today falls in; null when no rule applies. */
  count: z
    .object({
      used: z.number().int(),
      limit: z.number().int(),
      left: z.number().int(),
      basis: legalBasisSchema,
    })
    .nullable(),
  /** The latest worker-requested change not yet followed by a contract: the last day to find the next workplace. */
  jobSearch: z
    .object({
      changeId: z.number().int(),
      requestDate: z.string(),
      deadline: z.string(),
      basis: legalBasisSchema,
    })
    .nullable(),
});
export type WorkplaceChangeList = z.infer<typeof workplaceChangeListSchema>;

export const workplaceChangesApi = defineEndpoints('workplace-changes', {
  list: {
    method: 'GET',
    path: '/workers/:id/workplace-changes',
    access: 'workers:read',
    summary: '근로자의 사업장 변경 이력 (사용·남은 횟수, 구직 기한)',
    params: idParamSchema,
    response: workplaceChangeListSchema,
  },
  create: {
    method: 'POST',
    path: '/workers/:id/workplace-changes',
    access: 'workers:write',
    summary: '사업장 변경 등록 (진행 중인 매칭이 변경 허용 횟수를 넘게 되면 409)',
    params: idParamSchema,
    body: workplaceChangeCreateSchema,
    response: workplaceChangeSchema,
    status: 201,
  },
  update: {
    method: 'PATCH',
    path: '/workers/:id/workplace-changes/:changeId',
    access: 'workers:write',
    summary: '사업장 변경 수정 (version이 다르면 409)',
    params: workplaceChangeParamsSchema,
    body: workplaceChangeUpdateSchema,
    response: workplaceChangeSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/workers/:id/workplace-changes/:changeId',
    access: 'workers:write',
    summary: '사업장 변경 삭제',
    params: workplaceChangeParamsSchema,
    response: okSchema,
  },
});
