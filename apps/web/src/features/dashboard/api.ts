import { type Dashboard, dashboardSchema } from '@ilson/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { parseReply } from '../../api/records';

export type { Dashboard };

export const dashboardKeys = {
  all: ['dashboard'] as const,
};

/** One request for every card, chart and queue; its failure is shown in the page (with a retry), not as a toast. */
export const useDashboard = () =>
  useQuery({
    queryKey: dashboardKeys.all,
    queryFn: async ({ signal }): Promise<Dashboard> => {
      const response = await api.get('dashboard', { signal });
      return parseReply(dashboardSchema, response.data);
    },
    meta: { errorToast: false },
  });
