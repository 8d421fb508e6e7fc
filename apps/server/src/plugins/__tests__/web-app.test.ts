import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers';

const dist = mkdtempSync(path.join(tmpdir(), 'ilson-dist-'));
const PAGE = `<!doctype html><html lang="ko"><div id="root"></div>${'<!-- 일손 -->'.repeat(50)}</html>`;
const LOGIN = `<!doctype html><html lang="ko"><div id="login"></div>${'<!-- 로그인 -->'.repeat(50)}</html>`;
const SCRIPT = `export const rows = [${Array.from({ length: 200 }, (_, i) => `'근로자 ${i}'`).join(',')}];`;

/** The .br and .gz twins the web build writes beside each text file (apps/web/src/build/precompress.ts). */
function writeWithTwins(file: string, body: string) {
  writeFileSync(path.join(dist, file), body);
  writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(body));
  writeFileSync(path.join(dist, `${file}.gz`), gzipSync(body));
}
let ctx: TestContext;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeWithTwins('index.html', PAGE);
  writeWithTwins('login.html', LOGIN);
  writeWithTwins('assets/index-abc.js', SCRIPT);
  writeFileSync(path.join(dist, 'assets', 'plain-abc.js'), 'console.log(1)');
  ctx = await createTestContext({ config: { webDist: dist } });
});
afterAll(async () => {
  await ctx?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers a deep link with index.html (SPA fallback), never cached', async () => {
    for (const url of ['/', '/employers/5', '/workers/visa-expiry?bucket=d30']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('id="root"');
    }
  });

  it('answers /login with the plain login page, with the same headers as the app page', async () => {
    const app = await ctx.app.inject({ method: 'GET', url: '/employers/5' });
    for (const url of ['/login', '/login?from=x']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(LOGIN);
      for (const header of [
        'content-type',
        'cache-control',
        'content-security-policy',
        'x-content-type-options',
        'x-frame-options',
        'referrer-policy',
      ]) {
        expect(response.headers[header], `${url} ${header}`).toBe(app.headers[header]);
      }
      // The XSRF cookie the login's POST sends back, as the app page sets it.
      expect(String(response.headers['set-cookie'])).toContain('XSRF-TOKEN=');
    }
    const head = await ctx.app.inject({ method: 'HEAD', url: '/login' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
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

  it('sends the brotli twin for br (preferred), the gzip twin for gzip, the file for identity', async () => {
    const cases = [
      { accept: 'gzip, deflate, br, zstd', encoding: 'br', decode: brotliDecompressSync },
      { accept: 'br;q=1.0, gzip;q=0.8', encoding: 'br', decode: brotliDecompressSync },
      { accept: 'gzip', encoding: 'gzip', decode: gunzipSync },
      { accept: 'identity', encoding: undefined, decode: (body: Buffer) => body },
      { accept: undefined, encoding: undefined, decode: (body: Buffer) => body },
    ];
    for (const { accept, encoding, decode } of cases) {
      for (const [url, body, type, cache] of [
        ['/assets/index-abc.js', SCRIPT, 'javascript', 'public, max-age=31536000, immutable'],
        ['/', PAGE, 'text/html', 'no-cache'],
        ['/workers', PAGE, 'text/html', 'no-cache'],
        ['/login', LOGIN, 'text/html', 'no-cache'],
      ] as const) {
        const response = await ctx.app.inject({
          method: 'GET',
          url,
          headers: accept ? { 'accept-encoding': accept } : {},
        });
        const what = `${url} with ${accept}`;
        expect(response.statusCode, what).toBe(200);
        expect(response.headers['content-encoding'], what).toBe(encoding);
        expect(response.headers['content-type'], what).toContain(type);
        expect(response.headers['cache-control'], what).toBe(cache);
        expect(String(response.headers.vary).toLowerCase(), what).toContain('accept-encoding');
        expect(decode(response.rawPayload).toString('utf8'), what).toBe(body);
        if (encoding) expect(response.rawPayload.length, what).toBeLessThan(Buffer.byteLength(body) / 2);
      }
    }
  });

  it('sends a file without twins as it is, whatever the browser accepts', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/assets/plain-abc.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.body).toBe('console.log(1)');
  });
});
