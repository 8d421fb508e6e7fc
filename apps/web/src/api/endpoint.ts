import {
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointReply,
  endpointPath,
  type z,
} from '@ilson/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { AxiosRequestConfig } from 'axios';
import { api } from './client';
import { idempotencyHeaders } from './idempotency';
import { parseReply } from './records';

type Part<Name extends string, T> = T extends undefined ? { [K in Name]?: undefined } : { [K in Name]: T };

/**
 * A query as screens hold it: the declared names only, their values as the address gave them (the server's schema
 * checks them and answers a Korean 400).
 */
type LooseQuery<Q> = Q extends undefined ? undefined : { [K in keyof Q]?: unknown };

/** What a call of the endpoint takes besides its path: each part its schema declares, typed by that schema. */
export type CallInput<E extends Endpoint> = Part<'params', EndpointParams<E>> &
  Part<'query', LooseQuery<EndpointQuery<E>>> &
  Part<'body', EndpointBody<E>>;

export type CallOptions = Pick<AxiosRequestConfig, 'signal' | 'headers' | 'quietSessionExpiry'> & {
  /** A create's key (api/idempotency.ts): the retry of the same attempt sends the same one. */
  idempotencyKey?: string;
};

/**
 * Calls an endpoint declared in @ilson/contracts (docs/ARCHITECTURE.md#endpoints) and parses its reply with the
 * declared schema, so a reply that drifted from the contract fails here instead of deep inside a screen. The
 * client converts keys to and from the snake_case wire.
 */
export async function call<E extends Endpoint>(
  endpoint: E,
  input: CallInput<E>,
  options: CallOptions = {},
): Promise<EndpointReply<E>> {
  const { idempotencyKey, headers, ...rest } = options;
  const file = endpoint.response === 'file';
  const response = await api.request({
    ...rest,
    method: endpoint.method,
    url: endpointPath(endpoint, input.params as Record<string, unknown> | undefined).slice(1),
    params: input.query,
    data: input.body,
    headers: { ...headers, ...(idempotencyKey ? idempotencyHeaders(idempotencyKey) : {}) },
    ...(file ? { responseType: 'blob' as const } : {}),
  });
  if (endpoint.response === 'file') return response.data as EndpointReply<E>;
  return parseReply(endpoint.response, response.data) as EndpointReply<E>;
}

/** Bytes sent so far of an upload, and the file's size. */
export type UploadProgress = { loaded: number; total: number };

/** A large file on a slow line takes longer than the default 30 s. */
const UPLOAD_TIMEOUT_MS = 10 * 60 * 1000;

const FILE_TYPES: Record<string, string> = {
  csv: 'text/csv',
  txt: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Sends a file as an endpoint's body (an import's upload: the bytes as they are, never JSON), with upload progress
 * and cancel, and parses the reply with the declared schema.
 */
export async function upload<E extends Endpoint>(
  endpoint: E,
  input: Omit<CallInput<E>, 'body'>,
  file: Blob & { name: string },
  options: { signal?: AbortSignal; onProgress?: (progress: UploadProgress) => void } = {},
): Promise<EndpointReply<E>> {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const response = await api.request({
    method: endpoint.method,
    url: endpointPath(endpoint, input.params as Record<string, unknown> | undefined).slice(1),
    params: input.query,
    data: file,
    headers: { 'Content-Type': FILE_TYPES[extension] ?? 'application/octet-stream' },
    timeout: UPLOAD_TIMEOUT_MS,
    signal: options.signal,
    onUploadProgress: (event) =>
      options.onProgress?.({ loaded: event.loaded, total: event.total ?? file.size }),
  });
  return parseReply(endpoint.response as z.ZodType, response.data) as EndpointReply<E>;
}

/**
 * The query key of a read: the resource first (invalidating `[tag]` refreshes all of it), then the endpoint and its
 * input, so the same read anywhere in the app shares one cache entry.
 */
export function endpointKey<E extends Endpoint>(endpoint: E, input?: Partial<CallInput<E>>) {
  return [endpoint.tag, endpoint.key, input?.params ?? null, input?.query ?? null] as const;
}

/** The key every read of one endpoint starts with, whatever its input: to invalidate all of them at once. */
export function endpointScope(endpoint: Endpoint) {
  return [endpoint.tag, endpoint.key] as const;
}

/** The query options of a GET endpoint: its key and its call, cancelled with the query. */
export function endpointQuery<E extends Endpoint & { method: 'GET' }>(endpoint: E, input: CallInput<E>) {
  return queryOptions({
    queryKey: endpointKey(endpoint, input),
    queryFn: ({ signal }) => call(endpoint, input, { signal }),
  });
}
