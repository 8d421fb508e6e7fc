import type { CurrentUser } from '@ilson/contracts';
import { readUser } from './auth-answers';

/**
 * The API client (and axios) load on first use. Signing in is the plain login page's (docs/wire.md#the-login-page);
 * the app asks who is signed in and logs out.
 */
async function client() {
  return (await import('../api/client')).api;
}

export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  const response = await (await client()).get('auth/me');
  return readUser(response.data);
}

export async function requestLogout(refreshToken: string | null): Promise<void> {
  await (await client()).post('auth/logout', refreshToken ? { refreshToken } : {}, {
    quietSessionExpiry: true,
  });
}
