import {
  type JOB_POST_SORTS,
  type JobPostStatus,
  type jobPostCreateSchema,
  type jobPostInputSchema,
  jobPostsApi,
  type z,
} from '@ilson/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, endpointQuery } from '../../api/endpoint';
import { retryMutation } from '../../api/records';
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

export const jobPostKeys = { all: [jobPostsApi.list.tag] as const };

export const jobPostListQuery = (query: JobPostListQuery) =>
  queryOptions({
    ...endpointQuery(jobPostsApi.list, { query }),
    placeholderData: keepPreviousData,
  });

export const useJobPostList = (query: JobPostListQuery) => useQuery(jobPostListQuery(query));

/** The server counts every call of this as a view of the post. */
export const useJobPost = (id: number | null) =>
  useQuery({
    ...endpointQuery(jobPostsApi.get, { params: { id: id ?? 0 } }),
    enabled: id !== null,
    meta: { errorToast: false },
  });

export const useJobPostHistory = (id: number, enabled: boolean) =>
  useQuery({
    ...endpointQuery(jobPostsApi.history, { params: { id } }),
    select: (reply) => reply.data,
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
      return call(jobPostsApi.create, { body }, { idempotencyKey });
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
      return call(jobPostsApi.update, { params: { id }, body });
    },
    retry: retryMutation,
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}

export type JobPostStatusBody = { status: JobPostStatus; reason?: string; version: number };

export async function changeJobPostStatus(id: number, body: JobPostStatusBody) {
  return call(jobPostsApi.changeStatus, { params: { id }, body });
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
      await call(jobPostsApi.remove, { params: { id } });
    },
    retry: retryMutation,
    meta: { showsLinkedRecords: true },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: endpointKey(jobPostsApi.get, { params: { id } }) });
      return queryClient.invalidateQueries({ queryKey: jobPostKeys.all });
    },
  });
}
