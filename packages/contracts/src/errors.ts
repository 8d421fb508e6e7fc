import { z } from './zod-setup';

/** docs/wire.md#errors-and-validation error codes. Domain modules add their own codes here so both sides know them. */
export const ERROR_CODES = {
  /** 422: the values break a rule (a field's format, a date order, a domain rule); details name the fields. */
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  /**
   * 400: the request itself does not have the declared shape (a field of the wrong type or missing, unreadable JSON,
   * a NUL character, nesting too deep, a page too deep); details name the fields where they can.
   */
  INVALID_REQUEST: 'INVALID_REQUEST',
  /** 415: a body in a format the route does not take. */
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  RATE_LIMIT: 'RATE_LIMIT',
  SERVER_ERROR: 'SERVER_ERROR',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  /**
   * 503 with Retry-After: a statement ran out of its time (statement_timeout) while the server was loaded; the
   * same request may succeed shortly (docs/wire.md#a-statement-out-of-time).
   */
  QUERY_TIMEOUT: 'QUERY_TIMEOUT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  ACCOUNT_LOCKED: 'ACCOUNT_LOCKED',
  ACCOUNT_DISABLED: 'ACCOUNT_DISABLED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  XSRF_MISMATCH: 'XSRF_MISMATCH',
  /** 409: a request with the same Idempotency-Key is still being processed. */
  IDEMPOTENCY_CONFLICT: 'IDEMPOTENCY_CONFLICT',
  /** 422: the Idempotency-Key was already used for a request with a different body. */
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  INVALID_TRANSITION: 'INVALID_TRANSITION',
  VISA_NOT_ELIGIBLE: 'VISA_NOT_ELIGIBLE',
  /** A matching has warnings (not hard rules): an admin with matchings:override may proceed with a reason. */
  ELIGIBILITY_WARNING: 'ELIGIBILITY_WARNING',
  /** 409: the change would break a rule of matchings that are under way; details list them. */
  MATCHINGS_AFFECTED: 'MATCHINGS_AFFECTED',
  /** 409: the record has matchings under way (not completed, cancelled or terminated); details list them. */
  LIVE_MATCHINGS: 'LIVE_MATCHINGS',
  /** 409: the admin who made a payout (registered it or last changed its money) may not approve it. */
  SELF_APPROVAL: 'SELF_APPROVAL',
  /** 403: an admin signed in with a temporary password may call nothing but the password change first. */
  PASSWORD_CHANGE_REQUIRED: 'PASSWORD_CHANGE_REQUIRED',
  /**
   * 403: the policy asks this admin for a second factor they have not enrolled; the session reaches only the
   * enrolment (docs/second-factor.md#policy).
   */
  SECOND_FACTOR_ENROLMENT_REQUIRED: 'SECOND_FACTOR_ENROLMENT_REQUIRED',
  /** 403: the action needs a second factor proven within the last few minutes (docs/second-factor.md#step-up). */
  STEP_UP_REQUIRED: 'STEP_UP_REQUIRED',
  /** 403: the client's address is outside the networks allowed to this admin (docs/SECURITY.md#network-rules). */
  NETWORK_NOT_ALLOWED: 'NETWORK_NOT_ALLOWED',
  /** 409: the record's personal data was destroyed at the end of its retention; it cannot be changed or restored. */
  RECORD_DESTROYED: 'RECORD_DESTROYED',
  /** 422: a fee for an E-9 or E-8 worker, whose placement is the public service's, without a recorded legal basis. */
  FEE_PUBLIC_PLACEMENT: 'FEE_PUBLIC_PLACEMENT',
  /** 422: a fee above the 직업안정법 cap computed from the matching's pay (docs/law-as-data.md#fees). */
  FEE_ABOVE_CAP: 'FEE_ABOVE_CAP',
  /**
   * 409: an edit of a matching, its post or a worker would leave a fee payout (not cancelled) above the cap or without
   * the legal basis its visa needs (I-31, docs/law-as-data.md#fees); details list the payouts.
   */
  FEES_AFFECTED: 'FEES_AFFECTED',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/**
 * Each code's HTTP status: the one table the server answers by (docs/wire.md#errors-and-validation). A throw names only its code;
 * a code that needs another status is another code.
 */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 422,
  INVALID_REQUEST: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMIT: 429,
  SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  QUERY_TIMEOUT: 503,
  PAYLOAD_TOO_LARGE: 413,
  ACCOUNT_LOCKED: 401,
  ACCOUNT_DISABLED: 401,
  INVALID_CREDENTIALS: 401,
  TOKEN_EXPIRED: 401,
  XSRF_MISMATCH: 403,
  IDEMPOTENCY_CONFLICT: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  INVALID_TRANSITION: 409,
  VISA_NOT_ELIGIBLE: 422,
  ELIGIBILITY_WARNING: 422,
  MATCHINGS_AFFECTED: 409,
  LIVE_MATCHINGS: 409,
  SELF_APPROVAL: 409,
  PASSWORD_CHANGE_REQUIRED: 403,
  SECOND_FACTOR_ENROLMENT_REQUIRED: 403,
  STEP_UP_REQUIRED: 403,
  NETWORK_NOT_ALLOWED: 403,
  RECORD_DESTROYED: 409,
  FEE_PUBLIC_PLACEMENT: 422,
  FEE_ABOVE_CAP: 422,
  FEES_AFFECTED: 409,
} as const satisfies Record<ErrorCode, number>;

/** The codes answered with a given status, e.g. `CodeOfStatus<401>` for the sign-in refusals. */
export type CodeOfStatus<S extends number> = {
  [C in ErrorCode]: (typeof ERROR_STATUS)[C] extends S ? C : never;
}[ErrorCode];

/** Resources an error detail may point at: the screen links to `/{resource}/{id}`. */
export const LINKED_RESOURCES = [
  'matchings',
  'workers',
  'job-posts',
  'employers',
  'payouts',
  'branches',
] as const;
export type LinkedResource = (typeof LINKED_RESOURCES)[number];

/** A field's message, or a record a refused change would affect (with its id and a label to show). */
export const errorDetailSchema = z.object({
  field: z.string().optional(),
  message: z.string(),
  resource: z.enum(LINKED_RESOURCES).optional(),
  id: z.number().int().optional(),
  label: z.string().optional(),
});
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

/** docs/wire.md#errors-and-validation: details is a list of `{message}` items, or an object whose first value is a list of strings or a string. */
export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z
      .union([z.array(errorDetailSchema), z.record(z.string(), z.union([z.array(z.string()), z.string()]))])
      .optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
