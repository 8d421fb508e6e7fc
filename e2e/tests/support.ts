import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { ADMIN_LOGIN, ADMIN_PASSWORD, JWT_SECRET } from '../env';

export type Tokens = { token: string; refreshToken: string; userId: number };

/** Headers for a state-changing API call: the bearer token and, as a browser would, the XSRF double-submit. */
export async function apiHeaders(
  request: APIRequestContext,
  token?: string,
): Promise<Record<string, string>> {
  const { cookies } = await request.storageState();
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  return {
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(xsrf ? { 'x-xsrf-token': xsrf } : {}),
  };
}

export async function apiLogin(
  request: APIRequestContext,
  login = ADMIN_LOGIN,
  password = ADMIN_PASSWORD,
): Promise<Tokens> {
  const response = await request.post('/api/v1/auth/login', {
    headers: await apiHeaders(request),
    data: { email: login, password, remember: true },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = await response.json();
  return { token: body.token, refreshToken: body.refresh_token, userId: body.user.id };
}

/** Starts the page already signed in, with tokens stored where the app keeps them (docs/ARCHITECTURE.md#wire). */
export async function signIn(page: Page, tokens?: Tokens): Promise<Tokens> {
  const issued = tokens ?? (await apiLogin(page.request));
  // Any page of the origin holds its storage: the icon costs a request and runs no script.
  await page.goto('/favicon.svg');
  await page.evaluate(({ token, refreshToken }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('refreshToken', refreshToken);
  }, issued);
  return issued;
}

export async function uiLogin(page: Page, login = ADMIN_LOGIN, password = ADMIN_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('아이디 또는 이메일').fill(login);
  await page.getByLabel('비밀번호', { exact: true }).fill(password);
  await page.getByRole('button', { name: '로그인' }).click();
}

/** An access token signed with the server's secret for the same session, already expired. */
export async function expiredAccessToken(token: string): Promise<string> {
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: payload.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(payload.sub)
    .setIssuer(payload.iss)
    .setAudience(payload.aud)
    .setIssuedAt(now - 3600)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(JWT_SECRET));
}
