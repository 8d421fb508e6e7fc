import { contactsMaskedFor, type Endpoint, type EndpointSpec, type z } from '@ilson/contracts';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { maskContactsDeep } from '../lib/contacts';

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** A request as the handler of an endpoint sees it: params, query and body validated by its schemas. */
export type EndpointRequest<E extends EndpointSpec> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: Output<E['params']>;
  query: Output<E['query']>;
  body: Output<E['body']>;
};

/** What the handler answers: the reply's value (encoded by the response schema), or the reply it sent itself. */
type HandlerResult<E extends EndpointSpec> = E['response'] extends z.ZodType
  ? z.output<E['response']> | FastifyReply
  : FastifyReply;

export type EndpointHandler<E extends EndpointSpec> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<HandlerResult<E>>;

/**
 * Registers an endpoint declared in @ilson/contracts (docs/ARCHITECTURE.md#endpoints): its method, path and
 * schemas, its status code, idempotency and password-change opening. Access is not restated here: the auth plugin
 * reads it from the same declaration (ROUTE_ACCESS) when the route is added. `config` holds what only the server
 * knows, such as a rate limit.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  config: FastifyContextConfig = {},
): void {
  const status = endpoint.status ?? 200;
  // docs/SECURITY.md#contacts-a-viewer-sees: an admin's own account (내 정보, sign-in) is theirs to see whole.
  const ownAccount = /^\/(me|auth)(\/|$)/.test(endpoint.path);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: {
      ...config,
      endpoint: endpoint.key,
      ...(endpoint.idempotent ? { idempotent: true } : {}),
      ...(endpoint.duringPasswordChange ? { duringPasswordChange: true } : {}),
      ...(endpoint.duringSecondFactorEnrolment ? { duringSecondFactorEnrolment: true } : {}),
    },
    schema: {
      tags: [endpoint.tag],
      summary: endpoint.summary,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.produces ? { produces: [...endpoint.produces] } : {}),
      ...(endpoint.response === 'file' ? {} : { response: { [status]: endpoint.response } }),
    },
    handler: async (request, reply) => {
      const result = await handler(request as unknown as EndpointRequest<E>, reply);
      // A handler that sent the reply itself returns it, but a Fastify reply is a thenable: awaiting it waits for
      // the response to end and gives undefined. So what tells is that the reply went out, not what came back.
      if (reply.sent || reply.raw.headersSent) return reply;
      const masked =
        !ownAccount && request.admin && contactsMaskedFor(request.admin.role)
          ? maskContactsDeep(result)
          : result;
      return reply.code(status).send(masked);
    },
  });
}
