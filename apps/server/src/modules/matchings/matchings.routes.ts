import {
  eligibilityQuerySchema,
  eligibilityResponseSchema,
  historyResponseSchema,
  idParamSchema,
  listResponseSchema,
  matchingCreateSchema,
  matchingDetailSchema,
  matchingListQuerySchema,
  matchingSchema,
  matchingStatsQuerySchema,
  matchingStatsSchema,
  matchingStatusChangeSchema,
  matchingUpdateSchema,
} from '@ilson/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth';
import type { MatchingStatsService } from './matching-stats.service';
import type { MatchingsService } from './matchings.service';

const tags = ['matchings'];

/**
 * Warnings of the visa check are passed only with `override_reason` by a role holding `matchings:override`;
 * hard rules never. Each status change moves the worker's status and the post's filled headcount with it.
 */
export const matchingsRoutes: FastifyPluginAsyncZod<{
  matchings: MatchingsService;
  stats: MatchingStatsService;
}> = async (app, { matchings, stats }) => {
  app.get(
    '/matchings',
    {
      schema: {
        tags,
        summary: '매칭 목록 (상태·지점·사업주·공고·근로자·국적·체류자격·등록일·검색어)',
        querystring: matchingListQuerySchema,
        response: { 200: listResponseSchema(matchingSchema) },
      },
    },
    async (request) => matchings.list(request.query, actorOf(request)),
  );

  app.get(
    '/matchings/eligibility',
    {
      schema: {
        tags,
        summary: '매칭 가능 여부 (체류자격 규칙: hard는 불가, warning은 예외 사유로 진행 가능)',
        querystring: eligibilityQuerySchema,
        response: { 200: eligibilityResponseSchema },
      },
    },
    async (request) => matchings.eligibility(request.query, actorOf(request)),
  );

  app.get(
    '/matchings/stats',
    {
      schema: {
        tags,
        summary: '매칭 통계 (상태별·월별 추이·계약 전환율·평균 계약 소요일·국적·업종·체류자격·지점별)',
        querystring: matchingStatsQuerySchema,
        response: { 200: matchingStatsSchema },
      },
    },
    async (request) => stats.stats(request.query, actorOf(request)),
  );

  app.get(
    '/matchings/:id',
    {
      schema: {
        tags,
        summary: '매칭 상세 (상태 변경 타임라인 포함)',
        params: idParamSchema,
        response: { 200: matchingDetailSchema },
      },
    },
    async (request) => matchings.get(request.params.id, actorOf(request)),
  );

  app.post(
    '/matchings',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: '매칭 등록 (체류자격 부적격 422, 같은 공고에 진행 중인 매칭이 있으면 409)',
        body: matchingCreateSchema,
        response: { 201: matchingDetailSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await matchings.create(request.body, actorOf(request))),
  );

  app.patch(
    '/matchings/:id',
    {
      schema: {
        tags,
        summary: '매칭 수정 (일정·급여·수수료·메모; version이 다르면 409)',
        params: idParamSchema,
        body: matchingUpdateSchema,
        response: { 200: matchingDetailSchema },
      },
    },
    async (request) => matchings.update(request.params.id, request.body, actorOf(request)),
  );

  app.post(
    '/matchings/:id/status',
    {
      schema: {
        tags,
        summary: '매칭 상태 변경 (면접·합격·계약·근무 시작·종료·취소·중도 해지)',
        params: idParamSchema,
        body: matchingStatusChangeSchema,
        response: { 200: matchingDetailSchema },
      },
    },
    async (request) => matchings.changeStatus(request.params.id, request.body, actorOf(request)),
  );

  app.get(
    '/matchings/:id/history',
    {
      schema: {
        tags,
        summary: '매칭 변경 이력',
        params: idParamSchema,
        response: { 200: historyResponseSchema },
      },
    },
    async (request) => matchings.history(request.params.id, actorOf(request)),
  );
};
