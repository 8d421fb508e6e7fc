import { type ErrorCode, type ErrorDetail, errorMessages } from '@ilson/contracts';

/** The one error type of the server: the error handler turns it into docs/wire.md#errors-and-validation's envelope. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message?: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message ?? errorMessages[code]);
    this.name = 'AppError';
  }
}

export const unauthorized = (message?: string, code: ErrorCode = 'UNAUTHORIZED') =>
  new AppError(code, 401, message);
export const forbidden = (message?: string) => new AppError('FORBIDDEN', 403, message);
export const notFound = (message?: string) => new AppError('NOT_FOUND', 404, message);
export const conflict = (message?: string, details?: ErrorDetail[]) =>
  new AppError('CONFLICT', 409, message, details);
export const validationError = (details: ErrorDetail[], message?: string) =>
  new AppError('VALIDATION_ERROR', 422, message, details);
