import { type SettingsPatch, settingsApi } from '@ilson/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/endpoint';
import { retryMutation } from '../../api/records';
import { settingsQuery } from '../../api/settings';

export const useSettings = () => useQuery(settingsQuery);

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: SettingsPatch) => {
      return call(settingsApi.update, { body: patch });
    },
    retry: retryMutation,
    meta: { errorToast: false },
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingsQuery.queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: [settingsApi.get.tag], exact: false });
    },
  });
}
