import { authApi, secondFactorApi } from '@ilson/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { auditActor, requireAdmin } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import { relyingParty } from '../second-factor/second-factor.routes';
import { type AuthService, toCurrentUser } from './auth.service';

const api = authApi;

/** The browser-session cookie that a not-remembered login must present to refresh. */
const BINDING_COOKIE = 'ilson_session';
const BINDING_PATH = '/api/v1/auth';

function setBinding(request: FastifyRequest, reply: FastifyReply, value: string | null) {
  if (value === null) {
    reply.clearCookie(BINDING_COOKIE, { path: BINDING_PATH });
    return;
  }
  // No Max-Age or Expires: the browser drops it when its session ends.
  reply.setCookie(BINDING_COOKIE, value, {
    path: BINDING_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
  });
}

export const authRoutes: FastifyPluginAsync<{ auth: AuthService }> = async (app, { auth }) => {
  /** Per address and minute, as the setting says: the login, and its second step under a key of its own. */
  const limitedBy = (prefix: string) => ({
    rateLimit: {
      max: async () => (await app.settings.get()).loginRateLimitPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `${prefix}:${request.ip}`,
    },
  });
  const loginLimit = limitedBy('login');
  const secondStepLimit = limitedBy('login-mfa');

  route(
    app,
    api.login,
    async (request, reply) => {
      const result = await auth.login(request.body, auditActor(request));
      if ('mfaRequired' in result) return result;
      setBinding(request, reply, result.browserBinding);
      return { token: result.token, refreshToken: result.refreshToken, user: result.user };
    },
    loginLimit,
  );

  // The login's second step (docs/second-factor.md#the-login-on-the-wire), limited like the login itself.
  route(
    app,
    secondFactorApi.verifyLogin,
    async (request, reply) => {
      const result = await auth.verifyLogin(request.body, auditActor(request), relyingParty(request));
      setBinding(request, reply, result.browserBinding);
      return { token: result.token, refreshToken: result.refreshToken, user: result.user };
    },
    secondStepLimit,
  );

  route(
    app,
    secondFactorApi.passkeyLoginOptions,
    async (request) => auth.passkeyLoginOptions(request.body.mfaToken, relyingParty(request)),
    secondStepLimit,
  );

  route(
    app,
    api.refresh,
    async (request) => {
      const binding = request.cookies[BINDING_COOKIE];
      return auth.refresh(request.body.refreshToken, binding, auditActor(request));
    },
    { rateLimit: { max: 120, timeWindow: 60_000, keyGenerator: (request) => `refresh:${request.ip}` } },
  );

  route(app, api.me, async (request) => ({ user: toCurrentUser(requireAdmin(request)) }));

  route(app, api.logout, async (request, reply) => {
    await auth.logout(requireAdmin(request), auditActor(request));
    setBinding(request, reply, null);
    return { ok: true as const };
  });
};
