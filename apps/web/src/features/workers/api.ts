import {
  camelToSnake,
  type EndpointBody,
  type ExtensionStatus,
  type PiiField,
  type ReentryKind,
  type WORKER_SORTS,
  type Worker,
  type WorkerStatus,
  type WorkplaceChangeCreate,
  type WorkplaceChangeUpdate,
  type workerInputSchema,
  workersApi,
  workplaceChangesApi,
  type z,
} from '@ilson/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, endpointQuery } from '../../api/endpoint';
import { retryMutation } from '../../api/records';
import type { ListQuery } from '../../components/list/use-list-params';

export const WORKER_FILTERS = [
  'status',
  'nationality',
  'visaType',
  'branchId',
  'visaExpiryFrom',
  'visaExpiryTo',
] as const;
/** `reason`: the purpose of a search by a full identifier (`useIdentifierSearch`), never kept in the address. */
export type WorkerListQuery = ListQuery<(typeof WORKER_FILTERS)[number], (typeof WORKER_SORTS)[number]> & {
  reason?: string;
};

export const VISA_EXPIRY_FILTERS = ['branchId', 'nationality', 'visaType', 'extensionStatus'] as const;
/** `GET workers/visa-expiry`: no sort (always by days left), a bucket besides the filters. */
export type VisaExpiryListQuery = Omit<ListQuery<(typeof VISA_EXPIRY_FILTERS)[number]>, 'sort' | 'order'> & {
  bucket?: string;
  reason?: string;
};

/** The body of a create or an update: the contracts' worker input after its schema ran. */
export type WorkerBody = z.output<typeof workerInputSchema>;

export type ExtensionBody = {
  extensionStatus: ExtensionStatus;
  extensionAppliedAt?: string | null;
  extensionApprovedAt?: string | null;
  newVisaExpiryDate?: string;
  version: number;
};

export const workerKeys = { all: [workersApi.list.tag] as const };

/** The server logs every call of this as a view of the worker's personal data. */
export const fetchWorker = (id: number, signal?: AbortSignal): Promise<Worker> =>
  call(workersApi.get, { params: { id } }, { signal });

export const workerListQuery = (query: WorkerListQuery) =>
  queryOptions({ ...endpointQuery(workersApi.list, { query }), placeholderData: keepPreviousData });

export const visaExpiryQuery = (query: VisaExpiryListQuery) =>
  queryOptions({ ...endpointQuery(workersApi.visaExpiry, { query }), placeholderData: keepPreviousData });

/** A worker by id, one cache entry wherever it is read (the detail page, a resume's form, a new matching). */
export const workerDetailQuery = (id: number) =>
  queryOptions({ ...endpointQuery(workersApi.get, { params: { id } }), meta: { errorToast: false } });

export const workerHistoryQuery = (id: number) =>
  queryOptions({ ...endpointQuery(workersApi.history, { params: { id } }), select: (reply) => reply.data });

/** `enabled` false: not asked (a search by identifier waiting for its purpose), and no earlier page shown. */
export const useWorkerList = (query: WorkerListQuery, enabled = true) =>
  useQuery({ ...workerListQuery(query), enabled, placeholderData: enabled ? keepPreviousData : undefined });
export const useVisaExpiry = (query: VisaExpiryListQuery, enabled = true) =>
  useQuery({ ...visaExpiryQuery(query), enabled, placeholderData: enabled ? keepPreviousData : undefined });
export const useWorker = (id: number | null) =>
  useQuery({ ...workerDetailQuery(id ?? 0), enabled: id !== null });
export const useWorkerHistory = (id: number, enabled: boolean) =>
  useQuery({ ...workerHistoryQuery(id), enabled });

function useInvalidateWorkers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: workerKeys.all });
}

/** Create: the idempotency key travels with the variables, so the automatic retry sends the same one. */
export function useCreateWorker() {
  const invalidate = useInvalidateWorkers();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: WorkerBody; idempotencyKey: string }) => {
      return call(workersApi.create, { body }, { idempotencyKey });
    },
    retry: retryMutation,
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}

export function useUpdateWorker(id: number) {
  const invalidate = useInvalidateWorkers();
  return useMutation({
    mutationFn: async (body: WorkerBody & { version: number }) => {
      return call(workersApi.update, { params: { id }, body });
    },
    retry: retryMutation,
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}

export function useChangeWorkerStatus(id: number) {
  const invalidate = useInvalidateWorkers();
  return useMutation({
    mutationFn: async (body: {
      status: WorkerStatus;
      reason?: string;
      version: number;
      /** 재입국 처리 only (docs/law-as-data.md#reentry). */
      entryDate?: string;
      reentryKind?: ReentryKind;
    }) => {
      await call(workersApi.changeStatus, { params: { id }, body });
    },
    retry: retryMutation,
    meta: { showsLinkedRecords: true },
    onSettled: invalidate,
  });
}

export function useUpdateExtension() {
  const invalidate = useInvalidateWorkers();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: ExtensionBody }) => {
      await call(workersApi.updateExtension, { params: { id }, body });
    },
    retry: retryMutation,
    meta: { errorToast: false },
    onSettled: invalidate,
  });
}

type RevealBody = EndpointBody<typeof workersApi.reveal>;

/** The plain value, once: kept by the screen that asked, never in the query cache. */
export function useRevealWorkerField(id: number) {
  return useMutation({
    mutationFn: async (body: { field: PiiField; reason: string }) => {
      // Field names travel as snake_case values (docs/ARCHITECTURE.md#wire).
      return call(workersApi.reveal, {
        params: { id },
        body: { ...body, field: camelToSnake(body.field) as RevealBody['field'] },
      });
    },
    retry: retryMutation,
    meta: { errorToast: false },
  });
}

export function useDeleteWorker(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await call(workersApi.remove, { params: { id } });
    },
    retry: retryMutation,
    meta: { showsLinkedRecords: true },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: endpointKey(workersApi.get, { params: { id } }) });
      return queryClient.invalidateQueries({ queryKey: workerKeys.all });
    },
  });
}

/** A worker's 사업장 변경 with the count used and left and the job-search deadline (docs/law-as-data.md#workplace-changes). */
export const workplaceChangesQuery = (workerId: number) =>
  queryOptions({
    ...endpointQuery(workplaceChangesApi.list, { params: { id: workerId } }),
    // The section says it could not load; the worker page itself stands.
    meta: { errorToast: false },
  });
export const useWorkplaceChanges = (workerId: number) => useQuery(workplaceChangesQuery(workerId));

/** The records and the worker's history (each write is logged on the worker) are read again after a write. */
function useInvalidateWorkplaceChanges() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [workplaceChangesApi.list.tag] }),
      queryClient.invalidateQueries({ queryKey: workerKeys.all }),
    ]);
}

/** Create (no `changeId`) or edit (with its version) one record. */
export function useSaveWorkplaceChange(workerId: number) {
  const invalidate = useInvalidateWorkplaceChanges();
  return useMutation({
    mutationFn: async (
      input:
        | { changeId: null; body: WorkplaceChangeCreate }
        | { changeId: number; body: WorkplaceChangeUpdate },
    ) => {
      if (input.changeId === null) {
        return call(workplaceChangesApi.create, { params: { id: workerId }, body: input.body });
      }
      return call(workplaceChangesApi.update, {
        params: { id: workerId, changeId: input.changeId },
        body: input.body,
      });
    },
    retry: retryMutation,
    meta: { errorToast: false },
    onSettled: invalidate,
  });
}

export function useDeleteWorkplaceChange(workerId: number) {
  const invalidate = useInvalidateWorkplaceChanges();
  return useMutation({
    mutationFn: async (changeId: number) => {
      await call(workplaceChangesApi.remove, { params: { id: workerId, changeId } });
    },
    retry: retryMutation,
    meta: { showsLinkedRecords: true },
    onSettled: invalidate,
  });
}
