import { employersApi } from '@ilson/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import type { EmployersService } from './employers.service';

const api = employersApi;

/**
 * Status changes take `employers:write` at the door; each transition then needs its own permission
 * from EMPLOYER_TRANSITIONS (approve, reject, suspend: `employers:approve`).
 */
export const employersRoutes: FastifyPluginAsync<{ employers: EmployersService }> = async (
  app,
  { employers },
) => {
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
};
