import { undoApi } from '@ilson/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import type { UndoService } from './undo';

/** docs/undo-and-trash.md: `POST /undo`, the admin's own change just made. */
export const undoRoutes: FastifyPluginAsync<{ undo: UndoService }> = async (app, { undo }) => {
  route(app, undoApi.undo, async (request) => undo.undo(request.body, actorOf(request)));
};
