import { type REVIEW_SORTS, type ReviewStatus, reviewsApi } from '@ilson/contracts';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { call, endpointKey, endpointQuery, endpointScope } from '../../api/endpoint';
import { retryMutation } from '../../api/records';
import type { ListQuery } from '../../components/list/use-list-params';

export const REVIEW_FILTERS = [
  'status',
  'rating',
  'reviewerType',
  'reportedOnly',
  'branchId',
  'createdFrom',
  'createdTo',
] as const;
export type ReviewListQuery = ListQuery<(typeof REVIEW_FILTERS)[number], (typeof REVIEW_SORTS)[number]>;

/** How many reviews one call of the moderation queue brings. */
export const QUEUE_PAGE_SIZE = 20;

export const reviewKeys = { queue: endpointScope(reviewsApi.moderation) };

export const useReviewList = (query: ReviewListQuery) =>
  useQuery({
    ...endpointQuery(reviewsApi.list, { query }),
    placeholderData: keepPreviousData,
  });

export const useReview = (id: number | null) =>
  useQuery({
    ...endpointQuery(reviewsApi.get, { params: { id: id ?? 0 } }),
    enabled: id !== null,
    meta: { errorToast: false },
  });

export const useReviewHistory = (id: number, enabled: boolean) =>
  useQuery({
    ...endpointQuery(reviewsApi.history, { params: { id } }),
    select: (reply) => reply.data,
    enabled,
  });

/**
 * The moderation queue, oldest first, page after page by `after_id`. Decisions do not refetch it (that would
 * reshuffle what the moderator is looking at): the page hides what was decided, and "새로 고침" starts afresh.
 */
export const useModerationQueue = () =>
  useInfiniteQuery({
    queryKey: reviewKeys.queue,
    queryFn: async ({ pageParam, signal }) => {
      return call(
        reviewsApi.moderation,
        { query: { pageSize: QUEUE_PAGE_SIZE, ...(pageParam ? { afterId: pageParam } : {}) } },
        { signal },
      );
    },
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.meta.nextAfterId,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnMount: 'always',
  });

export type ReviewStatusBody = { status: ReviewStatus; reason?: string; version: number };

/**
 * One moderation decision. Lists and the review's own page refresh; the queue does not (see above). `quiet`:
 * no error toast, the caller says what happened (the queue puts the review back and says why).
 */
export function useChangeReviewStatus({ quiet = false } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: ReviewStatusBody }) => {
      return call(reviewsApi.changeStatus, { params: { id }, body });
    },
    retry: retryMutation,
    meta: { errorToast: !quiet },
    onSettled: (_data, _error, { id }) =>
      Promise.all(
        [
          endpointScope(reviewsApi.list),
          endpointKey(reviewsApi.get, { params: { id } }),
          endpointKey(reviewsApi.history, { params: { id } }),
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
