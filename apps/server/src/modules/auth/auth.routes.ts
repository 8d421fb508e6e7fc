import {
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  meResponseSchema,
  okResponseSchema,
  refreshRequestSchema,
  refreshResponseSchema,
} from '@ilson/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActor, requireAdmin } from '../../plugins/auth';
import { type AuthService, toCurrentUser } from './auth.service';

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

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/auth/login',
    {
      config: {
        rateLimit: {
          max: async () => (await app.settings.get()).loginRateLimitPerMinute,
          timeWindow: 60_000,
          keyGenerator: (request) => `login:${request.ip}`,
        },
      },
      schema: {
        tags: ['auth'],
        summary: '로그인 (아이디 또는 이메일)',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await auth.login(request.body, auditActor(request));
      setBinding(request, reply, result.browserBinding);
      return { token: result.token, refreshToken: result.refreshToken, user: result.user };
    },
  );

  app.post(
    '/auth/refresh',
    {
      config: {
        rateLimit: { max: 120, timeWindow: 60_000, keyGenerator: (request) => `refresh:${request.ip}` },
      },
      schema: {
        tags: ['auth'],
        summary: '토큰 갱신 (갱신 토큰은 매번 교체됨)',
        body: refreshRequestSchema,
        response: { 200: refreshResponseSchema },
      },
    },
    async (request) => {
      const binding = request.cookies[BINDING_COOKIE];
      return auth.refresh(request.body.refreshToken, binding, auditActor(request));
    },
  );

  app.get(
    '/auth/me',
    {
      config: { duringPasswordChange: true },
      schema: { tags: ['auth'], summary: '현재 로그인한 관리자', response: { 200: meResponseSchema } },
    },
    async (request) => ({ user: toCurrentUser(requireAdmin(request)) }),
  );

  app.post(
    '/auth/logout',
    {
      config: { duringPasswordChange: true },
      schema: {
        tags: ['auth'],
        summary: '로그아웃 (세션 폐기)',
        body: logoutRequestSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request, reply) => {
      await auth.logout(requireAdmin(request), auditActor(request));
      setBinding(request, reply, null);
      return { ok: true as const };
    },
  );
};
