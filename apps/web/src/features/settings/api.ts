import { type SettingsPatch, settingsRecordSchema } from '@ilson/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { parseRecord, retryMutation } from '../../api/records';
import { settingsQuery } from '../../api/settings';

export const useSettings = () => useQuery(settingsQuery);

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: SettingsPatch) => {
      const response = await api.patch('settings', patch);
      return parseRecord(settingsRecordSchema, response.data);
    },
    retry: retryMutation,
    meta: { errorToast: false },
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingsQuery.queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: ['settings'], exact: false });
    },
  });
}
