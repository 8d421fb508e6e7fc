import {
  bulkResultSchema,
  type EMPLOYER_SORTS,
  type Employer,
  type EmployerStatus,
  type employerInputSchema,
  employerSchema,
  historyResponseSchema,
  listResponseSchema,
  type z,
} from '@ilson/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { idempotencyHeaders } from '../../api/idempotency';
import { parseRecord, parseReply, retryMutation } from '../../api/records';
import type { ListQuery } from '../../components/list/use-list-params';

export const EMPLOYER_FILTERS = [
  'status',
  'industry',
  'branchId',
  'region',
  'registeredFrom',
  'registeredTo',
] as const;
export type EmployerListQuery = ListQuery<(typeof EMPLOYER_FILTERS)[number], (typeof EMPLOYER_SORTS)[number]>;

/** The body of a create or an update: the contracts' employer input after its schema ran. */
export type EmployerBody = z.output<typeof employerInputSchema>;
export type BulkResult = z.infer<typeof bulkResultSchema>['data'][number];

const employerPageSchema = listResponseSchema(employerSchema);

export const employerKeys = {
  all: ['employers'] as const,
  list: (query: EmployerListQuery) => ['employers', 'list', query] as const,
  detail: (id: number) => ['employers', 'detail', id] as const,
  history: (id: number) => ['employers', 'history', id] as const,
};

export async function fetchEmployers(query: EmployerListQuery, signal?: AbortSignal) {
  const response = await api.get('employers', { params: query, signal });
  return parseReply(employerPageSchema, response.data);
}

export async function fetchEmployer(id: number, signal?: AbortSignal): Promise<Employer> {
  const response = await api.get(`employers/${id}`, { signal });
  return parseRecord(employerSchema, response.data);
}

export async function fetchEmployerHistory(id: number, signal?: AbortSignal) {
  const response = await api.get(`employers/${id}/history`, { signal });
  return parseReply(historyResponseSchema, response.data).data;
}

export const employerListQuery = (query: EmployerListQuery) =>
  queryOptions({
    queryKey: employerKeys.list(query),
    queryFn: ({ signal }) => fetchEmployers(query, signal),
    placeholderData: keepPreviousData,
  });

export const employerDetailQuery = (id: number) =>
  queryOptions({
    queryKey: employerKeys.detail(id),
    queryFn: ({ signal }) => fetchEmployer(id, signal),
    meta: { errorToast: false },
  });

export const employerHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: employerKeys.history(id),
    queryFn: ({ signal }) => fetchEmployerHistory(id, signal),
  });

export const useEmployerList = (query: EmployerListQuery) => useQuery(employerListQuery(query));
export const useEmployer = (id: number | null) =>
  useQuery({ ...employerDetailQuery(id ?? 0), enabled: id !== null });
export const useEmployerHistory = (id: number, enabled: boolean) =>
  useQuery({ ...employerHistoryQuery(id), enabled });

function useInvalidateEmployers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: employerKeys.all });
}

/** Create: the idempotency key travels with the variables, so the automatic retry sends the same one. */
export function useCreateEmployer() {
  const invalidate = useInvalidateEmployers();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: EmployerBody; idempotencyKey: string }) => {
      const response = await api.post('employers', body, { headers: idempotencyHeaders(idempotencyKey) });
      return parseRecord(employerSchema, response.data);
    },
    retry: retryMutation,
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}

export function useUpdateEmployer(id: number) {
  const invalidate = useInvalidateEmployers();
  return useMutation({
    mutationFn: async (body: EmployerBody & { version: number }) => {
      const response = await api.patch(`employers/${id}`, body);
      return parseRecord(employerSchema, response.data);
    },
    retry: retryMutation,
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}

export function useChangeEmployerStatus(id: number) {
  const invalidate = useInvalidateEmployers();
  return useMutation({
    mutationFn: async (body: { status: EmployerStatus; reason?: string; version: number }) => {
      await api.post(`employers/${id}/status`, body);
    },
    retry: retryMutation,
    meta: { showsLinkedRecords: true },
    // Refused or stale: the toast says why, and the page shows the status as it now is.
    onSettled: invalidate,
  });
}

export function useBulkEmployerStatus() {
  const invalidate = useInvalidateEmployers();
  return useMutation({
    mutationFn: async (body: { ids: number[]; status: EmployerStatus; reason?: string }) => {
      const response = await api.post('employers/bulk-status', body);
      return parseReply(bulkResultSchema, response.data).data;
    },
    retry: retryMutation,
    onSettled: invalidate,
  });
}

export function useDeleteEmployer(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api.delete(`employers/${id}`);
    },
    retry: retryMutation,
    meta: { showsLinkedRecords: true },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: employerKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: employerKeys.all });
    },
  });
}
