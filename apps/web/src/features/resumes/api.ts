import {
  type RESUME_SORTS,
  type ResumeStatus,
  type resumeContentSchema,
  resumesApi,
  workersApi,
  type z,
} from '@ilson/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointQuery } from '../../api/endpoint';
import { retryMutation } from '../../api/records';
import type { ListQuery } from '../../components/list/use-list-params';

export const RESUME_FILTERS = [
  'status',
  'visibility',
  'branchId',
  'nationality',
  'deleted',
  'workerId',
] as const;
export type ResumeFilter = (typeof RESUME_FILTERS)[number];
export type ResumeSort = (typeof RESUME_SORTS)[number];
export type ResumeListQuery = ListQuery<ResumeFilter, ResumeSort>;
export type ResumeContent = z.output<typeof resumeContentSchema>;

export const resumeKeys = {
  all: [resumesApi.list.tag] as const,
};

export const useResumeList = (query: ResumeListQuery) =>
  useQuery({
    ...endpointQuery(resumesApi.list, { query }),
    placeholderData: keepPreviousData,
  });

/** The server counts every call of this as a view (viewsCount, lastViewedAt). */
export const useResume = (id: number | null) =>
  useQuery({
    ...endpointQuery(resumesApi.get, { params: { id: id ?? 0 } }),
    enabled: id !== null,
    meta: { errorToast: false },
  });

export const useResumeHistory = (id: number, enabled: boolean) =>
  useQuery({
    ...endpointQuery(resumesApi.history, { params: { id } }),
    select: (reply) => reply.data,
    enabled,
  });

/**
 * The worker a resume page is about, for its title when they have no resume yet. (Their resumes carry the
 * name; this call is logged as a view of personal data, so it is made only when needed.)
 */
export const useWorkerForResumes = (id: number | null, enabled: boolean) =>
  useQuery({
    ...endpointQuery(workersApi.get, { params: { id: id ?? 0 } }),
    enabled: enabled && id !== null,
    meta: { errorToast: false },
  });

function useInvalidateResumes() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: resumeKeys.all });
}

/** A fresh draft for a worker, filled in afterwards on its own page. */
export function useCreateResume() {
  const invalidate = useInvalidateResumes();
  return useMutation({
    mutationFn: async ({ workerId, idempotencyKey }: { workerId: number; idempotencyKey: string }) => {
      return call(resumesApi.create, { body: { workerId, status: 'draft' } }, { idempotencyKey });
    },
    retry: retryMutation,
    onSuccess: invalidate,
  });
}

export function useUpdateResume(id: number) {
  const invalidate = useInvalidateResumes();
  return useMutation({
    mutationFn: async (body: ResumeContent & { version: number }) => {
      return call(resumesApi.update, { params: { id }, body });
    },
    retry: retryMutation,
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}

export function useChangeResumeStatus(id: number) {
  const invalidate = useInvalidateResumes();
  return useMutation({
    mutationFn: async (body: { status: ResumeStatus; reason?: string; version: number }) => {
      await call(resumesApi.changeStatus, { params: { id }, body });
    },
    retry: retryMutation,
    meta: { showsLinkedRecords: true },
    onSettled: invalidate,
  });
}

export function useDeleteResume(id: number) {
  const invalidate = useInvalidateResumes();
  return useMutation({
    mutationFn: async () => {
      await call(resumesApi.remove, { params: { id } });
    },
    retry: retryMutation,
    meta: { showsLinkedRecords: true },
    onSettled: invalidate,
  });
}

export function useRestoreResume(id: number) {
  const invalidate = useInvalidateResumes();
  return useMutation({
    mutationFn: async () => {
      await call(resumesApi.restore, { params: { id } });
    },
    retry: retryMutation,
    onSettled: invalidate,
  });
}
