import { settingsApi } from '@ilson/contracts';
import { queryOptions } from '@tanstack/react-query';
import { endpointQuery } from './endpoint';

/**
 * `GET settings`: the whole system settings and their version, one cache entry for every screen that reads them
 * (the settings form, the job-post form's minimum wage, the new matching's default fee); a save refreshes it.
 */
export const settingsQuery = queryOptions({
  ...endpointQuery(settingsApi.get, {}),
  meta: { errorToast: false },
});
