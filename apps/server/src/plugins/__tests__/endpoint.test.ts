import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, insertBranch, insertWorker, signedIn } from '../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../test/helpers';

/**
 * Endpoints whose handler sends the reply itself (a file) and returns it (plugins/endpoint.ts): the reply is sent
 * once. A Fastify reply is a thenable, so awaiting the handler's return waits for the response to end and gives
 * `undefined`, not the reply; `route` must then not send a second time (FST_ERR_REP_ALREADY_SENT, a warning with a
 * stack trace in the server's log on every download).
 */

type LogRecord = { level: number; msg?: string; err?: { code?: string } };

let ctx: TestContext;
let superAdmin: Api;
const records: LogRecord[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) records.push(JSON.parse(line));
      done();
    },
  });
  ctx = await createTestContext({ logger: { level: 'warn', stream: sink } });
  const branchId = (await insertBranch(ctx)).id;
  await insertWorker(ctx, branchId);
  superAdmin = (await signedIn(ctx, 'super_admin')).api;
});
afterAll(async () => {
  await ctx?.close();
});

const reason = encodeURIComponent('정기 점검');

describe('a handler that sends its reply itself', () => {
  it.each([
    ['an export (CSV)', `/exports/workers?format=csv&reason=${reason}`],
    ['an export (xlsx)', `/exports/workers?reason=${reason}`],
    ['the access log export', `/audit-logs/export?reason=${reason}`],
    ['an import template', '/workers/imports/template'],
    ['the destruction log export', '/privacy/destructions/export?kind=workers'],
  ])('%s is sent once, with nothing logged', async (_name, path) => {
    const before = records.length;
    const response = await superAdmin.get(path);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.rawPayload.length).toBeGreaterThan(0);
    // The log is written as the reply ends; give its stream a turn.
    await new Promise((resolve) => setImmediate(resolve));
    expect(records.slice(before)).toEqual([]);
  });
});
