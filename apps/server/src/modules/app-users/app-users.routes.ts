import { usersApi } from '@ilson/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import type { AppUsersService } from './app-users.service';

const api = usersApi;

/**
 * Accounts of the mobile/web app (they sign up there: no create here). `dormant` is computed from the last
 * login and the `dormant_after_days` setting; the branch is the linked employer's or worker's.
 */
export const appUsersRoutes: FastifyPluginAsync<{ appUsers: AppUsersService }> = async (
  app,
  { appUsers },
) => {
  route(app, api.list, async (request) => appUsers.list(request.query, actorOf(request)));

  route(app, api.get, async (request) => appUsers.get(request.params.id, actorOf(request)));

  route(app, api.changeStatus, async (request) =>
    appUsers.changeStatus(request.params.id, request.body, actorOf(request)),
  );

  route(app, api.history, async (request) => appUsers.history(request.params.id, actorOf(request)));

  route(app, api.consents, async (request) => appUsers.consents(request.params.id, actorOf(request)));

  route(app, api.withdrawConsent, async (request) =>
    appUsers.withdrawConsent(request.params.id, request.params.consentId, request.body, actorOf(request)),
  );
};
