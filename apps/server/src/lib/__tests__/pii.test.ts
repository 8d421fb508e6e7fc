import { describe, expect, it } from 'vitest';
import { createPiiCipher } from '../pii';

describe('PII cipher', () => {
  const cipher = createPiiCipher(Buffer.alloc(32, 1));

  it('round-trips, never stores the plaintext, and uses a fresh IV each time', () => {
    const a = cipher.encrypt('9001015123456');
    const b = cipher.encrypt('9001015123456');
    expect(a).not.toContain('9001015123456');
    expect(a).not.toBe(b);
    expect(cipher.decrypt(a)).toBe('9001015123456');
  });

  it('never uses an IV twice, across the draws IVs are taken from (4,096 each)', () => {
    const ivs = new Set<string>();
    for (let i = 0; i < 10_000; i++) {
      const stored = cipher.encrypt('M12345678');
      ivs.add(stored.slice(3, stored.indexOf('.')));
      expect(cipher.decrypt(stored)).toBe('M12345678');
    }
    expect(ivs.size).toBe(10_000);
  });

  it('detects tampering and a wrong key', () => {
    const stored = cipher.encrypt('M12345678');
    // Flip the second-to-last character (the one replaced, not the last one, decides the swap).
    const tampered = `${stored.slice(0, -2)}${stored.at(-2) === 'A' ? 'B' : 'A'}${stored.slice(-1)}`;
    expect(() => cipher.decrypt(tampered)).toThrow();
    expect(() => createPiiCipher(Buffer.alloc(32, 2)).decrypt(stored)).toThrow();
  });

  it('gives a stable keyed search hash that differs per key', () => {
    expect(cipher.searchHash('9001015123456')).toBe(cipher.searchHash('9001015123456'));
    expect(cipher.searchHash('9001015123456')).not.toBe(
      createPiiCipher(Buffer.alloc(32, 2)).searchHash('9001015123456'),
    );
  });
});
