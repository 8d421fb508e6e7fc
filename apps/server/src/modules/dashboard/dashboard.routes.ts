import { dashboardApi } from '@ilson/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import type { DashboardService } from './dashboard.service';

const api = dashboardApi;

export const dashboardRoutes: FastifyPluginAsync<{ dashboard: DashboardService }> = async (
  app,
  { dashboard },
) => {
  route(app, api.get, async (request) => dashboard.get(actorOf(request)));
};
