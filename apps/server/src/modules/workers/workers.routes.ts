import {
  historyResponseSchema,
  idParamSchema,
  listResponseSchema,
  okSchema,
  visaExpiryQuerySchema,
  visaExpiryResponseSchema,
  workerCreateSchema,
  workerExtensionSchema,
  workerListQuerySchema,
  workerRevealResponseSchema,
  workerRevealSchema,
  workerSchema,
  workerStatusChangeSchema,
  workerUpdateSchema,
} from '@ilson/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth';
import type { VisaExpiryService } from './visa-expiry.service';
import { IdentifierSearchLimited } from './workers.pii';
import type { WorkersService } from './workers.service';

const tags = ['workers'];

/** A refused identifier search says when the admin's window ends (`Retry-After`, seconds). */
async function withRetryAfter<T>(reply: FastifyReply, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof IdentifierSearchLimited)
      reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}

/** 외국인등록번호 and 여권번호 leave masked; only `/reveal` returns one in plaintext, logged with its reason. */
export const workersRoutes: FastifyPluginAsyncZod<{
  workers: WorkersService;
  visaExpiry: VisaExpiryService;
}> = async (app, { workers, visaExpiry }) => {
  app.get(
    '/workers',
    {
      schema: {
        tags,
        summary:
          '근로자 목록 (이름·전화 검색, 고유식별정보는 마스킹; 외국인등록번호·여권번호 검색은 열람 권한과 사유(reason) 필요, 관리자별 횟수 제한; 조회가 접속기록에 남음)',
        querystring: workerListQuerySchema,
        response: { 200: listResponseSchema(workerSchema) },
      },
    },
    async (request, reply) => withRetryAfter(reply, () => workers.list(request.query, actorOf(request))),
  );

  app.get(
    '/workers/visa-expiry',
    {
      schema: {
        tags,
        summary: '비자 만료 예정 (만료 경과·D-30·D-60·D-90·D-120, 남은 일수 순; 조회가 접속기록에 남음)',
        querystring: visaExpiryQuerySchema,
        response: { 200: visaExpiryResponseSchema },
      },
    },
    async (request, reply) => withRetryAfter(reply, () => visaExpiry.board(request.query, actorOf(request))),
  );

  app.get(
    '/workers/:id',
    {
      schema: {
        tags,
        summary: '근로자 상세 (조회가 접속기록에 남음)',
        params: idParamSchema,
        response: { 200: workerSchema },
      },
    },
    async (request) => workers.get(request.params.id, actorOf(request)),
  );

  app.post(
    '/workers',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: '근로자 등록 (외국인등록번호 중복 시 409)',
        body: workerCreateSchema,
        response: { 201: workerSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await workers.create(request.body, actorOf(request))),
  );

  app.patch(
    '/workers/:id',
    {
      schema: {
        tags,
        summary: '근로자 수정 (version이 다르면 409)',
        params: idParamSchema,
        body: workerUpdateSchema,
        response: { 200: workerSchema },
      },
    },
    async (request) => workers.update(request.params.id, request.body, actorOf(request)),
  );

  app.post(
    '/workers/:id/status',
    {
      schema: {
        tags,
        summary: '근로자 상태 변경',
        params: idParamSchema,
        body: workerStatusChangeSchema,
        response: { 200: workerSchema },
      },
    },
    async (request) => workers.changeStatus(request.params.id, request.body, actorOf(request)),
  );

  app.patch(
    '/workers/:id/extension',
    {
      schema: {
        tags,
        summary: '체류기간 연장 상태 (신청·승인 시 새 만료일)',
        params: idParamSchema,
        body: workerExtensionSchema,
        response: { 200: workerSchema },
      },
    },
    async (request) => workers.updateExtension(request.params.id, request.body, actorOf(request)),
  );

  app.post(
    '/workers/:id/reveal',
    {
      schema: {
        tags,
        summary: '고유식별정보 열람 (사유 필수, 접속기록에 남음)',
        params: idParamSchema,
        body: workerRevealSchema,
        response: { 200: workerRevealResponseSchema },
      },
    },
    async (request, reply) => {
      const revealed = await workers.reveal(request.params.id, request.body, actorOf(request));
      reply.header('cache-control', 'no-store');
      return revealed;
    },
  );

  app.delete(
    '/workers/:id',
    {
      schema: { tags, summary: '근로자 삭제', params: idParamSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await workers.remove(request.params.id, actorOf(request));
      return { ok: true as const };
    },
  );

  app.get(
    '/workers/:id/history',
    {
      schema: {
        tags,
        summary: '근로자 변경·열람 이력',
        params: idParamSchema,
        response: { 200: historyResponseSchema },
      },
    },
    async (request) => workers.history(request.params.id, actorOf(request)),
  );
};
