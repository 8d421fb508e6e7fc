import {
  historyResponseSchema,
  idParamSchema,
  jobPostCreateSchema,
  jobPostListQuerySchema,
  jobPostSchema,
  jobPostStatusChangeSchema,
  jobPostUpdateSchema,
  listResponseSchema,
  okSchema,
} from '@ilson/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth';
import type { JobPostsService } from './job-posts.service';

const tags = ['job-posts'];

/**
 * Status changes take `job_posts:write` at the door; each transition then needs its own permission from
 * JOB_POST_TRANSITIONS (approve, reject, suspend, resume: `job_posts:approve`).
 */
export const jobPostsRoutes: FastifyPluginAsyncZod<{ jobPosts: JobPostsService }> = async (
  app,
  { jobPosts },
) => {
  app.get(
    '/job-posts',
    {
      schema: {
        tags,
        summary: '채용공고 목록 (상태·사업주·업종·지점·급여 형태·체류자격·마감일·검색어)',
        querystring: jobPostListQuerySchema,
        response: { 200: listResponseSchema(jobPostSchema) },
      },
    },
    async (request) => jobPosts.list(request.query, actorOf(request)),
  );

  app.get(
    '/job-posts/:id',
    {
      schema: {
        tags,
        summary: '채용공고 상세 (조회수 증가)',
        params: idParamSchema,
        response: { 200: jobPostSchema },
      },
    },
    async (request) => jobPosts.get(request.params.id, actorOf(request)),
  );

  app.post(
    '/job-posts',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: '채용공고 등록 (submit=true면 승인 대기, false면 작성 중; 최저임금 미만은 422)',
        body: jobPostCreateSchema,
        response: { 201: jobPostSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await jobPosts.create(request.body, actorOf(request))),
  );

  app.patch(
    '/job-posts/:id',
    {
      schema: {
        tags,
        summary: '채용공고 수정 (version이 다르면 409)',
        params: idParamSchema,
        body: jobPostUpdateSchema,
        response: { 200: jobPostSchema },
      },
    },
    async (request) => jobPosts.update(request.params.id, request.body, actorOf(request)),
  );

  app.post(
    '/job-posts/:id/status',
    {
      schema: {
        tags,
        summary: '채용공고 상태 변경 (검토 요청·승인·반려·마감·게시 중지·재개)',
        params: idParamSchema,
        body: jobPostStatusChangeSchema,
        response: { 200: jobPostSchema },
      },
    },
    async (request) => jobPosts.changeStatus(request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/job-posts/:id',
    {
      schema: {
        tags,
        summary: '채용공고 삭제 (작성 중·승인 대기·반려 상태만)',
        params: idParamSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await jobPosts.remove(request.params.id, actorOf(request));
      return { ok: true as const };
    },
  );

  app.get(
    '/job-posts/:id/history',
    {
      schema: {
        tags,
        summary: '채용공고 변경 이력',
        params: idParamSchema,
        response: { 200: historyResponseSchema },
      },
    },
    async (request) => jobPosts.history(request.params.id, actorOf(request)),
  );
};
