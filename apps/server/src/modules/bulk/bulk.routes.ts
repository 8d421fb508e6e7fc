import { BULK_API, BULK_RESOURCES } from '@ilson/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import type { BulkService } from './bulk.service';

/** docs/bulk-actions.md: `/{employers|job-posts|reviews|payouts|workers}/bulk-jobs…`. */
export const bulkRoutes: FastifyPluginAsync<{ bulk: BulkService }> = async (app, { bulk }) => {
  app.addHook('onClose', () => bulk.stop());
  for (const resource of BULK_RESOURCES) {
    const api = BULK_API[resource];
    route(app, api.start, async (request) =>
      bulk.start(resource, request.body as Parameters<BulkService['start']>[1], actorOf(request)),
    );
    route(app, api.get, async (request) => bulk.get(resource, request.params.id, actorOf(request)));
    route(app, api.failures, async (request) =>
      bulk.failures(resource, request.params.id, request.query, actorOf(request)),
    );
    route(app, api.cancel, async (request) => bulk.cancel(resource, request.params.id, actorOf(request)));
  }
};
