import { randomInt } from 'node:crypto';
import { meetsPasswordPolicy } from '@ilson/contracts';
import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults are argon2id, m=19456 KiB, t=2, p=1 (OWASP's recommendation).
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verifying against this keeps a login for an unknown account as slow as one for a real account. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hash('ilson-timing-equaliser');
  return dummyHash;
}

/** Letters, digits and a few symbols, without the look-alikes (I l 1 O 0) someone has to read out. */
const GENERATED_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789!@#%^*-_';

/** A crypto-random password that meets docs/SECURITY.md's policy (first admin, invitations, resets). */
export function generatePassword(length = 16): string {
  for (;;) {
    const candidate = Array.from(
      { length },
      () => GENERATED_ALPHABET[randomInt(GENERATED_ALPHABET.length)],
    ).join('');
    if (meetsPasswordPolicy(candidate)) return candidate;
  }
}
