import { viewsApi } from '@ilson/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import type { ViewsService } from './views.service';

const api = viewsApi;

/** docs/saved-views.md: `/me/list-settings/:list` and `/saved-views`, each admin's own. */
export const viewsRoutes: FastifyPluginAsync<{ views: ViewsService }> = async (app, { views }) => {
  route(app, api.settings, async (request) => views.settings(request.params.list, actorOf(request)));
  route(app, api.saveSettings, async (request) =>
    views.saveSettings(request.params.list, request.body, actorOf(request)),
  );
  route(app, api.list, async (request) => views.list(request.query.list, actorOf(request)));
  route(app, api.create, async (request) => views.create(request.body, actorOf(request)));
  route(app, api.update, async (request) => views.update(request.params.id, request.body, actorOf(request)));
  route(app, api.remove, async (request) => {
    await views.remove(request.params.id, actorOf(request));
    return { ok: true as const };
  });
};
