import {
  myLoginsResponseSchema,
  myProfileSchema,
  myProfileUpdateSchema,
  okResponseSchema,
  passwordChangeSchema,
} from '@ilson/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActor, requireAdmin } from '../../plugins/auth';
import type { MeService } from './me.service';

const tags = ['me'];

/** 내 정보: every signed-in admin reaches their own account; role and branch are not theirs to change. */
export const meRoutes: FastifyPluginAsyncZod<{ me: MeService }> = async (app, { me }) => {
  app.get(
    '/me',
    {
      schema: {
        tags,
        summary: '내 정보 (연락처, 역할, 지점, 비밀번호 변경일)',
        response: { 200: myProfileSchema },
      },
    },
    async (request) => me.profile(requireAdmin(request).id),
  );

  app.patch(
    '/me',
    {
      schema: {
        tags,
        summary: '내 정보 수정 (이름, 이메일, 연락처만; version이 다르면 409)',
        body: myProfileUpdateSchema,
        response: { 200: myProfileSchema },
      },
    },
    async (request) => me.updateProfile(request.body, requireAdmin(request), auditActor(request)),
  );

  app.post(
    '/me/password',
    {
      config: { duringPasswordChange: true },
      schema: {
        tags,
        summary: '비밀번호 변경 (현재 비밀번호 확인, 이 세션 외의 로그인은 모두 종료)',
        body: passwordChangeSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await me.changePassword(request.body, requireAdmin(request), auditActor(request));
      return { ok: true as const };
    },
  );

  app.get(
    '/me/logins',
    {
      schema: {
        tags,
        summary: '나의 최근 로그인 기록 (성공·실패, 최근 20건)',
        response: { 200: myLoginsResponseSchema },
      },
    },
    async (request) => ({ data: await me.logins(requireAdmin(request).id) }),
  );
};
