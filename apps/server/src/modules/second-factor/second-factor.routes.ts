import { secondFactorApi } from '@ilson/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { auditActor, requireAdmin } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import { toCurrentUser } from '../auth/auth.service';
import type { RelyingParty, SecondFactorService } from './second-factor.service';

/**
 * The site as the browser sees it, which passkeys are bound to (docs/second-factor.md#passkeys): the host and scheme
 * of the request, read through TRUST_PROXY behind a proxy.
 */
export function relyingParty(request: FastifyRequest): RelyingParty {
  return { rpID: request.hostname, origin: `${request.protocol}://${request.host}` };
}

const api = secondFactorApi;

/**
 * The second factor of one's own account, its step-up, and a super admin's reset of another's (docs/second-factor.md).
 * The login's second step is with the login (modules/auth).
 */
export const secondFactorRoutes: FastifyPluginAsync<{ secondFactor: SecondFactorService }> = async (
  app,
  { secondFactor },
) => {
  route(app, api.mine, async (request) => secondFactor.mine(requireAdmin(request), request.ip));

  route(app, api.setupTotp, async (request) => secondFactor.setupTotp(requireAdmin(request)));

  route(app, api.confirmTotp, async (request) => {
    const admin = requireAdmin(request);
    const recoveryCodes = await secondFactor.confirmTotp(admin, request.body.code, auditActor(request));
    return { recoveryCodes, user: toCurrentUser({ ...admin, secondFactorEnrolmentRequired: false }) };
  });

  route(app, api.removeTotp, async (request) => {
    await secondFactor.removeTotp(requireAdmin(request), request.body, auditActor(request));
    return { ok: true as const };
  });

  route(app, api.newRecoveryCodes, async (request) => ({
    recoveryCodes: await secondFactor.renewRecoveryCodes(
      requireAdmin(request),
      request.body,
      auditActor(request),
    ),
  }));

  route(app, api.stepUp, async (request) =>
    secondFactor.stepUp(requireAdmin(request), request.body, auditActor(request), relyingParty(request)),
  );

  route(app, api.passkeyStepUpOptions, async (request) =>
    secondFactor.stepUpOptions(requireAdmin(request), relyingParty(request)),
  );

  route(app, api.passkeyRegisterOptions, async (request) =>
    secondFactor.registrationOptions(requireAdmin(request), relyingParty(request)),
  );

  route(app, api.registerPasskey, async (request) => {
    const admin = requireAdmin(request);
    const recoveryCodes = await secondFactor.registerPasskey(
      admin,
      request.body,
      relyingParty(request),
      auditActor(request),
    );
    return { recoveryCodes, user: toCurrentUser({ ...admin, secondFactorEnrolmentRequired: false }) };
  });

  route(app, api.removePasskey, async (request) => {
    await secondFactor.removePasskey(
      requireAdmin(request),
      request.params.id,
      request.body,
      auditActor(request),
    );
    return { ok: true as const };
  });

  route(app, api.reset, async (request) => {
    const admin = requireAdmin(request);
    await secondFactor.assertFresh(admin, request.ip);
    await secondFactor.reset(request.params.id, request.body.reason, admin, auditActor(request));
    return { ok: true as const };
  });
};
