import { ROLE_PERMISSIONS } from '@ilson/contracts';
import {
  type AxiosAdapter,
  AxiosError,
  AxiosHeaders,
  type AxiosResponse,
  CanceledError,
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

/** A body that is a `Blob` is sent as it is (a downloaded file); any other is sent as JSON. */
export type MockReply = { status: number; body?: unknown } | { networkError: true };
/** What a handler can do while it answers: report download progress, see the request being aborted. */
export type MockExchange = { signal?: AbortSignal; downloadProgress(loaded: number, total?: number): void };
type Handler = (
  request: RecordedRequest,
  count: number,
  exchange: MockExchange,
) => MockReply | Promise<MockReply>;

function abortedBy(signal: InternalAxiosRequestConfig['signal'], config: InternalAxiosRequestConfig) {
  return new Promise<never>((_resolve, reject) => {
    const cancel = () => reject(new CanceledError(undefined, undefined, config));
    if (signal?.aborted) cancel();
    signal?.addEventListener?.('abort', cancel);
  });
}

/** As a browser hands it over: a Blob when the caller asked for one, else the JSON text axios parses. */
function replyData(body: unknown, config: InternalAxiosRequestConfig): unknown {
  if (body instanceof Blob) return body;
  const text = body === undefined ? '' : JSON.stringify(body);
  return config.responseType === 'blob' ? new Blob([text], { type: 'application/json' }) : text;
}

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
    const exchange: MockExchange = {
      signal: config.signal as AbortSignal | undefined,
      downloadProgress: (loaded, total) =>
        config.onDownloadProgress?.({ loaded, total, bytes: loaded, lengthComputable: total !== undefined }),
    };
    const reply: MockReply = handler
      ? // Downloads can be cancelled midway (the export modal's 취소); other calls answer as before.
        config.responseType === 'blob'
        ? await Promise.race([handler(request, count, exchange), abortedBy(config.signal, config)])
        : await handler(request, count, exchange)
      : { status: 404, body: { error: { code: 'NOT_FOUND', message: '요청한 경로를 찾을 수 없습니다.' } } };
    if ('networkError' in reply) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    const response: AxiosResponse = {
      data: replyData(reply.body, config),
      status: reply.status,
      statusText: String(reply.status),
      headers: new AxiosHeaders({
        'content-type': reply.body instanceof Blob ? reply.body.type : 'application/json',
      }),
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
  // A super admin holds every permission (the role table in contracts).
  permissions: [...ROLE_PERMISSIONS.super_admin],
  must_change_password: false,
  last_login_at: '2024-05-01T01:30:00.000Z',
};
