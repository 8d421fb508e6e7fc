import {
  type AxiosAdapter,
  AxiosError,
  AxiosHeaders,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';

/** One request as it left the client: the wire shape the server would see. */
export type RecordedRequest = {
  method: string;
  path: string;
  params: unknown;
  headers: Record<string, string>;
  body: unknown;
};

export type MockReply = { status: number; body?: unknown } | { networkError: true };
type Handler = (request: RecordedRequest, count: number) => MockReply | Promise<MockReply>;

/**
 * A fake API at the HTTP layer: an axios adapter that answers by method and path, as the server would,
 * with snake_case JSON. Unmatched requests get the server's 404 envelope.
 */
export function createMockServer() {
  const handlers = new Map<string, Handler>();
  const requests: RecordedRequest[] = [];

  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const path = (config.url ?? '').replace(/^\/+/, '');
    const headers = Object.fromEntries(
      Object.entries(AxiosHeaders.from(config.headers).toJSON()).map(([key, value]) => [key, String(value)]),
    );
    const body = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    const request: RecordedRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      path,
      params: config.params,
      headers,
      body,
    };
    requests.push(request);
    const key = `${request.method} ${path}`;
    const handler = handlers.get(key);
    const count = requests.filter((r) => `${r.method} ${r.path}` === key).length;
    const reply: MockReply = handler
      ? await handler(request, count)
      : { status: 404, body: { error: { code: 'NOT_FOUND', message: '요청한 경로를 찾을 수 없습니다.' } } };
    if ('networkError' in reply) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    const response: AxiosResponse = {
      data: reply.body === undefined ? '' : JSON.stringify(reply.body),
      status: reply.status,
      statusText: String(reply.status),
      headers: new AxiosHeaders({ 'content-type': 'application/json' }),
      config,
      request: {},
    };
    if (reply.status >= 400) {
      throw new AxiosError(
        `Request failed with status code ${reply.status}`,
        AxiosError.ERR_BAD_REQUEST,
        config,
        {},
        response,
      );
    }
    return response;
  };

  return {
    adapter,
    requests,
    on(method: string, path: string, handler: Handler | MockReply) {
      handlers.set(`${method} ${path}`, typeof handler === 'function' ? handler : () => handler);
      return this;
    },
    callsTo(method: string, path: string) {
      return requests.filter((request) => request.method === method && request.path === path);
    },
  };
}

export type MockServer = ReturnType<typeof createMockServer>;

/** A signed-in administrator as the server sends it (snake_case). */
export const wireUser = {
  id: 1,
  login_id: 'admin',
  name: '김관리',
  email: 'admin@ilson.local',
  role: 'super_admin',
  branch_id: null,
  permissions: ['dashboard:read'],
  must_change_password: false,
  last_login_at: '2024-05-01T01:30:00.000Z',
};
