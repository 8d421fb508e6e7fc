import { type ClientSettings, clientSettingsSchema } from '@ilson/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';
import { parseRecord } from './records';

/**
 * `GET settings/client`: the settings every signed-in screen may need (export purpose required, idle timeout,
 * visa alert windows). Under the `settings` key, so saving the settings refreshes it too.
 */
export const clientSettingsQuery = queryOptions({
  queryKey: ['settings', 'client'] as const,
  queryFn: async ({ signal }): Promise<ClientSettings> => {
    const response = await api.get('settings/client', { signal });
    return parseRecord(clientSettingsSchema, response.data);
  },
  // Callers fall back to safe defaults; the server applies the real settings anyway.
  meta: { errorToast: false },
});

export const useClientSettings = (enabled = true) => useQuery({ ...clientSettingsQuery, enabled });
