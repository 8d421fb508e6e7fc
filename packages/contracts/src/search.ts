import { defineEndpoints } from './endpoint';
import { z } from './zod-setup';

/**
 * The global search (⌘K / Ctrl+K): one term over the records an admin may read, a few of each kind, newest first.
 * Each kind needs its own read permission; branch scope applies as in the lists.
 */
export const SEARCH_KINDS = ['employers', 'workers', 'jobPosts', 'matchings', 'branches', 'admins'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** How many records of each kind one search brings. */
export const SEARCH_GROUP_SIZE = 5;

export const searchQuerySchema = z.object({
  q: z.string().trim().min(1, '검색어를 입력해 주세요.').max(100, '검색어는 100자까지 입력할 수 있습니다.'),
});

export const searchItemSchema = z.object({
  id: z.number().int(),
  /** What the result is called: a company, a person, a post title, `#12 홍길동 · 용접공 모집`. */
  label: z.string(),
  /** A second line that tells two alike apart (business number, nationality and visa, status). */
  detail: z.string(),
});
export type SearchItem = z.infer<typeof searchItemSchema>;

export const searchResponseSchema = z.object({
  groups: z.array(z.object({ kind: z.enum(SEARCH_KINDS), items: z.array(searchItemSchema) })),
  /** Set when the term is a full 외국인등록번호 or 여권번호: that search is made in the worker list, with a reason. */
  refused: z.string().nullable(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

export const searchApi = defineEndpoints('search', {
  search: {
    method: 'GET',
    path: '/search',
    access: 'authenticated',
    summary:
      '통합 검색 (사업주·근로자·채용공고·매칭(#번호)·지점·관리자, 종류마다 읽기 권한과 지점 범위 적용; 근로자 결과는 접속기록에 남음)',
    query: searchQuerySchema,
    response: searchResponseSchema,
  },
});
