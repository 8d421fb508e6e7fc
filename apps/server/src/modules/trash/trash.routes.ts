import { trashApi } from '@ilson/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import type { TrashService } from './trash.service';

/** docs/undo-and-trash.md: `/trash` and `/trash/:type/:id/restore`, each kind for whoever may edit it. */
export const trashRoutes: FastifyPluginAsync<{ trash: TrashService }> = async (app, { trash }) => {
  route(app, trashApi.list, async (request) => trash.list(request.query, actorOf(request)));
  route(app, trashApi.restore, async (request) =>
    trash.restore(request.params.type, request.params.id, actorOf(request)),
  );
};
