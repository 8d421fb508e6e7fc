import { IDEMPOTENCY_HEADER_NAME } from '@ilson/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { idempotencyKeys } from '../db/schema';
import { canonicalJson } from '../lib/canonical-json';
import { AppError } from '../lib/errors';
import { sha256Hex } from '../lib/hash';
import { messages } from '../messages';

const HEADER = IDEMPOTENCY_HEADER_NAME.toLowerCase();
const KEY_PATTERN = /^[A-Za-z0-9_-]{1,200}$/;

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey: string | null;
  }
}

/**
 * A creating POST with an Idempotency-Key runs once per admin and key: a repeat gets the first answer
 * (stored in PostgreSQL, so any API process can replay it). A different body under the same key is refused.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('idempotencyKey', null);

  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST' || !request.routeOptions.config?.idempotent) return;
    const key = request.headers[HEADER];
    if (key === undefined || !request.admin) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      throw new AppError('INVALID_REQUEST', messages.idempotencyKeyInvalid);
    }
    const adminId = request.admin.id;
    const requestHash = sha256Hex(`${request.method} ${request.url}\n${canonicalJson(request.body ?? null)}`);
    const inserted = await app.db
      .insert(idempotencyKeys)
      .values({ adminId, key, method: request.method, path: request.url, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) {
      request.idempotencyKey = key;
      if (Math.random() < 0.01) {
        await app.db.execute(sql`DELETE FROM idempotency_keys WHERE created_at < now() - interval '1 day'`);
      }
      return;
    }
    const [previous] = await app.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.adminId, adminId), eq(idempotencyKeys.key, key)));
    if (!previous) throw new AppError('IDEMPOTENCY_CONFLICT', messages.idempotencyInFlight);
    if (previous.requestHash !== requestHash) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', messages.idempotencyMismatch);
    }
    if (previous.statusCode === null || previous.responseBody === null) {
      throw new AppError('IDEMPOTENCY_CONFLICT', messages.idempotencyInFlight);
    }
    return reply
      .code(previous.statusCode)
      .header('Idempotent-Replayed', 'true')
      .type('application/json; charset=utf-8')
      .send(previous.responseBody);
  });

  app.addHook('onSend', async (request: FastifyRequest, reply, payload) => {
    const key = request.idempotencyKey;
    if (!key || !request.admin) return payload;
    const where = and(eq(idempotencyKeys.adminId, request.admin.id), eq(idempotencyKeys.key, key));
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      // Nothing was created: the key is free again for the client's retry.
      await app.db.delete(idempotencyKeys).where(where);
    } else {
      await app.db
        .update(idempotencyKeys)
        .set({ statusCode: reply.statusCode, responseBody: payload })
        .where(where);
    }
    return payload;
  });
});
