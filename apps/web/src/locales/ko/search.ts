import type { SearchKind } from '@ilson/contracts';

/** Korean strings of the global search (⌘K / Ctrl+K). Apart from `common.ts`: they load with the search window. */
export const koSearch = {
  title: '통합 검색',
  placeholder: '사업주·근로자·채용공고·매칭 #번호·지점 검색',
  hint: '↑↓ 이동 · Enter 열기 · Esc 닫기',
  recent: '최근 연 항목',
  noRecent: '최근에 연 항목이 없습니다. 이름, 사업자등록번호, 전화번호 뒷자리, 매칭 번호(#12)로 찾아 보세요.',
  empty: '검색 결과가 없습니다.',
  searching: '검색 중…',
  failed: '검색하지 못했습니다. 잠시 후 다시 시도해 주세요.',
  kinds: {
    employers: '사업주',
    workers: '근로자',
    jobPosts: '채용공고',
    matchings: '매칭',
    branches: '지점',
    admins: '관리자',
  } satisfies Record<SearchKind, string>,
} as const;
