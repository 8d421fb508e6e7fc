import { resumesApi } from '@ilson/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import type { ResumesService } from './resumes.service';

const api = resumesApi;

export const resumesRoutes: FastifyPluginAsync<{ resumes: ResumesService }> = async (app, { resumes }) => {
  route(app, api.list, async (request) => resumes.list(request.query, actorOf(request)));

  route(app, api.get, async (request) => resumes.get(request.params.id, actorOf(request)));

  route(app, api.create, async (request) => resumes.create(request.body, actorOf(request)));

  route(app, api.update, async (request) =>
    resumes.update(request.params.id, request.body, actorOf(request)),
  );

  route(app, api.changeStatus, async (request) =>
    resumes.changeStatus(request.params.id, request.body, actorOf(request)),
  );

  route(app, api.remove, async (request) => {
    await resumes.remove(request.params.id, actorOf(request));
    return { ok: true as const };
  });

  route(
    app,
    api.restore,
    async (request) => (await resumes.restore(request.params.id, actorOf(request))).resume,
  );

  route(app, api.history, async (request) => resumes.history(request.params.id, actorOf(request)));
};
