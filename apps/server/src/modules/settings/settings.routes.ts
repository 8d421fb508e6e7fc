import { isDeepStrictEqual } from 'node:util';
import { secondFactorMessages, settingsApi } from '@ilson/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { validationError } from '../../lib/errors';
import { auditActor, requireAdmin } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import { loosensFor } from '../second-factor/second-factor.service';

const api = settingsApi;

export const settingsRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.get, async () => app.settings.getRecord());

  route(app, api.update, async (request) => {
    const admin = requireAdmin(request);
    const next = request.body.secondFactor;
    if (next) {
      const { secondFactor: current } = await app.settings.get();
      if (!isDeepStrictEqual(current, next)) {
        // docs/second-factor.md#policy: a fresh proof, and nobody loosens what binds themselves.
        await app.secondFactor.assertFresh(admin, request.ip);
        if (loosensFor(current, next, admin.role, request.ip)) {
          throw validationError([{ field: 'second_factor', message: secondFactorMessages.loosenSelf }]);
        }
      }
    }
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
