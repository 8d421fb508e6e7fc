import {
  camelToSnake,
  type ExtensionStatus,
  historyResponseSchema,
  listResponseSchema,
  type PiiField,
  visaExpiryResponseSchema,
  type WORKER_SORTS,
  type Worker,
  type WorkerStatus,
  type workerInputSchema,
  workerRevealResponseSchema,
  workerSchema,
  type z,
} from '@ilson/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { idempotencyHeaders } from '../../api/idempotency';
import { parseRecord, parseReply, retryMutation } from '../../api/records';
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

const workerPageSchema = listResponseSchema(workerSchema);

export const workerKeys = {
  all: ['workers'] as const,
  list: (query: WorkerListQuery) => ['workers', 'list', query] as const,
  visaExpiry: (query: VisaExpiryListQuery) => ['workers', 'visa-expiry', query] as const,
  detail: (id: number) => ['workers', 'detail', id] as const,
  history: (id: number) => ['workers', 'history', id] as const,
};

export async function fetchWorkers(query: WorkerListQuery, signal?: AbortSignal) {
  const response = await api.get('workers', { params: query, signal });
  return parseReply(workerPageSchema, response.data);
}

export async function fetchVisaExpiry(query: VisaExpiryListQuery, signal?: AbortSignal) {
  const response = await api.get('workers/visa-expiry', { params: query, signal });
  return parseReply(visaExpiryResponseSchema, response.data);
}

/** The server logs every call of this as a view of the worker's personal data. */
export async function fetchWorker(id: number, signal?: AbortSignal): Promise<Worker> {
  const response = await api.get(`workers/${id}`, { signal });
  return parseRecord(workerSchema, response.data);
}

export async function fetchWorkerHistory(id: number, signal?: AbortSignal) {
  const response = await api.get(`workers/${id}/history`, { signal });
  return parseReply(historyResponseSchema, response.data).data;
}

export const workerListQuery = (query: WorkerListQuery) =>
  queryOptions({
    queryKey: workerKeys.list(query),
    queryFn: ({ signal }) => fetchWorkers(query, signal),
    placeholderData: keepPreviousData,
  });

export const visaExpiryQuery = (query: VisaExpiryListQuery) =>
  queryOptions({
    queryKey: workerKeys.visaExpiry(query),
    queryFn: ({ signal }) => fetchVisaExpiry(query, signal),
    placeholderData: keepPreviousData,
  });

export const workerDetailQuery = (id: number) =>
  queryOptions({
    queryKey: workerKeys.detail(id),
    queryFn: ({ signal }) => fetchWorker(id, signal),
    meta: { errorToast: false },
  });

export const workerHistoryQuery = (id: number) =>
  queryOptions({ queryKey: workerKeys.history(id), queryFn: ({ signal }) => fetchWorkerHistory(id, signal) });

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
      const response = await api.post('workers', body, { headers: idempotencyHeaders(idempotencyKey) });
      return parseRecord(workerSchema, response.data);
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
      const response = await api.patch(`workers/${id}`, body);
      return parseRecord(workerSchema, response.data);
    },
    retry: retryMutation,
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}

export function useChangeWorkerStatus(id: number) {
  const invalidate = useInvalidateWorkers();
  return useMutation({
    mutationFn: async (body: { status: WorkerStatus; reason?: string; version: number }) => {
      await api.post(`workers/${id}/status`, body);
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
      await api.patch(`workers/${id}/extension`, body);
    },
    retry: retryMutation,
    meta: { errorToast: false },
    onSettled: invalidate,
  });
}

/** The plain value, once: kept by the screen that asked, never in the query cache. */
export function useRevealWorkerField(id: number) {
  return useMutation({
    mutationFn: async (body: { field: PiiField; reason: string }) => {
      // Field names travel as snake_case values (docs/ARCHITECTURE.md#wire).
      const response = await api.post(`workers/${id}/reveal`, { ...body, field: camelToSnake(body.field) });
      return parseReply(workerRevealResponseSchema, response.data);
    },
    retry: retryMutation,
    meta: { errorToast: false },
  });
}

export function useDeleteWorker(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api.delete(`workers/${id}`);
    },
    retry: retryMutation,
    meta: { showsLinkedRecords: true },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: workerKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: workerKeys.all });
    },
  });
}
