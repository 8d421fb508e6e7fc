import { dashboardSchema } from '@ilson/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth';
import type { DashboardService } from './dashboard.service';

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (
  app,
  { dashboard },
) => {
  app.get(
    '/dashboard',
    {
      schema: {
        tags: ['dashboard'],
        summary:
          '대시보드 (승인 대기·비자 만료 임박·이번 달 매칭·정산 대기·리뷰 검수 건수, 12개월 추이, 국적별, 할 일)',
        response: { 200: dashboardSchema },
      },
    },
    async (request) => dashboard.get(actorOf(request)),
  );
};
