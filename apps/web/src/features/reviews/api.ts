import {
  historyResponseSchema,
  listResponseSchema,
  moderationQueueResponseSchema,
  type REVIEW_SORTS,
  type Review,
  type ReviewStatus,
  reviewSchema,
} from '@ilson/contracts';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../api/client';
import { parseRecord, parseReply, retryMutation } from '../../api/records';
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

const reviewPageSchema = listResponseSchema(reviewSchema);

export const reviewKeys = {
  all: ['reviews'] as const,
  lists: ['reviews', 'list'] as const,
  list: (query: ReviewListQuery) => ['reviews', 'list', query] as const,
  detail: (id: number) => ['reviews', 'detail', id] as const,
  history: (id: number) => ['reviews', 'history', id] as const,
  queue: ['reviews', 'moderation'] as const,
};

export const useReviewList = (query: ReviewListQuery) =>
  useQuery({
    queryKey: reviewKeys.list(query),
    queryFn: async ({ signal }) => {
      const response = await api.get('reviews', { params: query, signal });
      return parseReply(reviewPageSchema, response.data);
    },
    placeholderData: keepPreviousData,
  });

export const useReview = (id: number | null) =>
  useQuery({
    queryKey: reviewKeys.detail(id ?? 0),
    queryFn: async ({ signal }): Promise<Review> => {
      const response = await api.get(`reviews/${id}`, { signal });
      return parseRecord(reviewSchema, response.data);
    },
    enabled: id !== null,
    meta: { errorToast: false },
  });

export const useReviewHistory = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: reviewKeys.history(id),
    queryFn: async ({ signal }) => {
      const response = await api.get(`reviews/${id}/history`, { signal });
      return parseReply(historyResponseSchema, response.data).data;
    },
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
      const response = await api.get('reviews/moderation', {
        params: { pageSize: QUEUE_PAGE_SIZE, ...(pageParam ? { afterId: pageParam } : {}) },
        signal,
      });
      return parseReply(moderationQueueResponseSchema, response.data);
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
      const response = await api.post(`reviews/${id}/status`, body);
      return parseRecord(reviewSchema, response.data);
    },
    retry: retryMutation,
    meta: { errorToast: !quiet },
    onSettled: (_data, _error, { id }) =>
      Promise.all(
        [reviewKeys.lists, reviewKeys.detail(id), reviewKeys.history(id)].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
