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

/** Query strings can carry search terms such as an 외국인등록번호: only the path is logged. */
function pathOnly(url: string | undefined): string | undefined {
  return url?.split('?')[0];
}

export function loggerOptions(level: string, pretty: boolean): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACT, censor: '[REDACTED]' },
    serializers: {
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
