import {
  type AdminOption,
  adminsApi,
  type BRANCH_SORTS,
  type BranchStatus,
  branchesApi,
  type branchInputSchema,
  type z,
} from '@ilson/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, endpointQuery } from '../../api/endpoint';
import { retryMutation } from '../../api/records';
import type { ListQuery } from '../../components/list/use-list-params';

export const BRANCH_FILTERS = ['status', 'region'] as const;
export type BranchListQuery = ListQuery<(typeof BRANCH_FILTERS)[number], (typeof BRANCH_SORTS)[number]>;

/** The body of a create or an update (the contracts' branch input after its schema ran). */
export type BranchBody = z.output<typeof branchInputSchema>;

export const branchKeys = { all: [branchesApi.list.tag] as const };

export const branchListQuery = (query: BranchListQuery) =>
  queryOptions({ ...endpointQuery(branchesApi.list, { query }), placeholderData: keepPreviousData });

export const branchDetailQuery = (id: number) =>
  queryOptions({
    ...endpointQuery(branchesApi.get, { params: { id } }),
    // The page shows not found / no access itself.
    meta: { errorToast: false },
  });

export const branchHistoryQuery = (id: number) =>
  queryOptions({ ...endpointQuery(branchesApi.history, { params: { id } }), select: (reply) => reply.data });

/** The admins a branch may be given as its manager. */
export const managerOptionsQuery = queryOptions({
  ...endpointQuery(adminsApi.options, {}),
  select: (reply): AdminOption[] => reply.data,
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
      return call(branchesApi.create, { body }, { idempotencyKey });
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
      return call(branchesApi.update, { params: { id }, body });
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
      return call(branchesApi.changeStatus, { params: { id }, body });
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
      await call(branchesApi.remove, { params: { id } });
    },
    retry: retryMutation,
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: endpointKey(branchesApi.get, { params: { id } }) });
      return queryClient.invalidateQueries({ queryKey: branchKeys.all });
    },
  });
}
