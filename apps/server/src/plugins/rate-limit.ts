import rateLimit from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Database, queryRows } from '../db/client';
import { AppError } from '../lib/errors';

type Counter = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counter) => void;

/**
 * A @fastify/rate-limit store in PostgreSQL, so a limit holds across every API process.
 * One upsert per hit: a window that has ended starts again at 1.
 */
function createPgStore(db: Database) {
  return class PgRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number) {
      hit(db, key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }
    child() {
      return new PgRateLimitStore();
    }
  };
}

export async function hit(db: Database, key: string, windowMs: number): Promise<Counter> {
  const [row] = await queryRows<{ count: number; ttl_ms: number }>(
    db,
    sql`
    INSERT INTO rate_limits (key, count, window_start) VALUES (${key}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${windowMs / 1000})
                   THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${windowMs / 1000})
                   THEN now() ELSE rate_limits.window_start END
    RETURNING count,
      ceil(extract(epoch FROM (window_start + make_interval(secs => ${windowMs / 1000}) - now())) * 1000)::int AS ttl_ms`,
  );
  if (Math.random() < 0.01) {
    await db.execute(sql`DELETE FROM rate_limits WHERE window_start < now() - interval '1 day'`);
  }
  return { current: Number(row!.count), ttl: Math.max(0, Number(row!.ttl_ms)) };
}

export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  await app.register(rateLimit, {
    global: false,
    store: createPgStore(app.db),
    errorResponseBuilder: () => new AppError('RATE_LIMIT'),
  });
});
