import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBranch, signedIn } from '../../../../test/fixtures';
import { createTestContext, engine, type TestContext } from '../../../../test/helpers';
import { queryRows } from '../../../db/client';

let ctx: TestContext;
let token: string;
let origin: string;

// Enough rows that a download is still streaming when the client drops it (PGlite is slower: fewer).
const ROWS = engine === 'pg' ? 40_000 : 12_000;

beforeAll(async () => {
  ctx = await createTestContext();
  const branchId = (await insertBranch(ctx, { name: '대량지점' })).id;
  const signed = await signedIn(ctx, 'admin');
  token = signed.token;
  await ctx.db.execute(sql`
    INSERT INTO workers (name_ko, first_name, last_name, gender, date_of_birth, nationality, visa_type, branch_id)
    SELECT '근로자' || n, 'First' || n, 'Last' || n, 'male', DATE '1990-01-01' + (n % 5000), 'VN', 'E-9', ${branchId}
    FROM generate_series(1, ${ROWS}) AS n`);
  await ctx.db.execute(sql`ANALYZE workers`);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

/** Starts a download, reads its first bytes, then drops the connection. */
function dropAfterFirstBytes(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${origin}/api/v1${path}`,
      { headers: { authorization: `Bearer ${token}` } },
      (response) => {
        if (response.statusCode !== 200) reject(new Error(`status ${response.statusCode}`));
        response.once('data', (chunk: Buffer) => {
          request.destroy();
          resolve(chunk.length);
        });
      },
    );
    request.on('error', (error) => {
      if (!request.destroyed) reject(error);
    });
    request.end();
  });
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

describe('a client that drops an export midway', () => {
  for (const format of ['csv', 'excel'] as const) {
    it(`${format}: releases the cursor and the connection at once, and the server keeps serving`, async () => {
      const bytes = await dropAfterFirstBytes(`/exports/workers?format=${format}&reason=drop`);
      expect(bytes).toBeGreaterThan(0);
      const pool = ctx.handle.pool;
      if (pool) {
        // No COPY or cursor left running in PostgreSQL, and every pool connection idle again.
        const released = await waitFor(async () => {
          const [row] = await queryRows<{ n: number }>(
            ctx.db,
            sql`SELECT count(*)::integer AS n FROM pg_stat_activity
                WHERE datname = current_database() AND pid <> pg_backend_pid()
                  AND state <> 'idle' AND query ILIKE '%FROM "workers"%'`,
          );
          return row!.n === 0 && pool.idleCount === pool.totalCount;
        });
        expect(released).toBe(true);
      }
      // The next request is answered at once (PGlite is not left blocked behind the export).
      const started = Date.now();
      const health = await fetch(`${origin}/api/v1/workers?page_size=1`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(health.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(5_000);
    });
  }

  it('a complete download still streams every row', async () => {
    const response = await fetch(`${origin}/api/v1/exports/workers?format=csv&reason=full`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await response.text();
    expect(text.trimEnd().split('\n')).toHaveLength(ROWS + 1);
  });
});
