import {
  historyResponseSchema,
  idParamSchema,
  listResponseSchema,
  okSchema,
  resumeCreateSchema,
  resumeListQuerySchema,
  resumeSchema,
  resumeStatusChangeSchema,
  resumeUpdateSchema,
} from '@ilson/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth';
import type { ResumesService } from './resumes.service';

const tags = ['resumes'];

export const resumesRoutes: FastifyPluginAsyncZod<{ resumes: ResumesService }> = async (app, { resumes }) => {
  app.get(
    '/resumes',
    {
      schema: {
        tags,
        summary: '이력서 목록 (상태·공개 범위·근로자·지점·국적·삭제 포함 여부·근로자 이름 검색)',
        querystring: resumeListQuerySchema,
        response: { 200: listResponseSchema(resumeSchema) },
      },
    },
    async (request) => resumes.list(request.query, actorOf(request)),
  );

  app.get(
    '/resumes/:id',
    {
      schema: {
        tags,
        summary: '이력서 상세 (조회수·최근 조회일 갱신, 접속기록에 남음)',
        params: idParamSchema,
        response: { 200: resumeSchema },
      },
    },
    async (request) => resumes.get(request.params.id, actorOf(request)),
  );

  app.post(
    '/resumes',
    {
      config: { idempotent: true },
      schema: { tags, summary: '이력서 등록', body: resumeCreateSchema, response: { 201: resumeSchema } },
    },
    async (request, reply) => reply.code(201).send(await resumes.create(request.body, actorOf(request))),
  );

  app.patch(
    '/resumes/:id',
    {
      schema: {
        tags,
        summary: '이력서 수정 (version이 다르면 409)',
        params: idParamSchema,
        body: resumeUpdateSchema,
        response: { 200: resumeSchema },
      },
    },
    async (request) => resumes.update(request.params.id, request.body, actorOf(request)),
  );

  app.post(
    '/resumes/:id/status',
    {
      schema: {
        tags,
        summary: '이력서 상태 변경 (공개·숨김·임시저장)',
        params: idParamSchema,
        body: resumeStatusChangeSchema,
        response: { 200: resumeSchema },
      },
    },
    async (request) => resumes.changeStatus(request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/resumes/:id',
    {
      schema: {
        tags,
        summary: '이력서 삭제 (복원 가능)',
        params: idParamSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await resumes.remove(request.params.id, actorOf(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/resumes/:id/restore',
    {
      schema: { tags, summary: '삭제된 이력서 복원', params: idParamSchema, response: { 200: resumeSchema } },
    },
    async (request) => resumes.restore(request.params.id, actorOf(request)),
  );

  app.get(
    '/resumes/:id/history',
    {
      schema: {
        tags,
        summary: '이력서 변경 이력',
        params: idParamSchema,
        response: { 200: historyResponseSchema },
      },
    },
    async (request) => resumes.history(request.params.id, actorOf(request)),
  );
};
