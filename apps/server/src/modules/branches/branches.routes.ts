import { branchesApi } from '@ilson/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import type { BranchesService } from './branches.service';

const api = branchesApi;

export const branchesRoutes: FastifyPluginAsync<{ branches: BranchesService }> = async (
  app,
  { branches },
) => {
  route(app, api.list, async (request) => branches.list(request.query, actorOf(request)));
  route(app, api.get, async (request) => branches.get(request.params.id, actorOf(request)));
  route(app, api.create, async (request) => branches.create(request.body, actorOf(request)));
  route(app, api.update, async (request) =>
    branches.update(request.params.id, request.body, actorOf(request)),
  );
  route(app, api.changeStatus, async (request) =>
    branches.changeStatus(request.params.id, request.body, actorOf(request)),
  );
  route(app, api.remove, async (request) => {
    await branches.remove(request.params.id, actorOf(request));
    return { ok: true as const };
  });
  route(app, api.history, async (request) => branches.history(request.params.id, actorOf(request)));
};
