import { sql } from 'drizzle-orm';
import { queryRows } from './client';
import type { Executor } from './types';

/** How long one recomputation may hold its claim before another request may try (a crashed process). */
const CLAIM_SECONDS = 60;

export type Summary<T> = { value: T; computedAt: Date };

/**
 * An aggregate from `summary_cache` while it is younger than `ttlSeconds`, else computed afresh and stored.
 * When it has gone stale, one request (the one whose claim succeeds) recomputes it while the others answer with
 * the previous value — a burst of requests never recomputes the same million-row aggregate at once. Shared by
 * every API process through the database; `ttlSeconds` 0 computes every time (tests of live figures).
 */
export async function cachedSummary<T>(
  db: Executor,
  key: string,
  ttlSeconds: number,
  compute: () => Promise<T>,
): Promise<Summary<T>> {
  if (ttlSeconds <= 0) return { value: await compute(), computedAt: new Date() };
  const [row] = await queryRows<{ payload: T; computed_at: string | Date; fresh: boolean }>(
    db,
    sql`SELECT payload, computed_at, computed_at > now() - make_interval(secs => ${ttlSeconds}) AS fresh
        FROM summary_cache WHERE key = ${key}`,
  );
  if (row?.fresh) return { value: row.payload, computedAt: new Date(row.computed_at) };
  if (row) {
    const claimed = await queryRows(
      db,
      sql`UPDATE summary_cache SET refreshing_until = now() + make_interval(secs => ${CLAIM_SECONDS})
          WHERE key = ${key} AND (refreshing_until IS NULL OR refreshing_until < now())
          RETURNING 1`,
    );
    if (claimed.length === 0) return { value: row.payload, computedAt: new Date(row.computed_at) };
  }
  const value = await compute();
  const [stored] = await queryRows<{ computed_at: string | Date }>(
    db,
    sql`INSERT INTO summary_cache (key, payload, computed_at) VALUES (${key}, ${JSON.stringify(value)}::jsonb, now())
        ON CONFLICT (key) DO UPDATE SET payload = excluded.payload, computed_at = excluded.computed_at,
          refreshing_until = NULL
        RETURNING computed_at`,
  );
  return { value, computedAt: new Date(stored!.computed_at) };
}
