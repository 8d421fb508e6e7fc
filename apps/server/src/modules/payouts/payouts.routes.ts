import {
  historyResponseSchema,
  idParamSchema,
  payoutCreateSchema,
  payoutListQuerySchema,
  payoutListResponseSchema,
  payoutRevealResponseSchema,
  payoutRevealSchema,
  payoutSchema,
  payoutStatusChangeSchema,
  payoutUpdateSchema,
} from '@ilson/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth';
import type { PayoutsService } from './payouts.service';

const tags = ['payouts'];

/**
 * The account number leaves masked; only `/reveal` returns it, logged with its reason. Status changes take
 * `payouts:write` at the door; approving, paying, failing and retrying need `payouts:approve`
 * (PAYOUT_TRANSITIONS).
 */
export const payoutsRoutes: FastifyPluginAsyncZod<{ payouts: PayoutsService }> = async (app, { payouts }) => {
  app.get(
    '/payouts',
    {
      schema: {
        tags,
        summary: '정산 목록 (상태·유형·사업주·지점·정산일(예정일, 없으면 등록일)·검색어; 상태별 합계)',
        querystring: payoutListQuerySchema,
        response: { 200: payoutListResponseSchema },
      },
    },
    async (request) => payouts.list(request.query, actorOf(request)),
  );

  app.get(
    '/payouts/:id',
    {
      schema: {
        tags,
        summary: '정산 상세 (계좌번호 마스킹)',
        params: idParamSchema,
        response: { 200: payoutSchema },
      },
    },
    async (request) => payouts.get(request.params.id, actorOf(request)),
  );

  app.post(
    '/payouts',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: '정산 등록 (부가세 미입력 시 매칭 수수료 10%, 그 외 0)',
        body: payoutCreateSchema,
        response: { 201: payoutSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await payouts.create(request.body, actorOf(request))),
  );

  app.patch(
    '/payouts/:id',
    {
      schema: {
        tags,
        summary: '정산 수정 (지급 완료·취소된 정산은 409; version이 다르면 409)',
        params: idParamSchema,
        body: payoutUpdateSchema,
        response: { 200: payoutSchema },
      },
    },
    async (request) => payouts.update(request.params.id, request.body, actorOf(request)),
  );

  app.post(
    '/payouts/:id/status',
    {
      schema: {
        tags,
        summary: '정산 상태 변경 (승인·지급 완료·취소·지급 실패·재지급 승인)',
        params: idParamSchema,
        body: payoutStatusChangeSchema,
        response: { 200: payoutSchema },
      },
    },
    async (request) => payouts.changeStatus(request.params.id, request.body, actorOf(request)),
  );

  app.post(
    '/payouts/:id/reveal',
    {
      schema: {
        tags,
        summary: '계좌번호 열람 (사유 필수, 접속기록에 남음)',
        params: idParamSchema,
        body: payoutRevealSchema,
        response: { 200: payoutRevealResponseSchema },
      },
    },
    async (request, reply) => {
      const revealed = await payouts.reveal(request.params.id, request.body, actorOf(request));
      reply.header('cache-control', 'no-store');
      return revealed;
    },
  );

  app.get(
    '/payouts/:id/history',
    {
      schema: {
        tags,
        summary: '정산 변경 이력',
        params: idParamSchema,
        response: { 200: historyResponseSchema },
      },
    },
    async (request) => payouts.history(request.params.id, actorOf(request)),
  );
};
