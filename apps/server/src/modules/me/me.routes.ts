import { meApi } from '@ilson/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { auditActor, requireAdmin } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import type { MeService } from './me.service';

const api = meApi;

/** 내 정보: every signed-in admin reaches their own account; role and branch are not theirs to change. */
export const meRoutes: FastifyPluginAsync<{ me: MeService }> = async (app, { me }) => {
  route(app, api.get, async (request) => me.profile(requireAdmin(request).id));

  route(app, api.update, async (request) =>
    me.updateProfile(request.body, requireAdmin(request), auditActor(request)),
  );

  route(app, api.changePassword, async (request) => {
    await me.changePassword(request.body, requireAdmin(request), auditActor(request));
    return { ok: true as const };
  });

  route(app, api.logins, async (request) => ({ data: await me.logins(requireAdmin(request).id) }));
};
