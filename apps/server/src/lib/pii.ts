import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Personal identifiers at rest: AES-256-GCM with PII_KEY (`v1:` iv.tag.ciphertext, base64url),
 * plus a keyed hash (HMAC-SHA-256 with a key derived from PII_KEY) for exact search.
 */
export type PiiCipher = {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
  searchHash(normalized: string): string;
};

const IV_BYTES = 12;
/** IVs drawn 4,096 at a time: one call into the CSPRNG per IV cost more than the encryption (the seed's millions). */
const IVS_PER_DRAW = 4_096;

export function createPiiCipher(key: Buffer): PiiCipher {
  const encKey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'ilson pii encryption', 32));
  const macKey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'ilson pii search hash', 32));
  // Each IV is a fresh slice of a fresh draw, used once: never the same bytes twice under one key.
  let ivs = Buffer.alloc(0);
  let ivAt = 0;
  const nextIv = () => {
    if (ivAt === ivs.length) {
      ivs = randomBytes(IV_BYTES * IVS_PER_DRAW);
      ivAt = 0;
    }
    ivAt += IV_BYTES;
    return ivs.subarray(ivAt - IV_BYTES, ivAt);
  };
  return {
    encrypt(plain) {
      const iv = nextIv();
      const cipher = createCipheriv('aes-256-gcm', encKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return `v1:${iv.toString('base64url')}.${tag.toString('base64url')}.${body.toString('base64url')}`;
    },
    decrypt(stored) {
      const match = /^v1:([\w-]+)\.([\w-]+)\.([\w-]*)$/.exec(stored);
      if (!match) throw new Error('Unrecognised PII ciphertext');
      const decipher = createDecipheriv('aes-256-gcm', encKey, Buffer.from(match[1]!, 'base64url'));
      decipher.setAuthTag(Buffer.from(match[2]!, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(match[3]!, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
    searchHash(normalized) {
      return createHmac('sha256', macKey).update(normalized).digest('base64url');
    },
  };
}
