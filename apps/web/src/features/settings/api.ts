import { type Settings, type SettingsPatch, settingsSchema } from '@ilson/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { parseRecord, retryMutation } from '../../api/records';

/**
 * `GET settings`: the whole system settings. The key is the one the job-post and matching forms read the
 * minimum wage under, and a save refreshes every `settings` query (the idle timeout, the visa windows).
 */
export const settingsQuery = queryOptions({
  queryKey: ['settings'] as const,
  queryFn: async ({ signal }): Promise<Settings> => {
    const response = await api.get('settings', { signal });
    return parseRecord(settingsSchema, response.data);
  },
  meta: { errorToast: false },
});

export const useSettings = () => useQuery(settingsQuery);

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: SettingsPatch) => {
      const response = await api.patch('settings', patch);
      return parseRecord(settingsSchema, response.data);
    },
    retry: retryMutation,
    meta: { errorToast: false },
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingsQuery.queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: ['settings'], exact: false });
    },
  });
}
