import {
  historyResponseSchema,
  idParamSchema,
  listResponseSchema,
  noticeCreateSchema,
  noticeListQuerySchema,
  noticePreviewResponseSchema,
  noticePreviewSchema,
  noticeSchema,
  noticeStatusChangeSchema,
  noticeUpdateSchema,
  okSchema,
} from '@ilson/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth';
import type { NoticesService } from './notices.service';

const tags = ['notices'];

/** Content is HTML sanitised on every write (lib/rich-text): what is stored is what the preview shows. */
export const noticesRoutes: FastifyPluginAsyncZod<{ notices: NoticesService }> = async (app, { notices }) => {
  app.get(
    '/notices',
    {
      schema: {
        tags,
        summary: '공지 목록 (고정 공지 먼저; 상태·대상·고정·예약·제목 검색)',
        querystring: noticeListQuerySchema,
        response: { 200: listResponseSchema(noticeSchema) },
      },
    },
    async (request) => notices.list(request.query),
  );

  app.post(
    '/notices/preview',
    {
      schema: {
        tags,
        summary: '공지 미리보기 (저장될 HTML 그대로)',
        body: noticePreviewSchema,
        response: { 200: noticePreviewResponseSchema },
      },
    },
    async (request) => notices.preview(request.body.content),
  );

  app.get(
    '/notices/:id',
    {
      schema: {
        tags,
        summary: '공지 상세 (조회수 증가)',
        params: idParamSchema,
        response: { 200: noticeSchema },
      },
    },
    async (request) => notices.get(request.params.id),
  );

  app.post(
    '/notices',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: '공지 등록 (작성자는 로그인한 관리자)',
        body: noticeCreateSchema,
        response: { 201: noticeSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await notices.create(request.body, actorOf(request))),
  );

  app.patch(
    '/notices/:id',
    {
      schema: {
        tags,
        summary: '공지 수정 (version이 다르면 409)',
        params: idParamSchema,
        body: noticeUpdateSchema,
        response: { 200: noticeSchema },
      },
    },
    async (request) => notices.update(request.params.id, request.body, actorOf(request)),
  );

  app.post(
    '/notices/:id/status',
    {
      schema: {
        tags,
        summary: '공지 상태 변경 (게시·숨김·임시저장; 게시 예정 시각이 미래면 예약 게시)',
        params: idParamSchema,
        body: noticeStatusChangeSchema,
        response: { 200: noticeSchema },
      },
    },
    async (request) => notices.changeStatus(request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/notices/:id',
    {
      schema: { tags, summary: '공지 삭제', params: idParamSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await notices.remove(request.params.id, actorOf(request));
      return { ok: true as const };
    },
  );

  app.get(
    '/notices/:id/history',
    {
      schema: {
        tags,
        summary: '공지 변경 이력',
        params: idParamSchema,
        response: { 200: historyResponseSchema },
      },
    },
    async (request) => notices.history(request.params.id),
  );
};
