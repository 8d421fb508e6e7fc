import type { FastifyServerOptions } from 'fastify';

/** Paths pino blanks in every log line: credentials, tokens and personal identifiers. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.refreshToken',
  '*.refresh_token',
  '*.alienRegNo',
  '*.alien_reg_no',
  '*.passportNo',
  '*.passport_no',
  '*.accountNo',
  '*.account_no',
];

/**
 * Fields of an error that name what failed, never a value. Everything else is left out: Drizzle's `params` and
 * PGlite's are the whole parameter list, a driver's `detail` is "Key (email)=(…)" or "Failing row contains (…)",
 * `where`/`internalQuery` can quote SQL with its data, and Node's parser errors carry the raw request bytes.
 */
const ERROR_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
] as const;

/**
 * Double-quoted text in a message: kept when it names a database object, blanked otherwise — PostgreSQL quotes the
 * offending value in messages such as `invalid input syntax for type integer: "…"` and `value "…" is out of range`.
 */
const QUOTED =
  /\b(constraint|relation|column|table|index|type|schema|function|sequence|trigger|view|database|role) ("(?:[^"]|"")*")|"(?:[^"]|"")*"/gi;

function scrubText(text: string): string {
  return text.replace(QUOTED, (match, keyword?: string) => (keyword ? match : '"…"'));
}

/** A statement with its string literals blanked (its values are parameters, but not always: `sql.raw`). */
function scrubSql(query: string): string {
  return query.replace(/'(?:[^']|'')*'/g, "'…'").slice(0, 1_000);
}

type LoggedError = { type: string; message: string; stack: string; [field: string]: unknown };

/** pino's `err`: type, message and stack frames, the safe fields, the cause — no SQL parameters, no values. */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '', stack: '' };
  const source = error as Error & Record<string, unknown>;
  const query = typeof source.query === 'string' ? source.query : undefined;
  // Drizzle's message is `Failed query: <sql>\nparams: <every value>`.
  const message =
    query !== undefined && error.message.startsWith('Failed query') ? 'Failed query' : error.message;
  const logged: LoggedError = {
    type: error.constructor?.name ?? error.name,
    message: scrubText(message),
    stack: (error.stack ?? '')
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n'),
  };
  if (query !== undefined) logged.query = scrubSql(query);
  for (const field of ERROR_FIELDS) {
    const value = source[field];
    if (typeof value === 'string' || typeof value === 'number') logged[field] = value;
  }
  if (error.cause !== undefined && depth < 3) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}

/** Query strings can carry search terms such as an 외국인등록번호: only the path is logged. */
function pathOnly(url: string | undefined): string | undefined {
  return url?.split('?')[0];
}

/** Request bodies are never logged: no serializer or hook here writes one (docs/SECURITY.md). */
export function loggerOptions(level: string, pretty: boolean): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACT, censor: '[REDACTED]' },
    serializers: {
      err: (error: unknown) => serializeError(error),
      req: (request: { method: string; url?: string; ip?: string; id?: string }) => ({
        id: request.id,
        method: request.method,
        url: pathOnly(request.url),
        ip: request.ip,
      }),
    },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}
