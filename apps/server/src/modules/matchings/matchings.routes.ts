import { matchingsApi } from '@ilson/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import type { MatchingStatsService } from './matching-stats.service';
import type { MatchingsService } from './matchings.service';

const api = matchingsApi;

/**
 * Warnings of the visa check are passed only with `override_reason` by a role holding `matchings:override`;
 * hard rules never. Each status change moves the worker's status and the post's filled headcount with it.
 */
export const matchingsRoutes: FastifyPluginAsync<{
  matchings: MatchingsService;
  stats: MatchingStatsService;
}> = async (app, { matchings, stats }) => {
  route(app, api.list, async (request) => matchings.list(request.query, actorOf(request)));

  route(app, api.eligibility, async (request) => matchings.eligibility(request.query, actorOf(request)));

  route(app, api.stats, async (request) => stats.stats(request.query, actorOf(request)));

  route(app, api.get, async (request) => matchings.get(request.params.id, actorOf(request)));

  route(app, api.create, async (request) => matchings.create(request.body, actorOf(request)));

  route(app, api.update, async (request) =>
    matchings.update(request.params.id, request.body, actorOf(request)),
  );

  route(app, api.changeStatus, async (request) =>
    matchings.changeStatus(request.params.id, request.body, actorOf(request)),
  );

  route(app, api.history, async (request) => matchings.history(request.params.id, actorOf(request)));
};
