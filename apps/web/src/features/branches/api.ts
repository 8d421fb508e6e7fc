import {
  type AdminOption,
  adminOptionsResponseSchema,
  type BRANCH_SORTS,
  type BranchDetail,
  type BranchStatus,
  branchDetailSchema,
  type branchInputSchema,
  branchSchema,
  historyResponseSchema,
  listResponseSchema,
  type z,
} from '@ilson/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { idempotencyHeaders } from '../../api/idempotency';
import { parseRecord, parseReply, retryMutation } from '../../api/records';
import type { ListQuery } from '../../components/list/use-list-params';

export const BRANCH_FILTERS = ['status', 'region'] as const;
export type BranchListQuery = ListQuery<(typeof BRANCH_FILTERS)[number], (typeof BRANCH_SORTS)[number]>;

const branchPageSchema = listResponseSchema(branchSchema);

/** The body of a create or an update (the contracts' branch input after its schema ran). */
export type BranchBody = z.output<typeof branchInputSchema>;

export const branchKeys = {
  all: ['branches'] as const,
  list: (query: BranchListQuery) => ['branches', 'list', query] as const,
  detail: (id: number) => ['branches', 'detail', id] as const,
  history: (id: number) => ['branches', 'history', id] as const,
  managers: ['branches', 'manager-options'] as const,
};

export async function fetchBranches(query: BranchListQuery, signal?: AbortSignal) {
  const response = await api.get('branches', { params: query, signal });
  return parseReply(branchPageSchema, response.data);
}

export async function fetchBranch(id: number, signal?: AbortSignal): Promise<BranchDetail> {
  const response = await api.get(`branches/${id}`, { signal });
  return parseRecord(branchDetailSchema, response.data);
}

export async function fetchBranchHistory(id: number, signal?: AbortSignal) {
  const response = await api.get(`branches/${id}/history`, { signal });
  return parseReply(historyResponseSchema, response.data).data;
}

export async function fetchManagerOptions(signal?: AbortSignal): Promise<AdminOption[]> {
  const response = await api.get('admins/options', { signal });
  return parseReply(adminOptionsResponseSchema, response.data).data;
}

export const branchListQuery = (query: BranchListQuery) =>
  queryOptions({
    queryKey: branchKeys.list(query),
    queryFn: ({ signal }) => fetchBranches(query, signal),
    placeholderData: keepPreviousData,
  });

export const branchDetailQuery = (id: number) =>
  queryOptions({
    queryKey: branchKeys.detail(id),
    queryFn: ({ signal }) => fetchBranch(id, signal),
    // The page shows not found / no access itself.
    meta: { errorToast: false },
  });

export const branchHistoryQuery = (id: number) =>
  queryOptions({ queryKey: branchKeys.history(id), queryFn: ({ signal }) => fetchBranchHistory(id, signal) });

export const managerOptionsQuery = queryOptions({
  queryKey: branchKeys.managers,
  queryFn: ({ signal }) => fetchManagerOptions(signal),
  meta: { errorToast: false },
  retry: false,
});

export const useBranchList = (query: BranchListQuery) => useQuery(branchListQuery(query));
export const useBranch = (id: number | null) =>
  useQuery({ ...branchDetailQuery(id ?? 0), enabled: id !== null });
export const useBranchHistory = (id: number, enabled: boolean) =>
  useQuery({ ...branchHistoryQuery(id), enabled });
export const useManagerOptions = () => useQuery(managerOptionsQuery);

function useInvalidateBranches() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: branchKeys.all });
}

/** Create: the idempotency key comes with the variables, so the automatic retry sends the same one. */
export function useCreateBranch() {
  const invalidate = useInvalidateBranches();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: BranchBody; idempotencyKey: string }) => {
      const response = await api.post('branches', body, { headers: idempotencyHeaders(idempotencyKey) });
      return parseRecord(branchSchema, response.data);
    },
    retry: retryMutation,
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}

export function useUpdateBranch(id: number) {
  const invalidate = useInvalidateBranches();
  return useMutation({
    mutationFn: async (body: BranchBody & { version: number }) => {
      const response = await api.patch(`branches/${id}`, body);
      return parseRecord(branchSchema, response.data);
    },
    retry: retryMutation,
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}

export function useChangeBranchStatus(id: number) {
  const invalidate = useInvalidateBranches();
  return useMutation({
    mutationFn: async (body: { status: BranchStatus; reason?: string; version: number }) => {
      const response = await api.post(`branches/${id}/status`, body);
      return response.data as unknown;
    },
    retry: retryMutation,
    // A refused or stale change: the toast says why, and the page shows the status as it now is.
    onSettled: invalidate,
  });
}

export function useDeleteBranch(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api.delete(`branches/${id}`);
    },
    retry: retryMutation,
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: branchKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: branchKeys.all });
    },
  });
}
