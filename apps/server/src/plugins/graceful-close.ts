import { ERROR_STATUS } from '@ilson/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '../messages';
import { envelope } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Shutdown has begun: refuse new requests with a retryable 503 and close connections after each reply.
     * `handOver`: this process is being replaced by a fresh one already listening (a rolling restart,
     * docs/ARCHITECTURE.md#processes) — requests still get their answer, only the connections close after it, so
     * the clients' next requests reach the new process.
     */
    beginDrain(mode?: 'refuse' | 'handOver'): void;
    readonly draining: boolean;
  }
}

/**
 * A graceful shutdown that loses nothing already received. Node's server.close() destroys every connection
 * that is idle at that instant, including ones whose request bytes the busy event loop has not read yet, so
 * the server first drains: requests received from now on get 503 (`Connection: close`), replies to requests
 * already running close their connection, and only then does the caller close the server.
 */
export const gracefulClosePlugin = fp(async (app: FastifyInstance) => {
  let draining = false;
  let refusing = false;
  app.decorate('beginDrain', (mode: 'refuse' | 'handOver' = 'refuse') => {
    draining = true;
    refusing = mode === 'refuse';
  });
  app.decorate('draining', {
    getter: () => draining,
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!draining || request.url === '/healthz') return;
    // Handing over, a request is answered (onSend closes its connection after the reply).
    if (!refusing && request.url !== '/readyz') return;
    reply.header('Connection', 'close').header('Retry-After', '2');
    if (request.url === '/readyz') {
      return reply.code(503).send({ status: 'unavailable' });
    }
    return reply
      .code(ERROR_STATUS.SERVICE_UNAVAILABLE)
      .send(envelope('SERVICE_UNAVAILABLE', messages.shuttingDown));
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    if (draining) reply.header('Connection', 'close');
    return payload;
  });
});
