import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ENDPOINTS } from '@ilson/contracts';
import { describe, expect, it } from 'vitest';

/**
 * The web client calls only declared endpoints (docs/ARCHITECTURE.md#endpoints): features go through `call` and
 * `endpointQuery`, and the session code — which stays out of the contracts' schemas to keep /login small and reads
 * its replies tolerantly — names paths that must be declared too. The plain login page (docs/wire.md#the-login-page)
 * calls over `fetch` from one module, `login/api.ts`, and names its paths the same way.
 */
const src = path.resolve(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'test' ? [] : sources(file);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

const declared = new Set(ENDPOINTS.map((endpoint) => endpoint.key));

describe('web calls', () => {
  it('makes no hand-written API call outside the endpoint client, the session code and downloads', () => {
    const raw = sources(src)
      .filter((file) => /\bapi\.(get|post|patch|put|delete|request)\b/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(src, file))
      .sort();
    expect(raw).toEqual(['api/endpoint.ts', 'components/export/download.ts']);
    const fetching = sources(src)
      .filter((file) => /\bfetch\(/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(src, file));
    expect(fetching).toEqual(['login/api.ts']);
  });

  it('names only declared endpoints in the session code', () => {
    const session = [
      'auth/auth-api.ts',
      'api/client.ts',
      'login/password-form.ts',
      'login/second-factor.ts',
    ].map((file) => readFileSync(path.join(src, file), 'utf8'));
    const calls = session.flatMap((text) => [
      ...[...text.matchAll(/\.(get|post)\('(auth\/[a-z/-]+)'/g)].map(
        ([, method, url]) => `${method!.toUpperCase()} /${url}`,
      ),
      ...[...text.matchAll(/postAuth\('(auth\/[a-z/-]+)'/g)].map(([, url]) => `POST /${url}`),
    ]);
    // me, logout, refresh; login, the second step and its passkey options.
    expect(calls.length).toBeGreaterThanOrEqual(6);
    for (const call of calls) expect(declared.has(call as never), call).toBe(true);
  });
});
