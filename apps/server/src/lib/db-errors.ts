import { consentMessages } from '@ilson/contracts';
import { DrizzleQueryError } from 'drizzle-orm';

/** The driver's own error: Drizzle wraps a failed query in DrizzleQueryError with the original as `cause`. */
export function driverError(error: unknown): unknown {
  return error instanceof DrizzleQueryError && error.cause ? error.cause : error;
}

/** A unique-index violation (23505), of the named index when one is given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = driverError(error) as { code?: string; constraint?: string } | undefined;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/**
 * A write refused because the record's personal data was destroyed: a table's `*_destroyed_check` or the trigger
 * that keeps destroyed records destroyed (docs/privacy-lifecycle.md#the-rule).
 */
export function isDestroyedRecordViolation(error: unknown): boolean {
  const e = driverError(error) as { code?: string; constraint?: string; message?: string } | undefined;
  return (
    e?.code === '23514' &&
    (e.constraint?.endsWith('_destroyed_check') === true ||
      e.message?.includes('personal data destroyed') === true)
  );
}

/**
 * A consent rule the database kept (migration 0019, docs/privacy-lifecycle.md#consent-records): the Korean message
 * for it, so that a path that missed the service's own check still answers 409 rather than 500.
 */
export function consentViolationMessage(error: unknown): string | undefined {
  const e = driverError(error) as { code?: string; constraint?: string; message?: string } | undefined;
  if (e?.code !== '23514') return undefined;
  if (e.constraint === 'app_user_consents_required_check') return consentMessages.required;
  if (e.message?.includes('only records its withdrawal') === true) return consentMessages.alreadyWithdrawn;
  return undefined;
}

/** Runs `fn`; a violation of the named unique index becomes `error` (a race past the service's own check). */
export async function onUniqueViolation<T>(
  constraint: string,
  error: () => Error,
  fn: () => Promise<T>,
): Promise<T> {
  try {
    return await fn();
  } catch (caught) {
    if (isUniqueViolation(caught, constraint)) throw error();
    throw caught;
  }
}
