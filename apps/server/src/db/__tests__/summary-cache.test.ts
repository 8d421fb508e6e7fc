import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, insertBranch, insertEmployer, signedIn } from '../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { queryRows } from '../client';
import { cachedSummary } from '../summary-cache';

let ctx: TestContext;
let admin: Api;

beforeAll(async () => {
  ctx = await createTestContext({ config: { summaryCacheSeconds: 60 } });
  admin = (await signedIn(ctx, 'admin')).api;
});
afterAll(async () => {
  await ctx?.close();
});

const age = (key: string, seconds: number) =>
  ctx.db.execute(
    sql`UPDATE summary_cache SET computed_at = now() - make_interval(secs => ${seconds}) WHERE key = ${key}`,
  );

describe('cachedSummary', () => {
  it('computes once, reuses while fresh, recomputes when stale', async () => {
    let runs = 0;
    const compute = async () => ({ n: ++runs });
    const first = await cachedSummary(ctx.db, 'test:a', 60, compute);
    const second = await cachedSummary(ctx.db, 'test:a', 60, compute);
    expect(first.value).toEqual({ n: 1 });
    expect(second.value).toEqual({ n: 1 });
    expect(second.computedAt.getTime()).toBe(first.computedAt.getTime());

    await age('test:a', 61);
    const third = await cachedSummary(ctx.db, 'test:a', 60, compute);
    expect(third.value).toEqual({ n: 2 });
    expect(runs).toBe(2);
  });

  it('lets one request recompute a stale entry while the others answer with the old one', async () => {
    await cachedSummary(ctx.db, 'test:b', 60, async () => 'old');
    await age('test:b', 120);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = cachedSummary(ctx.db, 'test:b', 60, async () => {
      await gate;
      return 'new';
    });
    // The slow one holds the claim: a second request does not recompute, it gets the stale value.
    await new Promise((resolve) => setTimeout(resolve, 50));
    let recomputed = false;
    const meanwhile = await cachedSummary(ctx.db, 'test:b', 60, async () => {
      recomputed = true;
      return 'other';
    });
    expect(meanwhile.value).toBe('old');
    expect(recomputed).toBe(false);
    release();
    expect((await slow).value).toBe('new');
    const [row] = await queryRows<{ refreshing_until: unknown }>(
      ctx.db,
      sql`SELECT refreshing_until FROM summary_cache WHERE key = 'test:b'`,
    );
    expect(row?.refreshing_until).toBeNull();
  });

  it('computes every time with a TTL of 0', async () => {
    let runs = 0;
    await cachedSummary(ctx.db, 'test:c', 0, async () => ++runs);
    await cachedSummary(ctx.db, 'test:c', 0, async () => ++runs);
    expect(runs).toBe(2);
  });
});

describe('the dashboard through the cache', () => {
  it('answers from the cache with as_of, and shows new figures once the entry is stale', async () => {
    const first = (await admin.get('/dashboard')).json();
    expect(Date.parse(first.as_of)).toBeGreaterThan(Date.now() - 60_000);
    await insertEmployer(ctx, (await insertBranch(ctx)).id, { status: 'pending' });
    const cached = (await admin.get('/dashboard')).json();
    expect(cached.as_of).toBe(first.as_of);
    expect(cached.employers.pending).toBe(first.employers.pending);

    await ctx.db.execute(sql`UPDATE summary_cache SET computed_at = computed_at - interval '61 seconds'`);
    const fresh = (await admin.get('/dashboard')).json();
    expect(fresh.employers.pending).toBe(first.employers.pending + 1);
    expect(Date.parse(fresh.as_of)).toBeGreaterThan(Date.parse(first.as_of));
  });
});
