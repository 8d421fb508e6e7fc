import { z } from './zod-setup';

/** docs/wire.md#errors-and-validation error codes. Domain modules add their own codes here so both sides know them. */
export const ERROR_CODES = {
  VALIDATION_ERROR: 'VALIDATION_ERROR',
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
  IDEMPOTENCY_CONFLICT: 'IDEMPOTENCY_CONFLICT',
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
