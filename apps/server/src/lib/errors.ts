import {
  type CodeOfStatus,
  ERROR_STATUS,
  type ErrorCode,
  type ErrorDetail,
  errorMessages,
} from '@ilson/contracts';

/**
 * The one error type of the server: the error handler turns it into the wire's envelope (docs/wire.md#errors-and-validation). Its
 * status comes from the code's row of `ERROR_STATUS`; a throw never states one.
 */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message ?? errorMessages[code]);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }
}

export const unauthorized = (message?: string, code: CodeOfStatus<401> = 'UNAUTHORIZED') =>
  new AppError(code, message);
export const forbidden = (message?: string) => new AppError('FORBIDDEN', message);
export const notFound = (message?: string) => new AppError('NOT_FOUND', message);
export const conflict = (message?: string, details?: ErrorDetail[]) =>
  new AppError('CONFLICT', message, details);
export const validationError = (details: ErrorDetail[], message?: string) =>
  new AppError('VALIDATION_ERROR', message, details);
/** The request does not have its declared shape (400). */
export const invalidRequest = (message?: string, details?: ErrorDetail[]) =>
  new AppError('INVALID_REQUEST', message, details);
