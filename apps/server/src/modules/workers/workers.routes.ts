import { workersApi } from '@ilson/contracts';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { actorOf, requireAdmin } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import type { VisaExpiryService } from './visa-expiry.service';
import { IdentifierSearchLimited } from './workers.pii';
import type { WorkersService } from './workers.service';

const api = workersApi;

/** A refused identifier search says when the admin's window ends (`Retry-After`, seconds). */
async function withRetryAfter<T>(reply: FastifyReply, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof IdentifierSearchLimited)
      reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}

/** 외국인등록번호 and 여권번호 leave masked; only `/reveal` returns one in plaintext, logged with its reason. */
export const workersRoutes: FastifyPluginAsync<{
  workers: WorkersService;
  visaExpiry: VisaExpiryService;
}> = async (app, { workers, visaExpiry }) => {
  route(app, api.list, async (request, reply) =>
    withRetryAfter(reply, () => workers.list(request.query, actorOf(request))),
  );

  route(app, api.visaExpiry, async (request, reply) =>
    withRetryAfter(reply, () => visaExpiry.board(request.query, actorOf(request))),
  );

  route(app, api.get, async (request) => workers.get(request.params.id, actorOf(request)));

  route(app, api.create, async (request) => workers.create(request.body, actorOf(request)));

  route(app, api.update, async (request) =>
    workers.update(request.params.id, request.body, actorOf(request)),
  );

  route(app, api.changeStatus, async (request) =>
    workers.changeStatus(request.params.id, request.body, actorOf(request)),
  );

  route(app, api.updateExtension, async (request) =>
    workers.updateExtension(request.params.id, request.body, actorOf(request)),
  );

  route(app, api.reveal, async (request, reply) => {
    await app.secondFactor.assertFresh(requireAdmin(request), request.ip);
    const revealed = await workers.reveal(request.params.id, request.body, actorOf(request));
    reply.header('cache-control', 'no-store');
    return revealed;
  });

  route(app, api.remove, async (request) => {
    await workers.remove(request.params.id, actorOf(request));
    return { ok: true as const };
  });

  route(app, api.history, async (request) => workers.history(request.params.id, actorOf(request)));
};
