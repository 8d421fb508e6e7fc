import type { z } from 'zod';
import type { Permission } from './roles';

/**
 * One API endpoint, declared once (docs/ARCHITECTURE.md#endpoints): the server registers it with these schemas
 * and checks `access` before the handler runs, the OpenAPI document is generated from it, the permission matrix
 * and the fuzz tests walk it, and the web client calls it with typed input and parses the reply with `response`.
 */

/**
 * What a route needs: a permission from the role table (roles.ts), any signed-in admin, or nobody.
 * `authenticated` routes act on the admin's own account; `public` ones are the login, the token refresh and the
 * settings the login page shows.
 */
export type RouteAccess = Permission | 'authenticated' | 'public';

export type RouteMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export type EndpointSpec = {
  method: RouteMethod;
  /** Under API_BASE_PATH, parameters as `:name` (the same in Fastify and in the web client). */
  path: `/${string}`;
  access: RouteAccess;
  /** The OpenAPI summary, in Korean, as the API's reader sees it. */
  summary: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The JSON reply; `file` for a download (its content types in `produces`). */
  response: z.ZodType | 'file';
  produces?: readonly string[];
  /** 201 for a create; 200 otherwise. */
  status?: 200 | 201;
  /** Honours an `Idempotency-Key` header: a retried create answers the first reply. */
  idempotent?: boolean;
  /** Open to an admin who must still change a temporary password. */
  duringPasswordChange?: boolean;
  /** Open to an admin whom the policy asks for a second factor they have not enrolled yet (docs/second-factor.md). */
  duringSecondFactorEnrolment?: boolean;
};

/** An endpoint with its resource tag (the OpenAPI tag and the first element of its web query keys). */
export type Endpoint<S extends EndpointSpec = EndpointSpec> = S & {
  tag: string;
  key: `${S['method']} ${S['path']}`;
};

/** The endpoints of one resource, each given the resource's tag and its `METHOD /path` key. */
export function defineEndpoints<const T extends Record<string, EndpointSpec>>(
  tag: string,
  specs: T,
): { [K in keyof T]: Endpoint<T[K]> } {
  const endpoints: Record<string, Endpoint> = {};
  for (const [name, spec] of Object.entries(specs)) {
    endpoints[name] = { ...spec, tag, key: `${spec.method} ${spec.path}` };
  }
  return endpoints as { [K in keyof T]: Endpoint<T[K]> };
}

/** The typed parts of an endpoint's call, as the code sees them (camelCase; the wire is converted at the edges). */
export type EndpointParams<E extends EndpointSpec> = E['params'] extends z.ZodType
  ? z.input<E['params']>
  : undefined;
export type EndpointQuery<E extends EndpointSpec> = E['query'] extends z.ZodType
  ? z.input<E['query']>
  : undefined;
export type EndpointBody<E extends EndpointSpec> = E['body'] extends z.ZodType
  ? z.input<E['body']>
  : undefined;
export type EndpointReply<E extends EndpointSpec> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : Blob;

/** The path with its parameters filled in (`/workers/:id` → `/workers/12`), each encoded. */
export function endpointPath(endpoint: Pick<EndpointSpec, 'path'>, params?: Record<string, unknown>): string {
  return endpoint.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
