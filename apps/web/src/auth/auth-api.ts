import type { CurrentUser, LoginRequest, MfaChallenge, SecondFactorProof } from '@ilson/contracts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isUser(value: unknown): value is CurrentUser {
  if (!isRecord(value)) return false;
  return (typeof value.id === 'number' || typeof value.id === 'string') && value.id !== '';
}

/** docs/sessions-and-logs.md#the-browsers-session: the user is found at data.user, user, or the body itself; only a user with an id counts. */
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

/**
 * The API client (and axios) load on first use: the login screen can show before they arrive, which keeps
 * the bundle /login loads small.
 */
async function client() {
  return (await import('../api/client')).api;
}

export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  const response = await (await client()).get('auth/me');
  return readUser(response.data);
}

/** A login whose password was right and that waits for its second step (docs/second-factor.md). */
export function readChallenge(body: unknown): MfaChallenge | null {
  if (!isRecord(body) || body.mfaRequired !== true || typeof body.mfaToken !== 'string') return null;
  const methods: MfaChallenge['methods'] = Array.isArray(body.methods) ? body.methods : ['totp'];
  return { mfaRequired: true, mfaToken: body.mfaToken, methods };
}

export async function requestLogin(credentials: LoginRequest): Promise<LoginResult | MfaChallenge | null> {
  const response = await (await client()).post('auth/login', credentials);
  return readChallenge(response.data) ?? readLoginResponse(response.data);
}

/** The WebAuthn options of the login's second step with a passkey. */
export async function requestPasskeyOptions(mfaToken: string): Promise<string> {
  const response = await (await client()).post('auth/mfa/passkey-options', { mfaToken });
  return (response.data as { optionsJson: string }).optionsJson;
}

export async function requestSecondStep(
  mfaToken: string,
  proof: SecondFactorProof,
): Promise<LoginResult | null> {
  const response = await (await client()).post('auth/mfa/verify', { mfaToken, ...proof });
  return readLoginResponse(response.data);
}

export async function requestLogout(refreshToken: string | null): Promise<void> {
  await (await client()).post('auth/logout', refreshToken ? { refreshToken } : {}, {
    quietSessionExpiry: true,
  });
}
