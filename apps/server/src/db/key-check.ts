import { hkdfSync } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createPiiCipher } from '../lib/pii';
import { type Database, queryRows } from './client';

/**
 * The PII key's fingerprint is kept with the data (a `settings` row that is not a setting), so a server or a
 * seed given another key refuses to start instead of writing identifiers nobody can read, or answering every
 * reveal with 500 (docs/personal-data-keys.md). The fingerprint is derived one way from the key: it reveals
 * nothing of it.
 */

export const FINGERPRINT_KEY = '_pii_key_fingerprint';

export class KeyMismatchError extends Error {
  override readonly name = 'KeyMismatchError';
}

export function keyFingerprint(key: Buffer): string {
  return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'ilson pii key fingerprint', 16)).toString(
    'hex',
  );
}

const mismatch = () =>
  new KeyMismatchError(
    'PII_KEY가 이 데이터베이스의 개인정보를 암호화한 키와 다릅니다. 데이터를 만든 키를 PII_KEY로 지정하세요. ' +
      '(PII_KEY does not match the key this database was written with; start with the key that wrote it.)',
  );

/** One identifier or account number stored before the fingerprint existed: the key must open it. */
async function sampleCiphertext(db: Database): Promise<string | null> {
  const [row] = await queryRows<{ enc: string | null }>(
    db,
    sql`SELECT coalesce(
          (SELECT alien_reg_no_enc FROM workers WHERE alien_reg_no_enc IS NOT NULL LIMIT 1),
          (SELECT passport_no_enc FROM workers WHERE passport_no_enc IS NOT NULL LIMIT 1),
          (SELECT account_no_enc FROM payouts WHERE account_no_enc IS NOT NULL LIMIT 1)) AS enc`,
  );
  return row?.enc ?? null;
}

/**
 * Checks the key against the database and records its fingerprint on first use. A database written before
 * fingerprints existed is checked by opening one stored ciphertext. Throws KeyMismatchError.
 */
export async function checkPiiKey(db: Database, key: Buffer): Promise<void> {
  const fingerprint = keyFingerprint(key);
  const [stored] = await queryRows<{ value: unknown }>(
    db,
    sql`SELECT value FROM settings WHERE key = ${FINGERPRINT_KEY}`,
  );
  if (stored) {
    if (stored.value !== fingerprint) throw mismatch();
    return;
  }
  const sample = await sampleCiphertext(db);
  if (sample) {
    try {
      createPiiCipher(key).decrypt(sample);
    } catch {
      throw mismatch();
    }
  }
  await db.execute(
    sql`INSERT INTO settings (key, value) VALUES (${FINGERPRINT_KEY}, ${JSON.stringify(fingerprint)}::jsonb)
        ON CONFLICT (key) DO NOTHING`,
  );
  // Two processes starting at once: whichever wrote first, both must agree with it.
  const [after] = await queryRows<{ value: unknown }>(
    db,
    sql`SELECT value FROM settings WHERE key = ${FINGERPRINT_KEY}`,
  );
  if (after?.value !== fingerprint) throw mismatch();
}
