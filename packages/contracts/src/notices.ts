import {
  historyResponseSchema,
  idParamSchema,
  okSchema,
  patchOf,
  statusChangeSchema,
  type Transition,
  versionField,
} from './common';
import { defineEndpoints } from './endpoint';
import { listQuerySchema, listResponseSchema } from './pagination';
import type { Permission } from './roles';
import { z } from './zod-setup';

export const NOTICE_STATUSES = ['draft', 'published', 'hidden'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];
export const NOTICE_STATUS_LABELS: Record<NoticeStatus, string> = {
  draft: '임시저장',
  published: '게시',
  hidden: '숨김',
};

export const NOTICE_AUDIENCES = ['all', 'employers', 'workers'] as const;
export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];
export const NOTICE_AUDIENCE_LABELS: Record<NoticeAudience, string> = {
  all: '전체',
  employers: '사업주',
  workers: '근로자',
};

export const NOTICE_TRANSITIONS: readonly Transition<NoticeStatus, Permission>[] = [
  {
    from: 'draft',
    to: 'published',
    action: 'publish',
    label: '게시',
    reasonRequired: false,
    permission: 'notices:write',
  },
  {
    from: 'published',
    to: 'hidden',
    action: 'hide',
    label: '숨김',
    reasonRequired: false,
    permission: 'notices:write',
  },
  {
    from: 'hidden',
    to: 'published',
    action: 'republish',
    label: '다시 게시',
    reasonRequired: false,
    permission: 'notices:write',
  },
  {
    from: 'published',
    to: 'draft',
    action: 'unpublish',
    label: '임시저장으로',
    reasonRequired: false,
    permission: 'notices:write',
  },
  {
    from: 'hidden',
    to: 'draft',
    action: 'unpublish',
    label: '임시저장으로',
    reasonRequired: false,
    permission: 'notices:write',
  },
];

export const noticeInputSchema = z.object({
  title: z.string().trim().min(2, '제목을 2자 이상 입력해 주세요.').max(200),
  /** Rich text (HTML). The server sanitises it; scripts, event handlers and javascript: URLs never survive. */
  content: z
    .string()
    .max(200_000)
    .refine(
      (html) =>
        /<img\s/i.test(html) ||
        html
          .replace(/<[^>]*>/g, '')
          .replace(/&nbsp;/g, ' ')
          .trim().length > 0,
      '내용을 입력해 주세요.',
    ),
  audience: z.enum(NOTICE_AUDIENCES).default('all'),
  isPinned: z.boolean().default(false),
  /** When to publish; null means at once when published. */
  publishAt: z.iso.datetime({ offset: true }).nullable().default(null),
});
export const noticeCreateSchema = noticeInputSchema.extend({
  status: z.enum(['draft', 'published']).default('draft'),
});
export const noticeUpdateSchema = patchOf(noticeInputSchema).extend({ version: versionField });

export const noticeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  audience: z.enum(NOTICE_AUDIENCES),
  isPinned: z.boolean(),
  status: z.enum(NOTICE_STATUSES),
  publishAt: z.string().nullable(),
  /** When it went (or goes) live; null while a draft. */
  publishedAt: z.string().nullable(),
  /** Published with a `publishedAt` still to come: not yet visible to app users. */
  isScheduled: z.boolean(),
  viewCount: z.number().int(),
  authorAdminId: z.number().int().nullable(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const NOTICE_SORTS = ['published_at', 'created_at', 'view_count', 'title'] as const;
export const noticeListQuerySchema = listQuerySchema.extend({
  sort: z.enum(NOTICE_SORTS).default('published_at'),
  status: z.enum(NOTICE_STATUSES).optional(),
  audience: z.enum(NOTICE_AUDIENCES).optional(),
  pinned: z.enum(['true', 'false']).optional(),
  /** `true`: published but not yet live; `false`: everything else. */
  scheduled: z.enum(['true', 'false']).optional(),
});
export const noticeStatusChangeSchema = statusChangeSchema(NOTICE_STATUSES);
/** Preview before publishing: the sanitised HTML exactly as it would be stored. */
export const noticePreviewSchema = z.object({ content: z.string().max(200_000) });
export const noticePreviewResponseSchema = z.object({ content: z.string() });

export const noticesApi = defineEndpoints('notices', {
  list: {
    method: 'GET',
    path: '/notices',
    access: 'notices:read',
    summary: '공지 목록 (고정 공지 먼저; 상태·대상·고정·예약·제목 검색)',
    query: noticeListQuerySchema,
    response: listResponseSchema(noticeSchema),
  },
  preview: {
    method: 'POST',
    path: '/notices/preview',
    access: 'notices:write',
    summary: '공지 미리보기 (저장될 HTML 그대로)',
    body: noticePreviewSchema,
    response: noticePreviewResponseSchema,
  },
  get: {
    method: 'GET',
    path: '/notices/:id',
    access: 'notices:read',
    summary: '공지 상세 (조회수 증가)',
    params: idParamSchema,
    response: noticeSchema,
  },
  create: {
    method: 'POST',
    path: '/notices',
    access: 'notices:write',
    summary: '공지 등록 (작성자는 로그인한 관리자)',
    body: noticeCreateSchema,
    response: noticeSchema,
    status: 201,
    idempotent: true,
  },
  update: {
    method: 'PATCH',
    path: '/notices/:id',
    access: 'notices:write',
    summary: '공지 수정 (version이 다르면 409)',
    params: idParamSchema,
    body: noticeUpdateSchema,
    response: noticeSchema,
  },
  changeStatus: {
    method: 'POST',
    path: '/notices/:id/status',
    access: 'notices:write',
    summary: '공지 상태 변경 (게시·숨김·임시저장; 게시 예정 시각이 미래면 예약 게시)',
    params: idParamSchema,
    body: noticeStatusChangeSchema,
    response: noticeSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/notices/:id',
    access: 'notices:write',
    summary: '공지 삭제',
    params: idParamSchema,
    response: okSchema,
  },
  history: {
    method: 'GET',
    path: '/notices/:id/history',
    access: 'notices:read',
    summary: '공지 변경 이력',
    params: idParamSchema,
    response: historyResponseSchema,
  },
});
