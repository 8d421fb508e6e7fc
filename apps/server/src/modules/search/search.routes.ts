import { searchApi } from '@ilson/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import type { SearchService } from './search.service';

export const searchRoutes: FastifyPluginAsync<{ search: SearchService }> = async (app, { search }) => {
  route(app, searchApi.search, async (request) => search.search(request.query.q, actorOf(request)));
};
