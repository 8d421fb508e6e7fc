import {
  type DestructionListQuery,
  type DestructionRun,
  dashboardApi,
  type PrivacyRequestCreate,
  type PrivacyRequestListQuery,
  type PrivacyRequestUpdate,
  privacyApi,
} from '@ilson/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointQuery } from '../../api/endpoint';
import { retryMutation } from '../../api/records';
import { fetchDownload } from '../../components/export/download';

export const privacyKeys = { all: [privacyApi.destructions.tag] as const };

export const useDestructions = (query: DestructionListQuery) =>
  useQuery({ ...endpointQuery(privacyApi.destructions, { query }), placeholderData: keepPreviousData });

/**
 * A dry run or a real one. Never retried by itself: a real run that met a network failure may have destroyed, and
 * the register, refreshed either way, says what it did.
 */
export function useRunDestruction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DestructionRun) => call(privacyApi.runDestruction, { body }),
    retry: false,
    meta: { errorToast: false },
    onSettled: (_data, _error, body) => {
      if (body.dryRun === false) void queryClient.invalidateQueries({ queryKey: privacyKeys.all });
    },
  });
}

/** The register's filters as the export takes them (no paging). */
export function fetchRegisterExport(query: Omit<DestructionListQuery, 'page' | 'pageSize'>) {
  const params = Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== ''),
  );
  return fetchDownload(privacyApi.exportDestructions, params);
}

export const useRequests = (query: PrivacyRequestListQuery) =>
  useQuery({ ...endpointQuery(privacyApi.requests, { query }), placeholderData: keepPreviousData });

export const useRequest = (id: number | null) =>
  useQuery({ ...endpointQuery(privacyApi.request, { params: { id: id ?? 0 } }), enabled: id !== null });

/** A request's change refreshes the requests and the dashboard's count of them. */
function useInvalidateRequests() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: privacyKeys.all });
    void queryClient.invalidateQueries({ queryKey: [dashboardApi.get.tag] });
  };
}

export function useCreateRequest() {
  const invalidate = useInvalidateRequests();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: PrivacyRequestCreate; idempotencyKey: string }) =>
      call(privacyApi.createRequest, { body }, { idempotencyKey }),
    retry: retryMutation,
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}

export function useUpdateRequest() {
  const invalidate = useInvalidateRequests();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PrivacyRequestUpdate }) =>
      call(privacyApi.updateRequest, { params: { id }, body }),
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}

/** Never retried by itself: the register and the request say what a lost reply did. */
export function useEraseRequest() {
  const invalidate = useInvalidateRequests();
  return useMutation({
    mutationFn: (id: number) => call(privacyApi.erase, { params: { id } }),
    retry: false,
    meta: { errorToast: false },
    onSettled: invalidate,
  });
}

export function fetchAccessFile(id: number, reason: string) {
  return fetchDownload(privacyApi.accessFile, { reason }, {}, { id });
}
