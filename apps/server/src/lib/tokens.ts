import { createHash, createSecretKey, randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS } from '@ilson/contracts';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { type Clock, systemClock } from './clock';

export type AccessClaims = { adminId: number; sessionId: string };

const ISSUER = 'ilson';
/** Verified tokens remembered (a signature check on every request is a tenth of a cheap request's CPU). */
const VERIFIED_CACHE_SIZE = 5_000;
const AUDIENCE = 'ilson-admin';

/** A token without these is refused: jose only checks `exp` when the token carries one. */
const REQUIRED_CLAIMS = ['exp', 'iat', 'sub'];

export function createTokenService(
  secret: string,
  ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
  clock: Clock = systemClock,
) {
  // One KeyObject for the life of the process: given raw bytes, jose would import the key on every request.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  // A token's signature, issuer and audience never change: once verified, only its expiry is checked again.
  // Its session (revoked, idle, past its lifetime) is still read on every request (plugins/auth.ts).
  // Keyed by the whole token string; the oldest entries go first when full.
  const verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();
  return {
    async signAccess(claims: AccessClaims): Promise<string> {
      const issuedAt = Math.floor(clock() / 1000);
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.adminId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key);
    },
    /** Returns the claims, 'expired', or 'invalid'. */
    async verifyAccess(token: string): Promise<AccessClaims | 'expired' | 'invalid'> {
      const known = verified.get(token);
      if (known) {
        if (clock() < known.expiresAtMs) return known.claims;
        verified.delete(token);
        return 'expired';
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          requiredClaims: REQUIRED_CLAIMS,
          currentDate: new Date(clock()),
        });
        if (!/^[0-9]{1,10}$/.test(payload.sub!) || typeof payload.sid !== 'string') return 'invalid';
        const claims = { adminId: Number(payload.sub), sessionId: payload.sid };
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
        verified.set(token, { claims, expiresAtMs: payload.exp! * 1000 });
        return claims;
      } catch (error) {
        return error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid';
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;

/** Opaque secrets (refresh tokens, browser bindings): random, and stored only as their SHA-256. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}
