import { okSchema, versionField } from './common';
import { defineEndpoints } from './endpoint';
import { identifierSearchKind } from './workers';
import { z } from './zod-setup';

/**
 * Saved views and list settings (docs/saved-views.md): per admin and per list, the columns shown and their order,
 * the row density and the page size (list settings, one per list), and named filter sets (saved views) that can be
 * shared with the team. Stored on the server, so they follow the admin from browser to browser.
 */
export const VIEW_LISTS = [
  'employers',
  'workers',
  'job-posts',
  'matchings',
  'resumes',
  'reviews',
  'payouts',
  'users',
  'notices',
  'branches',
] as const;
export type ViewList = (typeof VIEW_LISTS)[number];

/** Row density, as Ant Design's table sizes: roomy, the standard, compact. */
export const DENSITIES = ['large', 'middle', 'small'] as const;
export type Density = (typeof DENSITIES)[number];
export const DENSITY_LABELS: Record<Density, string> = { large: '넓게', middle: '기본', small: '좁게' };

export const viewMessages = {
  nameRequired: '보기 이름을 입력해 주세요.',
  nameTaken: '같은 이름의 보기가 이미 있습니다.',
  shareForbidden: '팀과 공유하는 보기는 최고 관리자와 관리자만 만들 수 있습니다.',
  notYours: '다른 관리자가 만든 보기는 바꾸거나 지울 수 없습니다.',
  tooMany: '한 목록에 보기는 50개까지 저장할 수 있습니다.',
  identifierInQuery:
    '보기에는 외국인등록번호·여권번호·전화번호·계좌번호를 저장할 수 없습니다. 검색어를 지우고 저장해 주세요.',
} as const;

/** A lookup's purpose (a search by a full identifier asks for one): it belongs to that one lookup, not to a view. */
export const VIEW_DROPPED_PARAMS = ['reason'] as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** An enum value of a list's filter (`in_progress`, `topik2`): a word of ours, never a person's number. */
const ENUM_VALUE = /^[a-z][a-z0-9_]*$/;

/**
 * docs/saved-views.md#no-identifiers-in-a-view: a parameter a saved view may not hold — a full 외국인등록번호 or
 * 여권번호 (as the worker search box recognises them, anywhere in the value), or any run of 8 digits or more, dashes
 * and spaces aside (a phone or an account number; a date is not one).
 */
export function identifierLikeParam(key: string, value: string): boolean {
  const words = value.split(/[^0-9A-Za-z-]+/).filter(Boolean);
  const enumValue = key !== 'q' && ENUM_VALUE.test(value);
  if (!enumValue && [value, ...words].some((word) => identifierSearchKind(word))) return true;
  for (const run of value.match(/\d[\d\s-]*\d/g) ?? []) {
    if (ISO_DATE.test(run.trim())) continue;
    if (run.replace(/\D/g, '').length >= 8) return true;
  }
  return false;
}

/** How many saved views an admin keeps per list. */
export const MAX_VIEWS_PER_LIST = 50;

const listParam = z.object({ list: z.enum(VIEW_LISTS) });

export const listSettingsSchema = z.object({
  /** The column keys shown, in order; null for the list's own default. */
  columns: z.array(z.string().min(1).max(50)).max(50).nullable(),
  density: z.enum(DENSITIES),
  /** The rows per page a list opens with when its address does not say. */
  pageSize: z.number().int().min(1).max(100).nullable(),
});
export type ListSettings = z.infer<typeof listSettingsSchema>;

/** A view's query: the list's address parameters (filters and sort) as they appear in its URL. */
const viewQuerySchema = z
  .record(z.string().min(1).max(50), z.string().max(200))
  .refine((query) => Object.keys(query).length <= 30, '조건이 너무 많습니다.');

export const savedViewSchema = z.object({
  id: z.number().int(),
  list: z.enum(VIEW_LISTS),
  name: z.string(),
  query: z.record(z.string(), z.string()),
  shared: z.boolean(),
  mine: z.boolean(),
  ownerName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewInputSchema = z.object({
  list: z.enum(VIEW_LISTS),
  name: z.string().trim().min(1, viewMessages.nameRequired).max(50),
  query: viewQuerySchema,
  shared: z.boolean().default(false),
});
export type SavedViewInput = z.input<typeof savedViewInputSchema>;

export const savedViewUpdateSchema = z.object({
  name: z.string().trim().min(1, viewMessages.nameRequired).max(50).optional(),
  query: viewQuerySchema.optional(),
  shared: z.boolean().optional(),
  version: versionField,
});

export const viewsApi = defineEndpoints('views', {
  settings: {
    method: 'GET',
    path: '/me/list-settings/:list',
    access: 'authenticated',
    summary: '내 목록 설정 (표시할 열과 순서, 행 간격, 페이지당 행 수)',
    params: listParam,
    response: listSettingsSchema,
  },
  saveSettings: {
    method: 'PUT',
    path: '/me/list-settings/:list',
    access: 'authenticated',
    summary: '내 목록 설정 저장',
    params: listParam,
    body: listSettingsSchema,
    response: listSettingsSchema,
  },
  list: {
    method: 'GET',
    path: '/saved-views',
    access: 'authenticated',
    summary: '저장한 보기 (내 보기와 팀에 공유된 보기)',
    query: listParam,
    response: z.object({ data: z.array(savedViewSchema) }),
  },
  create: {
    method: 'POST',
    path: '/saved-views',
    access: 'authenticated',
    summary: '지금 조건을 보기로 저장 (팀 공유는 최고 관리자·관리자만)',
    body: savedViewInputSchema,
    response: savedViewSchema,
    status: 201,
  },
  update: {
    method: 'PATCH',
    path: '/saved-views/:id',
    access: 'authenticated',
    summary: '보기 이름·조건·공유 변경 (만든 관리자만)',
    params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
    body: savedViewUpdateSchema,
    response: savedViewSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/saved-views/:id',
    access: 'authenticated',
    summary: '보기 삭제 (만든 관리자만)',
    params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
    response: okSchema,
  },
});
