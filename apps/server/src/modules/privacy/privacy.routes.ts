import { privacyApi } from '@ilson/contracts';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import type { PrivacyService } from './privacy.service';
import type { PrivacyRequestsService } from './requests.service';

const api = privacyApi;

/** The 파기 대장 and the destruction of personal data past its retention (docs/privacy-lifecycle.md). */
export const privacyRoutes: FastifyPluginAsync<{
  privacy: PrivacyService;
  requests: PrivacyRequestsService;
}> = async (app, { privacy, requests }) => {
  route(app, api.destructions, async (request) => privacy.list(request.query));

  route(app, api.exportDestructions, async (request, reply) => {
    const file = await privacy.exportCsv(request.query, actorOf(request).audit);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', contentDisposition(file.fileName))
      .header('cache-control', 'no-store')
      .send(file.body);
  });

  route(app, api.runDestruction, async (request) =>
    privacy.run({
      dryRun: request.body.dryRun,
      reason: request.body.reason,
      trigger: 'manual',
      actor: actorOf(request).audit,
    }),
  );

  route(app, api.requests, async (request) => requests.list(request.query));
  route(app, api.request, async (request) => requests.get(request.params.id));
  route(app, api.createRequest, async (request) => requests.create(request.body, actorOf(request)));
  route(app, api.updateRequest, async (request) =>
    requests.update(request.params.id, request.body, actorOf(request)),
  );
  route(app, api.accessFile, async (request, reply) => {
    const file = await requests.accessFile(request.params.id, request.query.reason, actorOf(request));
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', contentDisposition(file.fileName))
      .header('cache-control', 'no-store')
      .send(file.body);
  });
  route(app, api.erase, async (request) => requests.erase(request.params.id, actorOf(request)));
};
