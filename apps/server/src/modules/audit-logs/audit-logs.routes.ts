import {
  auditLogDetailSchema,
  auditLogExportQuerySchema,
  auditLogListQuerySchema,
  auditLogListResponseSchema,
  auditReviewCreateSchema,
  auditReviewListQuerySchema,
  auditReviewListResponseSchema,
  auditReviewSchema,
  auditVerifyResultSchema,
  idParamSchema,
} from '@ilson/contracts';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth';
import type { AuditLogsService } from './audit-logs.service';

const tags = ['audit-logs'];

/**
 * `/settings/logs`: the access log (접속기록) read back, checked and exported, and its monthly review records.
 * There is deliberately no route that changes or deletes a log row or a review record.
 */
export const auditLogsRoutes: FastifyPluginAsyncZod<{ auditLogs: AuditLogsService }> = async (
  app,
  { auditLogs },
) => {
  app.get(
    '/audit-logs',
    {
      schema: {
        tags,
        summary: '접속기록 목록 (관리자·작업·대상·기간(서울 기준 일자)·IP, 최신순)',
        description: 'action은 쉼표로 여러 개(예: CREATE,UPDATE). ip는 앞부분 일치.',
        querystring: auditLogListQuerySchema,
        response: { 200: auditLogListResponseSchema },
      },
    },
    async (request) => auditLogs.list(request.query),
  );

  app.get(
    '/audit-logs/export',
    {
      schema: {
        tags,
        summary: '접속기록 내보내기 (접속기록_{날짜}.csv, 목록과 같은 필터; 내보내기 자체도 기록됨)',
        description: '다운로드 사유(reason)는 설정에 따라 필수.',
        querystring: auditLogExportQuerySchema,
        produces: ['text/csv', 'application/json'],
      },
    },
    async (request, reply) => {
      const file = await auditLogs.startExport(request.query, actorOf(request));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.post(
    '/audit-logs/verify',
    {
      schema: {
        tags,
        summary:
          '무결성 확인 (체인 전체와 체크포인트를 검증하고 어긋난 곳을 모두 알려 줌; 처음 100건과 총 건수)',
        response: { 200: auditVerifyResultSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return auditLogs.verify();
    },
  );

  app.get(
    '/audit-logs/:id',
    {
      schema: {
        tags,
        summary: '접속기록 상세 (변경 전후, 사용자 에이전트, 해시)',
        params: idParamSchema,
        response: { 200: auditLogDetailSchema },
      },
    },
    async (request) => auditLogs.get(request.params.id),
  );

  app.get(
    '/audit-reviews',
    {
      schema: {
        tags,
        summary: '접속기록 월간 점검 기록 목록 (최근 달부터)',
        querystring: auditReviewListQuerySchema,
        response: { 200: auditReviewListResponseSchema },
      },
    },
    async (request) => auditLogs.listReviews(request.query),
  );

  app.post(
    '/audit-reviews',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: '접속기록 월간 점검 기록 등록 (점검자는 본인; 수정·삭제 없이 새 기록으로 보완)',
        body: auditReviewCreateSchema,
        response: { 201: auditReviewSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await auditLogs.createReview(request.body, actorOf(request))),
  );
};
