import {
  historyResponseSchema,
  idParamSchema,
  listResponseSchema,
  moderationQueueQuerySchema,
  moderationQueueResponseSchema,
  reviewCreateSchema,
  reviewListQuerySchema,
  reviewSchema,
  reviewStatusChangeSchema,
} from '@ilson/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth';
import type { ReviewsService } from './reviews.service';

const tags = ['reviews'];

/** Reviews are scoped by their matching's branch; every moderation decision is in the access log. */
export const reviewsRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService }> = async (app, { reviews }) => {
  app.get(
    '/reviews',
    {
      schema: {
        tags,
        summary: '리뷰 목록 (상태·평점·작성자 유형·신고된 리뷰만·지점·작성일·내용 검색)',
        querystring: reviewListQuerySchema,
        response: { 200: listResponseSchema(reviewSchema) },
      },
    },
    async (request) => reviews.list(request.query, actorOf(request)),
  );

  app.get(
    '/reviews/moderation',
    {
      schema: {
        tags,
        summary: '검수 대기열 (검수 대기·신고된 게시 리뷰, 오래된 순; after_id로 다음 페이지)',
        querystring: moderationQueueQuerySchema,
        response: { 200: moderationQueueResponseSchema },
      },
    },
    async (request) => reviews.queue(request.query, actorOf(request)),
  );

  app.get(
    '/reviews/:id',
    {
      schema: { tags, summary: '리뷰 상세', params: idParamSchema, response: { 200: reviewSchema } },
    },
    async (request) => reviews.get(request.params.id, actorOf(request)),
  );

  app.post(
    '/reviews',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: '리뷰 대리 등록 (근무 중·근무 종료 매칭만; 매칭·작성자 유형당 하나)',
        body: reviewCreateSchema,
        response: { 201: reviewSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await reviews.create(request.body, actorOf(request))),
  );

  app.post(
    '/reviews/:id/status',
    {
      schema: {
        tags,
        summary: '리뷰 검수 (게시·숨김(사유 필수)·게시 유지; 게시하면 신고 수 초기화)',
        params: idParamSchema,
        body: reviewStatusChangeSchema,
        response: { 200: reviewSchema },
      },
    },
    async (request) => reviews.changeStatus(request.params.id, request.body, actorOf(request)),
  );

  app.get(
    '/reviews/:id/history',
    {
      schema: {
        tags,
        summary: '리뷰 검수 이력',
        params: idParamSchema,
        response: { 200: historyResponseSchema },
      },
    },
    async (request) => reviews.history(request.params.id, actorOf(request)),
  );
};
