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
