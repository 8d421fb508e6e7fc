import { josa } from 'es-hangul';
import { idQueryField } from './common';
import { defineEndpoints } from './endpoint';
import { listQuerySchema, listResponseSchema } from './pagination';
import type { Permission } from './roles';
import { z } from './zod-setup';

/**
 * 휴지통 (docs/undo-and-trash.md): deleted records stay in their tables (a soft delete), and for
 * `TRASH_RESTORE_DAYS` after the delete an admin who may edit them can put them back. Older ones stay for the
 * retention rules but are no longer offered; a restore that would break a rule (a live duplicate, a deleted parent)
 * is refused with the reason.
 */
export const TRASH_TYPES = ['employer', 'worker', 'job_post', 'resume', 'notice'] as const;
export type TrashType = (typeof TRASH_TYPES)[number];

export const TRASH_TYPE_LABELS: Record<TrashType, string> = {
  employer: '사업주',
  worker: '근로자',
  job_post: '채용공고',
  resume: '이력서',
  notice: '공지사항',
};

/** Who may see and restore each kind: whoever may edit it. */
export const TRASH_PERMISSIONS: Record<TrashType, Permission> = {
  employer: 'employers:write',
  worker: 'workers:write',
  job_post: 'job_posts:write',
  resume: 'resumes:write',
  notice: 'notices:write',
};

export const TRASH_RESTORE_DAYS = 30;

export const trashMessages = {
  title: '휴지통',
  restore: '복원',
  restored: (label: string) => `'${label}'을(를) 복원했습니다.`,
  tooOld: `삭제한 지 ${TRASH_RESTORE_DAYS}일이 지나 복원할 수 없습니다.`,
  notDeleted: '삭제되지 않은 기록입니다.',
  duplicateEmployer: '같은 사업자등록번호의 사업주가 이미 등록되어 있어 복원할 수 없습니다.',
  duplicateWorkerAlienRegNo: '같은 외국인등록번호의 근로자가 이미 등록되어 있어 복원할 수 없습니다.',
  duplicateWorkerPassportNo: '같은 여권번호의 근로자가 이미 등록되어 있어 복원할 수 없습니다.',
  employerDeleted: '이 공고의 사업주가 삭제되어 있습니다. 사업주를 먼저 복원해 주세요.',
  workerDeleted: '이 이력서의 근로자가 삭제되어 있습니다. 근로자를 먼저 복원해 주세요.',
  /** A post that reads 게시 중 comes back only under an approved employer (docs/DOMAIN.md#invariants, I-13). */
  postEmployerNotApproved: (company: string, status: string) =>
    `채용공고를 복원할 수 없습니다. 게시 중인 채용공고는 승인된 사업주에게만 있을 수 있는데, 사업주 ${company}의 상태가 ${status}입니다. 사업주가 다시 승인된 뒤 복원해 주세요.`,
  /** A withdrawn employer takes no new post (docs/DOMAIN.md#statuses): only a closed one comes back under it. */
  postEmployerWithdrawn: (company: string) =>
    `채용공고를 복원할 수 없습니다. 사업주 ${josa(company, '은/는')} 탈퇴하여 새 채용공고를 둘 수 없습니다. 마감된 채용공고만 복원할 수 있습니다.`,
  /** 심사 중 is what a filed extension sets (docs/DOMAIN.md#invariants, I-19): a create refuses it, so does a restore. */
  visaPendingWithoutExtension:
    '체류자격이 연장 신청 없이 심사 중으로 되어 있어 복원할 수 없습니다. 심사 중은 체류기간 연장을 신청해야 설정됩니다. 본사에 기록 정정을 요청해 주세요.',
  branchInactive: (branch: string) =>
    `${josa(branch, '은/는')} 운영 중지된 지점이어서 복원할 수 없습니다. 지점을 다시 운영한 뒤 복원해 주세요.`,
  /** A detail of a refusal naming a parent that is in the trash itself (no page to link to). */
  parentInTrash: (kind: string, label: string) => `${kind} ${label}: 휴지통에 있습니다.`,
  empty: '삭제된 기록이 없습니다.',
} as const;

export const trashItemSchema = z.object({
  type: z.enum(TRASH_TYPES),
  id: z.number().int(),
  label: z.string(),
  branchName: z.string().nullable(),
  deletedAt: z.string(),
  deletedByName: z.string().nullable(),
  /** Until when it can be restored. */
  restorableUntil: z.string(),
  restorable: z.boolean(),
});
export type TrashItem = z.infer<typeof trashItemSchema>;

export const trashListQuerySchema = listQuerySchema
  .omit({ order: true })
  .extend({ type: z.enum(TRASH_TYPES).default('employer') });

const trashParams = z.object({ type: z.enum(TRASH_TYPES), id: idQueryField });

export const trashApi = defineEndpoints('trash', {
  list: {
    method: 'GET',
    path: '/trash',
    access: 'records:undo',
    summary: '휴지통: 삭제된 기록 (종류별, 최근 삭제 순; 수정 권한이 있는 종류만)',
    query: trashListQuerySchema,
    response: listResponseSchema(trashItemSchema),
  },
  restore: {
    method: 'POST',
    path: '/trash/:type/:id/restore',
    access: 'records:undo',
    summary: '휴지통에서 복원',
    params: trashParams,
    response: trashItemSchema.pick({ type: true, id: true, label: true }),
  },
});
