import {
  type eligibilityResponseSchema,
  jobPostsApi,
  type MATCHING_SORTS,
  type MatchingStatus,
  type matchingCreateSchema,
  type matchingDetailSchema,
  matchingsApi,
  type matchingUpdateSchema,
  resumesApi,
  workersApi,
  type z,
} from '@ilson/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointQuery } from '../../api/endpoint';
import { retryMutation } from '../../api/records';
import type { ListQuery } from '../../components/list/use-list-params';

export const MATCHING_FILTERS = [
  'status',
  'branchId',
  'employerId',
  'jobPostId',
  'workerId',
  'nationality',
  'visaType',
  'createdFrom',
  'createdTo',
  'belowMinimumWageYear',
] as const;
export type MatchingFilter = (typeof MATCHING_FILTERS)[number];
export type MatchingSort = (typeof MATCHING_SORTS)[number];
export type MatchingListQuery = ListQuery<MatchingFilter, MatchingSort>;

export type MatchingCreateBody = z.output<typeof matchingCreateSchema>;
export type MatchingUpdateBody = z.input<typeof matchingUpdateSchema>;
export type MatchingDetail = z.infer<typeof matchingDetailSchema>;
export type Eligibility = z.infer<typeof eligibilityResponseSchema>;
export type StatsQuery = { from: string; to: string; branchId?: number };

export type MatchingStatusBody = {
  status: MatchingStatus;
  reason?: string;
  version: number;
  interviewAt?: string;
  contractDate?: string;
  startDate?: string;
  endDate?: string;
  overrideReason?: string;
};

export const matchingKeys = { all: [matchingsApi.list.tag] as const };

export const useMatchingList = (query: MatchingListQuery) =>
  useQuery({
    ...endpointQuery(matchingsApi.list, { query }),
    placeholderData: keepPreviousData,
  });

export const useMatching = (id: number | null) =>
  useQuery({
    ...endpointQuery(matchingsApi.get, { params: { id: id ?? 0 } }),
    enabled: id !== null,
    meta: { errorToast: false },
  });

export const useMatchingHistory = (id: number, enabled: boolean) =>
  useQuery({
    ...endpointQuery(matchingsApi.history, { params: { id } }),
    select: (reply) => reply.data,
    enabled,
  });

/** Asked again whenever the pair or the start date changes; always fresh (the worker may have moved on). */
export const useEligibility = (
  jobPostId: number | undefined,
  workerId: number | undefined,
  startDate: string | null,
) =>
  useQuery({
    ...endpointQuery(matchingsApi.eligibility, {
      query: { jobPostId, workerId, ...(startDate ? { startDate } : {}) },
    }),
    enabled: jobPostId !== undefined && workerId !== undefined,
    staleTime: 0,
    meta: { errorToast: false },
  });

export const useMatchingStats = (query: StatsQuery) =>
  useQuery({
    ...endpointQuery(matchingsApi.stats, { query }),
    placeholderData: keepPreviousData,
  });

/** A matching moves the worker's status and the post's headcount: refresh those too. */
function useInvalidateMatchings() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [matchingKeys.all, [jobPostsApi.list.tag], [workersApi.list.tag]].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useCreateMatching() {
  const invalidate = useInvalidateMatchings();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: MatchingCreateBody; idempotencyKey: string }) => {
      return call(matchingsApi.create, { body }, { idempotencyKey });
    },
    retry: retryMutation,
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}

export function useUpdateMatching(id: number) {
  const invalidate = useInvalidateMatchings();
  return useMutation({
    mutationFn: async (body: MatchingUpdateBody) => {
      return call(matchingsApi.update, { params: { id }, body });
    },
    retry: retryMutation,
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}

/** No toast of its own: the step's dialog shows field errors and the override request where they belong. */
export function useChangeMatchingStatus(id: number) {
  const invalidate = useInvalidateMatchings();
  return useMutation({
    mutationFn: async (body: MatchingStatusBody) => {
      return call(matchingsApi.changeStatus, { params: { id }, body });
    },
    retry: retryMutation,
    meta: { errorToast: false },
    onSettled: invalidate,
  });
}

/** A worker's resumes to attach to a matching (active ones). */
export const useWorkerResumeOptions = (workerId: number | undefined) =>
  useQuery({
    ...endpointQuery(resumesApi.list, {
      query: { workerId, status: 'active', page: 1, pageSize: 50, sort: 'updated_at', order: 'desc' },
    }),
    select: (reply) => reply.data,
    enabled: workerId !== undefined,
    meta: { errorToast: false },
  });
