import {
  eligibilityResponseSchema,
  historyResponseSchema,
  listResponseSchema,
  type MATCHING_SORTS,
  type MatchingStatus,
  type matchingCreateSchema,
  matchingDetailSchema,
  matchingSchema,
  matchingStatsSchema,
  type matchingUpdateSchema,
  resumeSchema,
  type z,
} from '@ilson/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { idempotencyHeaders } from '../../api/idempotency';
import { parseRecord, parseReply, retryMutation } from '../../api/records';
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

const matchingPageSchema = listResponseSchema(matchingSchema);
const resumePageSchema = listResponseSchema(resumeSchema);

export const matchingKeys = {
  all: ['matchings'] as const,
  list: (query: MatchingListQuery) => ['matchings', 'list', query] as const,
  detail: (id: number) => ['matchings', 'detail', id] as const,
  history: (id: number) => ['matchings', 'history', id] as const,
  eligibility: (jobPostId: number, workerId: number, startDate: string | null) =>
    ['matchings', 'eligibility', jobPostId, workerId, startDate] as const,
  stats: (query: StatsQuery) => ['matchings', 'stats', query] as const,
};

export const useMatchingList = (query: MatchingListQuery) =>
  useQuery({
    queryKey: matchingKeys.list(query),
    queryFn: async ({ signal }) => {
      const response = await api.get('matchings', { params: query, signal });
      return parseReply(matchingPageSchema, response.data);
    },
    placeholderData: keepPreviousData,
  });

export const useMatching = (id: number | null) =>
  useQuery({
    queryKey: matchingKeys.detail(id ?? 0),
    queryFn: async ({ signal }) => {
      const response = await api.get(`matchings/${id}`, { signal });
      return parseRecord(matchingDetailSchema, response.data);
    },
    enabled: id !== null,
    meta: { errorToast: false },
  });

export const useMatchingHistory = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: matchingKeys.history(id),
    queryFn: async ({ signal }) => {
      const response = await api.get(`matchings/${id}/history`, { signal });
      return parseReply(historyResponseSchema, response.data).data;
    },
    enabled,
  });

/** Asked again whenever the pair or the start date changes; always fresh (the worker may have moved on). */
export const useEligibility = (
  jobPostId: number | undefined,
  workerId: number | undefined,
  startDate: string | null,
) =>
  useQuery({
    queryKey: matchingKeys.eligibility(jobPostId ?? 0, workerId ?? 0, startDate),
    queryFn: async ({ signal }) => {
      const response = await api.get('matchings/eligibility', {
        params: { jobPostId, workerId, ...(startDate ? { startDate } : {}) },
        signal,
      });
      return parseReply(eligibilityResponseSchema, response.data);
    },
    enabled: jobPostId !== undefined && workerId !== undefined,
    staleTime: 0,
    meta: { errorToast: false },
  });

export const useMatchingStats = (query: StatsQuery) =>
  useQuery({
    queryKey: matchingKeys.stats(query),
    queryFn: async ({ signal }) => {
      const response = await api.get('matchings/stats', { params: query, signal });
      return parseReply(matchingStatsSchema, response.data);
    },
    placeholderData: keepPreviousData,
  });

/** A matching moves the worker's status and the post's headcount: refresh those too. */
function useInvalidateMatchings() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [matchingKeys.all, ['job-posts'], ['workers']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useCreateMatching() {
  const invalidate = useInvalidateMatchings();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: MatchingCreateBody; idempotencyKey: string }) => {
      const response = await api.post('matchings', body, { headers: idempotencyHeaders(idempotencyKey) });
      return parseRecord(matchingDetailSchema, response.data);
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
      const response = await api.patch(`matchings/${id}`, body);
      return parseRecord(matchingDetailSchema, response.data);
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
      const response = await api.post(`matchings/${id}/status`, body);
      return parseRecord(matchingDetailSchema, response.data);
    },
    retry: retryMutation,
    meta: { errorToast: false },
    onSettled: invalidate,
  });
}

/** A worker's resumes to attach to a matching (active ones). */
export const useWorkerResumeOptions = (workerId: number | undefined) =>
  useQuery({
    queryKey: ['resumes', 'options', workerId],
    queryFn: async ({ signal }) => {
      const response = await api.get('resumes', {
        params: { workerId, status: 'active', page: 1, pageSize: 50, sort: 'updated_at', order: 'desc' },
        signal,
      });
      return parseReply(resumePageSchema, response.data).data;
    },
    enabled: workerId !== undefined,
    meta: { errorToast: false },
  });
