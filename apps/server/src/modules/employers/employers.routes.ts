import {
  bulkResultSchema,
  employerBulkStatusSchema,
  employerCreateSchema,
  employerListQuerySchema,
  employerSchema,
  employerStatusChangeSchema,
  employerUpdateSchema,
  historyResponseSchema,
  idParamSchema,
  listResponseSchema,
  okSchema,
} from '@ilson/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth';
import type { EmployersService } from './employers.service';

const tags = ['employers'];

/**
 * Status changes take `employers:write` at the door; each transition then needs its own permission
 * from EMPLOYER_TRANSITIONS (approve, reject, suspend: `employers:approve`).
 */
export const employersRoutes: FastifyPluginAsyncZod<{ employers: EmployersService }> = async (
  app,
  { employers },
) => {
  app.get(
    '/employers',
    {
      schema: {
        tags,
        summary: '사업주 목록 (상태·업종·지점·지역·등록일·검색어)',
        querystring: employerListQuerySchema,
        response: { 200: listResponseSchema(employerSchema) },
      },
    },
    async (request) => employers.list(request.query, actorOf(request)),
  );

  app.get(
    '/employers/:id',
    {
      schema: { tags, summary: '사업주 상세', params: idParamSchema, response: { 200: employerSchema } },
    },
    async (request) => employers.get(request.params.id, actorOf(request)),
  );

  app.post(
    '/employers',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: '사업주 등록 (사업자등록번호 중복 시 409)',
        body: employerCreateSchema,
        response: { 201: employerSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await employers.create(request.body, actorOf(request))),
  );

  app.patch(
    '/employers/:id',
    {
      schema: {
        tags,
        summary: '사업주 수정 (version이 다르면 409)',
        params: idParamSchema,
        body: employerUpdateSchema,
        response: { 200: employerSchema },
      },
    },
    async (request) => employers.update(request.params.id, request.body, actorOf(request)),
  );

  app.post(
    '/employers/:id/status',
    {
      schema: {
        tags,
        summary: '사업주 상태 변경 (승인·반려·정지·해제·탈퇴)',
        params: idParamSchema,
        body: employerStatusChangeSchema,
        response: { 200: employerSchema },
      },
    },
    async (request) => employers.changeStatus(request.params.id, request.body, actorOf(request)),
  );

  app.post(
    '/employers/bulk-status',
    {
      schema: {
        tags,
        summary: '사업주 일괄 상태 변경 (건별 결과)',
        body: employerBulkStatusSchema,
        response: { 200: bulkResultSchema },
      },
    },
    async (request) => employers.bulkStatus(request.body, actorOf(request)),
  );

  app.delete(
    '/employers/:id',
    {
      schema: {
        tags,
        summary: '사업주 삭제 (승인 대기·반려 상태만)',
        params: idParamSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await employers.remove(request.params.id, actorOf(request));
      return { ok: true as const };
    },
  );

  app.get(
    '/employers/:id/history',
    {
      schema: {
        tags,
        summary: '사업주 변경 이력',
        params: idParamSchema,
        response: { 200: historyResponseSchema },
      },
    },
    async (request) => employers.history(request.params.id, actorOf(request)),
  );
};
