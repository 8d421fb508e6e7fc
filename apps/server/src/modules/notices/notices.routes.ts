import { noticesApi } from '@ilson/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import type { NoticesService } from './notices.service';

const api = noticesApi;

/** Content is HTML sanitised on every write (lib/rich-text): what is stored is what the preview shows. */
export const noticesRoutes: FastifyPluginAsync<{ notices: NoticesService }> = async (app, { notices }) => {
  route(app, api.list, async (request) => notices.list(request.query));

  route(app, api.preview, async (request) => notices.preview(request.body.content));

  route(app, api.get, async (request) => notices.get(request.params.id));

  route(app, api.create, async (request) => notices.create(request.body, actorOf(request)));

  route(app, api.update, async (request) =>
    notices.update(request.params.id, request.body, actorOf(request)),
  );

  route(app, api.changeStatus, async (request) =>
    notices.changeStatus(request.params.id, request.body, actorOf(request)),
  );

  route(app, api.remove, async (request) => {
    await notices.remove(request.params.id, actorOf(request));
    return { ok: true as const };
  });

  route(app, api.history, async (request) => notices.history(request.params.id));
};
