import { type DestructionListQuery, type DestructionRun, privacyApi } from '@ilson/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointQuery } from '../../api/endpoint';
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
