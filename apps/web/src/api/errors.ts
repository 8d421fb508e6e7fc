import { type ErrorCode, errorMessages, type LinkedResource, snakeToCamel } from '@ilson/contracts';
import type { AxiosError } from 'axios';
import { ko } from '../locales/ko/common';

/** docs/wire.md#errors-and-validation error kinds. */
export type ApiErrorType =
  | 'validation'
  | 'authentication'
  | 'authorization'
  | 'not_found'
  | 'timeout'
  | 'server'
  | 'network'
  | 'unknown';

/**
 * A field's message, or a record a refused change concerns (`resource` + `id`, with the `label` to show);
 * the screen links to `/{resource}/{id}`.
 */
export type ApiErrorDetail = {
  field?: string;
  message: string;
  resource?: LinkedResource;
  id?: number;
  label?: string;
};
/** A detail that points at a record. */
export type LinkedDetail = ApiErrorDetail & { resource: LinkedResource; id: number };

type ApiErrorInit = {
  type: ApiErrorType;
  code: string;
  message: string;
  retryable: boolean;
  status?: number;
  details?: ApiErrorDetail[];
  /** The code the server sent, when it differs from the classified one (e.g. INVALID_CREDENTIALS on a 401). */
  serverCode?: string;
  cause?: unknown;
};

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly type: ApiErrorType;
  readonly code: string;
  readonly status: number | undefined;
  readonly details: ApiErrorDetail[];
  readonly retryable: boolean;
  readonly serverCode: string | undefined;
  /** Already announced to the user (the expired-session path); toasts skip it. */
  handled = false;

  constructor(init: ApiErrorInit) {
    super(init.message, { cause: init.cause });
    this.type = init.type;
    this.code = init.code;
    this.status = init.status;
    this.details = init.details ?? [];
    this.retryable = init.retryable;
    this.serverCode = init.serverCode;
  }
}

/**
 * The server's codes this module names. Typed literals rather than contracts' ERROR_CODES object: that module
 * also builds zod schemas, which would put zod into the login bundle.
 */
const CODE = {
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  RATE_LIMIT: 'RATE_LIMIT',
  SERVER_ERROR: 'SERVER_ERROR',
} as const satisfies { [K in ErrorCode]?: K };

/** The contracts' LINKED_RESOURCES as a literal (that module builds zod schemas); the type keeps them equal. */
const LINKED_RESOURCES: Record<LinkedResource, true> = {
  matchings: true,
  workers: true,
  'job-posts': true,
  employers: true,
  payouts: true,
  branches: true,
};

export function isLinkedDetail(detail: ApiErrorDetail): detail is LinkedDetail {
  return detail.resource !== undefined && detail.id !== undefined;
}

/**
 * What a linked detail says besides naming its record: the message without the label it starts with
 * (`#12 홍길동 · 용접 (계약 완료): …`); empty when the message is only the label.
 */
export function detailText(detail: ApiErrorDetail): string {
  const { message, label } = detail;
  if (!label) return message;
  if (message === label) return '';
  return message.startsWith(`${label}:`) ? message.slice(label.length + 1).trim() : message;
}

/** Whether the error names records (a refusal the screen shows with links, not as a toast). */
export function hasLinkedRecords(error: ApiError): boolean {
  return error.details.some(isLinkedDetail);
}

/**
 * The caught error when it names records, marked handled (the screen shows it with its links; no toast
 * repeats it). Null for any other error.
 */
export function claimRefusal(caught: unknown): ApiError | null {
  const error = classifyError(caught);
  if (!hasLinkedRecords(error)) return null;
  error.handled = true;
  return error;
}

export const CLIENT_ERROR_CODES = {
  TIMEOUT: 'TIMEOUT',
  NETWORK_ERROR: 'NETWORK_ERROR',
  UNKNOWN_ERROR: 'UNKNOWN_ERROR',
} as const;

type ErrorBody = { code?: string; message?: string; details?: unknown };

/** axios' own test, without importing axios here (this module ships with the login bundle; axios need not). */
function isAxiosError(error: unknown): error is AxiosError {
  return isRecord(error) && error.isAxiosError === true;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The `error` object of a reply body, tolerating anything else the server or a proxy sends. */
export function readErrorBody(body: unknown): ErrorBody {
  const error = isRecord(body) ? body.error : undefined;
  if (!isRecord(error)) return {};
  return { code: nonEmptyString(error.code), message: nonEmptyString(error.message), details: error.details };
}

/** The record a detail points at, when it names a known resource and a positive integer id. */
function linkOf(item: Record<string, unknown>): Pick<ApiErrorDetail, 'resource' | 'id' | 'label'> {
  const { resource, id } = item;
  if (typeof resource !== 'string' || !Object.hasOwn(LINKED_RESOURCES, resource)) return {};
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return {};
  const label = nonEmptyString(item.label);
  return { resource: resource as LinkedResource, id, ...(label ? { label } : {}) };
}

/**
 * Details as a list of `{field, message}`, plus `resource`, `id` and `label` of a detail that points at a
 * record; field names (snake_case on the wire) become camelCase.
 */
export function normalizeDetails(details: unknown): ApiErrorDetail[] {
  if (Array.isArray(details)) {
    return details.flatMap((item): ApiErrorDetail[] => {
      if (typeof item === 'string') return item ? [{ message: item }] : [];
      if (!isRecord(item)) return [];
      const message = nonEmptyString(item.message);
      if (!message) return [];
      const field = nonEmptyString(item.field);
      return [{ ...(field ? { field: snakeToCamel(field) } : {}), message, ...linkOf(item) }];
    });
  }
  if (isRecord(details)) {
    return Object.entries(details).flatMap(([field, value]): ApiErrorDetail[] => {
      const messages = Array.isArray(value) ? value : [value];
      return messages
        .map(nonEmptyString)
        .filter((message): message is string => message !== undefined)
        .map((message) => ({ field: snakeToCamel(field), message }));
    });
  }
  return [];
}

/**
 * docs/wire.md#errors-and-validation: the first message in the details, else the error message, else the generic validation message.
 * Details that point at a record are skipped: their message is often just the record's label.
 */
export function validationMessage(body: unknown): string {
  const { message, details } = readErrorBody(body);
  const first = normalizeDetails(details).find((detail) => !isLinkedDetail(detail));
  return first?.message ?? message ?? errorMessages.VALIDATION_ERROR;
}

/** docs/wire.md#errors-and-validation classification of a reply by its status. */
export function classifyResponse(status: number, body: unknown): ApiError {
  const error = readErrorBody(body);
  const base = { status, serverCode: error.code };
  switch (status) {
    case 400:
    case 422:
      return new ApiError({
        ...base,
        type: 'validation',
        code: error.code ?? CODE.VALIDATION_ERROR,
        message: validationMessage(body),
        details: normalizeDetails(error.details),
        retryable: false,
      });
    case 401:
      return new ApiError({
        ...base,
        type: 'authentication',
        code: CODE.UNAUTHORIZED,
        // A specific reason (wrong password, locked account) is worth showing; a bare 401 is not.
        message:
          error.code && error.code !== CODE.UNAUTHORIZED && error.message
            ? error.message
            : errorMessages.UNAUTHORIZED,
        retryable: false,
      });
    case 403:
      return new ApiError({
        ...base,
        type: 'authorization',
        code: CODE.FORBIDDEN,
        message: errorMessages.FORBIDDEN,
        retryable: false,
      });
    case 404:
      return new ApiError({
        ...base,
        type: 'not_found',
        code: CODE.NOT_FOUND,
        message: error.message ?? errorMessages.NOT_FOUND,
        retryable: false,
      });
    case 408:
    case 504:
      return new ApiError({
        ...base,
        type: 'timeout',
        code: CLIENT_ERROR_CODES.TIMEOUT,
        message: ko.errors.timeout,
        retryable: true,
      });
    case 429:
      return new ApiError({
        ...base,
        type: 'server',
        code: CODE.RATE_LIMIT,
        message: errorMessages.RATE_LIMIT,
        retryable: true,
      });
    default: {
      const code = error.code ?? CODE.SERVER_ERROR;
      const known = (errorMessages as Record<string, string | undefined>)[code];
      return new ApiError({
        ...base,
        type: 'server',
        code,
        message: error.message ?? known ?? errorMessages.SERVER_ERROR,
        details: normalizeDetails(error.details),
        retryable: true,
      });
    }
  }
}

/** Any thrown value → one ApiError, so every screen shows errors the same way. */
export function classifyError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isAxiosError(error)) {
    if (error.response) return classifyResponse(error.response.status, error.response.data);
    if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') {
      return new ApiError({
        type: 'timeout',
        code: CLIENT_ERROR_CODES.TIMEOUT,
        message: ko.errors.timeout,
        retryable: true,
        cause: error,
      });
    }
    if (error.code !== 'ERR_CANCELED') {
      return new ApiError({
        type: 'network',
        code: CLIENT_ERROR_CODES.NETWORK_ERROR,
        message: ko.errors.network,
        retryable: true,
        cause: error,
      });
    }
  }
  return new ApiError({
    type: 'unknown',
    code: CLIENT_ERROR_CODES.UNKNOWN_ERROR,
    message: ko.errors.unknown,
    retryable: false,
    cause: error,
  });
}

/** The message of a 422 refusal, to show at its field; undefined for any other failure. */
export function fieldMessageOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 422) return undefined;
  return error.details.find((detail) => detail.message)?.message ?? error.message;
}
