import { networkRulesApi } from '@ilson/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { auditActor, requireAdmin } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import type { NetworkRulesService } from './network-rules.service';

const api = networkRulesApi;

/** 설정 › 허용 네트워크 (docs/SECURITY.md#network-rules): super admins only, every change logged. */
export const networkRulesRoutes: FastifyPluginAsync<{ rules: NetworkRulesService }> = async (
  app,
  { rules },
) => {
  route(app, api.list, async () => ({ data: await rules.list() }));

  route(app, api.myAddress, async (request) => ({ ip: request.ip }));

  route(app, api.create, async (request) =>
    rules.create(request.body, requireAdmin(request), request.ip, auditActor(request)),
  );

  route(app, api.update, async (request) =>
    rules.update(request.params.id, request.body, requireAdmin(request), request.ip, auditActor(request)),
  );

  route(app, api.remove, async (request) => {
    await rules.remove(request.params.id, requireAdmin(request), request.ip, auditActor(request));
    return { ok: true as const };
  });
};
