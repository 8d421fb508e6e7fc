import {
  clientSettingsSchema,
  publicSettingsSchema,
  settingsPatchSchema,
  settingsRecordSchema,
} from '@ilson/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActor, requireAdmin } from '../../plugins/auth';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings',
    {
      schema: { tags: ['settings'], summary: '시스템 설정', response: { 200: settingsRecordSchema } },
    },
    async () => app.settings.getRecord(),
  );

  app.patch(
    '/settings',
    {
      schema: {
        tags: ['settings'],
        summary: '시스템 설정 변경 (변경 전후가 접속기록에 남음)',
        body: settingsPatchSchema,
        response: { 200: settingsRecordSchema },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      return app.settings.update(request.body, { ...auditActor(request), actorAdminId: admin.id });
    },
  );

  app.get(
    '/settings/client',
    {
      config: { duringPasswordChange: true },
      schema: {
        tags: ['settings'],
        summary: '로그인한 화면이 쓰는 설정 (다운로드 사유 필수 여부, 유휴 시간, 비자 알림 구간)',
        response: { 200: clientSettingsSchema },
      },
    },
    async () => {
      const { exportReasonRequired, sessionTimeoutMinutes, visaAlertDays } = await app.settings.get();
      return { exportReasonRequired, sessionTimeoutMinutes, visaAlertDays };
    },
  );

  app.get(
    '/settings/public',
    {
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
