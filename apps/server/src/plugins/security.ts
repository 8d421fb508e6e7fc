import { randomBytes, timingSafeEqual } from 'node:crypto';
import cookie from '@fastify/cookie';
import { API_BASE_PATH, POSTCODE_SERVICE, XSRF_COOKIE_NAME, XSRF_HEADER_NAME } from '@ilson/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { AppError } from '../lib/errors';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The page's policy while the forms offer the online address search (docs/web-app.md#forms): the postcode
 * service's script and its embedded frame are admitted, nothing else changes.
 */
export function withPostcodeService(policy: string): string {
  const directives = policy
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean)
    .filter((directive) => !directive.startsWith('frame-src '))
    .map((directive) =>
      directive.startsWith('script-src ')
        ? `${directive} ${POSTCODE_SERVICE.scriptOrigins.join(' ')}`
        : directive,
    );
  directives.push(`frame-src 'self' ${POSTCODE_SERVICE.frameOrigins.join(' ')}`);
  return directives.join(';');
}

/** Security headers (CSP the built app satisfies, no-sniff, frame-deny, HSTS behind TLS) and the XSRF double-submit check. */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  await app.register(cookie);
  // Built once: the policy's text and the other headers are worked out here, and each request only sets them
  // (@fastify/helmet built the whole middleware again for every request, parsing the policy each time).
  const securityHeaders = helmet({
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
  const apiPrefix = API_BASE_PATH.replace(/\/$/, '');
  app.addHook('onRequest', (request, reply, done) => {
    // docs/SECURITY.md#the-edge: no API reply is kept by a browser or a proxy — records, lists, files and errors
    // alike carry personal data or say who was asked about; set first, so a refusal carries it too.
    if (request.url === apiPrefix || request.url.startsWith(`${apiPrefix}/`))
      reply.header('cache-control', 'no-store');
    securityHeaders(request.raw, reply.raw, () => done());
  });

  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    const cookieToken = request.cookies[XSRF_COOKIE_NAME];
    if (!cookieToken) return;
    const header = request.headers[XSRF_HEADER_NAME.toLowerCase()];
    if (typeof header !== 'string' || !sameToken(header, cookieToken)) {
      throw new AppError('XSRF_MISMATCH');
    }
  });

  app.addHook('onSend', async (request, reply) => {
    // Only the page itself carries the policy the browser applies to the app; the API's JSON never needs it.
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
      const policy = reply.getHeader('content-security-policy');
      const enabled = await app.settings
        .get()
        .then((settings) => settings.addressSearchEnabled)
        .catch(() => false);
      if (enabled && typeof policy === 'string') {
        reply.header('content-security-policy', withPostcodeService(policy));
      }
    }
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
