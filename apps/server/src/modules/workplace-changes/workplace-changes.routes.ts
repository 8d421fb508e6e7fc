import { workplaceChangesApi } from '@ilson/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import type { WorkplaceChangesService } from './workplace-changes.service';

const api = workplaceChangesApi;

/** A worker's 사업장 변경 (docs/law-as-data.md#workplace-changes). */
export const workplaceChangesRoutes: FastifyPluginAsync<{
  workplaceChanges: WorkplaceChangesService;
}> = async (app, { workplaceChanges }) => {
  route(app, api.list, async (request) => workplaceChanges.list(request.params.id, actorOf(request)));
  route(app, api.create, async (request) =>
    workplaceChanges.create(request.params.id, request.body, actorOf(request)),
  );
  route(app, api.update, async (request) =>
    workplaceChanges.update(request.params.id, request.params.changeId, request.body, actorOf(request)),
  );
  route(app, api.remove, async (request) => {
    await workplaceChanges.remove(request.params.id, request.params.changeId, actorOf(request));
    return { ok: true as const };
  });
};
