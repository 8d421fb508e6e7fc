import { publicSettingsSchema, settingsPatchSchema, settingsSchema } from '@ilson/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActor, requireAdmin } from '../../plugins/auth';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings',
    {
      config: { access: 'settings:read' },
      schema: { tags: ['settings'], summary: '시스템 설정', response: { 200: settingsSchema } },
    },
    async () => app.settings.get(),
  );

  app.patch(
    '/settings',
    {
      config: { access: 'settings:write' },
      schema: {
        tags: ['settings'],
        summary: '시스템 설정 변경 (변경 전후가 접속기록에 남음)',
        body: settingsPatchSchema,
        response: { 200: settingsSchema },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      return app.settings.update(request.body, { ...auditActor(request), actorAdminId: admin.id });
    },
  );

  app.get(
    '/settings/public',
    {
      config: { access: 'public' },
      schema: {
        tags: ['settings'],
        summary: '로그인 전에 보여 주는 서비스 이름과 연락처',
        response: { 200: publicSettingsSchema },
      },
    },
    async () => {
      const { serviceName, contactName, contactEmail, contactPhone } = await app.settings.get();
      return { serviceName, contactName, contactEmail, contactPhone };
    },
  );
};
