import {
  historyResponseSchema,
  listResponseSchema,
  type RESUME_SORTS,
  type Resume,
  type ResumeStatus,
  type resumeContentSchema,
  resumeSchema,
  workerSchema,
  type z,
} from '@ilson/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { idempotencyHeaders } from '../../api/idempotency';
import { parseRecord, parseReply, retryMutation } from '../../api/records';
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

const resumePageSchema = listResponseSchema(resumeSchema);

export const resumeKeys = {
  all: ['resumes'] as const,
  list: (query: ResumeListQuery) => ['resumes', 'list', query] as const,
  detail: (id: number) => ['resumes', 'detail', id] as const,
  history: (id: number) => ['resumes', 'history', id] as const,
};

export const useResumeList = (query: ResumeListQuery) =>
  useQuery({
    queryKey: resumeKeys.list(query),
    queryFn: async ({ signal }) => {
      const response = await api.get('resumes', { params: query, signal });
      return parseReply(resumePageSchema, response.data);
    },
    placeholderData: keepPreviousData,
  });

/** The server counts every call of this as a view (viewsCount, lastViewedAt). */
export const useResume = (id: number | null) =>
  useQuery({
    queryKey: resumeKeys.detail(id ?? 0),
    queryFn: async ({ signal }): Promise<Resume> => {
      const response = await api.get(`resumes/${id}`, { signal });
      return parseRecord(resumeSchema, response.data);
    },
    enabled: id !== null,
    meta: { errorToast: false },
  });

export const useResumeHistory = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: resumeKeys.history(id),
    queryFn: async ({ signal }) => {
      const response = await api.get(`resumes/${id}/history`, { signal });
      return parseReply(historyResponseSchema, response.data).data;
    },
    enabled,
  });

/**
 * The worker a resume page is about, for its title when they have no resume yet. (Their resumes carry the
 * name; this call is logged as a view of personal data, so it is made only when needed.)
 */
export const useWorkerForResumes = (id: number | null, enabled: boolean) =>
  useQuery({
    queryKey: ['workers', 'detail', id ?? 0],
    queryFn: async ({ signal }) =>
      parseRecord(workerSchema, (await api.get(`workers/${id}`, { signal })).data),
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
      const response = await api.post(
        'resumes',
        { workerId, status: 'draft' },
        { headers: idempotencyHeaders(idempotencyKey) },
      );
      return parseRecord(resumeSchema, response.data);
    },
    retry: retryMutation,
    onSuccess: invalidate,
  });
}

export function useUpdateResume(id: number) {
  const invalidate = useInvalidateResumes();
  return useMutation({
    mutationFn: async (body: ResumeContent & { version: number }) => {
      const response = await api.patch(`resumes/${id}`, body);
      return parseRecord(resumeSchema, response.data);
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
      await api.post(`resumes/${id}/status`, body);
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
      await api.delete(`resumes/${id}`);
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
      await api.post(`resumes/${id}/restore`);
    },
    retry: retryMutation,
    onSettled: invalidate,
  });
}
