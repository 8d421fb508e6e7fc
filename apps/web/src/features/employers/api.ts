import {
  type bulkResultSchema,
  type EMPLOYER_SORTS,
  type EmployerPermitCreate,
  type EmployerPermitUpdate,
  type EmployerStatus,
  type employerInputSchema,
  employerPermitsApi,
  employersApi,
  type z,
} from '@ilson/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, endpointQuery } from '../../api/endpoint';
import { retryMutation } from '../../api/records';
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

export const employerKeys = {
  all: [employersApi.list.tag] as const,
};

export const employerListQuery = (query: EmployerListQuery) =>
  queryOptions({
    ...endpointQuery(employersApi.list, { query }),
    placeholderData: keepPreviousData,
  });

export const employerDetailQuery = (id: number) =>
  queryOptions({
    ...endpointQuery(employersApi.get, { params: { id } }),
    meta: { errorToast: false },
  });

export const employerHistoryQuery = (id: number) =>
  queryOptions({
    ...endpointQuery(employersApi.history, { params: { id } }),
    select: (reply) => reply.data,
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
      return call(employersApi.create, { body }, { idempotencyKey });
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
      return call(employersApi.update, { params: { id }, body });
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
      return call(employersApi.changeStatus, { params: { id }, body });
    },
    retry: retryMutation,
    meta: { showsLinkedRecords: true },
    // Refused or stale: the toast says why, and the page shows the status as it now is.
    onSettled: invalidate,
  });
}

export function useDeleteEmployer(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await call(employersApi.remove, { params: { id } });
    },
    retry: retryMutation,
    meta: { showsLinkedRecords: true },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: endpointKey(employersApi.get, { params: { id } }) });
      return queryClient.invalidateQueries({ queryKey: employerKeys.all });
    },
  });
}

/** The employer's 고용허가 and its use of the 고용허용인원, computed on the server. */
export const employerPermitsQuery = (id: number) =>
  queryOptions({ ...endpointQuery(employerPermitsApi.listPermits, { params: { id } }) });
export const useEmployerPermits = (id: number) => useQuery(employerPermitsQuery(id));

function useInvalidatePermits(id: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({
        queryKey: endpointKey(employerPermitsApi.listPermits, { params: { id } }),
      }),
      queryClient.invalidateQueries({ queryKey: endpointKey(employersApi.history, { params: { id } }) }),
    ]);
}

export function useSavePermit(id: number) {
  const invalidate = useInvalidatePermits(id);
  return useMutation({
    mutationFn: async (
      input:
        | { permitId: null; body: EmployerPermitCreate }
        | { permitId: number; body: EmployerPermitUpdate },
    ) =>
      input.permitId === null
        ? call(employerPermitsApi.createPermit, { params: { id }, body: input.body })
        : call(employerPermitsApi.updatePermit, {
            params: { id, permitId: input.permitId },
            body: input.body,
          }),
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}

export function useDeletePermit(id: number) {
  const invalidate = useInvalidatePermits(id);
  return useMutation({
    mutationFn: async (permitId: number) => {
      await call(employerPermitsApi.removePermit, { params: { id, permitId } });
    },
    meta: { showsLinkedRecords: true },
    onSuccess: invalidate,
  });
}
