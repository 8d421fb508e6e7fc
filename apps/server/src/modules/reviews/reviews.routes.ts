import { reviewsApi } from '@ilson/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import type { ReviewsService } from './reviews.service';

const api = reviewsApi;

/** Reviews are scoped by their matching's branch; every moderation decision is in the access log. */
export const reviewsRoutes: FastifyPluginAsync<{ reviews: ReviewsService }> = async (app, { reviews }) => {
  route(app, api.list, async (request) => reviews.list(request.query, actorOf(request)));

  route(app, api.moderation, async (request) => reviews.queue(request.query, actorOf(request)));

  route(app, api.get, async (request) => reviews.get(request.params.id, actorOf(request)));

  route(app, api.create, async (request) => reviews.create(request.body, actorOf(request)));

  route(app, api.changeStatus, async (request) =>
    reviews.changeStatus(request.params.id, request.body, actorOf(request)),
  );

  route(app, api.history, async (request) => reviews.history(request.params.id, actorOf(request)));
};
