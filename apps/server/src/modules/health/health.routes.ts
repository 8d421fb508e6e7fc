import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const statusSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unavailable']).optional(),
});

/** Liveness and readiness for a load balancer; readiness checks the database. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', { schema: { tags: ['health'], response: { 200: statusSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/readyz',
    { schema: { tags: ['health'], response: { 200: statusSchema, 503: statusSchema } } },
    async (_request, reply) => {
      try {
        await app.dbHandle.ping();
        return { status: 'ok' as const, database: 'ok' as const };
      } catch {
        return reply.code(503).send({ status: 'unavailable' as const, database: 'unavailable' as const });
      }
    },
  );
};
