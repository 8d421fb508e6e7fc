import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertBranch } from '../../../test/fixtures';
import { engine, openTestDatabase } from '../../../test/helpers';
import { adminUrl, withDatabase } from '../../../test/pg-admin';
import { loadConfig } from '../../config';
import { createPiiCipher } from '../../lib/pii';
import { type DbHandle, queryRows } from '../client';
import { checkPiiKey, FINGERPRINT_KEY, KeyMismatchError, keyFingerprint } from '../key-check';
import { openDatabase } from '../open';
import { workers } from '../schema';

let handle: DbHandle;
beforeEach(async () => {
  handle = await openTestDatabase();
});
afterEach(async () => {
  await handle?.close();
});

const key = () => randomBytes(32);

describe('the PII key check', () => {
  it('records the fingerprint on first use and then refuses any other key', async () => {
    const real = key();
    await checkPiiKey(handle.db, real);
    await checkPiiKey(handle.db, real);
    const [row] = await queryRows<{ value: string }>(
      handle.db,
      sql`SELECT value FROM settings WHERE key = ${FINGERPRINT_KEY}`,
    );
    expect(row?.value).toBe(keyFingerprint(real));
    expect(row?.value).not.toContain(real.toString('hex').slice(0, 8));
    await expect(checkPiiKey(handle.db, key())).rejects.toBeInstanceOf(KeyMismatchError);
    await expect(checkPiiKey(handle.db, key())).rejects.toThrow(/PII_KEY가 이 데이터베이스/);
  });

  it('checks a database written before fingerprints by opening one stored identifier', async () => {
    const real = key();
    const branch = await insertBranch({ db: handle.db });
    await handle.db.insert(workers).values({
      firstName: 'An',
      lastName: 'Nguyen',
      gender: 'male',
      dateOfBirth: '1990-01-01',
      nationality: 'VN',
      visaType: 'E-9',
      branchId: branch.id,
      alienRegNoEnc: createPiiCipher(real).encrypt('9001015123456'),
    });
    await expect(checkPiiKey(handle.db, key())).rejects.toBeInstanceOf(KeyMismatchError);
    await checkPiiKey(handle.db, real);
  });
});

describe.runIf(engine === 'pg')('opening a PostgreSQL database with another key', () => {
  it('refuses, as the server and the seed both open it', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `ilson_keys_${randomBytes(4).toString('hex')}`;
    await withDatabase(adminUrl(url), (client) => client.query(`CREATE DATABASE "${name}"`));
    const config = {
      ...loadConfig({
        DATABASE_URL: adminUrl(url, name),
        JWT_SECRET: 'x'.repeat(40),
        PII_KEY: '11'.repeat(32),
      }),
      dbPoolSize: 2,
    };
    try {
      await (await openDatabase(config)).close();
      await expect(openDatabase({ ...config, piiKey: Buffer.alloc(32, 2) })).rejects.toBeInstanceOf(
        KeyMismatchError,
      );
      await (await openDatabase(config)).close();
    } finally {
      await withDatabase(adminUrl(url), (client) =>
        client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      );
    }
  });
});
