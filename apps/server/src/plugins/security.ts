import { randomBytes, timingSafeEqual } from 'node:crypto';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import { XSRF_COOKIE_NAME, XSRF_HEADER_NAME } from '@ilson/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Security headers (CSP the built app satisfies, no-sniff, frame-deny, HSTS behind TLS) and the XSRF double-submit check. */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its CSS-in-JS into <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    frameguard: { action: 'deny' },
    // HSTS only means something over TLS; it is added below when the request came in over https.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });

  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    const cookieToken = request.cookies[XSRF_COOKIE_NAME];
    if (!cookieToken) return;
    const header = request.headers[XSRF_HEADER_NAME.toLowerCase()];
    if (typeof header !== 'string' || !sameToken(header, cookieToken)) {
      throw new AppError('XSRF_MISMATCH', 403);
    }
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    // cookies is unset when an earlier onRequest hook already answered (a draining server).
    if (!request.cookies?.[XSRF_COOKIE_NAME]) {
      reply.setCookie(XSRF_COOKIE_NAME, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        secure: request.protocol === 'https',
        httpOnly: false,
      });
    }
  });
});
