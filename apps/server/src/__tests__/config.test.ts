import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function dataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'ilson-config-'));
  dirs.push(dir);
  return path.join(dir, 'data');
}

describe('configuration', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      adminEmail: 'admin@ilson.local',
    });
  });

  it('generates the secrets of an embedded install once, into DATA_DIR with mode 0600', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.piiKey.equals(first.piiKey)).toBe(true);
    expect(first.piiKey.length).toBe(32);
    expect(statSync(path.join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
  });

  it('refuses to start in production without JWT_SECRET and PII_KEY', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir(), JWT_SECRET: 'x'.repeat(40) }),
    ).toThrow(/PII_KEY/);
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir(),
      JWT_SECRET: 'x'.repeat(40),
      PII_KEY: 'ab'.repeat(32),
    });
    expect(config.piiKey.length).toBe(32);
  });

  it('refuses a short JWT secret, a PII key of the wrong size and a bad port', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), JWT_SECRET: 'short', PII_KEY: 'ab'.repeat(32) })).toThrow(
      /JWT_SECRET/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), JWT_SECRET: 'x'.repeat(40), PII_KEY: 'abcd' })).toThrow(
      /PII_KEY/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('runs one API process per core on PostgreSQL unless WEB_CONCURRENCY says otherwise, and one on PGlite', () => {
    const pg = { DATA_DIR: dataDir(), DATABASE_URL: 'postgres://localhost/x' };
    expect(loadConfig(pg).processes).toBe(availableParallelism());
    expect(loadConfig({ ...pg, WEB_CONCURRENCY: '3' }).processes).toBe(3);
    expect(loadConfig({ ...pg, WEB_CONCURRENCY: '0' }).processes).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir(), WEB_CONCURRENCY: '4' }).processes).toBe(1);
    expect(() => loadConfig({ ...pg, WEB_CONCURRENCY: 'many' })).toThrow(/WEB_CONCURRENCY/);
  });
});
