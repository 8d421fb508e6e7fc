import {
  camelToSnake,
  ERROR_STATUS,
  type ErrorCode,
  type ErrorDetail,
  errorMessages,
  privacyMessages,
} from '@ilson/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, ResponseSerializationError } from 'fastify-type-provider-zod';
import {
  consentViolationMessage,
  driverError,
  isDestroyedRecordViolation,
  isUniqueViolation,
} from '../lib/db-errors';
import { AppError } from '../lib/errors';
import { messages } from '../messages';

type Envelope = { error: { code: ErrorCode; message: string; details?: ErrorDetail[] } };

export function envelope(code: ErrorCode, message?: string, details?: ErrorDetail[]): Envelope {
  return { error: { code, message: message ?? errorMessages[code], ...(details ? { details } : {}) } };
}

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);

/** PostgreSQL unreachable or restarting: the client may retry, so the reply is a retryable 503. */
function isDatabaseUnavailable(error: unknown): boolean {
  const e = driverError(error) as { code?: string; message?: string } | undefined;
  if (!e) return false;
  if (e.code && (CONNECTION_ERROR_CODES.has(e.code) || e.code.startsWith('08'))) return true;
  const message = e.message ?? '';
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed/i.test(
    message,
  );
}

/** Seconds a client is asked to wait before retrying a statement that ran out of time. */
export const QUERY_TIMEOUT_RETRY_AFTER_SECONDS = 3;

/**
 * A statement cancelled for running past statement_timeout (SQLSTATE 57014 query_canceled; PGlite raises the same
 * code). Under load this is the server's state, not the request's fault: a retryable 503, never a 500
 * (docs/wire.md#a-statement-out-of-time). The driver's error may sit under one or two wrappers (Drizzle's, a
 * transaction's), so the cause chain is walked.
 */
export function isStatementTimeout(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    if ((current as { code?: unknown }).code === '57014') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** SQLSTATE class 22 (data exception): numeric out of range, invalid text representation, bad datetime, … */
function isDataException(error: unknown): boolean {
  const code = (driverError(error) as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

function fieldPath(path: readonly PropertyKey[]): string | undefined {
  const parts = path.map((part) => (typeof part === 'string' ? camelToSnake(part) : String(part)));
  return parts.length ? parts.join('.') : undefined;
}

function statusCodeOf(error: FastifyError): number {
  return typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600
    ? error.statusCode
    : 500;
}

/** The code of a refusal raised by Fastify itself (its status); any other 4xx is a malformed request. */
const FRAMEWORK_CODES: Record<number, ErrorCode> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_ERROR',
  429: 'RATE_LIMIT',
};

/** Sends the envelope with its code's status from the one table (docs/wire.md#errors-and-validation). */
function send(reply: FastifyReply, body: Envelope) {
  return reply.status(ERROR_STATUS[body.error.code]).type('application/json; charset=utf-8').send(body);
}

/** One error handler: every failure leaves as docs/wire.md#errors-and-validation's envelope, never a stack trace or SQL text. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return send(reply, envelope(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        field: fieldPath(issue.instancePath.split('/').filter(Boolean)),
        message: issue.message ?? errorMessages.VALIDATION_ERROR,
      }));
      return send(reply, envelope('INVALID_REQUEST', undefined, details));
    }
    if (error instanceof ResponseSerializationError) {
      request.log.error({ err: error }, 'response did not match its schema');
      return send(reply, envelope('SERVER_ERROR'));
    }
    if (isStatementTimeout(error)) {
      request.log.warn({ err: error }, 'statement ran out of time');
      return send(
        reply.header('Retry-After', String(QUERY_TIMEOUT_RETRY_AFTER_SECONDS)),
        envelope('QUERY_TIMEOUT'),
      );
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return send(
        reply.header('Retry-After', '5'),
        envelope('SERVICE_UNAVAILABLE', messages.databaseUnavailable),
      );
    }
    if (isUniqueViolation(error)) {
      return send(reply, envelope('CONFLICT'));
    }
    if (isDestroyedRecordViolation(error)) {
      return send(reply, envelope('RECORD_DESTROYED', privacyMessages.destroyedUnchangeable));
    }
    const consentRule = consentViolationMessage(error);
    if (consentRule) return send(reply, envelope('CONFLICT', consentRule));
    if (isDataException(error)) {
      // A value the schemas let through but PostgreSQL cannot take (out of range, malformed): the caller's input.
      request.log.warn({ err: error }, 'value refused by the database');
      return send(reply, envelope('INVALID_REQUEST', messages.invalidValue));
    }
    const status = statusCodeOf(error);
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return send(reply, envelope(status === 503 ? 'SERVICE_UNAVAILABLE' : 'SERVER_ERROR'));
    }
    const code = FRAMEWORK_CODES[status] ?? 'INVALID_REQUEST';
    const message =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? messages.invalidJson
        : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? messages.unsupportedMediaType
          : undefined;
    return send(reply, envelope(code, message));
  });
});
