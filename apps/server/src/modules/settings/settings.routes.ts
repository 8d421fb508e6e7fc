import { settingsApi } from '@ilson/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { auditActor, requireAdmin } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';

const api = settingsApi;

export const settingsRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.get, async () => app.settings.getRecord());

  route(app, api.update, async (request) => {
    const admin = requireAdmin(request);
    return app.settings.update(request.body, { ...auditActor(request), actorAdminId: admin.id });
  });

  route(app, api.client, async () => {
    const { exportReasonRequired, sessionTimeoutMinutes, visaAlertDays, addressSearchEnabled } =
      await app.settings.get();
    return { exportReasonRequired, sessionTimeoutMinutes, visaAlertDays, addressSearchEnabled };
  });

  route(app, api.public, async () => {
    const { serviceName, contactName, contactEmail, contactPhone } = await app.settings.get();
    return { serviceName, contactName, contactEmail, contactPhone };
  });
};
