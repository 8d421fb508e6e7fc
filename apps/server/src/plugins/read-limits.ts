import { ENDPOINTS, type Endpoint, z } from '@ilson/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';
import { messages } from '../messages';
import { hit } from './rate-limit';

/**
 * docs/SECURITY.md#read-limits: each admin's global searches and list reads per minute, counted in PostgreSQL
 * (`rate_limits`, as the login limit) so every API process shares one count. Past the limit: 429 in the standard
 * envelope with `Retry-After`. 0 turns a limit off (the bench measures throughput, not a person).
 */
export type ReadLimits = { searchPerMinute: number; listPerMinute: number };

const WINDOW_MS = 60_000;

type Kind = 'search' | 'list';

/** The global search, and every GET that answers a page of a list (`{ data, meta }`). */
function kindOf(endpoint: Endpoint): Kind | undefined {
  if (endpoint.method !== 'GET') return undefined;
  if (endpoint.path === '/search') return 'search';
  const response = endpoint.response;
  if (response instanceof z.ZodObject && 'meta' in response.shape && 'data' in response.shape) return 'list';
  return undefined;
}

const KINDS = new Map<string, Kind>(
  ENDPOINTS.flatMap((endpoint) => {
    const kind = kindOf(endpoint);
    return kind ? [[endpoint.key, kind] as const] : [];
  }),
);

export class ReadRateLimited extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMIT', messages.readRateLimited(retryAfterSeconds));
  }
}

export const readLimitsPlugin = fp(async (app: FastifyInstance, limits: ReadLimits) => {
  // After the auth plugin's onRequest: the admin is known (and allowed) by now.
  app.addHook('onRequest', async (request, reply) => {
    const endpoint = request.routeOptions.config?.endpoint;
    const kind = endpoint ? KINDS.get(endpoint) : undefined;
    if (!kind || !request.admin) return;
    const max = kind === 'search' ? limits.searchPerMinute : limits.listPerMinute;
    if (max <= 0) return;
    const counter = await hit(app.db, `${kind}:admin:${request.admin.id}`, WINDOW_MS);
    if (counter.current > max) {
      const seconds = Math.max(1, Math.ceil(counter.ttl / 1000));
      reply.header('retry-after', String(seconds));
      throw new ReadRateLimited(seconds);
    }
  });
});
