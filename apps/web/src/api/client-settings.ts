import { settingsApi } from '@ilson/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpointQuery } from './endpoint';

/**
 * `GET settings/client`: the settings every signed-in screen may need (export purpose required, idle timeout,
 * visa alert windows). Under the `settings` key, so saving the settings refreshes it too.
 */
export const clientSettingsQuery = queryOptions({
  ...endpointQuery(settingsApi.client, {}),
  // Callers fall back to safe defaults; the server applies the real settings anyway.
  meta: { errorToast: false },
});

export const useClientSettings = (enabled = true) => useQuery({ ...clientSettingsQuery, enabled });
