import { type TrashType, trashApi } from '@ilson/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointQuery } from '../../api/endpoint';
import { retryMutation } from '../../api/records';

export const useTrashList = (query: { type: TrashType; page: number; pageSize: number }) =>
  useQuery({ ...endpointQuery(trashApi.list, { query }), placeholderData: keepPreviousData });

/** A restore changes the kind's lists and search too: every screen reads again. */
export function useRestore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: { type: TrashType; id: number }) => call(trashApi.restore, { params: target }),
    retry: retryMutation,
    // The page shows a refusal in a dialog (components/refusal-dialog.tsx) and any other error as a toast.
    meta: { errorToast: false },
    onSettled: () => queryClient.invalidateQueries(),
  });
}
