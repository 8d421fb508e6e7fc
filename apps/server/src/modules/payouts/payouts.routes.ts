import { payoutsApi } from '@ilson/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf, requireAdmin } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import type { PayoutsService } from './payouts.service';

const api = payoutsApi;

/**
 * The account number leaves masked; only `/reveal` returns it, logged with its reason. Status changes take
 * `payouts:write` at the door; approving, paying, failing and retrying need `payouts:approve`
 * (PAYOUT_TRANSITIONS).
 */
export const payoutsRoutes: FastifyPluginAsync<{ payouts: PayoutsService }> = async (app, { payouts }) => {
  route(app, api.list, async (request) => payouts.list(request.query, actorOf(request)));

  route(app, api.feeRule, async (request) => payouts.feeRule(request.query, actorOf(request)));

  route(app, api.get, async (request) => payouts.get(request.params.id, actorOf(request)));

  route(app, api.create, async (request) => payouts.create(request.body, actorOf(request)));

  route(app, api.update, async (request) =>
    payouts.update(request.params.id, request.body, actorOf(request)),
  );

  route(app, api.changeStatus, async (request) =>
    payouts.changeStatus(request.params.id, request.body, actorOf(request)),
  );

  route(app, api.reveal, async (request, reply) => {
    await app.secondFactor.assertFresh(requireAdmin(request), request.ip);
    const revealed = await payouts.reveal(request.params.id, request.body, actorOf(request));
    reply.header('cache-control', 'no-store');
    return revealed;
  });

  route(app, api.history, async (request) => payouts.history(request.params.id, actorOf(request)));
};
