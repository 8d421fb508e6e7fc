import { type SettingsRecord, settingsRecordSchema } from '@ilson/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { parseRecord } from './records';

/**
 * `GET settings`: the whole system settings and their version, one cache entry for every screen that reads them
 * (the settings form, the job-post form's minimum wage, the new matching's default fee); a save refreshes it.
 */
export const settingsQuery = queryOptions({
  queryKey: ['settings'] as const,
  queryFn: async ({ signal }): Promise<SettingsRecord> => {
    const response = await api.get('settings', { signal });
    return parseRecord(settingsRecordSchema, response.data);
  },
  meta: { errorToast: false },
});
