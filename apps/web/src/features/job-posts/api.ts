import {
  historyResponseSchema,
  type JOB_POST_SORTS,
  type JobPost,
  type JobPostStatus,
  type jobPostCreateSchema,
  type jobPostInputSchema,
  jobPostSchema,
  listResponseSchema,
  type z,
} from '@ilson/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { idempotencyHeaders } from '../../api/idempotency';
import { parseRecord, parseReply, retryMutation } from '../../api/records';
import { settingsQuery } from '../../api/settings';
import type { ListQuery } from '../../components/list/use-list-params';

export const JOB_POST_FILTERS = [
  'status',
  'employerId',
  'industry',
  'branchId',
  'salaryType',
  'visaType',
  'deadlineFrom',
  'deadlineTo',
] as const;
export type JobPostListQuery = ListQuery<(typeof JOB_POST_FILTERS)[number], (typeof JOB_POST_SORTS)[number]>;

export type JobPostBody = z.output<typeof jobPostInputSchema>;
export type JobPostCreateBody = z.output<typeof jobPostCreateSchema>;

const jobPostPageSchema = listResponseSchema(jobPostSchema);

export const jobPostKeys = {
  all: ['job-posts'] as const,
  list: (query: JobPostListQuery) => ['job-posts', 'list', query] as const,
  detail: (id: number) => ['job-posts', 'detail', id] as const,
  history: (id: number) => ['job-posts', 'history', id] as const,
};

export async function fetchJobPosts(query: JobPostListQuery, signal?: AbortSignal) {
  const response = await api.get('job-posts', { params: query, signal });
  return parseReply(jobPostPageSchema, response.data);
}

/** The server counts every call of this as a view of the post. */
export async function fetchJobPost(id: number, signal?: AbortSignal): Promise<JobPost> {
  const response = await api.get(`job-posts/${id}`, { signal });
  return parseRecord(jobPostSchema, response.data);
}

export const jobPostListQuery = (query: JobPostListQuery) =>
  queryOptions({
    queryKey: jobPostKeys.list(query),
    queryFn: ({ signal }) => fetchJobPosts(query, signal),
    placeholderData: keepPreviousData,
  });

export const useJobPostList = (query: JobPostListQuery) => useQuery(jobPostListQuery(query));

export const useJobPost = (id: number | null) =>
  useQuery({
    queryKey: jobPostKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchJobPost(id ?? 0, signal),
    enabled: id !== null,
    meta: { errorToast: false },
  });

export const useJobPostHistory = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: jobPostKeys.history(id),
    queryFn: async ({ signal }) => {
      const response = await api.get(`job-posts/${id}/history`, { signal });
      return parseReply(historyResponseSchema, response.data).data;
    },
    enabled,
  });

/** The minimum wage by year, for the form's live warning: only for those who may read the settings. */
export const useMinimumWages = (enabled: boolean) =>
  useQuery({ ...settingsQuery, enabled, select: (settings) => settings.minimumWageByYear });

function useInvalidateJobPosts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: jobPostKeys.all });
}

export function useCreateJobPost() {
  const invalidate = useInvalidateJobPosts();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: JobPostCreateBody; idempotencyKey: string }) => {
      const response = await api.post('job-posts', body, { headers: idempotencyHeaders(idempotencyKey) });
      return parseRecord(jobPostSchema, response.data);
    },
    retry: retryMutation,
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}

export function useUpdateJobPost(id: number) {
  const invalidate = useInvalidateJobPosts();
  return useMutation({
    mutationFn: async (body: JobPostBody & { version: number }) => {
      const response = await api.patch(`job-posts/${id}`, body);
      return parseRecord(jobPostSchema, response.data);
    },
    retry: retryMutation,
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}

export type JobPostStatusBody = { status: JobPostStatus; reason?: string; version: number };

export async function changeJobPostStatus(id: number, body: JobPostStatusBody) {
  await api.post(`job-posts/${id}/status`, body);
}

export function useChangeJobPostStatus(id: number) {
  const invalidate = useInvalidateJobPosts();
  return useMutation({
    mutationFn: (body: JobPostStatusBody) => changeJobPostStatus(id, body),
    retry: retryMutation,
    meta: { showsLinkedRecords: true },
    onSettled: invalidate,
  });
}

export function useDeleteJobPost(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api.delete(`job-posts/${id}`);
    },
    retry: retryMutation,
    meta: { showsLinkedRecords: true },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: jobPostKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: jobPostKeys.all });
    },
  });
}
