import { adminsApi } from '@ilson/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf, requireAdmin } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import { listAdminOptions } from './admins.repository';
import type { AdminsService } from './admins.service';

const api = adminsApi;

export const adminsRoutes: FastifyPluginAsync<{ admins: AdminsService }> = async (app, { admins }) => {
  route(app, api.options, async () => ({ data: await listAdminOptions(app.db) }));
  route(app, api.list, async (request) => admins.list(request.query));
  route(app, api.get, async (request) => admins.get(request.params.id));
  // Granting or changing a role asks for a fresh second factor (docs/second-factor.md#step-up).
  route(app, api.create, async (request) => {
    await app.secondFactor.assertFresh(requireAdmin(request), request.ip);
    return admins.create(request.body, actorOf(request));
  });
  route(app, api.update, async (request) => {
    const { role } = request.body;
    if (role !== undefined && role !== (await admins.get(request.params.id)).role) {
      await app.secondFactor.assertFresh(requireAdmin(request), request.ip);
    }
    return admins.update(request.params.id, request.body, actorOf(request));
  });
  route(app, api.disable, async (request) =>
    admins.disable(request.params.id, request.body.version, actorOf(request)),
  );
  route(app, api.enable, async (request) =>
    admins.enable(request.params.id, request.body.version, actorOf(request)),
  );
  route(app, api.unlock, async (request) =>
    admins.unlock(request.params.id, request.body.version, actorOf(request)),
  );
  route(app, api.resetPassword, async (request) =>
    admins.resetPassword(request.params.id, request.body.version, actorOf(request)),
  );
};
