import type { CurrentUser, MfaChallenge } from '@ilson/contracts';

/**
 * Reading the server's answers to the auth calls, already in camelCase. Plain functions: the app's session and the
 * plain login page (docs/wire.md#the-login-page) share them.
 */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isUser(value: unknown): value is CurrentUser {
  if (!isRecord(value)) return false;
  return (typeof value.id === 'number' || typeof value.id === 'string') && value.id !== '';
}

/** docs/ARCHITECTURE.md#wire: the user is found at data.user, user, or the body itself; only a user with an id counts. */
export function readUser(body: unknown): CurrentUser | null {
  const data = isRecord(body) ? body.data : undefined;
  const candidates = [isRecord(data) ? data.user : undefined, isRecord(body) ? body.user : undefined, body];
  return candidates.find(isUser) ?? null;
}

export type LoginResult = { token: string; refreshToken: string; user: CurrentUser };

/** docs/wire.md#errors-and-validation: a login answer must carry token, refreshToken and user. */
export function readLoginResponse(body: unknown): LoginResult | null {
  if (!isRecord(body)) return null;
  const { token, refreshToken, user } = body;
  if (typeof token !== 'string' || !token) return null;
  if (typeof refreshToken !== 'string' || !refreshToken) return null;
  if (!isUser(user)) return null;
  return { token, refreshToken, user };
}

/** A login whose password was right and that waits for its second step (docs/second-factor.md). */
export function readChallenge(body: unknown): MfaChallenge | null {
  if (!isRecord(body) || body.mfaRequired !== true || typeof body.mfaToken !== 'string') return null;
  const methods: MfaChallenge['methods'] = Array.isArray(body.methods) ? body.methods : ['totp'];
  return { mfaRequired: true, mfaToken: body.mfaToken, methods };
}
