import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers';

const dist = mkdtempSync(path.join(tmpdir(), 'ilson-dist-'));
let ctx: TestContext;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="ko"><div id="root"></div></html>');
  writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
  ctx = await createTestContext({ config: { webDist: dist } });
});
afterAll(async () => {
  await ctx?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers a deep link with index.html (SPA fallback), never cached', async () => {
    for (const url of ['/', '/employers/5', '/workers/visa-expiry?bucket=d30', '/login']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('id="root"');
    }
  });

  it('serves hashed assets as immutable, including ones built after the server started', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    writeFileSync(path.join(dist, 'assets', 'page-new.js'), 'console.log(2)');
    expect((await ctx.app.inject({ method: 'GET', url: '/assets/page-new.js' })).statusCode).toBe(200);
  });

  it('answers a missing file and an unknown API path with the 404 envelope, not the page', async () => {
    const file = await ctx.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(file.statusCode).toBe(404);
    expect(file.json().error.code).toBe('NOT_FOUND');
    const api = await ctx.app.inject({ method: 'GET', url: '/api/v1/not-a-route' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: { code: 'NOT_FOUND', message: '요청한 API를 찾을 수 없습니다.' } });
  });
});
