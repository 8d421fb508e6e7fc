import { MUTATION_RETRY, type z } from '@ilson/contracts';
import { koKit } from '../locales/ko/kit';
import { ApiError, classifyError } from './errors';

/** A reply parsed with the contracts' schema, so a reply that drifted from the contract fails here, loudly. */
export function parseReply<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  console.error('Reply does not match the contract', result.error.issues);
  throw new ApiError({
    type: 'unknown',
    code: 'INVALID_REPLY',
    message: koKit.common.invalidReply,
    retryable: false,
    cause: result.error,
  });
}

/**
 * Mutations retry once what the classification calls retryable (docs/ARCHITECTURE.md#wire), but never a 409: a stale version,
 * a duplicate or a refused transition answers the same the second time.
 */
export function retryMutation(failureCount: number, error: unknown): boolean {
  const apiError = classifyError(error);
  return failureCount < MUTATION_RETRY && apiError.retryable && apiError.status !== 409;
}
