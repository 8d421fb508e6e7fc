import {
  type Admin,
  adminActionSchema,
  adminCreateSchema,
  adminListQuerySchema,
  adminOptionsResponseSchema,
  adminSchema,
  adminUpdateSchema,
  adminWithPasswordSchema,
  idParamSchema,
  listResponseSchema,
} from '@ilson/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Actor, actorOf } from '../../plugins/auth';
import { listAdminOptions } from './admins.repository';
import type { AdminsService } from './admins.service';

const tags = ['admins'];

export const adminsRoutes: FastifyPluginAsyncZod<{ admins: AdminsService }> = async (app, { admins }) => {
  app.get(
    '/admins/options',
    {
      schema: {
        tags,
        summary: '선택 목록용 관리자 (지점장 지정 등, 사용 중지 제외)',
        response: { 200: adminOptionsResponseSchema },
      },
    },
    async () => ({ data: await listAdminOptions(app.db) }),
  );

  app.get(
    '/admins',
    {
      schema: {
        tags,
        summary: '관리자 계정 목록 (검색: 이름·아이디·이메일, 역할·상태·지점 필터)',
        querystring: adminListQuerySchema,
        response: { 200: listResponseSchema(adminSchema) },
      },
    },
    async (request) => admins.list(request.query),
  );

  app.get(
    '/admins/:id',
    {
      schema: { tags, summary: '관리자 계정 상세', params: idParamSchema, response: { 200: adminSchema } },
    },
    async (request) => admins.get(request.params.id),
  );

  // Not `idempotent`: the stored replay would keep the temporary password. A retried create cannot
  // duplicate anyway — the login id and email are unique (409).
  app.post(
    '/admins',
    {
      schema: {
        tags,
        summary: '관리자 등록 (비밀번호 지정 또는 초대: 임시 비밀번호를 이 응답에서 한 번만 알려 줌)',
        body: adminCreateSchema,
        response: { 201: adminWithPasswordSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await admins.create(request.body, actorOf(request))),
  );

  app.patch(
    '/admins/:id',
    {
      schema: {
        tags,
        summary: '관리자 정보·역할·지점 변경 (version이 다르면 409, 마지막 최고 관리자는 강등 불가)',
        params: idParamSchema,
        body: adminUpdateSchema,
        response: { 200: adminSchema },
      },
    },
    async (request) => admins.update(request.params.id, request.body, actorOf(request)),
  );

  const action = (
    path: string,
    summary: string,
    run: (id: number, version: number, actor: Actor) => Promise<Admin>,
  ) =>
    app.post(
      `/admins/:id/${path}`,
      {
        schema: {
          tags,
          summary,
          params: idParamSchema,
          body: adminActionSchema,
          response: { 200: adminSchema },
        },
      },
      async (request) => run(request.params.id, request.body.version, actorOf(request)),
    );

  action('disable', '관리자 사용 중지 (모든 로그인 세션 종료)', admins.disable);
  action('enable', '관리자 사용 재개', admins.enable);
  action('unlock', '로그인 실패 잠금 해제', admins.unlock);

  app.post(
    '/admins/:id/reset-password',
    {
      schema: {
        tags,
        summary: '비밀번호 초기화 (임시 비밀번호를 한 번만 알려 주고 모든 로그인 세션 종료)',
        params: idParamSchema,
        body: adminActionSchema,
        response: { 200: adminWithPasswordSchema },
      },
    },
    async (request) => admins.resetPassword(request.params.id, request.body.version, actorOf(request)),
  );
};
