import { employerPermitsApi, employersApi } from '@ilson/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import type { EmployerPermitsService } from './employer-permits.service';
import type { EmployersService } from './employers.service';

const api = employersApi;

/**
 * Status changes take `employers:write` at the door; each transition then needs its own permission
 * from EMPLOYER_TRANSITIONS (approve, reject, suspend: `employers:approve`).
 */
export const employersRoutes: FastifyPluginAsync<{
  employers: EmployersService;
  permits: EmployerPermitsService;
}> = async (app, { employers, permits }) => {
  route(app, api.list, async (request) => employers.list(request.query, actorOf(request)));

  route(app, api.get, async (request) => employers.get(request.params.id, actorOf(request)));

  route(app, api.create, async (request) => employers.create(request.body, actorOf(request)));

  route(app, api.update, async (request) =>
    employers.update(request.params.id, request.body, actorOf(request)),
  );

  route(app, api.changeStatus, async (request) =>
    employers.changeStatus(request.params.id, request.body, actorOf(request)),
  );

  route(app, api.bulkStatus, async (request) => employers.bulkStatus(request.body, actorOf(request)));

  route(app, api.remove, async (request) => {
    await employers.remove(request.params.id, actorOf(request));
    return { ok: true as const };
  });

  route(app, api.history, async (request) => employers.history(request.params.id, actorOf(request)));

  // 고용허가 (docs/law-as-data.md#employer-permits-and-quota): a child record, edited as the employer is.
  const permitsApi = employerPermitsApi;
  route(app, permitsApi.listPermits, async (request) => permits.list(request.params.id, actorOf(request)));
  route(app, permitsApi.createPermit, async (request) =>
    permits.create(request.params.id, request.body, actorOf(request)),
  );
  route(app, permitsApi.updatePermit, async (request) =>
    permits.update(request.params.id, request.params.permitId, request.body, actorOf(request)),
  );
  route(app, permitsApi.removePermit, async (request) => {
    await permits.remove(request.params.id, request.params.permitId, actorOf(request));
    return { ok: true as const };
  });
};
