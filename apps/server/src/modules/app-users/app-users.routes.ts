import {
  appUserListQuerySchema,
  appUserSchema,
  appUserStatusChangeSchema,
  historyResponseSchema,
  idParamSchema,
  listResponseSchema,
} from '@ilson/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth';
import type { AppUsersService } from './app-users.service';

const tags = ['users'];

/**
 * Accounts of the mobile/web app (they sign up there: no create here). `dormant` is computed from the last
 * login and the `dormant_after_days` setting; the branch is the linked employer's or worker's.
 */
export const appUsersRoutes: FastifyPluginAsyncZod<{ appUsers: AppUsersService }> = async (
  app,
  { appUsers },
) => {
  app.get(
    '/users',
    {
      schema: {
        tags,
        summary: '앱 회원 목록 (유형·상태(휴면 포함)·가입일·최근 로그인·이름/아이디/이메일/전화 검색)',
        querystring: appUserListQuerySchema,
        response: { 200: listResponseSchema(appUserSchema) },
      },
    },
    async (request) => appUsers.list(request.query, actorOf(request)),
  );

  app.get(
    '/users/:id',
    {
      schema: {
        tags,
        summary: '앱 회원 상세 (조회가 접속기록에 남음)',
        params: idParamSchema,
        response: { 200: appUserSchema },
      },
    },
    async (request) => appUsers.get(request.params.id, actorOf(request)),
  );

  app.post(
    '/users/:id/status',
    {
      schema: {
        tags,
        summary: '앱 회원 상태 변경 (이용 정지·정지 해제·탈퇴 처리, 사유 필수)',
        params: idParamSchema,
        body: appUserStatusChangeSchema,
        response: { 200: appUserSchema },
      },
    },
    async (request) => appUsers.changeStatus(request.params.id, request.body, actorOf(request)),
  );

  app.get(
    '/users/:id/history',
    {
      schema: {
        tags,
        summary: '앱 회원 상태 변경 이력',
        params: idParamSchema,
        response: { 200: historyResponseSchema },
      },
    },
    async (request) => appUsers.history(request.params.id, actorOf(request)),
  );
};
