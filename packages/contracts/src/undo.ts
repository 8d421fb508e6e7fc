import { versionField } from './common';
import { defineEndpoints } from './endpoint';
import { z } from './zod-setup';

/**
 * Undo of a status change (docs/undo-and-trash.md): right after an admin changes a record's status on its screen, the
 * toast offers 되돌리기 for `UNDO_TOAST_SECONDS`. The server keeps the change it made for a little longer
 * (`UNDO_WINDOW_SECONDS`, for a slow network) and moves the record back through its own status change, under the
 * same rules, only for the same admin, and only while every row the change touched still has the version the
 * change gave it.
 */
export const UNDO_TARGET_TYPES = ['employer', 'job_post', 'review', 'payout', 'app_user', 'notice'] as const;
export type UndoTargetType = (typeof UNDO_TARGET_TYPES)[number];

export const UNDO_TOAST_SECONDS = 8;
export const UNDO_WINDOW_SECONDS = 20;

const recordList = (posts: readonly string[], matchings: readonly string[]) =>
  [...posts.map((label) => `채용공고 ${label}`), ...matchings.map((label) => `매칭 ${label}`)].join(', ');

export const undoMessages = {
  action: '되돌리기',
  done: '변경을 되돌렸습니다.',
  unavailable: '되돌릴 수 있는 변경이 없습니다. 변경 이력을 확인해 주세요.',
  expired: `되돌릴 수 있는 시간(${UNDO_WINDOW_SECONDS}초)이 지났습니다. 상태를 다시 변경해 주세요.`,
  changed:
    '그 사이 이 기록이나 함께 바뀐 기록이 다시 변경되어 되돌릴 수 없습니다. 변경 이력을 확인해 주세요.',
  /** An employer's undo would leave a non-approved employer with open posts or matchings under way. */
  employerHasOpenWork: (status: string, posts: readonly string[], matchings: readonly string[]) =>
    `사업주를 ${status} 상태로 되돌릴 수 없습니다. 게시 중인 채용공고와 진행 중인 매칭은 승인된 사업주에게만 있을 수 있습니다. 걸리는 기록: ${recordList(posts, matchings)}`,
  /** A post's undo would publish it again under an employer that is not approved. */
  postEmployerNotApproved: (company: string, status: string) =>
    `채용공고를 다시 게시 중으로 되돌릴 수 없습니다. 게시 중인 채용공고는 승인된 사업주에게만 있을 수 있는데, 사업주 ${company}의 상태가 ${status}입니다.`,
  /** A post's undo would take it back before its approval while matchings were made on it. */
  postHasMatchings: (status: string, matchings: readonly string[]) =>
    `채용공고를 ${status} 상태로 되돌릴 수 없습니다. 매칭이 등록된 채용공고는 승인(게시) 전으로 돌아갈 수 없습니다. 걸리는 기록: ${recordList([], matchings)}`,
  /** An undo would leave matchings accepted, contracted or working under a non-approved employer or a post not open. */
  heldMatchings: (record: '사업주' | '채용공고', status: string, matchings: readonly string[]) =>
    `${record}를 ${status} 상태로 되돌릴 수 없습니다. 합격·계약 완료·근무 중인 매칭은 승인된 사업주의 게시 중이거나 마감된 채용공고에만 있을 수 있습니다. 걸리는 기록: ${recordList([], matchings)}`,
  summary: (summary: string) => `되돌리기: ${summary}`,
  followed: (summary: string) => `되돌리기 (함께 변경된 기록): ${summary}`,
} as const;

const recordId = z.number().int().positive().max(2_147_483_647);

export const undoInputSchema = z.object({
  targetType: z.enum(UNDO_TARGET_TYPES),
  targetId: recordId,
  /** The version the change left the record with, as its reply said. */
  version: versionField,
});
export type UndoInput = z.infer<typeof undoInputSchema>;

export const undoResultSchema = z.object({
  targetType: z.enum(UNDO_TARGET_TYPES),
  targetId: recordId,
  /** The record's version after the undo. */
  version: versionField,
  /** Records moved back: the record and any that changed with it (an employer's job posts). */
  restored: z.number().int().min(1),
});
export type UndoResult = z.infer<typeof undoResultSchema>;

export const undoApi = defineEndpoints('undo', {
  undo: {
    method: 'POST',
    path: '/undo',
    access: 'records:undo',
    summary: '방금 한 상태 변경 되돌리기 (같은 관리자, 잠시 동안, 그 뒤 변경이 없을 때)',
    body: undoInputSchema,
    response: undoResultSchema,
  },
});
