import {
  adminListQuerySchema,
  branchListQuerySchema,
  can,
  EMPLOYER_STATUS_LABELS,
  employerListQuerySchema,
  formatBusinessRegNo,
  identifierSearchKind,
  JOB_POST_STATUS_LABELS,
  jobPostListQuerySchema,
  MATCHING_STATUS_LABELS,
  nationalityLabel,
  type Permission,
  ROLE_LABELS,
  SEARCH_GROUP_SIZE,
  SEARCH_KINDS,
  type SearchItem,
  type SearchKind,
  type SearchResponse,
  workerListQuerySchema,
} from '@ilson/contracts';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import type { AdminsService } from '../admins/admins.service';
import type { BranchesService } from '../branches/branches.service';
import type { EmployersService } from '../employers/employers.service';
import type { JobPostsService } from '../job-posts/job-posts.service';
import type { MatchingsService } from '../matchings/matchings.service';
import type { WorkersService } from '../workers/workers.service';

/** Where a full 외국인등록번호 or 여권번호 is searched instead: the worker list, with a reason (docs/pii-search.md#the-rule-for-a-full-identifier). */
export const IDENTIFIER_REFUSED =
  '외국인등록번호·여권번호 검색은 근로자 목록에서 사유와 함께 할 수 있습니다. 이름이나 전화번호로 찾아 주세요.';

const MATCHING_ID = /^#?(\d{1,9})$/;
/** `#123` names a matching and nothing else: the other kinds are not searched for it. */
const MATCHING_REFERENCE = /^#\d{1,9}$/;

type Services = {
  admins: AdminsService;
  branches: BranchesService;
  employers: EmployersService;
  jobPosts: JobPostsService;
  matchings: MatchingsService;
  workers: WorkersService;
};

/**
 * The global search (docs/ARCHITECTURE.md#global-search): each kind is read through its own list service, so
 * the branch scope, the masking of contacts, the identifier rule and the access log of a worker search are the
 * list's own; a kind the admin may not read is left out. The first page only, a few rows, newest first.
 */
export function createSearchService(services: Services) {
  const page = { page: 1, pageSize: SEARCH_GROUP_SIZE };
  // The rows only, newest registered first: a count of a common name's matches would cost far more than the five
  // rows (db/list.ts searchPage); employers, workers and posts read only the columns an item shows.
  const globalSearch = { globalSearch: true };

  const kinds: Record<
    SearchKind,
    { permission: Permission; find(q: string, actor: Actor): Promise<SearchItem[]> }
  > = {
    employers: {
      permission: 'employers:read',
      async find(q, actor) {
        const data = await services.employers.search(employerListQuerySchema.parse({ ...page, q }), actor);
        return data.map((e) => ({
          id: e.id,
          label: e.companyName,
          detail: `${formatBusinessRegNo(e.businessRegNo)} · ${e.ceoName} · ${EMPLOYER_STATUS_LABELS[e.status]}`,
        }));
      },
    },
    workers: {
      permission: 'workers:read',
      async find(q, actor) {
        const data = await services.workers.search(workerListQuerySchema.parse({ ...page, q }), actor);
        return data.map((w) => ({
          id: w.id,
          label: w.nameKo || `${w.lastName} ${w.firstName}`.trim(),
          detail: [nationalityLabel(w.nationality), w.visaType, w.phoneNumber].filter(Boolean).join(' · '),
        }));
      },
    },
    jobPosts: {
      permission: 'job_posts:read',
      async find(q, actor) {
        const data = await services.jobPosts.search(jobPostListQuerySchema.parse({ ...page, q }), actor);
        return data.map((p) => ({
          id: p.id,
          label: p.title,
          detail: `${p.employerName} · ${JOB_POST_STATUS_LABELS[p.status]}`,
        }));
      },
    },
    matchings: {
      permission: 'matchings:read',
      async find(q, actor) {
        const id = MATCHING_ID.exec(q)?.[1];
        if (!id) return [];
        try {
          const m = await services.matchings.get(Number(id), actor);
          return [
            {
              id: m.id,
              label: `#${m.id} ${m.workerName} · ${m.jobPostTitle}`,
              detail: `${m.employerName} · ${MATCHING_STATUS_LABELS[m.status]}`,
            },
          ];
        } catch (error) {
          if (error instanceof AppError && error.statusCode === 404) return [];
          throw error;
        }
      },
    },
    branches: {
      permission: 'branches:read',
      async find(q, actor) {
        const { data } = await services.branches.list(
          branchListQuerySchema.parse({ ...page, q }),
          actor,
          globalSearch,
        );
        return data.map((b) => ({ id: b.id, label: b.name, detail: `${b.code} · ${b.region}` }));
      },
    },
    admins: {
      permission: 'admins:manage',
      async find(q) {
        const { data } = await services.admins.list(adminListQuerySchema.parse({ ...page, q }), globalSearch);
        return data.map((a) => ({
          id: a.id,
          label: a.name,
          detail: `${a.loginId} · ${ROLE_LABELS[a.role]}`,
        }));
      },
    },
  };

  async function search(q: string, actor: Actor): Promise<SearchResponse> {
    // A full identifier is a view of personal data with a purpose: not from the global search.
    if (identifierSearchKind(q)) return { groups: [], refused: IDENTIFIER_REFUSED };
    const onlyMatchings = MATCHING_REFERENCE.test(q.trim());
    const readable = SEARCH_KINDS.filter(
      (kind) => can(actor.role, kinds[kind].permission) && (!onlyMatchings || kind === 'matchings'),
    );
    // One kind after another: side by side, each search would take six pooled connections at once, and under load
    // the searches queue behind each other's queries (BENCHMARKS.md, search rows).
    const found: SearchItem[][] = [];
    for (const kind of readable) found.push(await kinds[kind].find(q, actor));
    const groups = readable
      .map((kind, index) => ({ kind, items: found[index]! }))
      .filter((group) => group.items.length > 0);
    return { groups, refused: null };
  }

  return { search };
}

export type SearchService = ReturnType<typeof createSearchService>;
