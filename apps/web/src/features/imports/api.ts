import { IMPORT_RUNNING, IMPORTS_API, type ImportBatch, type ImportResource } from '@ilson/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointQuery, endpointScope, upload } from '../../api/endpoint';

/** How often a batch under way is read again (its counters move page by page on the server). */
const POLL_MS = 800;

export const isRunning = (batch: ImportBatch | undefined) =>
  Boolean(batch && (IMPORT_RUNNING.includes(batch.status) || batch.status === 'uploading'));

export function useImportBatch(resource: ImportResource, id: number | null) {
  const endpoints = IMPORTS_API[resource];
  return useQuery({
    ...endpointQuery(endpoints.get, { params: { id: id ?? 0 } }),
    enabled: id !== null,
    refetchInterval: (query) => (isRunning(query.state.data) ? POLL_MS : false),
    meta: { errorToast: false },
  });
}

export function useImportList(resource: ImportResource, page: number) {
  const endpoints = IMPORTS_API[resource];
  return useQuery({
    ...endpointQuery(endpoints.list, { query: { page, pageSize: 5 } }),
    placeholderData: keepPreviousData,
  });
}

/** The batch's runs: each answers the batch as it now stands, which goes straight into its cache entry. */
export function useImportActions(resource: ImportResource) {
  const endpoints = IMPORTS_API[resource];
  const queryClient = useQueryClient();
  const settle = (batch: ImportBatch) => {
    queryClient.setQueryData(endpointQuery(endpoints.get, { params: { id: batch.id } }).queryKey, batch);
    void queryClient.invalidateQueries({ queryKey: endpointScope(endpoints.list) });
    if (batch.status === 'committed' || batch.status === 'undoing') {
      void queryClient.invalidateQueries({ queryKey: [resource] });
    }
  };
  return {
    upload: useMutation({
      mutationFn: ({ file, signal, onProgress }: UploadInput) =>
        upload(endpoints.upload, { query: { fileName: file.name } }, file, { signal, onProgress }),
      onSuccess: settle,
    }),
    validate: useMutation({
      mutationFn: ({ id, mapping }: { id: number; mapping: (string | null)[] }) =>
        call(endpoints.validate, { params: { id }, body: { mapping } }),
      onSuccess: settle,
    }),
    commit: useMutation({
      mutationFn: (id: number) => call(endpoints.commit, { params: { id } }),
      onSuccess: settle,
    }),
    cancel: useMutation({
      mutationFn: (id: number) => call(endpoints.cancel, { params: { id } }),
      onSuccess: settle,
    }),
    undo: useMutation({
      mutationFn: (id: number) => call(endpoints.undo, { params: { id } }),
      onSuccess: settle,
    }),
  };
}

type UploadInput = {
  file: File;
  signal?: AbortSignal;
  onProgress?: (progress: { loaded: number; total: number }) => void;
};
