import { type Dashboard, dashboardApi } from '@ilson/contracts';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../api/endpoint';

export type { Dashboard };

/** One request for every card, chart and queue; its failure is shown in the page (with a retry), not as a toast. */
export const useDashboard = () =>
  useQuery({
    ...endpointQuery(dashboardApi.get, {}),
    meta: { errorToast: false },
  });
