import { describe, expect, it } from 'vitest';
import { createTokenService } from '../tokens';

const SECRET = 'token-test-secret-that-is-long-enough-0123456789';

describe('access tokens', () => {
  it('verifies a token again from memory, and still refuses it once it has expired', async () => {
    // A clock of our own: a token's times are whole seconds, so on the real clock a 1-second token signed late in
    // a second would already be expired at its first check.
    let now = Date.UTC(2026, 0, 1, 9, 0, 0, 999);
    const tokens = createTokenService(SECRET, 2, () => now);
    const token = await tokens.signAccess({ adminId: 7, sessionId: 'session-1' });
    expect(await tokens.verifyAccess(token)).toEqual({ adminId: 7, sessionId: 'session-1' });
    now += 1_000;
    expect(await tokens.verifyAccess(token)).toEqual({ adminId: 7, sessionId: 'session-1' });
    now += 1;
    expect(await tokens.verifyAccess(token)).toBe('expired');
    expect(await tokens.verifyAccess(token)).toBe('expired');
    // Not from memory either: a fresh service, knowing nothing of the token, refuses it alike.
    expect(await createTokenService(SECRET, 2, () => now).verifyAccess(token)).toBe('expired');
  });

  it('refuses a tampered copy of a token it has already verified', async () => {
    const tokens = createTokenService(SECRET);
    const token = await tokens.signAccess({ adminId: 7, sessionId: 'session-1' });
    expect(await tokens.verifyAccess(token)).toEqual({ adminId: 7, sessionId: 'session-1' });
    const [header, payload, signature] = token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: '1' }),
    ).toString('base64url');
    expect(await tokens.verifyAccess(`${header}.${forgedPayload}.${signature}`)).toBe('invalid');
    const flipped = signature!.startsWith('A') ? `B${signature!.slice(1)}` : `A${signature!.slice(1)}`;
    expect(await tokens.verifyAccess(`${header}.${payload}.${flipped}`)).toBe('invalid');
    expect(await createTokenService(`${SECRET}-other`).verifyAccess(token)).toBe('invalid');
  });
});
