import { sessionsApi } from '@ilson/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { auditActor, requireAdmin } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import type { SessionsService } from './sessions.service';

const api = sessionsApi;

/** docs/sessions-and-logs.md#seeing-and-ending-sessions: one's own sessions, and a super admin's view of another's. */
export const sessionsRoutes: FastifyPluginAsync<{ sessions: SessionsService }> = async (
  app,
  { sessions },
) => {
  route(app, api.mine, async (request) => ({ data: await sessions.mine(requireAdmin(request)) }));

  route(app, api.endMine, async (request) => {
    await sessions.endMine(requireAdmin(request), request.params.sessionId, auditActor(request));
    return { ok: true as const };
  });

  route(app, api.endOthers, async (request) =>
    sessions.endOthers(requireAdmin(request), auditActor(request)),
  );

  route(app, api.ofAdmin, async (request) => ({
    data: await sessions.ofAdmin(request.params.id, requireAdmin(request)),
  }));

  route(app, api.endOfAdmin, async (request) => {
    const { id, sessionId } = request.params;
    await sessions.endOfAdmin(id, { only: sessionId }, requireAdmin(request), auditActor(request));
    return { ok: true as const };
  });

  route(app, api.endAllOfAdmin, async (request) =>
    sessions.endOfAdmin(request.params.id, {}, requireAdmin(request), auditActor(request)),
  );
};
