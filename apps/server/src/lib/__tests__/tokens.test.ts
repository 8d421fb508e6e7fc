import { describe, expect, it } from 'vitest';
import { createTokenService } from '../tokens';

const SECRET = 'token-test-secret-that-is-long-enough-0123456789';

describe('access tokens', () => {
  it('verifies a token again from memory, and still refuses it once it has expired', async () => {
    const tokens = createTokenService(SECRET, 1);
    const token = await tokens.signAccess({ adminId: 7, sessionId: 'session-1' });
    expect(await tokens.verifyAccess(token)).toEqual({ adminId: 7, sessionId: 'session-1' });
    expect(await tokens.verifyAccess(token)).toEqual({ adminId: 7, sessionId: 'session-1' });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await tokens.verifyAccess(token)).toBe('expired');
    expect(await tokens.verifyAccess(token)).toBe('expired');
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
