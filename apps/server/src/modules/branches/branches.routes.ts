import {
  branchCreateSchema,
  branchDetailSchema,
  branchListQuerySchema,
  branchSchema,
  branchStatusChangeSchema,
  branchUpdateSchema,
  historyResponseSchema,
  idParamSchema,
  listResponseSchema,
  okSchema,
} from '@ilson/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth';
import type { BranchesService } from './branches.service';

const tags = ['branches'];

export const branchesRoutes: FastifyPluginAsyncZod<{ branches: BranchesService }> = async (
  app,
  { branches },
) => {
  app.get(
    '/branches',
    {
      schema: {
        tags,
        summary: '지점 목록 (지점 관리자는 자기 지점만)',
        querystring: branchListQuerySchema,
        response: { 200: listResponseSchema(branchSchema) },
      },
    },
    async (request) => branches.list(request.query, actorOf(request)),
  );

  app.get(
    '/branches/:id',
    {
      schema: {
        tags,
        summary: '지점 상세 (소속 사업주·근로자 수 포함)',
        params: idParamSchema,
        response: { 200: branchDetailSchema },
      },
    },
    async (request) => branches.get(request.params.id, actorOf(request)),
  );

  app.post(
    '/branches',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: '지점 등록 (지점 코드 중복 시 409)',
        body: branchCreateSchema,
        response: { 201: branchDetailSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await branches.create(request.body, actorOf(request))),
  );

  app.patch(
    '/branches/:id',
    {
      schema: {
        tags,
        summary: '지점 수정 (version이 다르면 409)',
        params: idParamSchema,
        body: branchUpdateSchema,
        response: { 200: branchDetailSchema },
      },
    },
    async (request) => branches.update(request.params.id, request.body, actorOf(request)),
  );

  app.post(
    '/branches/:id/status',
    {
      schema: {
        tags,
        summary: '지점 운영 상태 변경',
        params: idParamSchema,
        body: branchStatusChangeSchema,
        response: { 200: branchDetailSchema },
      },
    },
    async (request) => branches.changeStatus(request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/branches/:id',
    {
      schema: {
        tags,
        summary: '지점 삭제 (소속 사업주·근로자·관리자가 없을 때만)',
        params: idParamSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await branches.remove(request.params.id, actorOf(request));
      return { ok: true as const };
    },
  );

  app.get(
    '/branches/:id/history',
    {
      schema: {
        tags,
        summary: '지점 변경 이력',
        params: idParamSchema,
        response: { 200: historyResponseSchema },
      },
    },
    async (request) => branches.history(request.params.id, actorOf(request)),
  );
};
