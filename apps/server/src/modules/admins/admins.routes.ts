import { adminOptionsResponseSchema } from '@ilson/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAdminOptions } from './admins.repository';

export const adminsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admins/options',
    {
      config: { access: 'branches:write' },
      schema: {
        tags: ['admins'],
        summary: '선택 목록용 관리자 (지점장 지정 등, 사용 중지 제외)',
        response: { 200: adminOptionsResponseSchema },
      },
    },
    async () => ({ data: await listAdminOptions(app.db) }),
  );
};
